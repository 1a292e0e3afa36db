package org.gridsched.coalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.coalloc.workload.CoallocGenerator;
import org.gridsched.coalloc.workload.SizeLaw;
import org.junit.jupiter.api.Test;

/** The coalloc generator against the paper's numbers and its own definitions. */
class GeneratorTest {

    private static JobSource open(Map<String, Object> options, long seed) {
        return new CoallocGenerator().open(new PluginOptions("workload generator 'coalloc'", options), seed);
    }

    /** The paper: with q = 0.9, E[S_l] = 6.95 on [1, 32] and E[S_g] = 10.44 on [4, 32]. */
    @Test
    void realisticSizesHaveThePapersMeans() {
        SizeLaw local = SizeLaw.realistic(1, 32, 0.9);
        SizeLaw global = SizeLaw.realistic(4, 32, 0.9);
        assertEquals(6.95, local.mean(), 0.005);
        assertEquals(10.44, global.mean(), 0.005);
        SplittableRandom rng = new SplittableRandom(7);
        long sumL = 0;
        long sumG = 0;
        int n = 400_000;
        for (int i = 0; i < n; i++) {
            sumL += local.sample(rng);
            sumG += global.sample(rng);
        }
        assertEquals(6.95, sumL / (double) n, 0.05);
        assertEquals(10.44, sumG / (double) n, 0.05);
    }

    /**
     * Default options (the paper's: 4 x 32, U_l = 30 %, U_g = 20 %): over a long run, the rates, the mean
     * components, sizes and runtimes, and hence the loads, match the definitions.
     */
    @Test
    void generatedJobsFollowTheModel() {
        Map<String, Object> o = new HashMap<>();
        o.put("duration", 2_000_000);
        JobRecord r = new JobRecord();
        long globals = 0;
        long[] locals = new long[4];
        double gWork = 0;
        double lWork = 0;
        double compSum = 0;
        double last = 0;
        try (JobSource s = open(o, 3)) {
            while (s.next(r)) {
                assertTrue(r.submitTime >= last);
                last = r.submitTime;
                assertEquals(r.runtime, r.requestedTime);
                if (r.components > 1) {
                    globals++;
                    assertEquals(-1, r.home);
                    assertTrue(r.components >= 2 && r.components <= 4, r.toString());
                    assertEquals(0, r.processors % r.components);
                    int size = r.processors / r.components;
                    assertTrue(size >= 4 && size <= 32, r.toString());
                    gWork += r.processors * r.runtime;
                    compSum += r.components;
                } else {
                    assertTrue(r.home >= 0 && r.home < 4 && r.processors <= 32, r.toString());
                    locals[r.home]++;
                    lWork += r.processors * r.runtime;
                }
            }
        }
        double horizon = 2_000_000;
        assertEquals(3, compSum / globals, 0.03);
        // lambda_g = U_g mu_g N C / (E[N_c] E[S_g]) = 0.2 * 128 / (3 * 10.44 * 200)
        assertEquals(0.2 * 128 / (3 * 10.44 * 200), globals / horizon, 0.00015);
        for (long l : locals) {
            assertEquals(0.3 * 32 / (6.95 * 100), l / horizon, 0.0005);
        }
        assertEquals(0.2, gWork / (128 * horizon), 0.01);
        assertEquals(0.3, lWork / (128 * horizon), 0.01);
    }

    /** Same seed, same jobs; a different global rate leaves the local jobs exactly as they were. */
    @Test
    void localJobsDoNotDependOnTheGlobalRate() {
        Map<String, Object> a = new HashMap<>(Map.of("duration", 20_000, "global_rate", 0.002));
        Map<String, Object> b = new HashMap<>(Map.of("duration", 20_000, "global_rate", 0.008));
        StringBuilder la = new StringBuilder();
        StringBuilder lb = new StringBuilder();
        JobRecord r = new JobRecord();
        for (var pair : new Object[][] {{a, la}, {b, lb}}) {
            try (JobSource s = open((Map<String, Object>) pair[0], 11)) {
                while (s.next(r)) {
                    if (r.components == 1) {
                        ((StringBuilder) pair[1]).append(r.submitTime).append(' ').append(r.processors).append(' ')
                                .append(r.runtime).append(' ').append(r.home).append('\n');
                    }
                }
            }
        }
        assertEquals(la.toString(), lb.toString());
        assertTrue(la.length() > 1000);
    }

    @Test
    void countsStopTheStreams() {
        Map<String, Object> o = new HashMap<>(Map.of("duration", 0, "global_jobs", 100, "local_jobs", 400));
        long g = 0;
        long l = 0;
        JobRecord r = new JobRecord();
        try (JobSource s = open(o, 1)) {
            while (s.next(r)) {
                if (r.components > 1) {
                    g++;
                } else {
                    l++;
                }
            }
        }
        assertEquals(100, g);
        assertEquals(400, l);
    }

    @Test
    void badOptionsAreErrorsNamingTheField() {
        assertEquals("global_max_size", fails(Map.of("global_max_size", 64)).field());
        assertTrue(fails(Map.of("global_max_size", 64)).getMessage().contains("wider than every cluster"));
        assertEquals("global_rate", fails(Map.of("global_rate", 0.1, "global_load", 0.2)).field());
        assertEquals("q", fails(Map.of("q", 1.0)).field());
        assertEquals("max_components", fails(Map.of("max_components", 1)).field());
        assertEquals("duration", fails(Map.of("duration", 0)).field());
        assertEquals("global_size", fails(Map.of("global_size", "zipf")).field());
        assertEquals("sizes", fails(Map.of("sizes", "uniform")).field());
    }

    /**
     * Huge values are errors naming the option, before anything is generated: a huge rate or load ran out of memory
     * after minutes (or never advanced the clock), a huge mean runtime silently removed the global jobs (its load gave
     * a rate of about 0), and a huge duration or count never ended.
     */
    @Test
    void hugeValuesAreErrorsNamingTheOption() {
        assertEquals("global_load", fails(Map.of("global_load", 1e12)).field());
        assertTrue(fails(Map.of("global_load", 1e12)).getMessage().contains("more than 100,000,000 jobs"),
                fails(Map.of("global_load", 1e12)).getMessage());
        assertEquals("global_rate", fails(Map.of("global_rate", 1e300)).field());
        assertEquals("local_load", fails(Map.of("local_load", 1e300)).field());
        assertEquals("local_rate", fails(Map.of("local_rate", 1e5, "duration", 1e6)).field());
        assertEquals("global_mean_runtime", fails(Map.of("global_mean_runtime", 1e300)).field());
        assertEquals("local_mean_runtime", fails(Map.of("local_mean_runtime", 1e11)).field());
        assertEquals("duration", fails(Map.of("duration", 1e12)).field());
        assertEquals("global_jobs", fails(Map.of("global_jobs", 1e12)).field());
        assertEquals("local_jobs", fails(Map.of("local_jobs", 2e8)).field());
        assertEquals("global_rate", fails(Map.of("duration", 0, "global_rate", 1e-12, "global_jobs", 10, "local_rate", 0)).field());
        // a high rate with a count and no duration is fine: all jobs arrive soon
        open(Map.of("duration", 0, "global_rate", 1e300, "global_jobs", 10, "local_rate", 0), 1);
    }

    private static InputException fails(Map<String, Object> options) {
        return assertThrows(InputException.class, () -> open(options, 1));
    }
}
