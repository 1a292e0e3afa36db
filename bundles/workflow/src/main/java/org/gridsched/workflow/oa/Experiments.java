package org.gridsched.workflow.oa;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.simulate.RunRequest;
import org.gridsched.api.simulate.Simulator;

/** Whole experiments run as nested simulations (studies, benchmarks): dedicated clusters, no workload. */
public final class Experiments {
    private Experiments() {
    }

    /**
     * Runs a plan, through the simulator, on clusters of these names and sizes (speed 1) and returns the finished run.
     *
     * @throws IllegalStateException if some scenario did not finish
     */
    public static OceanAtmosphereRun simulate(Simulator simulator, Clusters platform, ExperimentPlan plan, long seed) {
        List<RunRequest.Cluster> clusters = new ArrayList<>();
        for (int c = 0; c < platform.count(); c++) {
            clusters.add(new RunRequest.Cluster(platform.name(c), platform.processors(c), 1.0));
        }
        OceanAtmosphereRun[] run = new OceanAtmosphereRun[1];
        // every job is the controller's: the meta-scheduler and the batch queues are never asked
        simulator.run(RunRequest.on(clusters)
                .withName("ocean-atmosphere")
                .withBatch(ControllerOnlyScheduler.POLICY)
                .withController(grid -> run[0] = new OceanAtmosphereRun(grid, plan, seed)));
        if (!run[0].finished()) {
            throw new IllegalStateException("the experiment did not finish");
        }
        return run[0];
    }
}
