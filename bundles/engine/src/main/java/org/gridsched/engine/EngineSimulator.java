package org.gridsched.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.simulate.RunRequest;
import org.gridsched.api.simulate.RunResult;
import org.gridsched.api.simulate.Simulator;

/**
 * The engine behind the {@link Simulator} service: one {@link Simulation} per request, no collectors, jobs killed at
 * their requested time. On several clusters the run has a meta-scheduler that refuses every job (a request's jobs are
 * its controllers'). The launcher registers it with its plugin registry as the lookup of named batch policies; tests
 * and plain-Java mains give their own.
 */
public final class EngineSimulator implements Simulator {
    private final Function<String, BatchPolicy> batchPolicies;

    /**
     * @param batchPolicies the batch policy plugin of a name, throwing an {@link InputException} (naming the available
     *                      ones) when there is none
     */
    public EngineSimulator(Function<String, BatchPolicy> batchPolicies) {
        this.batchPolicies = batchPolicies;
    }

    @Override
    public RunResult run(RunRequest request) {
        BatchPolicy policy;
        PluginOptions options;
        if (request.batchPolicy() != null) {
            policy = request.batchPolicy();
            options = PluginOptions.empty("batch policy '" + policy.name() + "'");
        } else {
            policy = batchPolicies.apply(request.batchName());
            options = new PluginOptions("batch policy '" + policy.name() + "'", request.batchOptions());
            options.requireKnown(policy.parameters());
        }
        List<ClusterSpec> specs = new ArrayList<>();
        request.clusters().forEach(c -> specs.add(new ClusterSpec(c.name(), c.processors(), c.speed())));
        Simulation.Settings settings = new Simulation.Settings();
        settings.controllers = request.controllers();
        if (specs.size() > 1) {
            settings.router = grid -> job -> {
                throw new InputException(null, 0, null, "nested simulation '" + request.name() + "': job " + job.id()
                        + " reached the meta-scheduler; on several clusters every job must be taken by a controller");
            };
        }
        PluginOptions checked = options;
        SimulationResult result = new Simulation(new Platform(specs), cluster -> policy.create(cluster, checked), List.of(), settings)
                .run(new ListJobSource(request.name(), request.jobs()));
        List<RunResult.Job> jobs = new ArrayList<>(result.jobs().size());
        double makespan = 0;
        for (SimJob j : result.jobs()) {
            boolean started = !Double.isNaN(j.startTime());
            jobs.add(new RunResult.Job(j.id(), started ? j.cluster() : -1, j.processors(), j.submitTime(), j.startTime(), j.finishTime(),
                    j.finalState()));
            if (!Double.isNaN(j.finishTime())) {
                makespan = Math.max(makespan, j.finishTime());
            }
        }
        return new RunResult(makespan, jobs);
    }
}
