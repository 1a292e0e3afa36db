package org.gridsched.api.grid;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ConsumerType;

/** A meta-scheduler (resource broker) plugin; creates one {@link Router} per run. */
@ConsumerType
public interface MetaScheduler extends Plugin {

    /**
     * @param grid    the clusters, as the router may observe them during the run
     * @param options the plugin's options from the run profile
     * @param seed    the seed of this plugin's random stream (derived from the run's seed); a router
     *                that draws random numbers must use only a generator seeded with it
     */
    Router create(Grid grid, PluginOptions options, long seed);
}
