package org.gridsched.workload.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.junit.jupiter.api.Test;

class SyntheticGeneratorTest {

    private static final int DRAWS = 200_000;

    private final WorkloadGenerator generator = new SyntheticGenerator();

    private static PluginOptions options(Object... keyValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new PluginOptions("workload generator 'synthetic'", map);
    }

    private static Map<String, Object> phase(double rate, double duration) {
        return Map.of("rate", rate, "duration", duration);
    }

    /** Streams every job of the source through {@code each}, checking the invariants; returns the count. */
    private static long forEach(JobSource src, Consumer<JobRecord> each) {
        JobRecord job = new JobRecord();
        long n = 0;
        double last = 0;
        while (src.next(job)) {
            n++;
            assertEquals(n, job.id, "ids are 1, 2, 3, ...");
            assertTrue(job.submitTime >= last, "submit times non-decreasing at job " + n);
            assertTrue(job.runtime > 0 && job.requestedTime >= job.runtime && job.processors >= 1, job.toString());
            last = job.submitTime;
            each.accept(job);
        }
        assertFalse(src.next(job), "stays at the end");
        assertEquals(n, src.report().read());
        assertEquals(0, src.report().skippedTotal());
        assertEquals(1.0, src.progress());
        return n;
    }

    /** Running moments without holding the samples. */
    private static final class Stats implements Consumer<Double> {
        long n;
        double mean;
        double m2;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;

        @Override
        public void accept(Double x) {
            n++;
            double d = x - mean;
            mean += d / n;
            m2 += d * (x - mean);
            min = Math.min(min, x);
            max = Math.max(max, x);
        }

        double variance() {
            return m2 / (n - 1);
        }
    }

    private Stats lengths(Object... lengthOptions) {
        Object[] kv = new Object[lengthOptions.length + 4];
        kv[0] = "jobs";
        kv[1] = DRAWS;
        kv[2] = "arrival";
        kv[3] = "fixed";
        System.arraycopy(lengthOptions, 0, kv, 4, lengthOptions.length);
        Stats s = new Stats();
        try (JobSource src = generator.open(options(kv), 11)) {
            assertEquals(DRAWS, forEach(src, j -> {
                assertEquals(j.runtime, j.requestedTime, 0.0);
                s.accept(j.runtime);
            }));
        }
        return s;
    }

    private static void assertRelative(double expected, double actual, double tolerance, String what) {
        assertTrue(Math.abs(actual - expected) <= tolerance * Math.abs(expected),
                what + ": expected " + expected + " within " + (100 * tolerance) + " %, got " + actual);
    }

    @Test
    void nameAndParameters() {
        assertEquals("synthetic", generator.name());
        assertFalse(generator.description().isBlank());
        Map<String, String> defaults = generator.parameters().stream()
                .collect(Collectors.toMap(Parameter::name, Parameter::defaultValue));
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("jobs", "0");
        expected.put("duration", "0");
        expected.put("arrival", "poisson");
        expected.put("rate", "0.5");
        expected.put("interarrival", "1/rate");
        expected.put("phases", "none");
        expected.put("length", "exponential");
        expected.put("mean_length", "100");
        expected.put("alpha", "0.5 (uniform), 0.05 (shifted-exponential)");
        expected.put("erlang_shape", "2");
        expected.put("size", "sequential");
        expected.put("min_size", "1");
        expected.put("max_size", "64");
        expected.put("q", "0.9");
        expected.put("requested_time", "runtime");
        expected.put("overestimate_max", "2");
        expected.put("users", "0");
        expected.put("user_zipf", "1");
        expected.put("user_size_affinity", "1");
        expected.put("groups", "0");
        assertEquals(expected, defaults);
        generator.parameters().forEach(p -> assertFalse(p.description().isBlank(), p.name()));
    }

    @Test
    void defaultsWithAJobCount() {
        Stats gaps = new Stats();
        double[] last = {0};
        try (JobSource src = generator.open(options("jobs", 50_000), 3)) {
            assertTrue(src.describe().contains("seed=3"), src.describe());
            assertTrue(src.describe().contains("rate=0.5"), src.describe());
            assertTrue(src.describe().contains("exponential(mean_length=100)"), src.describe());
            assertEquals(Map.of(), src.header(), "no MaxProcs for sequential jobs");
            assertEquals(0.0, src.progress());
            assertEquals(50_000, forEach(src, j -> {
                assertEquals(1, j.processors);
                gaps.accept(j.submitTime - last[0]);
                last[0] = j.submitTime;
            }));
        }
        assertRelative(2.0, gaps.mean, 0.02, "mean inter-arrival time");
    }

    @Test
    void sameSeedSameJobsOtherSeedOtherJobs() {
        PluginOptions opts = options("jobs", 20_000, "length", "erlang", "erlang_shape", 3, "size", "realistic",
                "requested_time", "overestimate", "overestimate_max", 3);
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
            if (ja.submitTime != jc.submitTime || ja.runtime != jc.runtime || ja.processors != jc.processors) {
                differ++;
            }
        }
        assertFalse(b.next(jb));
        assertFalse(c.next(jc));
        assertTrue(differ > 19_000, "another seed gives other jobs: " + differ);
        assertEquals(a.describe(), b.describe());
    }

    @Test
    void oneLawDoesNotChangeTheDrawsOfAnother() {
        JobSource a = generator.open(options("jobs", 1000), 5);
        JobSource b = generator.open(options("jobs", 1000, "size", "uniform", "length", "uniform"), 5);
        JobRecord ja = new JobRecord();
        JobRecord jb = new JobRecord();
        while (a.next(ja)) {
            assertTrue(b.next(jb));
            assertEquals(ja.submitTime, jb.submitTime, 0.0, "arrivals have their own stream");
        }
    }

    // ------------------------------------------------------------------ lengths

    @Test
    void exponentialLengths() {
        Stats s = lengths("mean_length", 100);
        assertRelative(100, s.mean, 0.01, "mean");
        assertRelative(100 * 100, s.variance(), 0.03, "variance mean^2");
    }

    @Test
    void constantLengths() {
        Stats s = lengths("length", "constant", "mean_length", 37.25);
        assertEquals(37.25, s.min, 0.0);
        assertEquals(37.25, s.max, 0.0);
    }

    @Test
    void uniformLengths() {
        Stats s = lengths("length", "uniform", "mean_length", 100, "alpha", 0.3);
        assertRelative(100, s.mean, 0.01, "mean");
        assertTrue(s.min >= 70 && s.max <= 130, "bounds [70, 130]: " + s.min + " " + s.max);
        assertTrue(s.min < 70.01 && s.max > 129.99, "fills [70, 130]: " + s.min + " " + s.max);
        assertRelative(60.0 * 60 / 12, s.variance(), 0.03, "variance (2 alpha mean)^2/12");
        Stats d = lengths("length", "uniform"); // alpha 0.5 by default
        assertTrue(d.min >= 50 && d.max <= 150 && d.min < 50.01 && d.max > 149.99, d.min + " " + d.max);
    }

    @Test
    void shiftedExponentialLengths() {
        Stats s = lengths("length", "shifted-exponential", "mean_length", 200, "alpha", 0.25);
        assertRelative(200, s.mean, 0.01, "mean");
        assertTrue(s.min >= 50 && s.min < 50.05, "minimum alpha*mean = 50: " + s.min);
        assertRelative(150.0 * 150, s.variance(), 0.03, "variance ((1-alpha) mean)^2");
        Stats d = lengths("length", "shifted_exponential"); // alpha 0.05 by default
        assertTrue(d.min >= 5 && d.min < 5.05, "minimum 0.05*100: " + d.min);
        assertRelative(100, d.mean, 0.01, "mean");
    }

    @Test
    void erlangLengths() {
        for (int h : new int[] {1, 2, 5}) {
            Stats s = lengths("length", "erlang", "mean_length", 100, "erlang_shape", h);
            assertRelative(100, s.mean, 0.01, "mean, h=" + h);
            assertRelative(100.0 * 100 / h, s.variance(), 0.03, "variance mean^2/h, h=" + h);
        }
    }

    @Test
    void exponentialLengthsAreNeverZero() {
        // a tiny mean exercises the same code path; every length is positive (checked by forEach)
        Stats s = lengths("mean_length", 1e-300);
        assertTrue(s.min > 0);
    }

    // ------------------------------------------------------------------ arrivals

    @Test
    void poissonRateOverADuration() {
        Stats gaps = new Stats();
        double[] last = {0};
        long n;
        try (JobSource src = generator.open(options("duration", 200_000, "rate", 1), 8)) {
            n = forEach(src, j -> {
                assertTrue(j.submitTime > 0 && j.submitTime <= 200_000);
                gaps.accept(j.submitTime - last[0]);
                last[0] = j.submitTime;
            });
        }
        assertRelative(200_000, n, 0.01, "jobs in 200000 s at rate 1");
        assertRelative(1.0, gaps.variance(), 0.03, "variance of exponential gaps");
    }

    @Test
    void fixedInterArrivalIsExact() {
        double[] gapsToTry = {7.3, 0.1, 2};
        for (double m : gapsToTry) {
            try (JobSource src = generator.open(options("jobs", 5000, "arrival", "fixed", "interarrival", m), 1)) {
                assertEquals(5000, forEach(src, j -> assertEquals(j.id * m, j.submitTime, 0.0, "job " + j.id)));
            }
        }
        try (JobSource src = generator.open(options("duration", 100, "arrival", "fixed", "rate", 4), 1)) {
            assertEquals(400, forEach(src, j -> assertEquals(j.id * 0.25, j.submitTime, 0.0)),
                    "the job at exactly t = duration is generated");
        }
    }

    @Test
    void whicheverLimitComesFirst() {
        try (JobSource src = generator.open(options("jobs", 10, "duration", 1000, "arrival", "fixed"), 1)) {
            assertEquals(10, forEach(src, j -> { }));
        }
        try (JobSource src = generator.open(options("jobs", 1000, "duration", 10, "arrival", "fixed"), 1)) {
            assertEquals(5, forEach(src, j -> { }));
        }
    }

    @Test
    void poissonPhases() {
        long[] counts = new long[3];
        List<Map<String, Object>> phases = List.of(phase(2.0, 20_000), phase(0.5, 20_000));
        try (JobSource src = generator.open(options("phases", phases), 21)) {
            assertTrue(src.describe().contains("phases=[rate 2 for 20000 s, rate 0.5 for 20000 s]"), src.describe());
            forEach(src, j -> counts[j.submitTime <= 20_000 ? 0 : j.submitTime <= 40_000 ? 1 : 2]++);
        }
        assertRelative(40_000, counts[0], 0.02, "jobs in phase 1");
        assertRelative(10_000, counts[1], 0.02, "jobs in phase 2");
        assertEquals(0, counts[2], "no job after the last phase");
    }

    @Test
    void fixedPhasesAreEvenlySpacedPerPhase() {
        List<Map<String, Object>> phases = List.of(phase(2.0, 100), phase(0.5, 100));
        long[] counts = new long[2];
        try (JobSource src = generator.open(options("arrival", "fixed", "phases", phases), 1)) {
            forEach(src, j -> counts[j.submitTime <= 100 ? 0 : 1]++);
        }
        assertEquals(200, counts[0]);
        assertEquals(50, counts[1]);
    }

    @Test
    void stopInputAndSilentPhases() {
        // input stops at t1 = 1000 and the source ends although the phases go on (a silent phase)
        List<Map<String, Object>> stop = List.of(phase(1.0, 1000), phase(0, 5000));
        try (JobSource src = generator.open(options("phases", stop), 2)) {
            long n = forEach(src, j -> assertTrue(j.submitTime <= 1000, "no job after t1: " + j));
            assertRelative(1000, n, 0.1, "jobs before t1");
        }
        // a silent phase in the middle: no job in (1000, 2000), jobs again after
        List<Map<String, Object>> gap = List.of(phase(1.0, 1000), phase(0, 1000), phase(1.0, 1000));
        long[] counts = new long[3];
        try (JobSource src = generator.open(options("phases", gap, "arrival", "poisson"), 2)) {
            forEach(src, j -> counts[(int) Math.min(2, Math.ceil(j.submitTime / 1000) - 1)]++);
        }
        assertEquals(0, counts[1], "no arrival in a phase of rate 0");
        assertTrue(counts[0] > 850 && counts[2] > 850, counts[0] + " " + counts[2]);
        // phases also stop earlier with jobs or duration
        try (JobSource src = generator.open(options("phases", stop, "duration", 500), 2)) {
            forEach(src, j -> assertTrue(j.submitTime <= 500));
        }
        // phases as text, for the command line
        try (JobSource src = generator.open(options("phases", "2:100, 0:100, 0.5:100", "arrival", "fixed"), 2)) {
            assertEquals(250, forEach(src, j -> assertFalse(j.submitTime > 100 && j.submitTime <= 200)));
        }
        // phases given by interarrival
        try (JobSource src = generator.open(options("phases", List.of(Map.of("interarrival", 4, "duration", 400)),
                "arrival", "fixed"), 2)) {
            assertEquals(100, forEach(src, j -> assertEquals(4.0 * j.id, j.submitTime, 1e-9)));
        }
    }

    @Test
    void progressFollowsJobsOrTime() {
        try (JobSource src = generator.open(options("jobs", 100, "arrival", "fixed"), 1)) {
            JobRecord j = new JobRecord();
            for (int i = 0; i < 25; i++) {
                assertTrue(src.next(j));
            }
            assertEquals(0.25, src.progress(), 1e-12);
        }
        try (JobSource src = generator.open(options("duration", 100, "arrival", "fixed", "rate", 1), 1)) {
            JobRecord j = new JobRecord();
            for (int i = 0; i < 40; i++) {
                assertTrue(src.next(j));
            }
            assertEquals(0.4, src.progress(), 1e-12);
        }
    }

    @Test
    void streamsAMillionJobsInASmallHeap() {
        try (JobSource src = generator.open(options("jobs", 1_000_000, "rate", 10), 9)) {
            JobRecord j = new JobRecord();
            long n = 0;
            while (src.next(j)) {
                n++;
            }
            assertEquals(1_000_000, n);
            assertEquals(1_000_000, src.report().read());
        }
    }

    // ------------------------------------------------------------------ sizes

    @Test
    void realisticSizesFollowTheSpec() {
        // shared/spec/coallocation.md: q = 0.9 gives E[S] = 6.95 on [1, 32] and 10.44 on [4, 32]
        assertEquals(6.95, new SizeDistribution(SizeDistribution.Law.REALISTIC, 1, 32, 0.9).mean(), 0.005);
        assertEquals(10.44, new SizeDistribution(SizeDistribution.Law.REALISTIC, 4, 32, 0.9).mean(), 0.005);

        double[] p = SizeDistribution.realisticProbabilities(1, 64, 0.9);
        double sum = 0;
        for (double x : p) {
            sum += x;
        }
        assertEquals(1.0, sum, 1e-12);
        assertEquals(3 * 0.9 * 0.9 / (0.9 * 0.9 * 0.9), p[1] / p[2], 1e-12, "P(2)/P(3) = 3 q^2 / q^3");

        long[] counts = new long[65];
        try (JobSource src = generator.open(options("jobs", DRAWS, "size", "realistic", "arrival", "fixed"), 4)) {
            assertEquals(Map.of("MaxProcs", "64"), src.header());
            forEach(src, j -> counts[j.processors]++);
        }
        for (int i = 1; i <= 64; i++) {
            double expected = p[i - 1];
            double freq = (double) counts[i] / DRAWS;
            double sigma = Math.sqrt(expected * (1 - expected) / DRAWS);
            assertTrue(Math.abs(freq - expected) <= 5 * sigma + 1e-5,
                    "size " + i + ": frequency " + freq + ", P = " + expected);
        }
    }

    @Test
    void realisticSizesWithAMinimum() {
        Stats s = new Stats();
        try (JobSource src = generator.open(options("jobs", DRAWS, "size", "realistic", "min_size", 4,
                "max_size", 32, "arrival", "fixed"), 4)) {
            forEach(src, j -> s.accept((double) j.processors));
        }
        assertTrue(s.min == 4 && s.max <= 32, s.min + " " + s.max);
        assertRelative(10.44, s.mean, 0.01, "mean size on [4, 32]");
    }

    @Test
    void uniformSizes() {
        long[] counts = new long[11];
        try (JobSource src = generator.open(options("jobs", 100_000, "size", "uniform", "min_size", 3,
                "max_size", 10, "arrival", "fixed"), 4)) {
            assertEquals(Map.of("MaxProcs", "10"), src.header());
            forEach(src, j -> counts[j.processors]++);
        }
        for (int i = 0; i < 3; i++) {
            assertEquals(0, counts[i]);
        }
        for (int i = 3; i <= 10; i++) {
            assertRelative(12_500, counts[i], 0.04, "size " + i);
        }
    }

    // ------------------------------------------------------------------ requested times

    @Test
    void overestimatedRequestedTimes() {
        Stats factor = new Stats();
        try (JobSource src = generator.open(options("jobs", 100_000, "requested_time", "overestimate",
                "overestimate_max", 3), 6)) {
            assertTrue(src.describe().contains("overestimate(overestimate_max=3)"), src.describe());
            forEach(src, j -> factor.accept(j.requestedTime / j.runtime));
        }
        assertTrue(factor.min >= 1 && factor.max <= 3 * (1 + 1e-12), factor.min + " " + factor.max);
        assertRelative(2.0, factor.mean, 0.01, "mean factor");
        try (JobSource src = generator.open(options("jobs", 1000, "requested_time", "overestimate"), 6)) {
            forEach(src, j -> assertTrue(j.requestedTime <= 2 * j.runtime * (1 + 1e-12)));
        }
    }

    // ------------------------------------------------------------------ bad options

    private InputException bad(String field, Object... keyValues) {
        InputException e = assertThrows(InputException.class, () -> generator.open(options(keyValues), 1));
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
        return e;
    }

    @Test
    void badOptionsNameTheOption() {
        InputException e = bad("interarrival", "jobs", 10, "rate", 1, "interarrival", 2);
        assertTrue(e.getMessage().contains("rate") && e.getMessage().contains("not both"), e.getMessage());
        // bounded by time only: a count no run could hold is refused up front (it ran out of memory after the check)
        e = bad("rate", "rate", 1e308, "duration", 100);
        assertTrue(e.getMessage().contains("would give more than 100,000,000 jobs (rate x duration); give jobs"), e.getMessage());
        e = bad("interarrival", "interarrival", 1e-9, "duration", 1e9);
        assertTrue(e.getMessage().contains("(about 1.00e+18: rate x duration)"), e.getMessage());
        bad("jobs", "jobs", 200_000_000L, "rate", 1);
        generator.open(options("rate", 1000, "duration", 100), 1).close(); // 100,000 jobs: fine
        bad("mean_length", "jobs", 10, "mean_length", -5);
        bad("mean_length", "jobs", 10, "mean_length", 0);
        bad("mean_length", "jobs", 10, "mean_length", "long");
        for (Object alpha : new Object[] {0, 1, 1.5, -0.2}) {
            bad("alpha", "jobs", 10, "length", "uniform", "alpha", alpha);
        }
        e = bad("length", "jobs", 10, "length", "pareto");
        assertTrue(e.getMessage().contains("exponential, constant, uniform, shifted-exponential, erlang"),
                e.getMessage());
        bad("erlang_shape", "jobs", 10, "length", "erlang", "erlang_shape", 1.5);
        bad("erlang_shape", "jobs", 10, "length", "erlang", "erlang_shape", 0);
        bad("jobs", "jobs", -1);
        bad("jobs");
        bad("duration", "duration", -3);
        bad("rate", "jobs", 10, "rate", 0);
        bad("interarrival", "jobs", 10, "interarrival", -1);
        e = bad("arrival", "jobs", 10, "arrival", "bursty");
        assertTrue(e.getMessage().contains("poisson, fixed"), e.getMessage());
        e = bad("size", "jobs", 10, "size", "huge");
        assertTrue(e.getMessage().contains("sequential, uniform, realistic"), e.getMessage());
        bad("min_size", "jobs", 10, "size", "uniform", "min_size", 65);
        bad("max_size", "jobs", 10, "size", "uniform", "max_size", 0);
        bad("max_size", "jobs", 10, "size", "realistic", "max_size", 1 << 20);
        bad("q", "jobs", 10, "size", "realistic", "q", 1);
        bad("requested_time", "jobs", 10, "requested_time", "guess");
        bad("overestimate_max", "jobs", 10, "requested_time", "overestimate", "overestimate_max", 0.5);
        // values that make every job impossible (beyond the 1e10 s limit of simulated time) were taken, and every job
        // was skipped as invalid_job, naming no option
        bad("overestimate_max", "jobs", 10, "requested_time", "overestimate", "overestimate_max", 1e300);
        e = bad("mean_length", "jobs", 10, "mean_length", 1e300);
        assertTrue(e.getMessage().contains("at most 10000000000 (about 317 years)"), e.getMessage());
        e = bad("interarrival", "jobs", 100, "interarrival", 1e300);
        assertTrue(e.getMessage().contains("the jobs would arrive until about 1.00e+302 s, beyond the 10000000000 s"), e.getMessage());
        bad("rate", "jobs", 100, "rate", 1e-9);
        bad("duration", "duration", 2e10, "rate", 0.001);
        bad("phases", "jobs", 100, "phases", List.of(phase(1, 10), phase(1e-9, 1e300)));
        generator.open(options("jobs", 100, "rate", 1e-8), 1).close();                    // until about 1e10 s: fine
        generator.open(options("jobs", 100, "rate", 1, "duration", 1e300), 1).close();   // 100 jobs, a duration never reached
        generator.open(options("jobs", 5, "phases", List.of(phase(1, 10), phase(0, 1e300))), 1).close(); // an idle tail
        e = bad("speed", "jobs", 10, "speed", 2);
        assertTrue(e.getMessage().contains("valid options"), e.getMessage());
    }

    @Test
    void malformedPhasesNameTheOption() {
        bad("phases", "phases", List.of(phase(1, 10)), "rate", 1);
        bad("phases", "phases", List.of(phase(1, 10)), "interarrival", 1);
        bad("phases", "phases", List.of());
        bad("phases", "phases", 3);
        bad("phases", "phases", "fast");
        // the profile's form given on the command line was cut at its commas: "'rate' must be a number, got '[{"rate"'"
        InputException json = bad("phases", "phases", "[{\"rate\":1,\"duration\":10}]");
        assertTrue(json.getMessage().contains("as text (the command line) give 'rate:duration,rate:duration,...'"), json.getMessage());
        bad("phases", "phases", List.of(5));
        bad("phases", "phases", List.of(Map.of("rate", 1)));
        bad("phases", "phases", List.of(Map.of("duration", 10)));
        bad("phases", "phases", List.of(Map.of("rate", 1, "interarrival", 1, "duration", 10)));
        bad("phases", "phases", List.of(phase(-1, 10)));
        bad("phases", "phases", List.of(phase(1, 0)));
        bad("phases", "phases", List.of(Map.of("rate", "x", "duration", 10)));
        InputException e = bad("phases", "phases", List.of(phase(1, 10), Map.of("rate", 1, "duraton", 10)));
        assertTrue(e.getMessage().contains("phase 2 of 2") && e.getMessage().contains("duraton"), e.getMessage());
    }
}
