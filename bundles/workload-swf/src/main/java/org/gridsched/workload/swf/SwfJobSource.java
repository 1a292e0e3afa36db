package org.gridsched.workload.swf;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.gridsched.api.Decimals;
import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;

/**
 * Streams the jobs of one SWF file. Lines are cut and tokenized directly in a byte buffer (SWF is ASCII),
 * numbers are parsed by hand, and only fractional or exponent tokens go through
 * {@link Double#parseDouble(String)}; nothing is allocated per job line.
 */
final class SwfJobSource implements JobSource {

    static final int FIELDS = 18;

    /** Names of the 18 SWF fields, for error messages ("field 4 (run time)"). */
    static final String[] FIELD_NAMES = {
        "job number", "submit time", "wait time", "run time", "allocated processors", "average CPU time used",
        "used memory", "requested processors", "requested time", "requested memory", "status", "user id",
        "group id", "executable number", "queue number", "partition number", "preceding job number",
        "think time" };

    // 0-based indexes of the fields used
    private static final int F_ID = 0;
    private static final int F_SUBMIT = 1;
    private static final int F_RUNTIME = 3;
    private static final int F_ALLOC_PROCS = 4;
    private static final int F_REQ_PROCS = 7;
    private static final int F_REQ_TIME = 8;
    private static final int F_WAIT = 2;
    private static final int F_USER = 11;
    private static final int F_PRECEDING = 16;
    private static final int F_THINK = 17;

    static final String SKIP_MALFORMED = "malformed_line";
    static final String SKIP_RUNTIME = "runtime_not_positive";
    /**
     * A runtime beyond {@link SimTime#MAX_JOB_TIME}: no simulation can run the job. Skipped here, naming field 4 and the
     * line's own value (the engine would skip it as {@code invalid_job}, naming the field {@code job}), and so never the
     * time later lines are clamped to.
     */
    static final String SKIP_RUNTIME_TOO_LARGE = "runtime_too_large";
    /** SWF's -1: the trace does not know when the job was submitted. */
    static final String SKIP_SUBMIT = "submit_time_missing";
    /** Any other negative submit time: not SWF's marker, a wrong value. */
    static final String SKIP_SUBMIT_NEGATIVE = "submit_time_negative";
    /**
     * A submit time beyond {@link SimTime#MAX_JOB_TIME}: no simulation reaches it. Skipped here, before the clamp, so that
     * it never becomes the time later lines are clamped to.
     */
    static final String SKIP_SUBMIT_TOO_LARGE = "submit_time_too_large";
    static final String SKIP_PROCS = "processors_not_positive";
    static final String SKIP_ID_NEGATIVE = "job_id_negative";
    static final String SKIP_ID_DUPLICATE = "job_id_duplicate";
    static final String REPAIR_REQ_MISSING = "requested_time_from_runtime";
    static final String REPAIR_REQ_NOT_POSITIVE = "requested_time_not_positive_from_runtime";
    static final String REPAIR_REQ_SYNTHESIZED = "requested_time_synthesized";
    /**
     * A requested time (field 9) beyond {@link SimTime#MAX_JOB_TIME}, with a runtime within it: taken as that limit, the
     * largest request a job can have (the scheduler still sees an estimate far above the runtime, and the job is never
     * stopped before it ends); an error with strict.
     */
    static final String REPAIR_REQ_TOO_LARGE = "requested_time_too_large_clamped";
    static final String REPAIR_PROCS_FROM_REQUESTED = "processors_from_requested";
    static final String REPAIR_PROCS_FROM_ALLOCATED = "processors_from_allocated";
    static final String REPAIR_SUBMIT_ORDER = "submit_time_out_of_order";
    /** With {@code sort=true}: a job earlier than one above it, put in its place by submit time. */
    static final String REPAIR_SUBMIT_SORTED = "submit_time_out_of_order_sorted";
    /**
     * A user, group, executable, queue or partition number (fields 12-16) or preceding job (17) that is not -1
     * nor a whole number in 0..2^31-1 (or 0..9e15 for a job number): taken as unknown (-1); the job runs.
     */
    static final String REPAIR_ID_UNKNOWN = "submitter_field_not_whole_unknown";
    /** A wait time (field 3) below 0 other than SWF's -1: taken as unknown; the job runs. */
    static final String REPAIR_WAIT_UNKNOWN = "wait_time_invalid_unknown";
    /** A think time (field 18) below 0 other than SWF's -1: taken as unknown; the job runs. */
    static final String REPAIR_THINK_UNKNOWN = "think_time_invalid_unknown";

    private static final int INITIAL_BUFFER = 1 << 16;
    /** Longer lines are malformed (a binary file, or a file with no newlines). */
    static final int MAX_LINE = 1 << 20;
    /** Largest magnitude a job number may have (exact in a double). */
    private static final double MAX_ID = 9.0e15;
    /** Said of a submit time, runtime or requested time beyond {@link SimTime#MAX_JOB_TIME}. */
    private static final String BEYOND_LIMIT = " is beyond the " + Decimals.format(SimTime.MAX_JOB_TIME)
            + " s (about 317 years) a simulation can reach";

    private final String source;
    /**
     * The file's name, as skipped lines are recorded: {@code summary.json} keeps them, and a full path would
     * make the same run on another checkout give another summary (as {@code run.workload.file}, the name only).
     */
    private final String fileName;
    private final boolean strict;
    private final boolean requestedProcs;
    private final RequestedTimes estimates;

    private final long fileSize;
    private final CountingInputStream counter;
    private final InputStream in;

    private final WorkloadReport report = new WorkloadReport();
    private final Map<String, String> header = new LinkedHashMap<>();
    private final Map<String, String> headerView = Collections.unmodifiableMap(header);

    // line cutting
    private byte[] buf = new byte[INITIAL_BUFFER];
    private int pos;
    private int lim;
    private int scanFrom;
    private boolean eof;
    /** The current line is [lineStart, lineEnd), without the '\n'. */
    private int lineStart;
    private int lineEnd;
    /** The current line was longer than {@link #MAX_LINE} and has been discarded. */
    private boolean overlong;
    private long lineNo;
    /** The current line is a job line found while reading the header in the constructor. */
    private boolean pending;
    /**
     * Still in the header block: the comment and blank lines before the first other line. Only they set header
     * fields; a {@code ; Key: value} comment after it is a comment like any other (SWF allows comments anywhere,
     * and expects the header comments at the start).
     */
    private boolean inHeader = true;

    private volatile boolean done;
    private boolean closed;

    // tokenizer output
    private final double[] values = new double[FIELDS];
    private final int[] tokenStart = new int[FIELDS];
    private final int[] tokenEnd = new int[FIELDS];
    private int fieldCount;
    /** 0-based field of the first bad token, or -1. */
    private int badField;
    private boolean badIsRange;

    private double previousSubmit = Double.NEGATIVE_INFINITY;
    /** Job ids seen so far: a duplicate would make two jobs of one in every result file. */
    private final JobIds ids = new JobIds();

    /** {@code sort=true}: out-of-order submits are kept (and counted) for {@link SortedJobSource} to order. */
    private final boolean sortOnRead;

    SwfJobSource(Path file, boolean strict, boolean requestedProcs, RequestedTimes estimates) throws IOException {
        this(file, strict, requestedProcs, estimates, false);
    }

    SwfJobSource(Path file, boolean strict, boolean requestedProcs, RequestedTimes estimates, boolean sortOnRead) throws IOException {
        this.sortOnRead = sortOnRead;
        this.source = file.toString();
        this.fileName = file.getFileName().toString();
        this.strict = strict;
        this.requestedProcs = requestedProcs;
        this.estimates = estimates;
        this.fileSize = Files.size(file);
        this.counter = new CountingInputStream(Files.newInputStream(file));
        InputStream stream = counter;
        try {
            BufferedInputStream buffered = new BufferedInputStream(counter, INITIAL_BUFFER);
            stream = buffered;
            buffered.mark(2);
            int b1 = buffered.read();
            int b2 = buffered.read();
            buffered.reset();
            if (b1 == 0x1f && b2 == 0x8b) {
                stream = new GZIPInputStream(buffered, INITIAL_BUFFER);
            }
            this.in = stream;
            // Read the leading comment lines so that header() is complete right after open.
            while (readLine()) {
                lineNo++;
                if (!skipIfNotJob()) {
                    pending = true;
                    break;
                }
            }
            inHeader = false;
            if (!pending) {
                finish();
            }
        } catch (IOException e) {
            closeQuietly(stream);
            throw new IOException("cannot read workload file " + file + ": " + describe(e), e);
        } catch (InputException e) { // a bad header field
            closeQuietly(stream);
            throw e;
        }
    }

    @Override
    public boolean next(JobRecord into) {
        if (done || closed) {
            return false;
        }
        try {
            while (true) {
                if (pending) {
                    pending = false;
                } else {
                    if (!readLine()) {
                        finish();
                        return false;
                    }
                    lineNo++;
                    if (skipIfNotJob()) {
                        continue;
                    }
                }
                if (parseJob(into)) {
                    return true;
                }
            }
        } catch (IOException e) {
            throw new InputException(source, 0, null, "read error after line " + lineNo + ": " + describe(e));
        }
    }

    @Override
    public String describe() {
        return source;
    }

    @Override
    public WorkloadReport report() {
        return report;
    }

    @Override
    public Map<String, String> header() {
        return headerView;
    }

    @Override
    public double progress() {
        if (done) {
            return 1.0;
        }
        if (fileSize <= 0) {
            return 0.0;
        }
        return Math.min(0.999, counter.count() / (double) fileSize);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            closeQuietly(in);
        }
    }

    // ---------------------------------------------------------------- lines

    /** Sets the current line to the next one; false at the end of the file. */
    private boolean readLine() throws IOException {
        overlong = false;
        while (true) {
            byte[] b = buf;
            for (int i = scanFrom; i < lim; i++) {
                if (b[i] == '\n') {
                    lineStart = pos;
                    lineEnd = i;
                    pos = i + 1;
                    scanFrom = pos;
                    return true;
                }
            }
            scanFrom = lim;
            if (eof) {
                if (pos < lim) { // last line without a newline
                    lineStart = pos;
                    lineEnd = lim;
                    pos = lim;
                    scanFrom = lim;
                    return true;
                }
                return false;
            }
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, lim - pos);
                lim -= pos;
                scanFrom -= pos;
                pos = 0;
            } else if (lim == buf.length) {
                if (buf.length >= MAX_LINE) {
                    discardRestOfLine();
                    return true;
                }
                buf = java.util.Arrays.copyOf(buf, buf.length * 2);
            }
            int n = in.read(buf, lim, buf.length - lim);
            if (n < 0) {
                eof = true;
            } else {
                lim += n;
            }
        }
    }

    /** The buffer is full with no newline: drop bytes up to and including the next newline. */
    private void discardRestOfLine() throws IOException {
        overlong = true;
        lineStart = 0;
        lineEnd = 0;
        pos = 0;
        lim = 0;
        scanFrom = 0;
        while (true) {
            int n = in.read(buf, 0, buf.length);
            if (n < 0) {
                eof = true;
                return;
            }
            for (int i = 0; i < n; i++) {
                if (buf[i] == '\n') {
                    pos = i + 1;
                    lim = n;
                    scanFrom = pos;
                    return;
                }
            }
        }
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B;
    }

    /** Handles blank and comment lines; false for a job line (which the caller parses). */
    private boolean skipIfNotJob() {
        if (overlong) {
            return false;
        }
        int p = lineStart;
        int end = lineEnd;
        if (lineNo == 1 && end - p >= 3 && buf[p] == (byte) 0xEF && buf[p + 1] == (byte) 0xBB
                && buf[p + 2] == (byte) 0xBF) {
            p += 3; // UTF-8 byte order mark
            lineStart = p;
        }
        while (p < end && isSpace(buf[p])) {
            p++;
        }
        if (p == end) {
            return true;
        }
        if (buf[p] != ';') {
            return false;
        }
        if (inHeader) {
            parseHeaderLine(p + 1, end);
        }
        return true;
    }

    /**
     * Records {@code ; Key: value} (key a word, the colon followed by white space or the end of the line);
     * anything else (prose, continuation lines, URLs) is ignored. A key given again (SWF repeats {@code Queue},
     * {@code Partition}, {@code Note}) adds its value to the earlier ones, joined by {@code '\n'} in file order; a
     * numeric field ({@link SwfHeaderNumbers}) has one value, its first (later ones are not read).
     */
    private void parseHeaderLine(int p, int end) {
        byte[] b = buf;
        while (p < end && isSpace(b[p])) {
            p++;
        }
        int keyStart = p;
        if (p >= end || !isLetter(b[p])) {
            return;
        }
        while (p < end && (isLetter(b[p]) || (b[p] >= '0' && b[p] <= '9') || b[p] == '_' || b[p] == '-'
                || b[p] == '.')) {
            p++;
        }
        int keyEnd = p;
        if (p >= end || b[p] != ':') {
            return;
        }
        p++;
        if (p < end && !isSpace(b[p])) {
            return; // "http://..." and the like
        }
        String key = new String(b, keyStart, keyEnd - keyStart, StandardCharsets.ISO_8859_1);
        String value = new String(b, p, end - p, StandardCharsets.UTF_8).trim();
        String earlier = header.putIfAbsent(key, value);
        if (earlier == null) {
            SwfHeaderNumbers.check(source, lineNo, key, value);
        } else if (!SwfHeaderNumbers.isNumeric(key)) {
            header.put(key, earlier + "\n" + value);
        }
    }

    private static boolean isLetter(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    // ---------------------------------------------------------------- jobs

    /** Parses the current (job) line into {@code into}; false if the line was skipped. */
    private boolean parseJob(JobRecord into) {
        report.countRead();
        if (overlong) {
            return malformed(null, "line longer than " + (MAX_LINE >> 20) + " MiB; is this an SWF file?");
        }
        tokenize();
        if (fieldCount != FIELDS) {
            return malformed(null, "found " + fieldCount + " field" + (fieldCount == 1 ? "" : "s") + ", expected "
                    + FIELDS);
        }
        if (badField >= 0) {
            return malformed(badField, (badIsRange ? "number out of range: '" : "not a number: '")
                    + token(badField) + "'");
        }
        double[] v = values;
        if (!isWhole(v[F_ID], MAX_ID)) {
            return malformed(F_ID, "expected a whole number, got '" + token(F_ID) + "'");
        }
        if (!isWhole(v[F_ALLOC_PROCS], Integer.MAX_VALUE)) {
            return malformed(F_ALLOC_PROCS, "expected a whole number of processors, got '" + token(F_ALLOC_PROCS)
                    + "'");
        }
        if (!isWhole(v[F_REQ_PROCS], Integer.MAX_VALUE)) {
            return malformed(F_REQ_PROCS, "expected a whole number of processors, got '" + token(F_REQ_PROCS) + "'");
        }
        // a well-formed line: its id must be new (a malformed line's id is not taken)
        long id = (long) v[F_ID];
        if (id < 0) {
            return reject(SKIP_ID_NEGATIVE, F_ID, "job id " + id + " is negative");
        }
        if (!ids.add(id)) {
            return reject(SKIP_ID_DUPLICATE, F_ID, "job id " + id + " was given to an earlier line");
        }

        double runtime = v[F_RUNTIME];
        if (!(runtime > 0)) {
            return reject(SKIP_RUNTIME, F_RUNTIME, "job " + token(F_ID) + ": runtime " + token(F_RUNTIME));
        }
        if (runtime > SimTime.MAX_JOB_TIME) {
            return reject(SKIP_RUNTIME_TOO_LARGE, F_RUNTIME, "job " + token(F_ID) + ": runtime " + token(F_RUNTIME) + BEYOND_LIMIT);
        }
        double submit = v[F_SUBMIT];
        if (submit == -1) {
            return reject(SKIP_SUBMIT, F_SUBMIT, "job " + token(F_ID) + ": submit time " + token(F_SUBMIT));
        }
        if (submit < 0) {
            return reject(SKIP_SUBMIT_NEGATIVE, F_SUBMIT, "job " + token(F_ID) + ": submit time " + token(F_SUBMIT));
        }
        if (submit > SimTime.MAX_JOB_TIME) {
            return reject(SKIP_SUBMIT_TOO_LARGE, F_SUBMIT, "job " + token(F_ID) + ": submit time " + token(F_SUBMIT) + BEYOND_LIMIT);
        }
        int procsField = requestedProcs ? F_REQ_PROCS : F_ALLOC_PROCS;
        double procs = v[procsField];
        String procsRepair = null;
        if (procs == -1) {
            procsField = requestedProcs ? F_ALLOC_PROCS : F_REQ_PROCS;
            procs = v[procsField];
            procsRepair = requestedProcs ? REPAIR_PROCS_FROM_ALLOCATED : REPAIR_PROCS_FROM_REQUESTED;
        }
        if (!(procs > 0)) {
            return reject(SKIP_PROCS, procsField, "job " + token(F_ID) + ": processors " + token(F_ALLOC_PROCS) + " allocated, "
                    + token(F_REQ_PROCS) + " requested");
        }
        if (submit < previousSubmit && sortOnRead) {
            report.repair(REPAIR_SUBMIT_SORTED); // kept as it is; SortedJobSource orders the jobs
        } else if (submit < previousSubmit) {
            if (strict) {
                throw new InputException(source, lineNo, fieldName(F_SUBMIT), "submit time " + token(F_SUBMIT)
                        + " is earlier than the previous job's " + number(previousSubmit)
                        + "; jobs must be sorted by submit time (strict=false clamps it and counts a repair)");
            }
            submit = previousSubmit;
            report.repair(REPAIR_SUBMIT_ORDER);
        }
        double requested;
        if (estimates.perfect()) {
            requested = runtime;
        } else {
            requested = v[F_REQ_TIME];
            if (!(requested > 0) && estimates.synthesizes()) {
                requested = estimates.synthesize((long) v[F_ID], runtime);
                report.repair(REPAIR_REQ_SYNTHESIZED);
            } else if (requested == -1) {
                requested = runtime;
                report.repair(REPAIR_REQ_MISSING);
            } else if (!(requested > 0)) {
                requested = runtime;
                report.repair(REPAIR_REQ_NOT_POSITIVE);
            } else if (requested > SimTime.MAX_JOB_TIME) {
                if (strict) {
                    throw new InputException(source, lineNo, fieldName(F_REQ_TIME), "job " + token(F_ID) + ": requested time "
                            + token(F_REQ_TIME) + BEYOND_LIMIT + " (" + REPAIR_REQ_TOO_LARGE + "; without strict it is taken as "
                            + number(SimTime.MAX_JOB_TIME) + " s and counted)");
                }
                requested = SimTime.MAX_JOB_TIME;
                report.repair(REPAIR_REQ_TOO_LARGE);
            }
        }
        if (procsRepair != null) {
            report.repair(procsRepair);
        }
        previousSubmit = Math.max(previousSubmit, submit);
        into.set((long) v[F_ID], submit, runtime, requested, (int) procs);
        into.line = lineNo;
        submitter(into, v);
        return true;
    }

    /**
     * Fields 3 (wait time) and 12-18 (user, group, executable, queue, partition, preceding job, think time):
     * -1 is SWF's "unknown"; any other negative wait or think time is taken as unknown and counted
     * ({@link #REPAIR_WAIT_UNKNOWN}, {@link #REPAIR_THINK_UNKNOWN}), as a number field that is not a whole number in
     * range ({@link #REPAIR_ID_UNKNOWN}).
     */
    private void submitter(JobRecord into, double[] v) {
        double wait = v[F_WAIT];
        if (wait < 0 && wait != -1) {
            report.repair(REPAIR_WAIT_UNKNOWN);
        }
        into.recordedWait = wait >= 0 ? wait : -1;
        double think = v[F_THINK];
        if (think < 0 && think != -1) {
            report.repair(REPAIR_THINK_UNKNOWN);
        }
        into.thinkTime = think >= 0 ? think : -1;
        into.user = idField(v[F_USER]);
        into.group = idField(v[F_USER + 1]);
        into.executable = idField(v[F_USER + 2]);
        into.queue = idField(v[F_USER + 3]);
        into.partition = idField(v[F_USER + 4]);
        double preceding = v[F_PRECEDING];
        if (preceding == -1) {
            into.precedingJob = -1;
        } else if (preceding >= 0 && isWhole(preceding, MAX_ID)) {
            into.precedingJob = (long) preceding;
        } else {
            into.precedingJob = -1;
            report.repair(REPAIR_ID_UNKNOWN);
        }
    }

    /** A user, group, executable, queue or partition number, -1 if unknown. */
    private int idField(double d) {
        if (d == -1) {
            return -1;
        }
        if (d >= 0 && isWhole(d, Integer.MAX_VALUE)) {
            return (int) d;
        }
        report.repair(REPAIR_ID_UNKNOWN);
        return -1;
    }

    private static boolean isWhole(double d, double maxMagnitude) {
        return d == Math.rint(d) && Math.abs(d) <= maxMagnitude;
    }

    /**
     * A job line gridsched cannot take as it is (README: impossible jobs are errors in strict mode), else skipped and
     * counted.
     */
    private boolean reject(String reason, int field, String problem) {
        if (strict) {
            throw new InputException(source, lineNo, fieldName(field), problem + " (" + reason
                    + "; without strict the job is skipped and counted)");
        }
        report.skip(reason, fileName, lineNo, problem);
        return false;
    }

    private boolean malformed(Integer field, String problem) {
        if (strict) {
            throw new InputException(source, lineNo, field == null ? null : fieldName(field), problem);
        }
        report.skip(SKIP_MALFORMED, fileName, lineNo, field == null ? problem : fieldName(field) + ": " + problem);
        return false;
    }

    static String fieldName(int index) {
        return "field " + (index + 1) + " (" + FIELD_NAMES[index] + ")";
    }

    private String token(int field) {
        int s = tokenStart[field];
        int len = tokenEnd[field] - s;
        if (len > 40) {
            return new String(buf, s, 40, StandardCharsets.ISO_8859_1) + "...";
        }
        return new String(buf, s, len, StandardCharsets.ISO_8859_1);
    }

    private static String number(double d) {
        return Double.isFinite(d) ? Decimals.format(d) : Double.toString(d);
    }

    /**
     * Splits the current line on white space: sets {@link #fieldCount} (all tokens), the values of the
     * first {@link #FIELDS} tokens and {@link #badField} (first token that is not a finite number).
     */
    private void tokenize() {
        final byte[] b = buf;
        final int end = lineEnd;
        int p = lineStart;
        int n = 0;
        badField = -1;
        while (true) {
            while (p < end && isSpace(b[p])) {
                p++;
            }
            if (p >= end) {
                break;
            }
            int start = p;
            if (n >= FIELDS) { // too many fields: only count them
                while (p < end && !isSpace(b[p])) {
                    p++;
                }
                n++;
                continue;
            }
            // fast path: [+-]digits
            boolean negative = false;
            byte c = b[p];
            if (c == '-' || c == '+') {
                negative = c == '-';
                p++;
            }
            int digitsStart = p;
            long v = 0;
            while (p < end && (c = b[p]) >= '0' && c <= '9') {
                v = v * 10 + (c - '0');
                p++;
            }
            int digits = p - digitsStart;
            if ((p == end || isSpace(b[p])) && digits > 0 && digits <= 18) {
                values[n] = negative ? -v : v;
            } else {
                while (p < end && !isSpace(b[p])) {
                    p++;
                }
                double d = parseSlow(b, start, p);
                if (Double.isNaN(d) && badField < 0) {
                    badField = n;
                    badIsRange = false;
                } else if (Double.isInfinite(d) && badField < 0) {
                    badField = n;
                    badIsRange = true;
                }
                values[n] = d;
            }
            tokenStart[n] = start;
            tokenEnd[n] = p;
            n++;
        }
        fieldCount = n;
    }

    /** A decimal number with optional fraction and exponent, or NaN if the token is not one. */
    private static double parseSlow(byte[] b, int start, int end) {
        boolean digit = false;
        for (int i = start; i < end; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                digit = true;
            } else if (c != '.' && c != '-' && c != '+' && c != 'e' && c != 'E') {
                return Double.NaN;
            }
        }
        if (!digit) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(new String(b, start, end - start, StandardCharsets.ISO_8859_1));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    // ---------------------------------------------------------------- plumbing

    private void finish() {
        done = true;
        closeQuietly(in);
    }

    private static void closeQuietly(InputStream s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // nothing useful to do: the data has been read
            }
        }
    }

    private static String describe(IOException e) {
        String m = e.getMessage();
        if (e instanceof java.util.zip.ZipException || e instanceof java.io.EOFException) {
            return "corrupt or truncated gzip data" + (m == null ? "" : " (" + m + ")");
        }
        return m == null ? e.getClass().getSimpleName() : m;
    }

    /** Counts the bytes read from the file, for {@link #progress()}. */
    private static final class CountingInputStream extends FilterInputStream {
        private volatile long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                count++;
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = in.skip(n);
            if (s > 0) {
                count += s;
            }
            return s;
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }
}
