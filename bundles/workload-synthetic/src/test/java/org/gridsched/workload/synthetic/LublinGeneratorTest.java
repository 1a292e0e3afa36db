package org.gridsched.workload.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.junit.jupiter.api.Test;

class LublinGeneratorTest {

    private final WorkloadGenerator generator = new LublinGenerator();

    private static PluginOptions options(Object... keyValues) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new PluginOptions("workload generator 'lublin99'", map);
    }

    @Test
    void nameAndParameters() {
        assertEquals("lublin99", generator.name());
        assertFalse(generator.description().isBlank());
        Map<String, String> defaults = generator.parameters().stream()
                .collect(Collectors.toMap(Parameter::name, Parameter::defaultValue));
        Map<String, String> expected = new java.util.HashMap<>(Map.of("jobs", "10000", "processors", "256", "load", "native",
                "daily_cycle", "true", "requested_time", "runtime", "overestimate_max", "5", "max_runtime", "0"));
        expected.putAll(Map.of("users", "0", "user_zipf", "1", "user_size_affinity", "1", "groups", "0"));
        assertEquals(expected, defaults);
        generator.parameters().forEach(p -> assertFalse(p.description().isBlank(), p.name()));
    }

    @Test
    void defaultsGenerateTenThousandJobsOnAMachineOf256() {
        try (JobSource src = generator.open(PluginOptions.empty("t"), 1)) {
            JobRecord job = new JobRecord();
            long n = 0;
            int maxProcs = 0;
            while (src.next(job)) {
                n++;
                maxProcs = Math.max(maxProcs, job.processors);
                assertEquals(job.runtime, job.requestedTime, "requested_time=runtime by default");
            }
            assertEquals(10_000, n);
            assertTrue(maxProcs <= 256 && maxProcs > 64, "largest job " + maxProcs);
            assertEquals("256", src.header().get("MaxProcs"));
        }
        assertNotNull(generator.open(null, 1));
    }

    @Test
    void sameSeedSameJobsDifferentSeedDifferentJobs() {
        PluginOptions opts = options("jobs", 20_000, "processors", 512, "load", 0.7, "requested_time", "overestimate");
        JobSource a = generator.open(opts, 42);
        JobSource b = generator.open(opts, 42);
        JobSource c = generator.open(opts, 43);
        JobRecord ja = new JobRecord();
        JobRecord jb = new JobRecord();
        JobRecord jc = new JobRecord();
        int differ = 0;
        while (a.next(ja)) {
            assertTrue(b.next(jb));
            assertTrue(c.next(jc));
            assertEquals(ja.id, jb.id);
            assertEquals(ja.submitTime, jb.submitTime, 0.0);
            assertEquals(ja.runtime, jb.runtime, 0.0);
            assertEquals(ja.requestedTime, jb.requestedTime, 0.0);
            assertEquals(ja.processors, jb.processors);
            assertEquals(ja.line, jb.line);
            if (ja.submitTime != jc.submitTime || ja.runtime != jc.runtime || ja.processors != jc.processors
                    || ja.requestedTime != jc.requestedTime) {
                differ++;
            }
        }
        assertFalse(b.next(jb));
        assertFalse(c.next(jc));
        assertTrue(differ > 19_000, "only " + differ + " jobs differ between seeds 42 and 43");
        assertEquals(a.describe(), b.describe());
    }

    @Test
    void loadChangesOnlyArrivalTimes() {
        JobSource plain = generator.open(options("jobs", 5000, "processors", 128), 9);
        JobSource loaded = generator.open(options("jobs", 5000, "processors", 128, "load", 0.5), 9);
        JobRecord p = new JobRecord();
        JobRecord l = new JobRecord();
        boolean arrivalsDiffer = false;
        while (plain.next(p)) {
            assertTrue(loaded.next(l));
            assertEquals(p.processors, l.processors);
            assertEquals(p.runtime, l.runtime, 0.0);
            arrivalsDiffer |= p.submitTime != l.submitTime;
        }
        assertTrue(arrivalsDiffer);
    }

    @Test
    void recordsAreWellFormed() {
        for (boolean cycle : new boolean[] { true, false }) {
            int processors = 100; // not a power of two on purpose
            long jobs = 100_000;
            JobSource src = generator.open(options("jobs", jobs, "processors", processors, "daily_cycle", cycle,
                    "max_runtime", 7200), 5);
            assertEquals(0.0, src.progress());
            JobRecord job = new JobRecord();
            double previous = -1;
            long expectedId = 1;
            while (src.next(job)) {
                assertEquals(expectedId++, job.id);
                assertEquals(0, job.line);
                assertTrue(job.submitTime >= 0 && job.submitTime >= previous, "submit times must not decrease");
                assertEquals(Math.rint(job.submitTime), job.submitTime, 0.0, "whole seconds");
                assertTrue(job.runtime >= 1 && job.runtime <= 7200, "runtime " + job.runtime);
                assertEquals(Math.rint(job.runtime), job.runtime, 0.0, "whole seconds");
                assertEquals(job.runtime, job.requestedTime, 0.0);
                assertTrue(job.processors >= 1 && job.processors <= processors, "procs " + job.processors);
                previous = job.submitTime;
            }
            assertEquals(jobs + 1, expectedId);
            assertEquals(jobs, src.report().read());
            assertEquals(0, src.report().skippedTotal());
            assertEquals(1.0, src.progress());
            assertFalse(src.next(job), "stays exhausted");
            assertEquals("7200", src.header().get("MaxRuntime"));
            assertEquals("100", src.header().get("MaxProcs"));
        }
    }

    @Test
    void progressDescribeAndClose() {
        JobSource src = generator.open(options("jobs", 4, "processors", 64), 7);
        JobRecord job = new JobRecord();
        assertTrue(src.next(job));
        assertEquals(0.25, src.progress(), 1e-12);
        assertEquals(1, src.report().read());
        String d = src.describe();
        assertTrue(d.startsWith("lublin99("), d);
        assertTrue(d.contains("jobs=4") && d.contains("processors=64") && d.contains("load=native")
                && d.contains("seed=7"), d);
        src.close();
        assertFalse(src.next(job), "closed source yields nothing");
        assertTrue(generator.open(options("load", "0.8"), 3).describe().contains("load=0.8"));
    }

    @Test
    void serialFractionMatchesTheModel() {
        JobSource src = generator.open(options("jobs", 200_000, "processors", 256), 2024);
        JobRecord job = new JobRecord();
        long serial = 0;
        long n = 0;
        while (src.next(job)) {
            n++;
            serial += job.processors == 1 ? 1 : 0;
        }
        assertEquals(Lublin99Model.SERIAL_PROB, (double) serial / n, 0.01);
    }

    /**
     * Among parallel jobs, a fraction POW2_PROB / (1 − SERIAL_PROB) is explicitly rounded to a power of two;
     * the others are round(2^x) and land on a power of two only by chance. The chance part is computed
     * exactly from the two-stage uniform.
     */
    @Test
    void powerOfTwoFractionAmongParallelJobsMatchesTheModel() {
        int processors = 256;
        Lublin99Model m = new Lublin99Model(processors, 0);
        double chance = 0;
        for (int k = 1; (1L << k) <= processors; k++) {
            double lo = Math.log((1L << k) - 0.5) / Math.log(2);
            double hi = Math.log((1L << k) + 0.5) / Math.log(2);
            chance += Lublin99Model.UPROB * overlap(lo, hi, m.uLow, m.uMed) / (m.uMed - m.uLow)
                    + (1 - Lublin99Model.UPROB) * overlap(lo, hi, m.uMed, m.uHi) / (m.uHi - m.uMed);
        }
        double parallel = 1 - Lublin99Model.SERIAL_PROB;
        double explicit = Lublin99Model.POW2_PROB / parallel;
        double expected = explicit + (1 - explicit) * chance;

        JobSource src = generator.open(options("jobs", 200_000, "processors", processors), 31);
        JobRecord job = new JobRecord();
        long par = 0;
        long pow2 = 0;
        while (src.next(job)) {
            if (job.processors > 1) {
                par++;
                pow2 += Integer.bitCount(job.processors) == 1 ? 1 : 0;
            }
        }
        double observed = (double) pow2 / par;
        assertTrue(observed > explicit, "at least the explicit power-of-two share " + explicit);
        assertEquals(expected, observed, 0.006, "power-of-two share among parallel jobs");
    }

    private static double overlap(double a, double b, double c, double d) {
        return Math.max(0, Math.min(b, d) - Math.max(a, c));
    }

    @Test
    void targetLoadIsReachedWithAndWithoutTheDailyCycle() {
        for (boolean cycle : new boolean[] { true, false }) {
            int processors = 1024;
            double target = 0.9;
            JobSource src = generator.open(options("jobs", 200_000, "processors", processors, "load", target,
                    "daily_cycle", cycle), 42);
            JobRecord job = new JobRecord();
            double work = 0;
            double first = Double.NaN;
            double last = 0;
            while (src.next(job)) {
                if (Double.isNaN(first)) {
                    first = job.submitTime;
                }
                last = job.submitTime;
                work += job.runtime * job.processors;
            }
            double realised = work / (processors * (last - first));
            assertEquals(target, realised, 0.05 * target, "realised load with daily_cycle=" + cycle);
        }
    }

    @Test
    void dailyCycleShapesArrivalsAndCanBeTurnedOff() {
        int[] on = hourlyArrivals(true);
        int[] off = hourlyArrivals(false);
        int onAfternoon = on[13] + on[14];
        int onMorning = on[4] + on[5];
        assertTrue(onAfternoon > 4 * onMorning, "cycle on: 13-15h " + onAfternoon + " vs 4-6h " + onMorning);
        int offAfternoon = off[13] + off[14];
        int offMorning = off[4] + off[5];
        double ratio = (double) offAfternoon / offMorning;
        assertTrue(ratio > 0.8 && ratio < 1.25, "cycle off should be flat, ratio " + ratio);
    }

    private int[] hourlyArrivals(boolean cycle) {
        JobSource src = generator.open(options("jobs", 200_000, "daily_cycle", cycle), 17);
        JobRecord job = new JobRecord();
        int[] perHour = new int[24];
        while (src.next(job)) {
            perHour[(int) ((job.submitTime % 86_400) / 3600)]++;
        }
        return perHour;
    }

    @Test
    void overestimatesStayWithinTheFactor() {
        JobSource src = generator.open(options("jobs", 100_000, "requested_time", "overestimate"), 8);
        JobRecord job = new JobRecord();
        long over = 0;
        double ratioSum = 0;
        long n = 0;
        while (src.next(job)) {
            n++;
            assertTrue(job.requestedTime >= job.runtime, job.toString());
            assertTrue(job.requestedTime <= 5 * job.runtime, job.toString());
            assertEquals(Math.rint(job.requestedTime), job.requestedTime, 0.0);
            over += job.requestedTime > job.runtime ? 1 : 0;
            ratioSum += job.requestedTime / job.runtime;
        }
        assertTrue(over > 0.9 * n, "most requests overestimate");
        assertEquals(3.0, ratioSum / n, 0.05, "mean factor of U[1, 5]");

        JobSource narrow = generator.open(options("jobs", 10_000, "requested_time", "OVERESTIMATE",
                "overestimate_max", 1.5, "max_runtime", 3600), 8);
        while (narrow.next(job)) {
            assertTrue(job.requestedTime >= job.runtime && job.requestedTime <= 1.5 * job.runtime, job.toString());
            assertTrue(job.requestedTime <= 3600, "requested time capped by max_runtime: " + job);
        }
    }

    @Test
    void badOptionsAreRejectedNamingTheOption() {
        List<Object[]> bad = List.of(
                new Object[] { "jobs", 0 },
                new Object[] { "jobs", -3 },
                new Object[] { "jobs", "many" },
                new Object[] { "jobs", 1.5 },
                new Object[] { "processors", 0 },
                new Object[] { "processors", 3_000_000_000L },
                new Object[] { "processors", "lots" },
                new Object[] { "load", 0 },
                new Object[] { "load", -0.5 },
                new Object[] { "load", "heavy" },
                new Object[] { "load", Double.POSITIVE_INFINITY },
                new Object[] { "daily_cycle", "sometimes" },
                new Object[] { "daily_cycle", 1 },
                new Object[] { "requested_time", "guess" },
                new Object[] { "overestimate_max", 0.5 },
                new Object[] { "overestimate_max", "big" },
                new Object[] { "max_runtime", -1 },
                new Object[] { "max_runtime", 1.5 },
                new Object[] { "walltime", 3 },
                new Object[] { "overestimate_max", 1e300 },
                new Object[] { "jobs", 100_000_000 });
        for (Object[] kv : bad) {
            String key = (String) kv[0];
            InputException e = assertThrows(InputException.class, () -> generator.open(options(key, kv[1]), 1),
                    key + "=" + kv[1]);
            assertEquals(key, e.field(), "field for " + key + "=" + kv[1]);
            assertTrue(e.getMessage().contains(key), e.getMessage());
        }
    }

    /**
     * load=1e-300 made every gap 1e300 s, and the daily cycle's arrival process walked its half-hour buckets for ever
     * (a run hung); any load or job count whose jobs arrive beyond the 1e10 s limit of simulated time is refused
     * naming the option (they were all skipped as invalid_job, which named neither).
     */
    @Test
    void aLoadOrJobCountBeyondTheLimitOfSimulatedTimeIsRefusedNamingIt() {
        for (Object[] kv : List.of(new Object[] {"load", 1e-300, true}, new Object[] {"load", 1e-300, false},
                new Object[] {"load", 1e-5, true})) {
            InputException e = assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> assertThrows(InputException.class,
                    () -> generator.open(new PluginOptions("workload generator 'lublin99'", Map.of("jobs", 200, "load", kv[1],
                            "daily_cycle", kv[2])), 1)), kv[1] + " " + kv[2]);
            assertEquals("load", e.field(), e.getMessage());
            assertTrue(e.getMessage().contains("beyond the 10000000000 s"), e.getMessage());
        }
        InputException e = assertThrows(InputException.class, () -> generator.open(options("jobs", 20_000_000), 1));
        assertEquals("jobs", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("20,000,000 jobs at the model's native rate arrive over about 1.82e+10 s"), e.getMessage());
        generator.open(new PluginOptions("t", Map.of("jobs", 200, "load", 1e-3)), 1); // 200 jobs over some 4e7 s: fine
    }

    @Test
    void acceptedOptionSpellings() {
        for (Map<String, Object> ok : List.of(
                Map.<String, Object>of("jobs", "10", "processors", "1", "load", "native"),
                Map.<String, Object>of("jobs", 10.0, "load", "", "daily_cycle", "FALSE", "max_runtime", 0),
                Map.<String, Object>of("jobs", 10, "load", "1.2", "overestimate_max", 1))) {
            JobSource src = generator.open(new PluginOptions("t", ok), 1);
            JobRecord job = new JobRecord();
            int n = 0;
            while (src.next(job)) {
                n++;
            }
            assertEquals(10, n, ok.toString());
        }
    }

    @Test
    void twoMillionJobsStreamInASmallHeap() {
        // surefire runs this module with -Xmx64m; holding the jobs would need far more
        long jobs = 2_000_000;
        JobSource src = generator.open(options("jobs", jobs, "processors", 128), 3);
        JobRecord job = new JobRecord();
        long n = 0;
        double previous = 0;
        while (src.next(job)) {
            n++;
            if (job.submitTime < previous) {
                throw new AssertionError("submit time decreased at job " + job.id);
            }
            previous = job.submitTime;
        }
        assertEquals(jobs, n);
        assertEquals(jobs, src.report().read());
        Set<String> keys = src.header().keySet();
        assertTrue(keys.contains("MaxJobs") && keys.contains("MaxProcs"));
    }
}
