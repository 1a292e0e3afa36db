package org.gridsched.workload.swf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;
import org.gridsched.engine.ListJobSource;
import org.gridsched.workload.swf.writer.SwfWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SwfWriterRoundTripTest {

    @TempDir
    Path dir;

    /** Deterministic jobs with fractional fields, generated one at a time (nothing held). */
    private static final class RandomJobs implements JobSource {
        private final long count;
        private final SplittableRandom rng;
        private final WorkloadReport report = new WorkloadReport();
        private final Map<String, String> header;
        private long id;
        private double submit;

        RandomJobs(long count, long seed, Map<String, String> header) {
            this.count = count;
            this.rng = new SplittableRandom(seed);
            this.header = header;
        }

        @Override
        public boolean next(JobRecord into) {
            if (id == count) {
                return false;
            }
            id++;
            submit += id % 7 == 0 ? 0 : -Math.log(1 - rng.nextDouble()) * 3.7; // some equal submit times
            double runtime = id % 5 == 0 ? Math.floor(1 + rng.nextDouble() * 1000) // some whole runtimes
                    : 1e-3 + rng.nextDouble() * 1e5;
            double requested = runtime * (1 + rng.nextDouble());
            int procs = 1 + rng.nextInt(4096);
            into.set(id, submit, runtime, requested, procs);
            report.countRead();
            return true;
        }

        @Override
        public String describe() {
            return "random jobs\n(seeded)";
        }

        @Override
        public WorkloadReport report() {
            return report;
        }

        @Override
        public Map<String, String> header() {
            return header;
        }
    }

    private static JobSource read(Path file) throws IOException {
        return new SwfReader().open(file, PluginOptions.empty("workload reader 'swf'"));
    }

    private static void assertSameJob(JobRecord expected, JobRecord actual) {
        assertEquals(expected.id, actual.id);
        assertEquals(expected.submitTime, actual.submitTime, 0.0, "submit of job " + expected.id);
        assertEquals(expected.runtime, actual.runtime, 0.0, "runtime of job " + expected.id);
        assertEquals(expected.requestedTime, actual.requestedTime, 0.0, "requested time of job " + expected.id);
        assertEquals(expected.processors, actual.processors, "processors of job " + expected.id);
    }

    private static void assertClean(JobSource back) {
        assertEquals(0, back.report().skippedTotal(), "skips: " + back.report().skipped());
        assertTrue(back.report().repaired().isEmpty(), "repairs: " + back.report().repaired());
    }

    private void roundTrip(String fileName, long jobs) throws IOException {
        Map<String, String> header = new LinkedHashMap<>();
        header.put("UnixStartTime", "1234567890");
        header.put("MaxProcs", "4096");
        Path file = dir.resolve(fileName);
        assertEquals(jobs, SwfWriter.write(new RandomJobs(jobs, 17, header), file));

        RandomJobs expected = new RandomJobs(jobs, 17, header);
        JobRecord e = new JobRecord();
        JobRecord a = new JobRecord();
        try (JobSource back = read(file)) {
            assertEquals("4096", back.header().get("MaxProcs"));
            assertEquals("1234567890", back.header().get("UnixStartTime"));
            assertEquals("random jobs (seeded)", back.header().get("Workload"));
            while (expected.next(e)) {
                assertTrue(back.next(a), "job " + e.id + " read back");
                assertSameJob(e, a);
            }
            assertFalse(back.next(a));
            assertEquals(jobs, back.report().read());
            assertClean(back);
        }
    }

    @Test
    void plainRoundTrip() throws IOException {
        roundTrip("jobs.swf", 50_000);
    }

    @Test
    void gzipRoundTrip() throws IOException {
        roundTrip("jobs.swf.gz", 50_000);
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve("jobs.swf.gz")))) {
            String start = new String(in.readNBytes(24), StandardCharsets.UTF_8);
            assertEquals("; Generated by gridsched", start, "the file is gzipped SWF");
        }
    }

    @Test
    void extremeValuesAndTheExactText() throws IOException {
        List<JobRecord> jobs = new ArrayList<>();
        jobs.add(new JobRecord().set(1, 0, 1e-7, 2.5e-7, 1));
        jobs.add(new JobRecord().set(2, 0.1, 0.1 + 0.2, 1, 2));
        jobs.add(new JobRecord().set(3, 0.30000000000000004, 3600, 7200, 128));
        // times up to SimTime.MAX_JOB_TIME: the reader skips later submit times and runtimes (submit_time_too_large,
        // runtime_too_large) and takes a later requested time as the limit (requested_time_too_large_clamped)
        jobs.add(new JobRecord().set(4, 12345.678901234567, 1e10, 1e10, 3));
        jobs.add(new JobRecord().set(5, 9e9 + 0.5, Math.nextDown(1e10), Math.nextDown(1e10), Integer.MAX_VALUE));
        jobs.add(new JobRecord().set(9_000_000_000_000L, 1e10, Double.MIN_VALUE, 1e10, 7));
        Path file = dir.resolve("extreme.swf");
        assertEquals(jobs.size(), SwfWriter.write(new ListJobSource("extreme", jobs), file));

        List<String> lines = Files.readAllLines(file);
        assertEquals(List.of("; Generated by gridsched", "; Workload: extreme",
                "1 0 -1 1.0E-7 1 -1 -1 1 2.5E-7 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "2 0.1 -1 0.30000000000000004 2 -1 -1 2 1 -1 1 -1 -1 -1 -1 -1 -1 -1",
                "3 0.30000000000000004 -1 3600 128 -1 -1 128 7200 -1 1 -1 -1 -1 -1 -1 -1 -1"),
                lines.subList(0, 5));
        for (String line : lines.subList(2, lines.size())) {
            assertEquals(18, line.trim().split(" ").length, line);
        }

        try (JobSource back = read(file)) {
            assertEquals(Map.of("Workload", "extreme"), back.header(), "no MaxProcs when the source has none");
            JobRecord a = new JobRecord();
            for (JobRecord e : jobs) {
                assertTrue(back.next(a));
                assertSameJob(e, a);
            }
            assertFalse(back.next(a));
            assertClean(back);
        }
    }

    /**
     * SWF traces repeat Queue, Partition and Note lines (the archive's NASA log has 2 Queue and 4 Note lines, HPC2N
     * 2 Partition lines): the reader keeps every value, joined by line breaks, and the writer writes each back on a
     * line of its own. Only the first was kept, so generate wrote one Queue of two.
     */
    @Test
    void repeatedHeaderKeysAreReadAndWrittenBackEveryOne() throws IOException {
        Path trace = dir.resolve("queues.swf");
        Files.writeString(trace, String.join("\n",
                "; Version: 2.2",
                "; MaxProcs: 128",
                "; Note: no information on wait times",
                ";       (a continuation line)",
                "; Note: group 1 is normal users",
                "; MaxQueues: 2",
                "; Queue:  0  interactive    ",
                "; Queue:  1  batch          ",
                "; Partition:  1 DEFAULT ",
                "; Partition:  2 ALL     ",
                "; MaxProcs: 256", // a numeric field has one value: its first
                ";",
                "; Note: THIS IS A CLEANED VERSION OF THE LOG!",
                "1 0 0 10 1 -1 -1 1 20 -1 1 1 1 -1 -1 1 -1 -1",
                "; Queue: 2 after the first job: a comment",
                ""));
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("Version", "2.2");
        expected.put("MaxProcs", "128");
        expected.put("Note", "no information on wait times\ngroup 1 is normal users\nTHIS IS A CLEANED VERSION OF THE LOG!");
        expected.put("MaxQueues", "2");
        expected.put("Queue", "0  interactive\n1  batch");
        expected.put("Partition", "1 DEFAULT\n2 ALL");
        Path written = dir.resolve("written.swf");
        try (JobSource in = read(trace)) {
            assertEquals(expected, in.header());
            assertEquals(1, SwfWriter.write(in, written));
        }
        List<String> lines = Files.readAllLines(written);
        assertEquals(List.of("; MaxProcs: 128", "; Version: 2.2",
                "; Note: no information on wait times", "; Note: group 1 is normal users",
                "; Note: THIS IS A CLEANED VERSION OF THE LOG!", "; MaxQueues: 2",
                "; Queue: 0  interactive", "; Queue: 1  batch", "; Partition: 1 DEFAULT", "; Partition: 2 ALL"),
                lines.subList(2, 12));
        try (JobSource back = read(written)) {
            Map<String, String> again = new LinkedHashMap<>(back.header());
            again.remove("Workload");
            assertEquals(expected.keySet().stream().sorted().toList(), again.keySet().stream().sorted().toList());
            expected.forEach((k, v) -> assertEquals(v, again.get(k), k));
        }
    }

    @Test
    void emptySourceAndOverwrite() throws IOException {
        Path file = dir.resolve("sub/folder/empty.swf");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "old content that must go\n");
        assertEquals(0, SwfWriter.write(new ListJobSource("nothing", List.of()), file));
        assertEquals(List.of("; Generated by gridsched", "; Workload: nothing"), Files.readAllLines(file));
        assertEquals(1, SwfWriter.write(new ListJobSource("one", List.of(new JobRecord().set(1, 2, 3, 4, 5))),
                dir.resolve("new/dir/one.swf")), "parent folders are created");
    }

    @Test
    void ioErrorsNameThePath() throws IOException {
        Path notADir = dir.resolve("file");
        Files.writeString(notADir, "x");
        Path target = notADir.resolve("jobs.swf");
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> SwfWriter.write(new ListJobSource("x", List.of()), target));
        assertTrue(e.getMessage().contains(target.toString()), e.getMessage());
    }
}
