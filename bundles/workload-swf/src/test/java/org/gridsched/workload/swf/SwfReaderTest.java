package org.gridsched.workload.swf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SwfReaderTest {

    @TempDir
    Path dir;

    private final SwfReader reader = new SwfReader();

    /** A valid job line: id, submit, runtime, allocated procs, requested procs, requested time. */
    private static String job(long id, long submit, String runtime, String alloc, String reqProcs, String reqTime) {
        return id + " " + submit + " 0 " + runtime + " " + alloc + " -1 -1 " + reqProcs + " " + reqTime
                + " -1 1 1 1 -1 -1 1 -1 -1\n";
    }

    private static String job(long id, long submit, long runtime, int procs, long reqTime) {
        return job(id, submit, Long.toString(runtime), Integer.toString(procs), Integer.toString(procs),
                Long.toString(reqTime));
    }

    private Path write(String name, String content) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return f;
    }

    private Path writeGz(String name, String content) throws IOException {
        Path f = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
        return f;
    }

    private static PluginOptions opts(Object... kv) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return new PluginOptions("workload reader 'swf'", m);
    }

    /** Everything a read produced. */
    private record Result(List<JobRecord> jobs, WorkloadReport report, Map<String, String> header) {
    }

    private Result readAll(Path f, PluginOptions options) throws IOException {
        List<JobRecord> jobs = new ArrayList<>();
        try (JobSource src = reader.open(f, options)) {
            JobRecord r = new JobRecord();
            while (src.next(r)) {
                jobs.add(r.copy());
            }
            assertEquals(1.0, src.progress());
            return new Result(jobs, src.report(), src.header());
        }
    }

    private Result readAll(Path f) throws IOException {
        return readAll(f, PluginOptions.empty("workload reader 'swf'"));
    }

    // ------------------------------------------------------------------ plugin metadata

    @Test
    void metadata() {
        assertEquals("swf", reader.name());
        assertFalse(reader.description().isBlank());
        assertFalse(reader.description().contains("\n"));
        List<String> names = reader.parameters().stream().map(Parameter::name).toList();
        assertEquals(List.of("strict", "processors", "requested_time", "overestimate_max", "seed", "sort"), names);
        Map<String, String> defaults = new java.util.HashMap<>();
        for (Parameter p : reader.parameters()) {
            defaults.put(p.name(), p.defaultValue());
            assertFalse(p.description().isBlank());
            assertFalse(p.description().contains("\n"));
        }
        assertEquals(Map.of("strict", "false", "processors", "allocated", "requested_time", "requested",
                "overestimate_max", "3", "seed", "1", "sort", "false"), defaults);
    }

    @Test
    void acceptsSwfAndGzippedSwfCaseInsensitively() {
        assertTrue(reader.accepts(Path.of("a/b/trace.swf")));
        assertTrue(reader.accepts(Path.of("TRACE.SWF")));
        assertTrue(reader.accepts(Path.of("x.swf.gz")));
        assertTrue(reader.accepts(Path.of("x.Swf.GZ")));
        assertFalse(reader.accepts(Path.of("x.gz")));
        assertFalse(reader.accepts(Path.of("x.swf.txt")));
        assertFalse(reader.accepts(Path.of("swf")));
        assertFalse(reader.accepts(Path.of("/")));
    }

    // ------------------------------------------------------------------ header

    @Test
    void headerKeysValuesAndProse() throws IOException {
        Path f = write("h.swf", String.join("\n",
                "; Version: 2.2",
                "; Computer: Intel iPSC/860",
                ";",
                "; Information: http://www.nas.nasa.gov/",
                ";              http://www.cs.huji.ac.il/labs/parallel/workload/",
                "; MaxNodes: 240 (some trailing prose)",
                "; MaxProcs: 240",
                "; EndTime:   Fri Dec 31 23:03:45 PST 1993",
                "; Note: There is no information on wait times - the given submit",
                ";       times are actually start times",
                ";         user=3 and proc=1 and app=1 (24025 jobs removed)",
                "; Queue:  1 [fque:1] ",
                "; UnixStartTime: 1027839845",
                "")
                + ";MaxRuntime:99\n" // colon not followed by space: not a key
                + "; MaxMemory: 1024\n"
                + job(1, 0, 10, 1, 20)
                + job(2, 5, 10, 1, 20));
        try (JobSource src = reader.open(f, opts())) {
            // the leading header is available before the first job is read
            assertEquals("240", src.header().get("MaxProcs"));
            assertEquals("1024", src.header().get("MaxMemory"));
            assertNull(src.header().get("MaxRuntime"));
            JobRecord r = new JobRecord();
            while (src.next(r)) {
                // drain
            }
            Map<String, String> h = src.header();
            assertEquals(List.of("Version", "Computer", "Information", "MaxNodes", "MaxProcs", "EndTime", "Note",
                    "Queue", "UnixStartTime", "MaxMemory"), new ArrayList<>(h.keySet()));
            assertEquals("2.2", h.get("Version"));
            assertEquals("Intel iPSC/860", h.get("Computer"));
            assertEquals("http://www.nas.nasa.gov/", h.get("Information"));
            assertEquals("240 (some trailing prose)", h.get("MaxNodes"));
            assertEquals("Fri Dec 31 23:03:45 PST 1993", h.get("EndTime"));
            assertEquals("There is no information on wait times - the given submit", h.get("Note"));
            assertEquals("1 [fque:1]", h.get("Queue"));
            assertEquals("1027839845", h.get("UnixStartTime"));
            assertEquals("1024", h.get("MaxMemory"));
            assertEquals(2, src.report().read());
            assertEquals(0, src.report().skippedTotal());
        }
    }

    /**
     * SWF allows comments anywhere; only the header block at the top (the comments before the first job line) sets
     * header fields. A header-looking comment further down is a comment: it used to be read as a header line, so
     * {@code ; MaxJobs: lots} after the jobs was a fatal error and {@code ; MaxMemory: 1024} added a field.
     */
    @Test
    void aHeaderLookingCommentAfterTheFirstJobIsOnlyAComment() throws IOException {
        String content = "; MaxProcs: 8\n; Note: first\n"
                + job(1, 0, 10, 1, 20)
                + "; MaxJobs: lots\n"
                + "; MaxProcs: 99999999999\n"
                + "; MaxMemory: 1024\n"
                + "; Note: in the middle\n"
                + job(2, 5, 10, 1, 20)
                + ";\n; UnixStartTime: not a time\n";
        for (boolean strict : new boolean[] {false, true}) {
            Result r = readAll(write("mid.swf", content), opts("strict", strict));
            assertEquals(List.of(1L, 2L), r.jobs.stream().map(j -> j.id).toList());
            assertEquals(Map.of("MaxProcs", "8", "Note", "first"), r.header, "strict=" + strict);
            assertEquals(0, r.report.skippedTotal());
            assertTrue(r.report.repaired().isEmpty());
        }
        // a header after a malformed first line is no header either: that line ended the header block
        Result afterMalformed = readAll(write("mal.swf", "not a job\n; MaxProcs: 4\n" + job(1, 0, 10, 1, 20)));
        assertTrue(afterMalformed.header.isEmpty(), afterMalformed.header.toString());
        assertEquals(1, afterMalformed.jobs.size());
    }

    @Test
    void describeIsTheFilePath() throws IOException {
        Path f = write("d.swf", job(1, 0, 10, 1, 20));
        try (JobSource src = reader.open(f, opts())) {
            assertEquals(f.toString(), src.describe());
        }
    }

    // ------------------------------------------------------------------ layout

    @Test
    void tabsVariableSpacesCrlfBlankLinesAndNoFinalNewline() throws IOException {
        String content = "; MaxProcs: 8\r\n"
                + "\r\n"
                + "    1        0 308434  31405   8  31405    -1   8  37980    -1  1   1   1  -1 -1  1 -1 -1\r\n"
                + "2\t8\t1\t100\t4\t-1\t-1\t4\t200\t-1\t1\t1\t1\t-1\t-1\t1\t-1\t-1\r\n"
                + "   \t  \r\n"
                + " \t3  \t 9 1 50 2 -1 -1 2 60 -1 1 1 1 -1 -1 1 -1 -1 \t \r\n"
                + "4 10 1 70 1 -1 -1 1 80 -1 1 1 1 -1 -1 1 -1 -1"; // no newline at the end
        Result r = readAll(write("ws.swf", content));
        assertEquals(4, r.jobs.size());
        assertEquals("8", r.header.get("MaxProcs"));
        JobRecord a = r.jobs.get(0);
        assertEquals(1, a.id);
        assertEquals(0.0, a.submitTime);
        assertEquals(31405.0, a.runtime);
        assertEquals(37980.0, a.requestedTime);
        assertEquals(8, a.processors);
        assertEquals(3, a.line);
        JobRecord b = r.jobs.get(1);
        assertEquals(2, b.id);
        assertEquals(8.0, b.submitTime);
        assertEquals(100.0, b.runtime);
        assertEquals(200.0, b.requestedTime);
        assertEquals(4, b.processors);
        assertEquals(4, b.line);
        assertEquals(3, r.jobs.get(2).id);
        assertEquals(6, r.jobs.get(2).line);
        assertEquals(4, r.jobs.get(3).id);
        assertEquals(80.0, r.jobs.get(3).requestedTime);
        assertEquals(7, r.jobs.get(3).line);
        assertEquals(4, r.report.read());
        assertEquals(0, r.report.skippedTotal());
        assertTrue(r.report.repaired().isEmpty());
    }

    @Test
    void fractionalFields() throws IOException {
        String content = "12   342343      5    553   40 552.21    -1   40  43200    -1  1   4   1  -1 -1  1 -1 -1\n"
                + "13 342350.25 0 10.5 2 1.5e2 -1 2 20.75 -1 1 1 1 -1 -1 1 -1 -1\n";
        Result r = readAll(write("frac.swf", content));
        assertEquals(2, r.jobs.size());
        assertEquals(553.0, r.jobs.get(0).runtime);
        assertEquals(40, r.jobs.get(0).processors);
        JobRecord b = r.jobs.get(1);
        assertEquals(342350.25, b.submitTime);
        assertEquals(10.5, b.runtime);
        assertEquals(20.75, b.requestedTime);
        assertEquals(0, r.report.skippedTotal());
    }

    @Test
    void gzipReadDirectlyByExtensionOrMagic() throws IOException {
        String content = "; MaxProcs: 4\n" + job(1, 0, 10, 1, 20) + job(2, 3, 11, 2, 21) + job(3, 4, 12, 4, 22);
        Result gz = readAll(writeGz("t.swf.gz", content));
        assertEquals(3, gz.jobs.size());
        assertEquals("4", gz.header.get("MaxProcs"));
        assertEquals(22.0, gz.jobs.get(2).requestedTime);
        assertEquals(4, gz.jobs.get(2).processors);
        // gzip content under a plain name is still recognised by its magic number
        Result magic = readAll(writeGz("t2.swf", content));
        assertEquals(3, magic.jobs.size());
    }

    @Test
    void corruptGzipIsAnInputErrorNotACrash() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= 5000; i++) {
            sb.append(job(i, i, 10, 1, 20));
        }
        Path good = writeGz("good.swf.gz", sb.toString());
        byte[] bytes = Files.readAllBytes(good);
        Path truncated = dir.resolve("trunc.swf.gz");
        Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Exception e = assertThrows(Exception.class, () -> readAll(truncated));
        assertTrue(e instanceof InputException || e instanceof IOException, e.toString());
        assertTrue(e.getMessage().contains("trunc.swf.gz"), e.getMessage());
    }

    @Test
    void emptyFile() throws IOException {
        Result r = readAll(write("empty.swf", ""));
        assertTrue(r.jobs.isEmpty());
        assertEquals(0, r.report.read());
        assertTrue(r.header.isEmpty());
        Result onlyHeader = readAll(write("hdr.swf", "; MaxProcs: 4\n;\n"));
        assertTrue(onlyHeader.jobs.isEmpty());
        assertEquals("4", onlyHeader.header.get("MaxProcs"));
    }

    // ------------------------------------------------------------------ processors

    @Test
    void allocatedProcessorsFallBackToRequested() throws IOException {
        String content = job(1, 0, "10", "3", "5", "20") // allocated wins
                + job(2, 1, "10", "-1", "6", "20"); // allocated missing: requested
        Result r = readAll(write("p.swf", content));
        assertEquals(3, r.jobs.get(0).processors);
        assertEquals(6, r.jobs.get(1).processors);
        assertEquals(Map.of("processors_from_requested", 1L), r.report.repaired());
    }

    @Test
    void requestedProcessorsFallBackToAllocated() throws IOException {
        String content = job(1, 0, "10", "3", "5", "20") // requested wins
                + job(2, 1, "10", "7", "-1", "20"); // requested missing: allocated
        Result r = readAll(write("p.swf", content), opts("processors", "requested"));
        assertEquals(5, r.jobs.get(0).processors);
        assertEquals(7, r.jobs.get(1).processors);
        assertEquals(Map.of("processors_from_allocated", 1L), r.report.repaired());
    }

    @Test
    void processorsNotPositiveAreSkipped() throws IOException {
        String content = job(1, 0, "10", "-1", "-1", "20")
                + job(2, 1, "10", "0", "4", "20") // 0 is not missing: no fallback
                + job(3, 2, "10", "-5", "4", "20")
                + job(4, 3, "10", "2", "2", "20");
        Result r = readAll(write("p.swf", content));
        assertEquals(1, r.jobs.size());
        assertEquals(4, r.jobs.get(0).id);
        assertEquals(Map.of("processors_not_positive", 3L), r.report.skipped());
        assertEquals(4, r.report.read());
    }

    // ------------------------------------------------------------------ requested time

    @Test
    void requestedTimeFallsBackToRuntimeAndIsCounted() throws IOException {
        String content = job(1, 0, 10, 1, 20) // kept
                + job(2, 1, 11, 1, -1) // missing
                + job(3, 2, 12, 1, 0) // not positive
                + job(4, 3, 13, 1, -7) // not positive
                + job(5, 4, 14, 1, -1); // missing
        Result r = readAll(write("rt.swf", content));
        assertEquals(List.of(20.0, 11.0, 12.0, 13.0, 14.0),
                r.jobs.stream().map(j -> j.requestedTime).toList());
        assertEquals(Map.of("requested_time_from_runtime", 2L, "requested_time_not_positive_from_runtime", 2L),
                r.report.repaired());
        assertEquals(0, r.report.skippedTotal());
    }

    @Test
    void requestedTimeRuntimeOptionGivesPerfectEstimatesUncounted() throws IOException {
        String content = job(1, 0, 10, 1, 20) + job(2, 1, 11, 1, -1) + job(3, 2, 12, 1, 5);
        Result r = readAll(write("rt.swf", content), opts("requested_time", "runtime"));
        for (JobRecord j : r.jobs) {
            assertEquals(j.runtime, j.requestedTime);
        }
        assertEquals(3, r.jobs.size());
        assertTrue(r.report.repaired().isEmpty());
    }

    /**
     * synthesize: present requested times are kept; missing or non-positive ones become runtime x U[1, k],
     * counted, reproducible, and each job's factor depends on the seed and its id only (not on other lines).
     */
    @Test
    void synthesizedRequestedTimesFillOnlyWhatIsMissing() throws IOException {
        String content = job(1, 0, 100, 1, 150) + job(2, 1, 100, 1, -1) + job(3, 2, 100, 1, 0) + job(4, 3, 100, 1, -1);
        Result r = readAll(write("syn.swf", content), opts("requested_time", "synthesize", "overestimate_max", 4));
        List<Double> req = r.jobs.stream().map(j -> j.requestedTime).toList();
        assertEquals(150.0, req.get(0));
        for (int i = 1; i < 4; i++) {
            assertTrue(req.get(i) >= 100 && req.get(i) <= 400, "job " + (i + 1) + ": " + req.get(i));
        }
        assertNotEquals(req.get(1), req.get(3));
        assertEquals(Map.of("requested_time_synthesized", 3L), r.report.repaired());

        Result again = readAll(write("syn.swf", content), opts("requested_time", "synthesize", "overestimate_max", 4));
        assertEquals(req, again.jobs.stream().map(j -> j.requestedTime).toList());
        // job 4 alone: the same factor as in the whole file
        Result alone = readAll(write("one.swf", job(4, 3, 100, 1, -1)), opts("requested_time", "synthesize", "overestimate_max", 4));
        assertEquals(req.get(3), alone.jobs.get(0).requestedTime);
        Result otherSeed = readAll(write("syn.swf", content),
                opts("requested_time", "synthesize", "overestimate_max", 4, "seed", 2));
        assertNotEquals(req, otherSeed.jobs.stream().map(j -> j.requestedTime).toList());
        // the mean factor over many jobs is about (1 + k) / 2
        StringBuilder many = new StringBuilder();
        for (int i = 1; i <= 4000; i++) {
            many.append(job(i, i, 100, 1, -1));
        }
        double mean = readAll(write("many.swf", many.toString()), opts("requested_time", "synthesize", "overestimate_max", 4))
                .jobs.stream().mapToDouble(j -> j.requestedTime / j.runtime).average().orElseThrow();
        assertEquals(2.5, mean, 0.05);
    }

    @Test
    void overestimateBelowOneIsRejected() throws IOException {
        Path f = write("x.swf", job(1, 0, 100, 1, -1));
        var e = assertThrows(org.gridsched.api.InputException.class,
                () -> readAll(f, opts("requested_time", "synthesize", "overestimate_max", 0.5)));
        assertTrue(e.getMessage().contains("overestimate_max"), e.getMessage());
    }

    /**
     * sort=true orders the jobs by submit time, ties in file order, keeping the recorded times (the default
     * clamps a late line to the previous submit); it counts the jobs it moved, and strict mode accepts the trace.
     */
    @Test
    void sortOnReadOrdersBySubmitTimeKeepingTiesInFileOrder() throws IOException {
        Path f = write("unsorted.swf", job(1, 50, 10, 1, 20) + job(2, 10, 10, 1, 20) + job(3, 50, 10, 1, 20)
                + job(4, 30, 10, 1, 20) + job(5, 60, 10, 1, 20));
        Result clamped = readAll(f);
        assertEquals(List.of(50.0, 50.0, 50.0, 50.0, 60.0), clamped.jobs.stream().map(j -> j.submitTime).toList());
        for (Result sorted : List.of(readAll(f, opts("sort", true)), readAll(f, opts("sort", true, "strict", true)))) {
            assertEquals(List.of(2L, 4L, 1L, 3L, 5L), sorted.jobs.stream().map(j -> j.id).toList());
            assertEquals(List.of(10.0, 30.0, 50.0, 50.0, 60.0), sorted.jobs.stream().map(j -> j.submitTime).toList());
            assertEquals(List.of(2L, 4L, 1L, 3L, 5L), sorted.jobs.stream().map(j -> j.line).toList(), "lines follow their jobs");
            assertEquals(Map.of(SwfJobSource.REPAIR_SUBMIT_SORTED, 2L), sorted.report.repaired());
        }
    }

    /** Negative and repeated job ids are skipped and counted (issue 15), errors naming the line in strict mode. */
    @Test
    void negativeAndDuplicateIdsAreSkippedOrErrors() throws IOException {
        String content = job(1, 0, 10, 1, 20) + job(-2, 1, 10, 1, 20) + job(3, 2, 10, 1, 20) + job(1, 3, 10, 1, 20)
                + job(4, 4, 10, 1, 20);
        Result r = readAll(write("ids.swf", content));
        assertEquals(List.of(1L, 3L, 4L), r.jobs.stream().map(j -> j.id).toList());
        assertEquals(Map.of("job_id_negative", 1L, "job_id_duplicate", 1L), r.report.skipped());
        assertEquals(4, r.report.skippedExamples().get("job_id_duplicate").get(0).line());
        // the file's name, not its path: summary.json keeps the examples and must not depend on the checkout
        assertEquals("ids.swf", r.report.skippedExamples().get("job_id_duplicate").get(0).source());
        InputException e = assertThrows(InputException.class, () -> readAll(write("ids.swf", content), opts("strict", true)));
        assertTrue(e.getMessage().contains("ids.swf:2") && e.getMessage().contains("job id -2 is negative"), e.getMessage());
        InputException d = assertThrows(InputException.class,
                () -> readAll(write("dup.swf", job(1, 0, 10, 1, 20) + job(1, 1, 10, 1, 20)), opts("strict", true)));
        assertTrue(d.getMessage().contains("dup.swf:2") && d.getMessage().contains("job id 1 was given to an earlier line"), d.getMessage());
    }

    // ------------------------------------------------------------------ skips

    @Test
    void skipsAreCountedByReason() throws IOException {
        String content = job(1, 0, 10, 1, 20)
                + job(2, 1, 0, 1, 20) // runtime 0
                + job(3, 2, -1, 1, 20) // runtime missing
                + job(4, -1, 10, 1, 20) // submit missing
                + job(5, 3, 10, 0, 20) // procs 0 (both fields)
                + job(6, -1, -1, -1, -1) // everything missing: runtime is checked first
                + job(7, 4, 10, 2, 20);
        Result r = readAll(write("s.swf", content));
        assertEquals(List.of(1L, 7L), r.jobs.stream().map(j -> j.id).toList());
        assertEquals(7, r.report.read());
        assertEquals(Map.of("runtime_not_positive", 3L, "submit_time_missing", 1L, "processors_not_positive", 1L),
                r.report.skipped());
        assertEquals(5, r.report.skippedTotal());
    }

    /** README: impossible jobs are errors in strict mode (issue 24); each names file, line and the field at fault. */
    @Test
    void strictModeMakesImpossibleJobsErrors() throws IOException {
        String[][] cases = {
            {job(2, 1, -1, 1, 20), "field 4 (run time)", "runtime_not_positive"},
            {job(2, 1, 0, 1, 20), "field 4 (run time)", "runtime_not_positive"},
            {job(2, -1, 10, 1, 20), "field 2 (submit time)", "submit_time_missing"},
            {job(2, -100, 10, 1, 20), "field 2 (submit time)", "submit_time_negative"},
            {job(2, 1, 10, 0, 20), "field 5 (allocated processors)", "processors_not_positive"},
        };
        for (String[] c : cases) {
            Path f = write("impossible.swf", job(1, 0, 10, 1, 20) + c[0] + job(3, 2, 10, 1, 20));
            InputException e = assertThrows(InputException.class, () -> readAll(f, opts("strict", true)), c[0]);
            assertEquals(f.toString(), e.source());
            assertEquals(2, e.line(), e.getMessage());
            assertEquals(c[1], e.field(), e.getMessage());
            assertTrue(e.getMessage().contains(c[2]), e.getMessage());
        }
    }

    /** With processors=requested the error names field 8, the one that was read. */
    @Test
    void strictZeroRequestedProcessorsNamesFieldEight() throws IOException {
        Path f = write("req.swf", job(1, 0, 10, 1, 20) + job(2, 1, "10", "0", "-1", "20"));
        InputException e = assertThrows(InputException.class, () -> readAll(f, opts("strict", true, "processors", "requested")));
        assertEquals("field 5 (allocated processors)", e.field(), "field 8 was -1, so field 5 was read: " + e.getMessage());
        Path g = write("req2.swf", job(1, 0, 10, 1, 20) + job(2, 1, "10", "4", "0", "20"));
        InputException e2 = assertThrows(InputException.class, () -> readAll(g, opts("strict", true, "processors", "requested")));
        assertEquals("field 8 (requested processors)", e2.field(), e2.getMessage());
    }

    /** SWF's -1 means "missing"; any other negative submit time is a wrong value, counted under its own reason. */
    @Test
    void negativeSubmitIsNotMissing() throws IOException {
        String content = job(1, 0, 10, 1, 20) + job(2, -1, 10, 1, 20) + job(3, -100, 10, 1, 20) + job(4, 5, 10, 1, 20);
        Result r = readAll(write("neg.swf", content));
        assertEquals(List.of(1L, 4L), r.jobs.stream().map(j -> j.id).toList());
        assertEquals(Map.of("submit_time_missing", 1L, "submit_time_negative", 1L), r.report.skipped());
        assertEquals(3, r.report.skippedExamples().get("submit_time_negative").get(0).line());
    }

    // ------------------------------------------------------------------ header numbers

    /** A numeric header field that overflows or is not a number: an error naming file, line and field (issue 24). */
    @Test
    void badNumericHeaderFieldsAreErrorsNamingLineAndField() throws IOException {
        String[][] cases = {
            {"MaxProcs", "99999999999", "out of range"},
            {"MaxNodes", "2147483648", "out of range"},
            {"UnixStartTime", "99999999999999999999999", "out of range"},
            {"MaxJobs", "-99999999999999999999", "out of range"},
            {"MaxProcs", "lots", "expected a whole number"},
            {"MaxProcs", "1e3", "expected a whole number"},
            {"TimeZone", "99999999999", "out of range"},
        };
        for (boolean strict : new boolean[] {false, true}) {
            for (String[] c : cases) {
                Path f = write("hdr.swf", "; Version: 2.2\n; " + c[0] + ": " + c[1] + "\n" + job(1, 0, 10, 1, 20));
                InputException e = assertThrows(InputException.class, () -> readAll(f, opts("strict", strict)), c[0] + " " + c[1]);
                assertEquals(f.toString(), e.source());
                assertEquals(2, e.line(), e.getMessage());
                assertEquals(c[0], e.field(), e.getMessage());
                assertTrue(e.getMessage().contains(c[2]) && e.getMessage().contains(c[1].substring(0, 3)), e.getMessage());
            }
        }
    }

    /** The bad value is quoted without its control characters: the message goes to a terminal. */
    @Test
    void aBadHeaderValueIsQuotedWithoutControlCharacters() throws IOException {
        Path f = write("esc.swf", "; MaxProcs: 1\u001b[2J\u001b]0;title\u0007x\n" + job(1, 0, 10, 1, 20));
        InputException e = assertThrows(InputException.class, () -> readAll(f));
        assertTrue(e.getMessage().contains("'1?[2J?]0;title?x'"), e.getMessage());
    }

    /** Numbers in range, prose after them, empty values and fields that are not numeric stay accepted. */
    @Test
    void goodHeaderNumbersAreKept() throws IOException {
        String header = "; MaxProcs: 2147483647\n; MaxNodes: 128 (each with 2 processors)\n; UnixStartTime: -5\n"
                + "; MaxQueues:\n; Version: 2.2\n; Computer: IBM SP2\n; MaxProcs: 99999999999999999999\n";
        Result r = readAll(write("ok.swf", header + job(1, 0, 10, 1, 20)));
        assertEquals("2147483647", r.header.get("MaxProcs"), "the first occurrence wins; later ones are not read");
        assertEquals("128 (each with 2 processors)", r.header.get("MaxNodes"));
        assertEquals(1, r.jobs.size());
    }

    // ------------------------------------------------------------------ malformed

    private static final String[] MALFORMED = {
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n", // 17 fields
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19\n", // 19 fields
        "1 2 3 abc 5 6 7 8 9 10 11 12 13 14 15 16 17 18\n", // non-numeric
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 1x\n", // non-numeric at the end
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 -\n", // a lone sign
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 0x1p3\n", // hex is not SWF
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 NaN\n",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 1e999\n", // not finite
        "1.5 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18\n", // fractional job number
        "1 2 3 4 5.5 6 7 8 9 10 11 12 13 14 15 16 17 18\n", // fractional allocated processors
        "1 2 3 4 5 6 7 8.25 9 10 11 12 13 14 15 16 17 18\n", // fractional requested processors
        "1 2 3 4 99999999999 6 7 8 9 10 11 12 13 14 15 16 17 18\n", // processors beyond int
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 ; comment\n", // trailing comment: extra fields
    };

    @Test
    void lenientMalformedLinesAreSkippedAndCounted() throws IOException {
        StringBuilder sb = new StringBuilder(job(1, 0, 10, 1, 20));
        for (String m : MALFORMED) {
            sb.append(m);
        }
        sb.append(job(2, 100, 10, 1, 20));
        Result r = readAll(write("m.swf", sb.toString()));
        assertEquals(List.of(1L, 2L), r.jobs.stream().map(j -> j.id).toList());
        assertEquals(MALFORMED.length + 2, r.report.read());
        assertEquals(Map.of("malformed_line", (long) MALFORMED.length), r.report.skipped());
        assertEquals(MALFORMED.length + 2, r.jobs.get(1).line);
    }

    @Test
    void everyMalformedLineIsAnErrorInStrictMode() throws IOException {
        for (int i = 0; i < MALFORMED.length; i++) {
            Path f = write("strict" + i + ".swf", "; MaxProcs: 4\n" + job(1, 0, 10, 1, 20) + MALFORMED[i]);
            InputException e = assertThrows(InputException.class, () -> readAll(f, opts("strict", true)),
                    MALFORMED[i]);
            assertEquals(f.toString(), e.source());
            assertEquals(3, e.line());
            assertTrue(e.getMessage().startsWith(f + ":3: "), e.getMessage());
        }
    }

    @Test
    void strictNonNumericNamesFileLineAndField() throws IOException {
        Path f = write("bad.swf", "; MaxProcs: 4\n;\n" + job(1, 0, 10, 1, 20)
                + "2 5 0 abc 1 -1 -1 1 20 -1 1 1 1 -1 -1 1 -1 -1\n");
        InputException e = assertThrows(InputException.class, () -> readAll(f, opts("strict", "true")));
        String m = e.getMessage();
        assertTrue(m.contains("bad.swf"), m);
        assertTrue(m.contains(":4:"), m);
        assertTrue(m.contains("field 4 (run time)"), m);
        assertTrue(m.contains("'abc'"), m);
        assertEquals(4, e.line());
        assertEquals("field 4 (run time)", e.field());
    }

    @Test
    void strictWrongFieldCountSaysHowMany() throws IOException {
        Path f = write("short.swf", job(1, 0, 10, 1, 20) + "2 5 0 10 1 -1 -1 1 20 -1 1 1 1 -1 -1 1 -1\n");
        InputException e = assertThrows(InputException.class, () -> readAll(f, opts("strict", true)));
        assertNull(e.field());
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("short.swf"), e.getMessage());
        assertTrue(e.getMessage().contains("found 17 fields, expected 18"), e.getMessage());
    }

    @Test
    void strictFractionalProcessorsNamesTheField() throws IOException {
        Path f = write("fp.swf", "2 5 0 10 2.5 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 -1\n");
        InputException e = assertThrows(InputException.class, () -> readAll(f, opts("strict", true)));
        assertEquals("field 5 (allocated processors)", e.field());
        assertEquals(1, e.line());
    }

    @Test
    void overlongLineIsMalformed() throws IOException {
        StringBuilder sb = new StringBuilder(job(1, 0, 10, 1, 20));
        String chunk = "1 ".repeat(1000);
        while (sb.length() < SwfJobSource.MAX_LINE + 10_000) {
            sb.append(chunk);
        }
        sb.append('\n').append(job(2, 5, 10, 1, 20));
        Path f = write("long.swf", sb.toString());
        Result r = readAll(f);
        assertEquals(List.of(1L, 2L), r.jobs.stream().map(j -> j.id).toList());
        assertEquals(3, r.jobs.get(1).line);
        assertEquals(Map.of("malformed_line", 1L), r.report.skipped());
        InputException e = assertThrows(InputException.class, () -> readAll(f, opts("strict", true)));
        assertEquals(2, e.line());
    }

    @Test
    void longLinesWithinTheLimitAreCutCorrectlyAcrossBufferRefills() throws IOException {
        // many lines with wide padding so that lines straddle the 64 KiB read buffer boundaries
        StringBuilder sb = new StringBuilder();
        String pad = " ".repeat(997);
        int n = 2000;
        for (int i = 1; i <= n; i++) {
            sb.append(i).append(pad).append(i * 10L).append(" 0 ").append(i).append(pad)
                    .append(" 1 -1 -1 1 ").append(i + 1).append(" -1 1 1 1 -1 -1 1 -1 -1\n");
        }
        Result r = readAll(write("wide.swf", sb.toString()));
        assertEquals(n, r.jobs.size());
        for (int i = 1; i <= n; i++) {
            JobRecord j = r.jobs.get(i - 1);
            assertEquals(i, j.id);
            assertEquals(i * 10.0, j.submitTime);
            assertEquals(i, j.runtime);
            assertEquals(i + 1, j.requestedTime);
            assertEquals(i, j.line);
        }
    }

    // ------------------------------------------------------------------ order

    @Test
    void outOfOrderSubmitIsClampedAndCounted() throws IOException {
        String content = job(1, 100, 10, 1, 20)
                + job(2, 50, 10, 1, 20) // earlier than 100: clamped
                + job(3, 60, -1, 1, 20) // skipped: does not move the reference
                + job(4, 120, 10, 1, 20)
                + job(5, 110, 10, 1, 20);
        Result r = readAll(write("o.swf", content));
        assertEquals(List.of(100.0, 100.0, 120.0, 120.0), r.jobs.stream().map(j -> j.submitTime).toList());
        assertEquals(Map.of("submit_time_out_of_order", 2L), r.report.repaired());
    }

    /**
     * A submit time no simulation reaches (beyond SimTime.MAX_JOB_TIME, 1e10 s) is skipped by the reader, naming the
     * line's own value and field 2, and is not the time later lines are clamped to. It used to be returned: the lines
     * after it were clamped forward to 1e300, counted as out-of-order repairs, and the engine then skipped them all as
     * invalid_job with a message showing the clamped time and naming the field 'job'.
     */
    @Test
    void aSubmitTimeBeyondTheLimitIsSkippedAndDoesNotMoveTheClamp() throws IOException {
        String content = job(1, 0, 10, 1, 20)
                + "2 1e300 0 10 1 -1 -1 1 20 -1 1 1 1 -1 -1 1 -1 -1\n"
                + job(3, 10, 10, 1, 20)
                + "4 10000000000.5 0 10 1 -1 -1 1 20 -1 1 1 1 -1 -1 1 -1 -1\n"
                + job(5, 5, 10, 1, 20) // earlier than 10: clamped to 10, the latest valid submit
                + "6 10000000000 0 10 1 -1 -1 1 20 -1 1 1 1 -1 -1 1 -1 -1\n"; // exactly the limit: kept
        Result r = readAll(write("huge.swf", content));
        assertEquals(List.of(1L, 3L, 5L, 6L), r.jobs.stream().map(j -> j.id).toList());
        assertEquals(List.of(0.0, 10.0, 10.0, 1e10), r.jobs.stream().map(j -> j.submitTime).toList());
        assertEquals(Map.of("submit_time_too_large", 2L), r.report.skipped());
        assertEquals(Map.of("submit_time_out_of_order", 1L), r.report.repaired());
        List<WorkloadReport.Skipped> examples = r.report.skippedExamples().get("submit_time_too_large");
        assertEquals(List.of(2L, 4L), examples.stream().map(WorkloadReport.Skipped::line).toList());
        // the line's own value, not a clamped time
        assertTrue(examples.get(0).detail().contains("submit time 1e300 "), examples.get(0).detail());
        assertTrue(examples.get(1).detail().contains("submit time 10000000000.5 "), examples.get(1).detail());

        InputException e = assertThrows(InputException.class, () -> readAll(write("huge.swf", content), opts("strict", true)));
        assertEquals(2, e.line());
        assertEquals("field 2 (submit time)", e.field());
        assertTrue(e.getMessage().contains("1e300") && e.getMessage().contains("submit_time_too_large"), e.getMessage());
    }

    /**
     * A runtime no simulation can run (beyond SimTime.MAX_JOB_TIME, 1e10 s) is skipped by the reader as
     * runtime_too_large, naming field 4 and the line's own value, and is not the time later lines are clamped to. It
     * used to be returned, and the engine skipped it as invalid_job naming the field 'job' (with strict: "job: job 2 has
     * submit time 20.0, runtime 1.0E300, ...").
     */
    @Test
    void aRuntimeBeyondTheLimitIsSkippedNamingField4() throws IOException {
        String content = job(1, 0, 10, 1, 20)
                + job(2, 20, "1e300", "1", "1", "20")
                + job(3, 10, 10, 1, 20) // not clamped to job 2's 20: the reader did not keep it
                + job(4, 30, "10000000000.5", "1", "1", "-1")
                + job(5, 40, "10000000000", "1", "1", "-1"); // exactly the limit: kept
        Result r = readAll(write("long.swf", content));
        assertEquals(List.of(1L, 3L, 5L), r.jobs.stream().map(j -> j.id).toList());
        assertEquals(List.of(0.0, 10.0, 40.0), r.jobs.stream().map(j -> j.submitTime).toList());
        assertEquals(1e10, r.jobs.get(2).runtime);
        assertEquals(Map.of("runtime_too_large", 2L), r.report.skipped());
        assertEquals(Map.of("requested_time_from_runtime", 1L), r.report.repaired());
        List<WorkloadReport.Skipped> examples = r.report.skippedExamples().get("runtime_too_large");
        assertEquals(List.of(2L, 4L), examples.stream().map(WorkloadReport.Skipped::line).toList());
        assertTrue(examples.get(0).detail().contains("job 2: runtime 1e300 is beyond the 10000000000 s"), examples.get(0).detail());
        assertTrue(examples.get(1).detail().contains("runtime 10000000000.5 "), examples.get(1).detail());

        InputException e = assertThrows(InputException.class, () -> readAll(write("long.swf", content), opts("strict", true)));
        assertEquals(2, e.line());
        assertEquals("field 4 (run time)", e.field());
        assertTrue(e.getMessage().contains("runtime 1e300") && e.getMessage().contains("runtime_too_large"), e.getMessage());
    }

    /**
     * A requested time beyond SimTime.MAX_JOB_TIME with a runtime within it is a repair, not a skip: the job takes the
     * limit, still the largest request a job can make (taking the runtime, as for a missing one, would turn the trace's
     * huge overestimate into a perfect one). With strict it is an error naming field 9 and the line's value; with
     * requested_time=runtime field 9 is not read. It used to reach the engine, which skipped the whole job as
     * invalid_job, naming the field 'job'.
     */
    @Test
    void aRequestedTimeBeyondTheLimitIsTakenAsTheLimit() throws IOException {
        String content = job(1, 0, "10", "1", "1", "1e300")
                + job(2, 1, "10", "1", "1", "10000000000.5")
                + job(3, 2, "10", "1", "1", "10000000000"); // exactly the limit: as it is
        Result r = readAll(write("req.swf", content));
        assertEquals(List.of(1e10, 1e10, 1e10), r.jobs.stream().map(j -> j.requestedTime).toList());
        assertEquals(List.of(10.0, 10.0, 10.0), r.jobs.stream().map(j -> j.runtime).toList());
        assertTrue(r.report.skipped().isEmpty(), r.report.skipped().toString());
        assertEquals(Map.of("requested_time_too_large_clamped", 2L), r.report.repaired());
        // the same with synthesize: only missing or non-positive requests are synthesized
        Result syn = readAll(write("req.swf", content), opts("requested_time", "synthesize"));
        assertEquals(List.of(1e10, 1e10, 1e10), syn.jobs.stream().map(j -> j.requestedTime).toList());
        assertEquals(Map.of("requested_time_too_large_clamped", 2L), syn.report.repaired());
        // perfect estimates do not read field 9
        Result perfect = readAll(write("req.swf", content), opts("requested_time", "runtime"));
        assertEquals(List.of(10.0, 10.0, 10.0), perfect.jobs.stream().map(j -> j.requestedTime).toList());
        assertTrue(perfect.report.repaired().isEmpty(), perfect.report.repaired().toString());

        InputException e = assertThrows(InputException.class, () -> readAll(write("req.swf", content), opts("strict", true)));
        assertEquals(1, e.line());
        assertEquals("field 9 (requested time)", e.field());
        assertTrue(e.getMessage().contains("requested time 1e300 is beyond the 10000000000 s")
                && e.getMessage().contains("requested_time_too_large_clamped"), e.getMessage());
    }

    /**
     * A synthesized request is at most SimTime.MAX_JOB_TIME: runtime x U[1, k] of a runtime near the limit went beyond
     * it, and the run skipped the job as invalid_job.
     */
    @Test
    void aSynthesizedRequestedTimeStaysWithinTheLimit() throws IOException {
        Result r = readAll(write("syn.swf", job(1, 0, "9000000000", "1", "1", "-1") + job(2, 1, "9000000000", "1", "1", "-1")),
                opts("requested_time", "synthesize", "overestimate_max", 1000));
        assertEquals(List.of(1e10, 1e10), r.jobs.stream().map(j -> j.requestedTime).toList());
        assertEquals(Map.of("requested_time_synthesized", 2L), r.report.repaired());
    }

    @Test
    void outOfOrderSubmitIsAnErrorInStrictMode() throws IOException {
        Path f = write("o.swf", job(1, 100, 10, 1, 20) + job(2, 100, 10, 1, 20) + job(3, 50, 10, 1, 20));
        InputException e = assertThrows(InputException.class, () -> readAll(f, opts("strict", true)));
        assertEquals("field 2 (submit time)", e.field());
        assertEquals(3, e.line());
        assertTrue(e.getMessage().contains("o.swf"), e.getMessage());
        assertTrue(e.getMessage().contains("50") && e.getMessage().contains("100"), e.getMessage());
    }

    // ------------------------------------------------------------------ options and files

    @Test
    void badOptionValuesListTheValidOnes() throws IOException {
        Path f = write("ok.swf", job(1, 0, 10, 1, 20));
        InputException p = assertThrows(InputException.class, () -> reader.open(f, opts("processors", "used")));
        assertEquals("processors", p.field());
        assertTrue(p.getMessage().contains("'used'") && p.getMessage().contains("allocated, requested"),
                p.getMessage());
        InputException t = assertThrows(InputException.class,
                () -> reader.open(f, opts("requested_time", "guess")));
        assertEquals("requested_time", t.field());
        assertTrue(t.getMessage().contains("requested, runtime, synthesize"), t.getMessage());
        InputException n = assertThrows(InputException.class, () -> reader.open(f, opts("processors", 4)));
        assertEquals("processors", n.field());
        InputException s = assertThrows(InputException.class, () -> reader.open(f, opts("strict", "maybe")));
        assertEquals("strict", s.field());
        assertTrue(s.getMessage().contains("true or false"), s.getMessage());
        InputException u = assertThrows(InputException.class, () -> reader.open(f, opts("procs", "allocated")));
        assertEquals("procs", u.field());
        assertTrue(u.getMessage().contains("overestimate_max, processors, requested_time, seed, sort, strict"), u.getMessage());
        // values are case-insensitive
        assertEquals(1, readAll(f, opts("processors", "Requested", "requested_time", "RUNTIME")).jobs.size());
    }

    @Test
    void missingFileIsAClearIOException() {
        Path f = dir.resolve("nope.swf");
        IOException e = assertThrows(IOException.class, () -> reader.open(f, opts()));
        assertEquals("cannot read workload file " + f + ": no such file", e.getMessage());
        IOException d = assertThrows(IOException.class, () -> reader.open(dir, opts()));
        assertTrue(d.getMessage().contains("directory"), d.getMessage());
    }

    @Test
    void progressGrowsToOneAtTheEnd() throws IOException {
        StringBuilder sb = new StringBuilder("; MaxProcs: 4\n");
        for (int i = 1; i <= 50_000; i++) {
            sb.append(job(i, i, 10, 1, 20));
        }
        for (Path f : List.of(write("big.swf", sb.toString()), writeGz("big.swf.gz", sb.toString()))) {
            try (JobSource src = reader.open(f, opts())) {
                double first = src.progress();
                assertTrue(first >= 0 && first < 1, "progress at start " + first);
                double last = first;
                JobRecord r = new JobRecord();
                int n = 0;
                while (src.next(r)) {
                    double p = src.progress();
                    assertTrue(p >= last && p < 1.0, "progress " + p + " after " + last);
                    last = p;
                    n++;
                }
                assertEquals(50_000, n);
                assertEquals(1.0, src.progress());
                assertFalse(src.next(r)); // stays at the end
                assertEquals(1.0, src.progress());
            }
        }
    }

    @Test
    void nextAfterCloseReturnsFalse() throws IOException {
        Path f = write("c.swf", job(1, 0, 10, 1, 20) + job(2, 1, 10, 1, 20));
        JobSource src = reader.open(f, opts());
        JobRecord r = new JobRecord();
        assertTrue(src.next(r));
        src.close();
        src.close();
        assertFalse(src.next(r));
    }

    @Test
    void nullOptionsMeanDefaults() throws IOException {
        Path f = write("n.swf", job(1, 0, 10, 1, -1));
        try (JobSource src = reader.open(f, null)) {
            JobRecord r = new JobRecord();
            assertTrue(src.next(r));
            assertEquals(10.0, r.requestedTime);
        }
    }
}
