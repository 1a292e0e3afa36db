package org.gridsched.workload.swf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.workload.swf.writer.SwfWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fields 3 (wait) and 12-18 (user, group, executable, queue, partition, preceding job, think time) are kept. */
class SwfSubmitterFieldsTest {
    @TempDir
    Path dir;

    private static final String TRACE = "; MaxProcs: 8\n"
            // id submit wait run alloc cpu mem reqp reqt reqm status user group exe queue part prec think
            + "1 0 120 10 2 -1 -1 2 20 -1 1 7 3 11 2 1 -1 -1\n"
            + "2 5 -1 10 1 -1 -1 1 20 -1 1 -1 -1 -1 -1 -1 1 30.5\n"
            + "3 6 0 10 1 -1 -1 1 20 -1 1 2.5 -7 0 0 0 -3 -1\n"
            + "4 4 7.25 10 1 -1 -1 1 20 -1 1 9 4 1 1 2 2 0\n";

    private List<JobRecord> read(PluginOptions options, List<Map<String, Long>> repairs) throws IOException {
        Path f = dir.resolve("t.swf");
        Files.writeString(f, TRACE);
        List<JobRecord> out = new ArrayList<>();
        try (JobSource s = new SwfReader().open(f, options)) {
            JobRecord r = new JobRecord();
            while (s.next(r)) {
                out.add(r.copy());
            }
            repairs.add(s.report().repaired());
        }
        return out;
    }

    private static void check(JobRecord r, double wait, int user, int group, int exe, int queue, int partition,
            long preceding, double think) {
        String what = "job " + r.id;
        assertEquals(wait, r.recordedWait, what);
        assertEquals(user, r.user, what);
        assertEquals(group, r.group, what);
        assertEquals(exe, r.executable, what);
        assertEquals(queue, r.queue, what);
        assertEquals(partition, r.partition, what);
        assertEquals(preceding, r.precedingJob, what);
        assertEquals(think, r.thinkTime, what);
    }

    @Test
    void fieldsThreeAndTwelveToEighteenAreKeptMinusOneIsUnknown() throws IOException {
        List<Map<String, Long>> repairs = new ArrayList<>();
        List<JobRecord> jobs = read(PluginOptions.empty("t"), repairs);
        check(jobs.get(0), 120, 7, 3, 11, 2, 1, -1, -1);
        check(jobs.get(1), -1, -1, -1, -1, -1, -1, 1, 30.5);
        // 2.5 (user), -7 (group) and -3 (preceding job) are not numbers of anything: unknown, and counted
        check(jobs.get(2), 0, -1, -1, 0, 0, 0, -1, -1);
        assertEquals(3L, repairs.get(0).get(SwfJobSource.REPAIR_ID_UNKNOWN));
        // job 4 is out of order: clamped to submit 6, its fields still its own
        check(jobs.get(3), 7.25, 9, 4, 1, 1, 2, 2, 0);
    }

    @Test
    void sortedReadingKeepsThemToo() throws IOException {
        List<JobRecord> jobs = read(new PluginOptions("t", Map.of("sort", true)), new ArrayList<>());
        assertEquals(List.of(1L, 4L, 2L, 3L), jobs.stream().map(j -> j.id).toList());
        check(jobs.get(1), 7.25, 9, 4, 1, 1, 2, 2, 0);
        check(jobs.get(2), -1, -1, -1, -1, -1, -1, 1, 30.5);
    }

    @Test
    void swfWriterWritesThemBack() throws IOException {
        List<Map<String, Long>> repairs = new ArrayList<>();
        List<JobRecord> jobs = read(PluginOptions.empty("t"), repairs);
        StringWriter w = new StringWriter();
        SwfWriter.write(new org.gridsched.engine.ListJobSource("t", jobs), w);
        List<String> lines = w.toString().lines().filter(l -> !l.startsWith(";")).toList();
        assertEquals("1 0 120 10 2 -1 -1 2 20 -1 1 7 3 11 2 1 -1 -1", lines.get(0));
        assertEquals("2 5 -1 10 1 -1 -1 1 20 -1 1 -1 -1 -1 -1 -1 1 30.5", lines.get(1));
        assertEquals("4 6 7.25 10 1 -1 -1 1 20 -1 1 9 4 1 1 2 2 0", lines.get(3));
    }

    /** A wait time of -7 or a think time of -2.5 became unknown without a word; -1 (SWF's unknown) is not counted. */
    @Test
    void aNegativeWaitOrThinkTimeOtherThanMinusOneIsACountedRepair() throws IOException {
        Path f = dir.resolve("neg.swf");
        Files.writeString(f, "1 0 -7 10 1 -1 -1 1 20 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
                + "2 5 -1 10 1 -1 -1 1 20 -1 1 -1 -1 -1 -1 -1 -1 -2.5\n"
                + "3 6 -1 10 1 -1 -1 1 20 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
        try (JobSource s = new SwfReader().open(f, PluginOptions.empty("t"))) {
            JobRecord r = new JobRecord();
            List<JobRecord> jobs = new ArrayList<>();
            while (s.next(r)) {
                jobs.add(r.copy());
            }
            assertEquals(3, jobs.size());
            check(jobs.get(0), -1, -1, -1, -1, -1, -1, -1, -1);
            check(jobs.get(1), -1, -1, -1, -1, -1, -1, -1, -1);
            assertEquals(Map.of(SwfJobSource.REPAIR_WAIT_UNKNOWN, 1L, SwfJobSource.REPAIR_THINK_UNKNOWN, 1L), s.report().repaired());
        }
    }
}
