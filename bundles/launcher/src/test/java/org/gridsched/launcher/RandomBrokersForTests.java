package org.gridsched.launcher;

import java.util.SplittableRandom;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.Router;

/**
 * A weighted random broker for launcher tests, and one that asks for estimates (the real ones live in the meta bundle's
 * private package).
 */
public final class RandomBrokersForTests {
    private RandomBrokersForTests() {
    }

    public static final class Weighted implements MetaScheduler {
        @Override
        public String name() {
            return "random-weighted";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            SplittableRandom r = new SplittableRandom(seed);
            return job -> {
                double total = 0;
                for (int c = 0; c < grid.clusterCount(); c++) {
                    total += grid.processors(c) * grid.speed(c);
                }
                double x = r.nextDouble() * total;
                for (int c = 0; c < grid.clusterCount(); c++) {
                    x -= grid.processors(c) * grid.speed(c);
                    if (x < 0) {
                        return c;
                    }
                }
                return grid.clusterCount() - 1;
            };
        }
    }

    /** Minimum completion time, as the meta bundle's mct: the cluster whose policy estimates the earliest completion. */
    public static final class EarliestCompletion implements MetaScheduler {
        @Override
        public String name() {
            return "mct";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            return job -> {
                int best = -1;
                for (int c = 0; c < grid.clusterCount(); c++) {
                    if (grid.processors(c) >= job.processors()
                            && (best < 0 || grid.estimateCompletion(c, job) < grid.estimateCompletion(best, job))) {
                        best = c;
                    }
                }
                return best;
            };
        }
    }
}
