package org.gridsched.workload.gwf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The field mapping on a hand-made trace (src/test/resources/sample.gwf), line by line. */
class GwfReaderTest {

    private static Path sample() throws URISyntaxException {
        return Path.of(GwfReaderTest.class.getResource("/sample.gwf").toURI());
    }

    private static List<String> read(Path file, Map<String, Object> options, JobSource[] keep) throws IOException {
        List<String> out = new ArrayList<>();
        try (JobSource s = new GwfReader().open(file, new PluginOptions("workload reader 'gwf'", options))) {
            JobRecord r = new JobRecord();
            while (s.next(r)) {
                out.add(r.id + " t=" + r.submitTime + " run=" + r.runtime + " req=" + r.requestedTime + " p=" + r.processors
                        + " home=" + r.home + " c=" + r.components + " line=" + r.line);
            }
            keep[0] = s;
        }
        return out;
    }

    /**
     * Job 1 (fs0) and 2 (fs1) are local to sites 0 and 1; job 3 is co-allocated (COALLOC, components=4) with no
     * home and its runtime as requested time; the 5-field line is malformed; job 4 has runtime 0; job 5 gets
     * ReqNProcs for its missing NProcs; job 6's 16 processors do not split into 3 components; job 8 (BoT, a new
     * site fs2) is submitted before job 5 and moved to its time.
     */
    @Test
    void fieldsMapToJobs() throws Exception {
        JobSource[] s = new JobSource[1];
        List<String> jobs = read(sample(), Map.of(), s);
        assertEquals(List.of(
                "1 t=0.0 run=100.0 req=200.0 p=4 home=0 c=1 line=4",
                "2 t=10.0 run=50.0 req=60.0 p=2 home=1 c=1 line=5",
                "3 t=20.0 run=300.0 req=300.0 p=16 home=-1 c=4 line=6",
                "5 t=40.0 run=70.0 req=100.0 p=8 home=0 c=1 line=9",
                "8 t=40.0 run=30.0 req=30.0 p=1 home=2 c=1 line=11"), jobs);
        assertEquals(8, s[0].report().read());
        assertEquals(Map.of("malformed_line", 1L, "runtime_not_positive", 1L, "unequal_components", 1L), s[0].report().skipped());
        assertEquals(Map.of("requested_time_from_runtime", 1L, "processors_from_requested", 1L, "submit_time_out_of_order", 1L),
                s[0].report().repaired());
        assertEquals("fs0,fs1,fs2", s[0].header().get("Sites"));
    }

    /** WaitTime, UserID (U1: 1), GroupID, ExecutableID, QueueID and PartitionID (-1: unknown) are kept. */
    @Test
    void whoSubmittedItAndTheRecordedWait() throws Exception {
        List<JobRecord> jobs = new ArrayList<>();
        try (JobSource s = new GwfReader().open(sample(), new PluginOptions("workload reader 'gwf'", Map.of()))) {
            JobRecord r = new JobRecord();
            while (s.next(r)) {
                jobs.add(r.copy());
            }
        }
        JobRecord first = jobs.get(0);
        assertEquals(List.of(5.0, 1, 1, 1, 1, -1), List.of(first.recordedWait, first.user, first.group, first.executable,
                first.queue, first.partition));
        assertEquals(0.0, jobs.get(1).recordedWait);
    }

    /** The sites option orders the clusters; jobs of sites not listed are skipped. The raw clock keeps Unix times. */
    @Test
    void sitesAndClockAreOptions() throws Exception {
        JobSource[] s = new JobSource[1];
        List<String> jobs = read(sample(), Map.of("sites", "fs1,fs0", "clock", "raw", "requested_time", "runtime"), s);
        assertTrue(jobs.get(0).startsWith("1 t=1.13607E9 run=100.0 req=100.0 p=4 home=1"), jobs.get(0));
        assertTrue(jobs.get(1).contains(" home=0 "), jobs.get(1));
        assertEquals(4, jobs.size());
        assertEquals(1L, s[0].report().skipped().get("unknown_site"));
    }

    @Test
    void strictModeNamesFileLineAndField() {
        InputException e = assertThrows(InputException.class, () -> read(sample(), Map.of("strict", true), new JobSource[1]));
        assertEquals(7, e.line());
        assertEquals("fields", e.field());
        assertTrue(e.getMessage().contains("sample.gwf:7"), e.getMessage());
        assertEquals("clock", assertThrows(InputException.class, () -> read(sample(), Map.of("clock", "unix"), new JobSource[1])).field());
        assertEquals("sites", assertThrows(InputException.class, () -> read(sample(), Map.of("sites", "a,a"), new JobSource[1])).field());
    }

    @Test
    void gzippedTracesAndNames(@TempDir Path dir) throws Exception {
        Path gz = dir.resolve("t.gwf.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(Files.readAllBytes(sample()));
        }
        assertEquals(5, read(gz, Map.of(), new JobSource[1]).size());
        assertTrue(new GwfReader().accepts(gz));
        assertFalse(new GwfReader().accepts(dir.resolve("t.swf")));
        assertEquals("gwf", new GwfReader().name());
        assertThrows(IOException.class, () -> read(dir.resolve("missing.gwf"), Map.of(), new JobSource[1]));
    }

    /** A GWF line: id, submit, runtime, NProcs, ReqNProcs, JobStructure and its params; the other fields -1. */
    private static String line(String id, String submit, String runtime, String procs, String reqProcs, String structure, String params) {
        return id + " " + submit + " 0 " + runtime + " " + procs + " -1 -1 " + reqProcs + " 100 -1 1 U1 G1 E1 Q1 -1 fs0 fs0 "
                + structure + " " + params + " -1 -1 -1 -1 -1 -1 -1 -1 -1\n";
    }

    private static Path trace(Path dir, String... lines) throws IOException {
        Path f = dir.resolve("t.gwf");
        Files.writeString(f, "# test\n" + line("1", "0", "10", "4", "4", "UNITARY", "-1") + String.join("", lines));
        return f;
    }

    /** components=99999999999 threw a bare NumberFormatException (issue 24): now skipped, or an error naming file, line, field. */
    @Test
    void hugeComponentCountIsSkippedOrAnErrorNamingTheLine(@TempDir Path dir) throws Exception {
        Path f = trace(dir, line("2", "5", "10", "8", "8", "COALLOC", "components=99999999999"));
        JobSource[] s = new JobSource[1];
        assertEquals(1, read(f, Map.of(), s).size());
        assertEquals(Map.of("unequal_components", 1L), s[0].report().skipped());
        InputException e = assertThrows(InputException.class, () -> read(f, Map.of("strict", true), new JobSource[1]));
        assertEquals(f.toString(), e.source());
        assertEquals(3, e.line());
        assertEquals("JobStructureParams", e.field());
        assertTrue(e.getMessage().contains("components=99999999999"), e.getMessage());
    }

    /** Processor counts beyond an int were cast to 2147483647 without a word; ids beyond 9e15, "NaN" and "Infinity" were taken. */
    @Test
    void numbersOutOfRangeAreMalformedNamingTheField(@TempDir Path dir) throws Exception {
        String[][] cases = {
            {line("2", "5", "10", "99999999999", "4", "UNITARY", "-1"), "NProcs", "out of range"},
            {line("2", "5", "10", "-1", "99999999999", "UNITARY", "-1"), "ReqNProcs", "out of range"},
            {line("99999999999999999999", "5", "10", "4", "4", "UNITARY", "-1"), "JobID", "out of range"},
            {line("2", "5", "1e400", "4", "4", "UNITARY", "-1"), "RunTime", "out of range"},
            {line("2", "5", "NaN", "4", "4", "UNITARY", "-1"), "field 4", "not a number"},
            {line("2", "Infinity", "10", "4", "4", "UNITARY", "-1"), "field 2", "not a number"},
        };
        for (String[] c : cases) {
            Path f = trace(dir, c[0]);
            JobSource[] s = new JobSource[1];
            assertEquals(1, read(f, Map.of(), s).size(), c[0]);
            assertEquals(Map.of("malformed_line", 1L), s[0].report().skipped(), c[0]);
            InputException e = assertThrows(InputException.class, () -> read(f, Map.of("strict", true), new JobSource[1]), c[0]);
            assertEquals(3, e.line(), e.getMessage());
            assertEquals(c[1], e.field(), e.getMessage());
            assertTrue(e.getMessage().contains(c[2]), e.getMessage());
        }
    }

    /** GWF's -1 means a missing submit time; -100 is a wrong value, counted under its own reason. */
    /**
     * A submit time beyond the simulation's reach is skipped before the out-of-order clamp: after a submit of 1e300 every
     * later line was clamped to it, then skipped in turn as invalid_job with a time it did not have.
     */
    @Test
    void aSubmitTimeBeyondTheLimitIsSkippedAndDoesNotMoveTheClamp(@TempDir Path dir) throws Exception {
        Path f = trace(dir, line("2", "1e300", "10", "4", "4", "UNITARY", "-1"), line("3", "5", "10", "4", "4", "UNITARY", "-1"));
        JobSource[] s = new JobSource[1];
        List<String> jobs = read(f, Map.of(), s);
        assertEquals(2, jobs.size(), jobs.toString());
        assertTrue(jobs.get(1).startsWith("3 t=5.0 "), jobs.toString());
        assertEquals(Map.of("submit_time_too_large", 1L), s[0].report().skipped());
        InputException e = assertThrows(InputException.class, () -> read(f, Map.of("strict", true), new JobSource[1]));
        assertEquals("SubmitTime", e.field());
        assertTrue(e.getMessage().contains("1e300"), e.getMessage());
    }

    /**
     * A RunTime beyond SimTime.MAX_JOB_TIME (1e10 s) is skipped by the reader as runtime_too_large, naming RunTime and the
     * line's value, and is not the time later lines are clamped to; the engine skipped it as invalid_job naming 'job'.
     */
    @Test
    void aRuntimeBeyondTheLimitIsSkippedNamingRunTime(@TempDir Path dir) throws Exception {
        Path f = trace(dir, line("2", "20", "1e300", "4", "4", "UNITARY", "-1"), line("3", "10", "10", "4", "4", "UNITARY", "-1"),
                line("4", "30", "10000000000.5", "4", "4", "UNITARY", "-1"), line("5", "40", "10000000000", "4", "4", "UNITARY", "-1"));
        JobSource[] s = new JobSource[1];
        List<String> jobs = read(f, Map.of(), s);
        assertEquals(3, jobs.size(), jobs.toString());
        assertTrue(jobs.get(1).startsWith("3 t=10.0 "), jobs.toString()); // not clamped to job 2's 20
        assertTrue(jobs.get(2).startsWith("5 t=40.0 run=1.0E10 "), jobs.toString()); // exactly the limit: kept
        assertEquals(Map.of("runtime_too_large", 2L), s[0].report().skipped());
        assertTrue(s[0].report().repaired().isEmpty(), s[0].report().repaired().toString());
        assertTrue(s[0].report().skippedExamples().get("runtime_too_large").get(0).detail()
                .contains("RunTime: job 2: runtime 1e300 is beyond the 10,000,000,000 s"), s[0].report().skippedExamples().toString());
        InputException e = assertThrows(InputException.class, () -> read(f, Map.of("strict", true), new JobSource[1]));
        assertEquals(3, e.line());
        assertEquals("RunTime", e.field());
        assertTrue(e.getMessage().contains("runtime 1e300"), e.getMessage());
    }

    /**
     * A ReqTime beyond SimTime.MAX_JOB_TIME with a runtime within it is taken as the limit (repair
     * requested_time_too_large_clamped), an error naming ReqTime with strict, and not read with requested_time=runtime.
     * The engine skipped the whole job as invalid_job, naming the field 'job'.
     */
    @Test
    void aRequestedTimeBeyondTheLimitIsTakenAsTheLimit(@TempDir Path dir) throws Exception {
        String huge = line("2", "5", "10", "4", "4", "UNITARY", "-1").replace(" 100 -1 1 U1 ", " 1e300 -1 1 U1 ");
        String justAbove = line("3", "6", "10", "4", "4", "UNITARY", "-1").replace(" 100 -1 1 U1 ", " 10000000000.5 -1 1 U1 ");
        Path f = trace(dir, huge, justAbove);
        JobSource[] s = new JobSource[1];
        List<String> jobs = read(f, Map.of(), s);
        assertEquals(List.of("1 t=0.0 run=10.0 req=100.0 p=4 home=0 c=1 line=2", "2 t=5.0 run=10.0 req=1.0E10 p=4 home=0 c=1 line=3",
                "3 t=6.0 run=10.0 req=1.0E10 p=4 home=0 c=1 line=4"), jobs);
        assertTrue(s[0].report().skipped().isEmpty(), s[0].report().skipped().toString());
        assertEquals(Map.of("requested_time_too_large_clamped", 2L), s[0].report().repaired());
        List<String> perfect = read(f, Map.of("requested_time", "runtime"), s);
        assertTrue(perfect.get(1).contains(" req=10.0 "), perfect.toString());
        assertTrue(s[0].report().repaired().isEmpty(), s[0].report().repaired().toString());
        InputException e = assertThrows(InputException.class, () -> read(f, Map.of("strict", true), new JobSource[1]));
        assertEquals(3, e.line());
        assertEquals("ReqTime", e.field());
        assertTrue(e.getMessage().contains("requested time 1e300 is beyond"), e.getMessage());
    }

    @Test
    void negativeSubmitIsNotMissing(@TempDir Path dir) throws Exception {
        Path f = trace(dir, line("2", "-1", "10", "4", "4", "UNITARY", "-1"), line("3", "-100", "10", "4", "4", "UNITARY", "-1"));
        JobSource[] s = new JobSource[1];
        assertEquals(1, read(f, Map.of(), s).size());
        assertEquals(Map.of("submit_time_missing", 1L, "submit_time_negative", 1L), s[0].report().skipped());
        InputException e = assertThrows(InputException.class, () -> read(trace(dir, line("3", "-100", "10", "4", "4", "UNITARY", "-1")),
                Map.of("strict", true), new JobSource[1]));
        assertEquals("SubmitTime", e.field());
        assertTrue(e.getMessage().contains("-100"), e.getMessage());
    }
    /**
     * A fractional JobID or processor count was cut to a whole number without a word (2.5 became job 2, 4.5 processors 4),
     * a negative or repeated JobID made a job -2 or two jobs 1 in jobs.csv, and a line of 31 fields was taken: now
     * malformed or skipped under the SWF reader's reasons, each an error naming line and field with strict.
     */
    @Test
    void idsAndProcessorCountsAreWholeNewAndNonNegative(@TempDir Path dir) throws Exception {
        String[][] cases = {
            {line("2.5", "5", "10", "4", "4", "UNITARY", "-1"), "malformed_line", "JobID", "not a whole number"},
            {line("2", "5", "10", "4.5", "4", "UNITARY", "-1"), "malformed_line", "NProcs", "not a whole number"},
            {line("2", "5", "10", "-1", "4.7", "UNITARY", "-1"), "malformed_line", "ReqNProcs", "not a whole number"},
            {line("-2", "5", "10", "4", "4", "UNITARY", "-1"), "job_id_negative", "JobID", "negative"},
            {line("1", "5", "10", "4", "4", "UNITARY", "-1"), "job_id_duplicate", "JobID", "earlier line"},
            {line("2", "5", "10", "4", "4", "UNITARY", "-1").replace("\n", " x y\n"), "malformed_line", "fields", "31 fields"},
        };
        for (String[] c : cases) {
            Path f = trace(dir, c[0]);
            JobSource[] s = new JobSource[1];
            assertEquals(1, read(f, Map.of(), s).size(), c[0]);
            assertEquals(Map.of(c[1], 1L), s[0].report().skipped(), c[0]);
            InputException e = assertThrows(InputException.class, () -> read(f, Map.of("strict", true), new JobSource[1]), c[0]);
            assertEquals(3, e.line(), e.getMessage());
            assertEquals(c[2], e.field(), e.getMessage());
            assertTrue(e.getMessage().contains(c[3]), e.getMessage());
        }
    }

    /** A WaitTime of -7 or "abc" became unknown without a word: now counted as a repair; -1 is GWF's unknown, not counted. */
    @Test
    void anInvalidWaitTimeIsACountedRepair(@TempDir Path dir) throws Exception {
        Path f = trace(dir, line("2", "5", "10", "4", "4", "UNITARY", "-1").replaceFirst(" 0 ", " -7 "),
                line("3", "6", "10", "4", "4", "UNITARY", "-1").replaceFirst(" 0 ", " abc "),
                line("4", "7", "10", "4", "4", "UNITARY", "-1").replaceFirst(" 0 ", " -1 "));
        JobSource[] s = new JobSource[1];
        assertEquals(4, read(f, Map.of(), s).size());
        assertEquals(Map.of("wait_time_invalid_unknown", 2L), s[0].report().repaired());
    }

    /**
     * A byte order mark made the first line malformed ("'\uFEFF1' is not a number"); a gzipped trace named .gwf was read as
     * binary text (no job), and a plain one named .gwf.gz failed with "Not in GZIP format".
     */
    @Test
    void byteOrderMarkAndGzipByContent(@TempDir Path dir) throws Exception {
        Path bom = dir.resolve("bom.gwf");
        Files.writeString(bom, "\uFEFF" + line("1", "0", "10", "4", "4", "UNITARY", "-1") + line("2", "5", "10", "4", "4", "UNITARY", "-1"));
        JobSource[] s = new JobSource[1];
        assertEquals(2, read(bom, Map.of(), s).size());
        assertEquals(Map.of(), s[0].report().skipped());
        Path comment = dir.resolve("bomc.gwf");
        Files.writeString(comment, "\uFEFF# a comment\n" + line("1", "0", "10", "4", "4", "UNITARY", "-1"));
        assertEquals(1, read(comment, Map.of(), s).size());
        assertEquals(Map.of(), s[0].report().skipped());

        Path gzNamedPlain = dir.resolve("gz.gwf");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gzNamedPlain))) {
            o.write(Files.readAllBytes(sample()));
        }
        assertEquals(5, read(gzNamedPlain, Map.of(), s).size());
        Path plainNamedGz = dir.resolve("plain.gwf.gz");
        Files.copy(sample(), plainNamedGz);
        assertEquals(5, read(plainNamedGz, Map.of(), s).size());
    }
}
