package org.gridsched.workload.swf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Reads the real traces of the shared data directory (never copied into the project). The expected counts
 * were established independently of this reader with awk over the files, e.g. for HPC2N:
 * {@code awk '!/^;/ && NF>0 {n++; if ($4<=0) rt++; else ok++} END {print n, rt, ok}'} gives 3170 25 3145.
 * Skipped with a message when the directory is absent.
 */
class SwfRealTracesTest {

    private static Path dir;

    @BeforeAll
    static void locate() {
        String prop = System.getProperty("gridsched.shared.data");
        Path fallback = Path.of("../../../shared/data"); // relative to bundles/workload-swf
        Path chosen = prop == null || prop.isBlank() ? fallback : Path.of(prop);
        if (!Files.isDirectory(chosen) && Files.isDirectory(fallback)) {
            // the parent POM's default is relative to the directory Maven was started for; with
            // "-f bundles/workload-swf/pom.xml" it can point beside the module instead of beside the project
            chosen = fallback;
        }
        dir = chosen.toAbsolutePath().normalize();
    }

    private static Path trace(String name) {
        Assumptions.assumeTrue(Files.isDirectory(dir), "shared traces absent at " + dir + ": skipping");
        Path f = dir.resolve(name);
        Assumptions.assumeTrue(Files.isRegularFile(f), "shared trace absent: " + f + ": skipping");
        return f;
    }

    private interface JobCheck {
        void check(JobRecord job);
    }

    private record Summary(long returned, WorkloadReport report, Map<String, String> header) {
    }

    private static Summary read(Path f, PluginOptions options, JobCheck check) throws IOException {
        SwfReader reader = new SwfReader();
        assertTrue(reader.accepts(f));
        try (JobSource src = reader.open(f, options)) {
            JobRecord r = new JobRecord();
            long n = 0;
            double lastSubmit = Double.NEGATIVE_INFINITY;
            while (src.next(r)) {
                n++;
                assertTrue(r.processors > 0, r.toString());
                assertTrue(r.runtime > 0, r.toString());
                assertTrue(r.requestedTime > 0, r.toString());
                assertTrue(r.submitTime >= lastSubmit, r.toString());
                assertTrue(r.line > 0, r.toString());
                lastSubmit = r.submitTime;
                check.check(r);
            }
            assertEquals(1.0, src.progress());
            return new Summary(n, src.report(), src.header());
        }
    }

    private static Summary read(Path f, JobCheck check) throws IOException {
        return read(f, PluginOptions.empty("workload reader 'swf'"), check);
    }

    @Test
    void nasaCleaned() throws IOException {
        Path f = trace("NASA-iPSC-1993-3.1-cln.swf.gz");
        Summary s = read(f, job -> assertEquals(job.runtime, job.requestedTime, job.toString()));
        assertEquals(18_239, s.report.read());
        assertEquals(Map.of("runtime_not_positive", 173L), s.report.skipped());
        assertEquals(18_066, s.returned);
        // NASA has no requested times (field 9 is -1 everywhere): every returned job was repaired
        assertEquals(Map.of("requested_time_from_runtime", 18_066L), s.report.repaired());
        assertEquals("128", s.header.get("MaxProcs"));
        assertEquals("749458803", s.header.get("UnixStartTime"));
        // every Note and Queue line of the header, in order (only the first was kept)
        assertEquals(String.join("\n", "There is no information on wait times - the given submit",
                "group 1 is normal users", "there is no data about batch queues", "THIS IS A CLEANED VERSION OF THE LOG!"),
                s.header.get("Note"));
        assertEquals("0  interactive\n1  batch", s.header.get("Queue"));
    }

    @Test
    void nasaSane() throws IOException {
        Summary s = read(trace("NASA-iPSC-1993-3.1-cln-sane.swf.gz"), job -> { });
        assertEquals(18_066, s.report.read());
        assertEquals(0, s.report.skippedTotal());
        assertEquals(18_066, s.returned);
    }

    @Test
    void hpc2nExcerptRaw() throws IOException {
        Path f = trace("HPC2N-seth-excerpt.swf");
        long[] fractionalCpuLines = {0};
        Summary s = read(f, job -> {
            if (job.id == 12) { // field 6 is 552.21 on this line
                fractionalCpuLines[0]++;
                assertEquals(342343.0, job.submitTime);
                assertEquals(553.0, job.runtime);
                assertEquals(43200.0, job.requestedTime);
                assertEquals(40, job.processors);
                assertEquals(30, job.line);
            }
        });
        assertEquals(1, fractionalCpuLines[0]);
        assertEquals(3_170, s.report.read());
        assertEquals(Map.of("runtime_not_positive", 25L), s.report.skipped());
        assertEquals(3_145, s.returned);
        assertTrue(s.report.repaired().isEmpty(), s.report.repaired().toString());
        assertEquals("1027839845", s.header.get("UnixStartTime"));
        assertEquals("240", s.header.get("MaxProcs"));
        assertEquals("1 [fque:1]", s.header.get("Queue"));
        assertEquals("1 DEFAULT\n2 ALL", s.header.get("Partition"));
        assertEquals("Mon Jan 16 20:31:24 CET 2006", s.header.get("EndTime"));
    }

    @Test
    void hpc2nExcerptRequestedProcessors() throws IOException {
        // every job with a positive runtime also has a positive requested processor count (field 8)
        Summary s = read(trace("HPC2N-seth-excerpt.swf"),
                new PluginOptions("workload reader 'swf'", Map.of("processors", "requested")), job -> { });
        assertEquals(3_170, s.report.read());
        assertEquals(Map.of("runtime_not_positive", 25L), s.report.skipped());
        assertEquals(3_145, s.returned);
    }

    /** The raw excerpt has jobs with runtime -1: in strict mode the first one is an error (issue 24). */
    @Test
    void hpc2nExcerptStrictStopsAtTheFirstImpossibleJob() {
        InputException e = assertThrows(InputException.class, () -> read(trace("HPC2N-seth-excerpt.swf"),
                new PluginOptions("workload reader 'swf'", Map.of("strict", true)), job -> { }));
        assertEquals(34, e.line(), e.getMessage());
        assertEquals("field 4 (run time)", e.field());
    }

    @Test
    void hpc2nExcerptSane() throws IOException {
        Summary s = read(trace("HPC2N-seth-excerpt-sane.swf"), job -> { });
        assertEquals(3_145, s.report.read());
        assertEquals(0, s.report.skippedTotal());
        assertEquals(3_145, s.returned);
    }

    @Test
    void lublin256() throws IOException {
        Summary s = read(trace("lublin_256.swf"), job -> assertEquals(job.runtime, job.requestedTime));
        assertEquals(10_000, s.report.read());
        assertEquals(10_000, s.returned);
        assertEquals(0, s.report.skippedTotal());
        assertEquals(Map.of("requested_time_from_runtime", 10_000L), s.report.repaired());
        assertEquals("256", s.header.get("MaxNodes"));
    }
}
