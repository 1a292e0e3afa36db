package org.gridsched.coalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.coalloc.workload.CoallocGenerator;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Test;

/**
 * The performance target: 100,000 global and 400,000 local jobs on 4 x 32 processors in under 10 s
 * (local load 15 %, the same arrival rate per cluster as for global jobs: requested global load about 34 %).
 * The assertion leaves room for slow test machines; the time is printed.
 */
class PerformanceTest {
    @Test
    void halfAMillionJobs() {
        Map<String, Object> workload = Map.of("duration", 0, "global_jobs", 100_000, "local_jobs", 400_000,
                "local_load", 0.15, "global_rate", 0.0069);
        long t0 = System.nanoTime();
        SimulationResult r = Harness.run(Harness.platform(32, 32, 32, 32),
                new CoallocGenerator().open(new PluginOptions("coalloc", workload), 42), Map.of("ignore", 10), 42);
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf("coalloc performance: 500,000 jobs in %.2f s (global success %.1f %%, local kills %.2f %%)%n", seconds,
                r.overall().get("global_success_percent"), r.overall().get("local_kill_percent"));
        assertEquals(100_000L, r.overall().get("global_jobs"));
        assertEquals(400_000L, r.overall().get("local_jobs"));
        assertTrue(seconds < 30, seconds + " s");
    }
}
