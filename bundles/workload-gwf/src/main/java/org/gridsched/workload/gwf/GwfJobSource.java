package org.gridsched.workload.gwf;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;

/**
 * The jobs of a GWF trace. Field mapping (1-based GWF fields):
 * <ul>
 * <li>id = 1 JobID; submit time = 2 SubmitTime (minus the first job's with the {@code zero} clock);</li>
 * <li>runtime = 4 RunTime (a line beyond 1e10 s, {@code SimTime.MAX_JOB_TIME}, is skipped as {@code runtime_too_large});
 *     processors = 5 NProcs, or 8 ReqNProcs when that is -1;
 *     requested time = 9 ReqTime, or the runtime when it is not positive, or 1e10 s when it is beyond that limit
 *     (repair {@code requested_time_too_large_clamped}; an error naming ReqTime with strict);</li>
 * <li>home = the cluster of 17 OrigSiteID (by the {@code sites} option, or numbered in order of first
 *     appearance), -1 when the site is -1;</li>
 * <li>a job whose 19 JobStructure is one of the {@code coallocated} values is co-allocated: components =
 *     the first whole number in 20 JobStructureParams (e.g. {@code 4} or {@code components=4}), which must
 *     divide its processors; it gets no home (the grid scheduler places it). Every other job has one component.</li>
 * <li>who submitted it: user = 12 UserID, group = 13 GroupID, executable = 14 ExecutableID, queue = 15 QueueID,
 *     partition = 16 PartitionID, and the recorded wait = 3 WaitTime (any number &ge; 0): an id is a whole number
 *     ({@code 12}) or letters then one ({@code U12}: 12, as the Grid Workloads Archive writes them); -1, or an id
 *     of another form or beyond 2^31-1 (counted as repair {@code submitter_field_not_whole_unknown}), is unknown;
 *     so is a WaitTime that is neither -1 nor a number &ge; 0 (counted as repair {@code wait_time_invalid_unknown}).</li>
 * </ul>
 * Fields 6, 7, 10, 11, 18 and 21-29 are read past. At least 20 fields are needed and at most 29; GWF's -1 means
 * missing. JobID, NProcs and ReqNProcs are whole numbers (else the line is malformed); a negative JobID, or one an
 * earlier line had, is skipped ({@code job_id_negative}, {@code job_id_duplicate}), as by the SWF reader. A UTF-8
 * byte order mark is read past; a gzip file is recognised by its content, whatever its name.
 */
final class GwfJobSource implements JobSource {
    /** The numeric fields read (0-based index: GWF name); null for fields read past. */
    private static final String[] NUMBERS = {"JobID", "SubmitTime", null, "RunTime", "NProcs", null, null, "ReqNProcs", "ReqTime"};
    /**
     * The largest magnitude of each: ids exact in a double, processor counts in an int (they are kept as one; a cast
     * would silently make 99999999999 into 2147483647); times only finite here: beyond SimTime.MAX_JOB_TIME (1e10 s)
     * they are skipped (submit_time_too_large, runtime_too_large) or clamped (requested_time_too_large_clamped) below,
     * naming their field.
     */
    private static final double[] LIMITS = {9.0e15, Double.MAX_VALUE, 0, Double.MAX_VALUE, Integer.MAX_VALUE, 0, 0,
        Integer.MAX_VALUE, Double.MAX_VALUE};
    private static final String LIMIT = String.format(Locale.ROOT, "%,.0f", SimTime.MAX_JOB_TIME);
    /** Said of a submit time, runtime or requested time beyond {@link SimTime#MAX_JOB_TIME}. */
    private static final String BEYOND_LIMIT = " is beyond the " + LIMIT + " s (about 317 years) a simulation can reach";
    private static final java.util.regex.Pattern DECIMAL = java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private final Path file;
    private final GwfReader.Settings settings;
    private final BufferedReader in;
    private final WorkloadReport report = new WorkloadReport();
    private final Map<String, Integer> sites = new LinkedHashMap<>();
    private long lineNo;
    /** Job ids seen so far: a duplicate would make two jobs of one in every result file. */
    private final Set<Long> ids = new HashSet<>();
    private double origin = Double.NaN;
    private double last = Double.NEGATIVE_INFINITY;

    GwfJobSource(Path file, GwfReader.Settings settings) throws IOException {
        this.file = file;
        this.settings = settings;
        for (String s : settings.sites()) {
            sites.put(s, sites.size());
        }
        InputStream raw = Files.newInputStream(file);
        try {
            // gzip by its magic bytes, as the SWF reader: a gzipped trace named .gwf was read as binary text, line by
            // line malformed, and a plain one named .gwf.gz failed
            BufferedInputStream buffered = new BufferedInputStream(raw, 1 << 16);
            buffered.mark(2);
            boolean gzip = buffered.read() == 0x1f && buffered.read() == 0x8b;
            buffered.reset();
            InputStream s = gzip ? new GZIPInputStream(buffered, 1 << 16) : buffered;
            in = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8), 1 << 16);
        } catch (IOException e) {
            raw.close();
            throw new IOException("cannot read workload file " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public boolean next(JobRecord into) {
        String line;
        while ((line = readLine()) != null) {
            String t = (lineNo == 1 && line.startsWith("\uFEFF") ? line.substring(1) : line).strip(); // a byte order mark
            if (t.isEmpty() || t.startsWith("#") || t.startsWith(";")) {
                continue;
            }
            report.countRead();
            if (parse(t.split("\\s+"), into)) {
                return true;
            }
        }
        return false;
    }

    private String readLine() {
        try {
            String l = in.readLine();
            if (l != null) {
                lineNo++;
            }
            return l;
        } catch (IOException e) {
            throw new InputException(file.toString(), lineNo, null, "read error after this line: " + e.getMessage());
        }
    }

    /** Fills the record from one line's fields; false (counted) if the line is skipped. */
    private boolean parse(String[] f, JobRecord into) {
        if (f.length < 20 || f.length > 29) {
            return skip("malformed_line", "fields", "has " + f.length + " fields; GWF has 29" + (f.length < 20 ? " (at least 20 are needed)" : ""));
        }
        double[] v = new double[10];
        for (int i = 0; i < NUMBERS.length; i++) {
            if (NUMBERS[i] == null) {
                continue;
            }
            String t = f[i];
            double d = parse(t);
            if (Double.isNaN(d)) {
                return skip("malformed_line", "field " + (i + 1), "'" + t + "' is not a number");
            }
            if (!(Math.abs(d) <= LIMITS[i])) {
                return skip("malformed_line", NUMBERS[i], "'" + shorten(t) + "' is out of range"
                        + (Double.isInfinite(d) ? "" : " (at most " + (long) LIMITS[i] + ")"));
            }
            if ((i == 0 || i == 4 || i == 7) && d != Math.rint(d)) { // a cast would silently make 2.5 into 2
                return skip("malformed_line", NUMBERS[i], "'" + shorten(t) + "' is not a whole number");
            }
            v[i] = d;
        }
        long id = (long) v[0];
        if (id < 0) {
            return skip("job_id_negative", "JobID", "job id " + f[0] + " is negative");
        }
        if (!ids.add(id)) {
            return skip("job_id_duplicate", "JobID", "job id " + f[0] + " was given to an earlier line");
        }
        double submit = v[1];
        double runtime = v[3];
        int procs = (int) v[4];
        if (submit == -1) { // GWF's "missing"
            return skip("submit_time_missing", "SubmitTime", "job " + f[0] + " has no submit time");
        }
        if (submit < 0) {
            return skip("submit_time_negative", "SubmitTime", "job " + f[0] + " has submit time " + f[1]);
        }
        if (!(runtime > 0)) {
            return skip("runtime_not_positive", "RunTime", "job " + f[0] + " has runtime " + f[3]);
        }
        if (runtime > SimTime.MAX_JOB_TIME) { // the engine skipped it as invalid_job, naming the field 'job'
            return skip("runtime_too_large", "RunTime", "job " + f[0] + ": runtime " + shorten(f[3]) + BEYOND_LIMIT);
        }
        if (procs <= 0 && v[7] > 0) {
            procs = (int) v[7];
            report.repair("processors_from_requested");
        }
        if (procs <= 0) {
            return skip("processors_not_positive", "NProcs", "job " + f[0] + " has " + f[4] + " processors");
        }
        double requested = v[8];
        if (settings.requestedFromRuntime()) {
            requested = runtime;
        } else if (!(requested > 0)) {
            requested = runtime;
            report.repair("requested_time_from_runtime");
        } else if (requested > SimTime.MAX_JOB_TIME) {
            // the largest request a job can make, still far above its runtime (the runtime would make it a perfect estimate)
            if (settings.strict()) {
                throw new InputException(file.toString(), lineNo, "ReqTime", "job " + f[0] + ": requested time " + shorten(f[8])
                        + BEYOND_LIMIT + " (without strict it is taken as " + LIMIT + " s and counted as requested_time_too_large_clamped)");
            }
            requested = SimTime.MAX_JOB_TIME;
            report.repair("requested_time_too_large_clamped");
        }
        int components = 1;
        if (settings.coallocated().contains(f[18].toLowerCase(Locale.ROOT))) {
            long wanted = firstWholeNumber(f[19]);
            if (wanted < 1 || wanted > procs || procs % wanted != 0) {
                return skip("unequal_components", "JobStructureParams", "job " + f[0] + " has " + procs
                        + " processors and JobStructureParams '" + shorten(f[19]) + "': need a number of components dividing them");
            }
            components = (int) wanted;
        }
        int home = -1;
        if (components == 1 && !f[16].equals("-1")) {
            Integer site = sites.get(f[16]);
            if (site == null && !settings.sites().isEmpty()) {
                return skip("unknown_site", "OrigSiteID", "job " + f[0] + " comes from site '" + f[16] + "', not in sites "
                        + settings.sites());
            }
            home = site != null ? site : sites.computeIfAbsent(f[16], k -> sites.size());
        }
        if (Double.isNaN(origin)) {
            origin = settings.zeroClock() ? submit : 0;
        }
        double t = submit - origin;
        if (t > SimTime.MAX_JOB_TIME) {
            // skipped before the clamp below, so that later lines are never clamped to it (and skipped in turn)
            return skip("submit_time_too_large", "SubmitTime", "job " + f[0] + ": submit time " + f[1] + BEYOND_LIMIT);
        }
        if (t < last) {
            if (settings.strict()) {
                throw new InputException(file.toString(), lineNo, "SubmitTime", "job " + f[0] + " is submitted before the previous job");
            }
            report.repair("submit_time_out_of_order");
            t = last;
        }
        last = t;
        into.set(id, t, runtime, requested, procs);
        into.line = lineNo;
        into.home = home;
        into.components = components;
        double wait = parse(f[2]);
        if (!(wait >= 0) && !f[2].equals("-1")) {
            report.repair("wait_time_invalid_unknown");
        }
        into.recordedWait = wait >= 0 ? wait : -1;
        into.user = id(f[11]);
        into.group = id(f[12]);
        into.executable = id(f[13]);
        into.queue = id(f[14]);
        into.partition = id(f[15]);
        return true;
    }

    /**
     * A user, group, executable, queue or partition id: a whole number ({@code 12}), or the number of an id
     * made of letters then digits as the Grid Workloads Archive writes them ({@code U12}, {@code G3}: 12, 3);
     * -1 when unknown.
     */
    private int id(String t) {
        if (t.equals("-1")) {
            return -1;
        }
        int digits = 0;
        while (digits < t.length() && Character.isLetter(t.charAt(digits))) {
            digits++;
        }
        double d = digits < t.length() && Character.isDigit(t.charAt(digits)) ? parse(t.substring(digits)) : Double.NaN;
        if (d >= 0 && d <= Integer.MAX_VALUE && d == Math.rint(d)) {
            return (int) d;
        }
        report.repair("submitter_field_not_whole_unknown");
        return -1;
    }

    /** The first whole number in {@code s}, {@link Long#MAX_VALUE} if it has too many digits, -1 if none. */
    private static long firstWholeNumber(String s) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\d+").matcher(s);
        if (!m.find()) {
            return -1;
        }
        String digits = m.group().replaceFirst("^0+(?=\\d)", "");
        return digits.length() > 18 ? Long.MAX_VALUE : Long.parseLong(digits);
    }

    /** A finite decimal number, or NaN ({@link Double#parseDouble} alone would take "NaN", "Infinity", "0x1p3", "1d"). */
    private static double parse(String t) {
        if (!DECIMAL.matcher(t).matches()) {
            return Double.NaN;
        }
        return Double.parseDouble(t); // infinite for 1e400: a number, but out of any range
    }

    /** At most 40 characters, control characters shown as '?': the message goes to a terminal. */
    private static String shorten(String s) {
        String shown = s.replaceAll("\\p{Cntrl}", "?");
        return shown.length() > 40 ? shown.substring(0, 40) + "..." : shown;
    }

    private boolean skip(String reason, String field, String problem) {
        if (settings.strict()) {
            throw new InputException(file.toString(), lineNo, field, problem);
        }
        // the name only, as run.workload.file: summary.json keeps skipped lines and must not depend on the checkout
        report.skip(reason, file.getFileName().toString(), lineNo, field == null ? problem : field + ": " + problem);
        return false;
    }

    @Override
    public String describe() {
        return file.toString();
    }

    @Override
    public WorkloadReport report() {
        return report;
    }

    /** The sites seen so far, in cluster order. */
    @Override
    public Map<String, String> header() {
        return Map.of("Sites", String.join(",", sites.keySet()));
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // nothing left to read
        }
    }
}
