package org.gridsched.workflow.oa;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import org.gridsched.api.simulate.RunRequest;
import org.gridsched.api.simulate.Simulator;
import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingHeuristic;

/**
 * A cluster's performance vector (thesis §4.4.3, step 3 of Fig 4.10): the makespan of x scenarios on it alone,
 * obtained by simulating them on its processors (through the {@link Simulator} service) with the experiment's grouping
 * heuristic and the {@code ocean-atmosphere} controller itself (there is no closed form for irregular groupings; the thesis's
 * evaluation "can take some time"). Results are remembered per (cluster, processors, scenarios); an instance serves
 * one experiment setting and may be shared by the runs of a study.
 */
public final class PerformanceEstimator {
    private record Key(String cluster, int processors, int scenarios) {
    }

    private final OaSettings settings;
    private final GroupingHeuristic heuristic;
    private final Simulator simulator;
    private final Map<Key, Double> makespans = new ConcurrentHashMap<>();

    public PerformanceEstimator(OaSettings settings, GroupingHeuristic heuristic, Simulator simulator) {
        this.settings = settings.forEstimates();
        this.heuristic = heuristic;
        this.simulator = simulator;
    }

    public GroupingHeuristic heuristic() {
        return heuristic;
    }

    public Grouping grouping(ClusterBenchmark b, int processors, int scenarios) {
        return heuristic.group(b.problem(scenarios, settings.months(), processors));
    }

    /** The simulated makespan of {@code scenarios} scenarios alone on the cluster, or +infinity if it cannot run one. */
    public double makespan(ClusterBenchmark b, int processors, int scenarios) {
        return makespans.computeIfAbsent(new Key(b.cluster(), processors, scenarios), k -> simulate(b, processors, scenarios));
    }

    private double simulate(ClusterBenchmark b, int processors, int scenarios) {
        Grouping g = grouping(b, processors, scenarios);
        return g.isEmpty() ? Double.POSITIVE_INFINITY : simulate(simulator, settings, b, processors, scenarios, g);
    }

    /** The makespan of scenarios 1..x with a given grouping, alone on a cluster of that many processors. */
    static double simulate(Simulator simulator, OaSettings settings, ClusterBenchmark b, int processors, int scenarios, Grouping g) {
        List<Integer> numbers = IntStream.rangeClosed(1, scenarios).boxed().toList();
        ClusterPlan cluster = new ClusterPlan(0, b, processors, numbers, g, Double.NaN);
        ExperimentPlan plan = new ExperimentPlan(settings, List.of(cluster), new int[scenarios], Double.NaN, Double.NaN);
        OceanAtmosphereRun[] run = new OceanAtmosphereRun[1];
        simulator.run(RunRequest.on(List.of(new RunRequest.Cluster(b.cluster(), processors, 1.0)))
                .withName("ocean-atmosphere estimate")
                .withBatch(ControllerOnlyScheduler.POLICY)
                .withController(grid -> run[0] = new OceanAtmosphereRun(grid, plan, 0)));
        if (!run[0].finished()) {
            throw new IllegalStateException("the estimate of " + scenarios + " scenarios on " + b.cluster() + " did not finish");
        }
        return run[0].makespan();
    }
}
