package org.gridsched.workflow.oa;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;

/** Whole experiments run in the engine outside the launcher (studies, benchmarks): dedicated clusters, no workload. */
public final class Experiments {
    private Experiments() {
    }

    /**
     * Runs a plan on clusters of these names and sizes (speed 1) and returns the finished run.
     *
     * @throws IllegalStateException if some scenario did not finish
     */
    public static OceanAtmosphereRun simulate(Clusters platform, ExperimentPlan plan, long seed) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (int c = 0; c < platform.count(); c++) {
            specs.add(new ClusterSpec(platform.name(c), platform.processors(c), 1.0));
        }
        OceanAtmosphereRun[] run = new OceanAtmosphereRun[1];
        Simulation.Settings s = new Simulation.Settings();
        s.controllers = List.of(grid -> run[0] = new OceanAtmosphereRun(grid, plan, seed));
        s.router = grid -> job -> 0;                       // never asked: every job is the controller's
        new Simulation(new Platform(specs), c -> new ControllerOnlyScheduler(), List.of(), s)
                .run(new ListJobSource("ocean-atmosphere", List.<JobRecord>of()));
        if (!run[0].finished()) {
            throw new IllegalStateException("the experiment did not finish");
        }
        return run[0];
    }
}
