package org.gridsched.meta;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.Router;
import org.osgi.service.component.annotations.Component;

/**
 * Online mapping heuristics that rank clusters by a number; a job goes to the cluster with the smallest
 * value among those wide enough for it, ties to the cluster listed first in the platform.
 */
final class EstimateBasedSchedulers {
    private EstimateBasedSchedulers() {
    }

    /** The value a heuristic minimises for a job on a cluster. */
    @FunctionalInterface
    interface Score {
        double of(Grid grid, int cluster, JobRequest job);
    }

    static Router argmin(Grid grid, Score score) {
        return job -> {
            int best = -1;
            double bestValue = Double.POSITIVE_INFINITY;
            for (int c = 0; c < grid.clusterCount(); c++) {
                if (grid.processors(c) < job.processors()) {
                    continue;
                }
                double v = score.of(grid, c, job);
                if (best < 0 || v < bestValue) {
                    best = c;
                    bestValue = v;
                }
            }
            if (best < 0) {
                throw new IllegalStateException("no cluster has " + job.processors() + " processors");
            }
            return best;
        };
    }

    /** Minimum Completion Time: the cluster whose batch policy would finish the job first. */
    @Component(service = MetaScheduler.class, configurationPid = "gridsched.meta.mct")
    public static final class Mct implements MetaScheduler {
        @Override
        public String name() {
            return "mct";
        }

        @Override
        public String description() {
            return "Minimum completion time: the cluster whose batch policy estimates the earliest completion";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            return argmin(grid, Grid::estimateCompletion);
        }
    }

    /** Minimum Execution Time: the fastest cluster that fits, whatever its queue. */
    @Component(service = MetaScheduler.class, configurationPid = "gridsched.meta.met")
    public static final class Met implements MetaScheduler {
        @Override
        public String name() {
            return "met";
        }

        @Override
        public String description() {
            return "Minimum execution time: the fastest cluster wide enough, ignoring queues";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            return argmin(grid, (g, c, job) -> job.requestedTime() / g.speed(c));
        }
    }

    /**
     * Opportunistic Load Balancing: the cluster expected to be available first, ignoring execution time.
     * The score is the engine's own start estimate ({@link Grid#estimateStart}): the engine alone scales
     * requested times by speed (with the run's reference speed, and a moldable job at its size there), so
     * OLB never redoes that arithmetic. Ties go to the cluster listed first.
     */
    @Component(service = MetaScheduler.class, configurationPid = "gridsched.meta.olb")
    public static final class Olb implements MetaScheduler {
        @Override
        public String name() {
            return "olb";
        }

        @Override
        public String description() {
            return "Opportunistic load balancing: the cluster that could start the job first, ignoring its speed";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            return argmin(grid, Grid::estimateStart);
        }
    }
}
