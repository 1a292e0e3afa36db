package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24, through the command line: bad numbers in trace headers, impossible jobs in strict mode and workflow
 * names that cannot name result files give an error naming file, line and field, exit status 1 and no stack trace.
 */
class ReaderErrorsAppTest {
    @TempDir
    Path tmp;

    /** An SWF job line: id, submit, runtime, processors (allocated and requested), requested time 100. */
    private static String job(int id, int submit, int runtime, int procs) {
        return id + " " + submit + " 0 " + runtime + " " + procs + " -1 -1 " + procs + " 100 -1 1 1 1 -1 -1 1 -1 -1";
    }

    private Path write(String name, String... lines) throws IOException {
        Path f = tmp.resolve(name);
        Files.write(f, List.of(lines));
        return f;
    }

    private App.Result run(String... args) throws IOException, InterruptedException {
        return App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, args);
    }

    private static void assertUserError(App.Result r, String expected) {
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains(expected), "expected '" + expected + "' in: " + r.all());
        assertFalse(r.all().contains("at org.") || r.all().contains("Exception"), "no stack trace or exception name: " + r.all());
    }

    /** {@code ; MaxProcs: 99999999999} sized the platform through a bare NumberFormatException. */
    @Test
    void anSwfHeaderNumberOutOfRangeNamesFileLineAndField() throws Exception {
        Path trace = write("t.swf", "; Version: 2.2", "; MaxProcs: 99999999999", job(1, 0, 10, 1));
        assertUserError(run("simulate", "--workload", trace.toString(), "--quiet", "--out", tmp.resolve("o").toString()),
                "t.swf:2: MaxProcs: number out of range: '99999999999'");
    }

    /** README: impossible jobs are errors in strict mode; they were skipped with exit status 0. */
    @Test
    void strictRunsRefuseImpossibleJobs() throws Exception {
        String[][] cases = {{job(2, 5, 0, 1), "field 4 (run time)"}, {job(2, 5, 10, 0), "field 5 (allocated processors)"},
            {job(2, -100, 10, 1), "field 2 (submit time)"}, {job(2, -1, 10, 1), "field 2 (submit time)"}};
        for (String[] c : cases) {
            Path trace = write("t.swf", "; MaxProcs: 4", job(1, 0, 10, 1), c[0]);
            assertUserError(run("simulate", "--workload", trace.toString(), "--strict", "--quiet", "--out", tmp.resolve("s").toString()),
                    "t.swf:3: " + c[1]);
        }
    }

    /**
     * A runtime or requested time beyond 1e10 s reached the run, which skipped the job as invalid_job and with --strict
     * named the field 'job' and the record's time, not the trace's field: now the reader skips a runtime as
     * runtime_too_large, takes a requested time as 1e10 s (requested_time_too_large_clamped), and with --strict names
     * field 4 or 9 and the line's own value.
     */
    @Test
    void aRuntimeOrRequestedTimeBeyondTheLimitNamesItsField() throws Exception {
        String longRun = "2 5 0 1e300 1 -1 -1 1 100 -1 1 1 1 -1 -1 1 -1 -1";
        String longRequest = "3 6 0 10 1 -1 -1 1 1e300 -1 1 1 1 -1 -1 1 -1 -1";
        Path trace = write("t.swf", "; MaxProcs: 4", job(1, 0, 10, 1), longRun, longRequest);
        App.Result r = run("simulate", "--workload", trace.toString(), "--quiet", "--out", tmp.resolve("l").toString());
        assertEquals(0, r.exit(), r.all());
        String summary = Files.readString(tmp.resolve("l/summary.json"));
        assertTrue(summary.contains("\"runtime_too_large\": 1") && summary.contains("\"requested_time_too_large_clamped\": 1")
                && !summary.contains("invalid_job"), summary);
        assertUserError(run("simulate", "--workload", trace.toString(), "--strict", "--quiet", "--out", tmp.resolve("s").toString()),
                "t.swf:3: field 4 (run time): job 2: runtime 1e300 is beyond");
        trace = write("t.swf", "; MaxProcs: 4", job(1, 0, 10, 1), longRequest);
        assertUserError(run("simulate", "--workload", trace.toString(), "--strict", "--quiet", "--out", tmp.resolve("s").toString()),
                "t.swf:3: field 9 (requested time): job 3: requested time 1e300 is beyond");
    }

    /**
     * bench sizes its cluster by a trace's MaxProcs, else MaxNodes, by the reader's rule (HeaderNumbers): an empty
     * MaxProcs (which the reader takes as absent) failed with a Java NumberFormatException instead of using MaxNodes,
     * and a trace with neither with a NullPointerException; the latter is an error naming the trace and MaxProcs.
     */
    @Test
    void benchSizesItsClusterByTheHeaderAsARunDoes() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("data"));
        Files.write(data.resolve("lublin_256.swf"), List.of("; MaxProcs:", "; MaxNodes: +4 (nodes of 1 processor)", job(1, 0, 10, 1),
                job(2, 1, 10, 4), job(3, 2, 10, 8)));
        App.Result r = run("bench", "--data", data.toString(), "--jobs", "0", "--runs", "1", "--policies", "fcfs");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("| lublin_256.swf | 2 | 4 | fcfs |"), r.all()); // job 3 is wider than the cluster

        Files.write(data.resolve("lublin_256.swf"), List.of("; Version: 2.2", job(1, 0, 10, 1)));
        assertUserError(run("bench", "--data", data.toString(), "--jobs", "0", "--runs", "1", "--policies", "fcfs"),
                "lublin_256.swf: MaxProcs: the bench sizes its cluster by the trace header");
    }

    /** SWF's -1 is a missing submit time; -100 was counted as one too. */
    @Test
    void aNegativeSubmitTimeHasItsOwnReason() throws Exception {
        Path trace = write("t.swf", "; MaxProcs: 4", job(1, 0, 10, 1), job(2, -1, 10, 1), job(3, -100, 10, 1), job(4, 5, 10, 1));
        App.Result r = run("simulate", "--workload", trace.toString(), "--quiet", "--out", tmp.resolve("n").toString());
        assertEquals(0, r.exit(), r.all());
        String summary = Files.readString(tmp.resolve("n/summary.json"));
        assertTrue(summary.contains("\"submit_time_missing\": 1") && summary.contains("\"submit_time_negative\": 1"), summary);
    }

    /** {@code components=99999999999} in a GWF trace: a bare NumberFormatException before. */
    @Test
    void aGwfComponentCountOutOfRangeNamesFileLineAndField() throws Exception {
        String rest = " -1 -1 -1 -1 -1 -1 -1 -1 -1";
        Path trace = write("t.gwf", "# test", "1 0 0 10 4 -1 -1 4 100 -1 1 U1 G1 E1 Q1 -1 fs0 fs0 UNITARY -1" + rest,
                "2 5 0 10 8 -1 -1 8 100 -1 1 U1 G1 E1 Q1 -1 -1 -1 COALLOC components=99999999999" + rest);
        assertUserError(run("simulate", "--workload", trace.toString(), "--platform", "c:16", "--strict", "--quiet", "--out",
                tmp.resolve("g").toString()), "t.gwf:3: JobStructureParams");
    }

    /** A 5,000-character workflow name failed after the whole run ("File name too long") and lost the results. */
    @Test
    void aWorkflowNameTooLongIsRefusedBeforeTheRun() throws Exception {
        Path wf = write("w.json", "{\"name\": \"" + "w".repeat(5000) + "\", \"workflow\": {\"specification\": {\"tasks\": ["
                + "{\"id\": \"A\", \"name\": \"a\"}]}, \"execution\": {\"tasks\": [{\"id\": \"A\", \"runtimeInSeconds\": 10}]}}}");
        Path profile = write("p.json", "{\"name\": \"long-name\", \"platform\": [{\"name\": \"c\", \"processors\": 4}], \"batch\": \"fcfs\","
                + " \"controllers\": [{\"name\": \"workflow\", \"options\": {\"workflows\": \"" + wf + "\", \"count\": 1}}],"
                + " \"collectors\": [\"workflow\"], \"workload\": {\"file\": \"" + App.HOME.resolve("runconfigs/data/no-jobs.swf") + "\"},"
                + " \"progress\": false, \"output\": \"" + tmp.resolve("w") + "\"}");
        App.Result r = run("run", profile.toString());
        assertUserError(r, "w.json: name: is 5000 characters long");
        assertFalse(r.all().contains("File name too long"), r.all());
    }
}
