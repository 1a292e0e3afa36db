package org.gridsched.meta;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.Router;
import org.osgi.service.component.annotations.Component;

/** Round robin: the next cluster in turn that is wide enough for the job. Needs no information. */
@Component(service = MetaScheduler.class, configurationPid = "gridsched.meta.round-robin")
public final class RoundRobinBroker implements MetaScheduler {
    @Override
    public String name() {
        return "round-robin";
    }

    @Override
    public String description() {
        return "Round robin over the clusters, skipping those too small for the job";
    }

    @Override
    public Router create(Grid grid, PluginOptions options, long seed) {
        int[] next = {0};
        return job -> {
            int n = grid.clusterCount();
            for (int k = 0; k < n; k++) {
                int c = (next[0] + k) % n;
                if (grid.processors(c) >= job.processors()) {
                    next[0] = (c + 1) % n;
                    return c;
                }
            }
            throw new IllegalStateException("no cluster has " + job.processors() + " processors");
        };
    }
}
