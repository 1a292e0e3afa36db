package org.example.gridsched.shortestqueue;

import java.util.List;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.Router;
import org.osgi.service.component.annotations.Component;

/**
 * "Join the shortest queue": each job goes to the cluster, among those wide enough for it, with the fewest
 * waiting jobs. With {@code per-processor} (the default) queues are compared per processor, so that a
 * large cluster is not penalised for holding a longer queue it drains faster. Ties go to the cluster with
 * the most free processors (it can start work soonest), then to the one listed first. Deterministic: the
 * seed is not used.
 */
@Component(service = MetaScheduler.class)
public final class ShortestQueueBroker implements MetaScheduler {

    static final String PER_PROCESSOR = "per-processor";

    @Override
    public String name() {
        return "shortest-queue";
    }

    @Override
    public String description() {
        return "Join the shortest queue: the cluster wide enough for the job with the fewest waiting jobs";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter(PER_PROCESSOR, "true",
                "compare waiting jobs per processor instead of raw queue lengths"));
    }

    @Override
    public Router create(Grid grid, PluginOptions options, long seed) {
        // Read options here, not in route(): a bad value then fails when the run starts, naming the option.
        boolean perProcessor = options.getBoolean(PER_PROCESSOR, true);
        // The router is the per-run object; the component itself keeps no state, as one instance serves
        // every run (possibly several at once).
        return new ShortestQueueRouter(grid, perProcessor);
    }

    private static final class ShortestQueueRouter implements Router {
        private final Grid grid;
        private final boolean perProcessor;

        ShortestQueueRouter(Grid grid, boolean perProcessor) {
            this.grid = grid;
            this.perProcessor = perProcessor;
        }

        @Override
        public int route(JobRequest job) {
            int best = -1;
            for (int c = 0; c < grid.clusterCount(); c++) {
                if (grid.processors(c) < job.processors()) {
                    continue; // never route a job to a cluster that can never run it
                }
                if (best < 0 || better(c, best)) {
                    best = c;
                }
            }
            if (best < 0) {
                throw new IllegalStateException("no cluster has " + job.processors() + " processors");
            }
            return best;
        }

        /** Strictly better only, so that a full tie keeps the cluster listed first. */
        private boolean better(int c, int best) {
            int byQueue = compareQueues(c, best);
            if (byQueue != 0) {
                return byQueue < 0;
            }
            return grid.freeProcessors(c) > grid.freeProcessors(best);
        }

        /**
         * Compares waiting(a)/processors(a) with waiting(b)/processors(b) by cross-multiplying in longs:
         * exact, so equal ratios (2/4 and 1/2) always reach the tie-breaks and distinct ones never do.
         */
        private int compareQueues(int a, int b) {
            long wa = grid.waitingJobs(a);
            long wb = grid.waitingJobs(b);
            if (!perProcessor) {
                return Long.compare(wa, wb);
            }
            return Long.compare(wa * grid.processors(b), wb * grid.processors(a));
        }
    }
}
