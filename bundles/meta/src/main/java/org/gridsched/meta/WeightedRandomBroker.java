package org.gridsched.meta;

import java.util.SplittableRandom;

import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.Router;

/**
 * Sends each job to cluster i with probability w_i / Σ w_j over the clusters wide enough for it, with one
 * seeded random stream; it keeps no other state and looks at no load. With weights c_i·s_i this is the
 * random brokering of Berten, Goossens and Jeannot (every cluster then sees the same load).
 */
final class WeightedRandomBroker implements Router {
    private final Grid grid;
    private final double[] weights;
    private final SplittableRandom random;

    WeightedRandomBroker(Grid grid, double[] weights, long seed) {
        this.grid = grid;
        this.weights = weights.clone();
        this.random = new SplittableRandom(seed);
    }

    @Override
    public int route(JobRequest job) {
        double total = 0;
        int last = -1;
        for (int c = 0; c < weights.length; c++) {
            if (grid.processors(c) >= job.processors()) {
                total += weights[c];
                last = c;
            }
        }
        double x = random.nextDouble() * total;
        for (int c = 0; c < weights.length; c++) {
            if (grid.processors(c) >= job.processors()) {
                x -= weights[c];
                if (x < 0) {
                    return c;
                }
            }
        }
        return last; // rounding: x landed exactly on the total
    }
}
