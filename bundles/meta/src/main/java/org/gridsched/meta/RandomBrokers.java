package org.gridsched.meta;

import java.util.function.ToDoubleBiFunction;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.Router;
import org.osgi.service.component.annotations.Component;

/** The random brokers, one DS component each; they differ only in the weight of a cluster. */
final class RandomBrokers {
    private RandomBrokers() {
    }

    static Router create(Grid grid, long seed, ToDoubleBiFunction<Grid, Integer> weight) {
        double[] w = new double[grid.clusterCount()];
        for (int c = 0; c < w.length; c++) {
            w[c] = weight.applyAsDouble(grid, c);
        }
        return new WeightedRandomBroker(grid, w, seed);
    }

    /** Weight c_i·s_i: the paper's broker (EDG's rank TotalCPUs x AverageSI00). */
    @Component(service = MetaScheduler.class, configurationPid = "gridsched.meta.random-weighted")
    public static final class ProcessorsTimesSpeed implements MetaScheduler {
        @Override
        public String name() {
            return "random-weighted";
        }

        @Override
        public String description() {
            return "Random brokering: cluster i with probability c_i*s_i / sum c_j*s_j (processors x speed)";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            return RandomBrokers.create(grid, seed, (g, c) -> g.processors(c) * g.speed(c));
        }
    }

    /** Weight c_i: speed-blind, as in the homogeneous predecessor paper. */
    @Component(service = MetaScheduler.class, configurationPid = "gridsched.meta.random-processors")
    public static final class Processors implements MetaScheduler {
        @Override
        public String name() {
            return "random-processors";
        }

        @Override
        public String description() {
            return "Random brokering by processor count only: cluster i with probability c_i / sum c_j";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            return RandomBrokers.create(grid, seed, (g, c) -> g.processors(c));
        }
    }

    /** Equal weights. */
    @Component(service = MetaScheduler.class, configurationPid = "gridsched.meta.random")
    public static final class Uniform implements MetaScheduler {
        @Override
        public String name() {
            return "random";
        }

        @Override
        public String description() {
            return "Uniformly random cluster among those wide enough for the job";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            return RandomBrokers.create(grid, seed, (g, c) -> 1.0);
        }
    }
}
