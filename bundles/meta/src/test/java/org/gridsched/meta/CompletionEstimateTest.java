package org.gridsched.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.grid.Router;
import org.gridsched.api.workload.JobSource;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.gridsched.workload.swf.SwfReader;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The completion-time guarantee meta-scheduling relies on: on FCFS and conservative-backfilling clusters,
 * with runtime = requested time (no early end) and no job moved, every job finishes exactly at the
 * completion time its cluster estimated when MCT chose it, over whole workloads on a heterogeneous
 * 3-cluster platform where the widest jobs fit only the largest cluster.
 */
class CompletionEstimateTest {
    static final Platform PLATFORM = new Platform(List.of(new ClusterSpec("a", 240, 1.0),
            new ClusterSpec("b", 128, 1.2), new ClusterSpec("c", 64, 1.4)));

    private static void check(BatchPolicy policy, JobSource source) {
        Map<Long, Double> estimate = new HashMap<>();
        Map<Long, Integer> chosen = new HashMap<>();
        Simulation.Settings settings = new Simulation.Settings();
        settings.router = grid -> {
            Router mct = new EstimateBasedSchedulers.Mct().create(grid, PluginOptions.empty("mct"), 0);
            return job -> {
                int c = mct.route(job);
                estimate.put(job.id(), grid.estimateCompletion(c, job));
                chosen.put(job.id(), c);
                return c;
            };
        };
        Simulation sim = new Simulation(PLATFORM, c -> policy.create(c, PluginOptions.empty(policy.name())), List.of(), settings);
        SimulationResult r;
        try (source) {
            r = sim.run(source);
        }
        int[] perCluster = new int[3];
        for (SimJob j : r.jobs()) {
            assertEquals(estimate.get(j.id()), j.finishTime(), 0.0,
                    policy.name() + ": " + j + " on cluster " + j.cluster() + " finished off its estimate");
            assertEquals((int) chosen.get(j.id()), j.cluster());
            perCluster[j.cluster()]++;
        }
        assertTrue(perCluster[0] > 0 && perCluster[1] > 0 && perCluster[2] > 0, "MCT used every cluster");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fcfs", "cbf"})
    void generatedWorkload(String name) {
        BatchPolicy policy = name.equals("fcfs") ? new FcfsPolicy() : new ConservativePolicy();
        JobSource w = new LublinGenerator().open(new PluginOptions("lublin99",
                Map.of("jobs", 20000, "processors", 240, "load", 1.5)), 5);
        check(policy, w);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fcfs", "cbf"})
    void realTraceWithRequestedTimeEqualToRuntime(String name) throws Exception {
        String dir = System.getProperty("gridsched.shared.data", "../../../shared/data");
        Path trace = Path.of(dir).resolve("HPC2N-seth-excerpt.swf");
        Assumptions.assumeTrue(Files.isRegularFile(trace), "shared trace absent at " + trace + ": skipping");
        BatchPolicy policy = name.equals("fcfs") ? new FcfsPolicy() : new ConservativePolicy();
        check(policy, new SwfReader().open(trace, new PluginOptions("swf", Map.of("requested_time", "runtime"))));
    }
}
