package org.gridsched.workflow.oa;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.workflow.grouping.Grouping;

/**
 * Decides an experiment before it runs (the thesis's two levels, §4.4.4): the repartition of the scenarios over the
 * clusters (Algorithm 3 on the clusters' performance vectors, or round robin), then each cluster's grouping for the
 * scenarios it got.
 */
public final class Planner {
    private final Clusters grid;
    private final OaSettings settings;
    private final PerformanceEstimator estimator;
    private final ClusterBenchmark[] benchmarks;
    private final int[] nbDags;

    public Planner(Clusters grid, OaSettings settings, PerformanceEstimator estimator) {
        this.grid = grid;
        this.settings = settings;
        this.estimator = estimator;
        int n = grid.count();
        benchmarks = new ClusterBenchmark[n];
        nbDags = new int[n];
        for (int c = 0; c < n; c++) {
            benchmarks[c] = settings.benchmarks().of(grid.name(c));
            nbDags[c] = settings.shortcut() ? shortcut(c) : 0;
        }
    }

    /**
     * nbDags of eqs 4.11-4.12, when the heuristic indeed gives that many scenarios one group of 11 each (a revised
     * heuristic without 11 does not): up to that many scenarios, one simulation serves every count.
     */
    private int shortcut(int c) {
        ClusterBenchmark b = benchmarks[c];
        if (Double.isNaN(b.mainTime(11))) {
            return 0;
        }
        int k = Algorithm3.nbDags(grid.processors(c), b.postTime(), b.mainTime(11), settings.scenarios());
        if (k == 0) {
            return 0;
        }
        Grouping g = estimator.grouping(b, grid.processors(c), k);
        return g.count() == k && g.groups().stream().allMatch(size -> size == 11) ? k : 0;
    }

    /** performance[c][x] of Algorithm 3: the simulated makespan of x scenarios alone on cluster c. */
    public double performance(int c, int scenarios) {
        int x = scenarios <= nbDags[c] ? nbDags[c] : scenarios;
        return estimator.makespan(benchmarks[c], grid.processors(c), x);
    }

    public ExperimentPlan plan() {
        int n = grid.count();
        int ns = settings.scenarios();
        boolean[] usable = new boolean[n];
        boolean any = false;
        for (int c = 0; c < n; c++) {
            usable[c] = !estimator.grouping(benchmarks[c], grid.processors(c), 1).isEmpty();
            any |= usable[c];
        }
        if (!any) {
            throw new InputException(null, 0, "platform", "no cluster can run an Ocean-Atmosphere main task with the '"
                    + estimator.heuristic().name() + "' grouping (at least " + 4 + " processors are needed)");
        }
        boolean estimate = settings.repartition() == Repartition.ALGORITHM3;
        int[] repartition = estimate ? Algorithm3.repartition(n, ns, this::performance) : Algorithm3.roundRobin(usable, ns);
        int[] counts = Algorithm3.counts(repartition, n);
        List<ClusterPlan> clusters = new ArrayList<>();
        double estimated = estimate ? 0 : Double.NaN;
        for (int c = 0; c < n; c++) {
            if (counts[c] == 0) {
                continue;
            }
            List<Integer> scenarios = new ArrayList<>();
            for (int i = 0; i < ns; i++) {
                if (repartition[i] == c) {
                    scenarios.add(i + 1);
                }
            }
            double e = estimate ? performance(c, counts[c]) : Double.NaN;
            estimated = Math.max(estimated, e);
            clusters.add(new ClusterPlan(c, benchmarks[c], grid.processors(c), scenarios,
                    estimator.grouping(benchmarks[c], grid.processors(c), counts[c]), e));
        }
        double roundRobin = Double.NaN;
        if (estimate) {
            int[] rr = Algorithm3.counts(Algorithm3.roundRobin(usable, ns), n);
            roundRobin = 0;
            for (int c = 0; c < n; c++) {
                if (rr[c] > 0) {
                    roundRobin = Math.max(roundRobin, estimator.makespan(benchmarks[c], grid.processors(c), rr[c]));
                }
            }
        }
        return new ExperimentPlan(settings, clusters, repartition, estimated, roundRobin);
    }
}
