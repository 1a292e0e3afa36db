package org.gridsched.coalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.SimulationResult;
import org.gridsched.workload.gwf.GwfReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A GWF grid trace replayed with co-allocation: sites are home clusters, a COALLOC job goes to the controller. */
class GwfReplayTest {
    private static String line(long id, long submit, long run, int procs, String site, String structure, String params) {
        return id + "\t" + submit + "\t0\t" + run + "\t" + procs + "\t-1\t-1\t" + procs + "\t" + run + "\t-1\t1\tU\tG\tE\tQ\t-1\t"
                + site + "\t" + site + "\t" + structure + "\t" + params + "\t-1\t-1\t-1\t-1\t-1\t-1\t-1\t-1\t-1\n";
    }

    /**
     * Two sites of 8 processors, in the order the sites option gives (by default: order of first appearance).
     * Unix time 1,000,000,000 is t = 0. A job of 2 x 4 components (no site) arrives at 0 with its deadline at
     * 100; fs1 starts a local job of 6 at 50; at the first try (70) fs0 has 8 idle processors and fs1 2, so worst
     * fit puts both components on fs0 (8, then 4 left against 2). It runs 100-400; fs0's local job of 8 at 1000
     * starts at once.
     */
    @Test
    void aGridTraceRunsWithCoAllocation(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("grid.gwf");
        Files.writeString(trace, "# two sites\n" + line(1, 1_000_000_000L, 300, 8, "-1", "COALLOC", "2")
                + line(2, 1_000_000_050L, 500, 6, "fs1", "UNITARY", "-1") + line(3, 1_000_001_000L, 100, 8, "fs0", "UNITARY", "-1"));
        SimulationResult r = Harness.run(Harness.platform(8, 8),
                new GwfReader().open(trace, new PluginOptions("gwf", Map.of("sites", "fs0,fs1"))), Map.of("d_min", 100, "d_max", 100), 1);
        Map<Long, SimJob> jobs = Harness.byId(r);
        SimJob g = jobs.get(1L);
        assertEquals(100, g.startTime());
        assertEquals(2, g.allocation().parts());
        assertEquals(0, g.allocation().cluster(0));
        assertEquals(0, g.allocation().cluster(1));
        assertEquals(1, jobs.get(2L).cluster());
        assertEquals(50, jobs.get(2L).startTime());
        assertEquals(0, jobs.get(3L).cluster());
        assertEquals(1000, jobs.get(3L).startTime());
        assertEquals(100.0, r.overall().get("global_success_percent"));
    }
}
