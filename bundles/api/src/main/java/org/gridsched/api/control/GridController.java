package org.gridsched.api.control;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A grid controller plugin (co-allocation, workflow manager, bag-of-tasks broker, ...); creates one
 * {@link Controller} per run. Register it as an OSGi service; run profiles name it under
 * {@code "controllers"}.
 */
@ConsumerType
public interface GridController extends Plugin {

    /**
     * @param grid    what the controller may observe and do during the run
     * @param options the plugin's options from the run profile
     * @param seed    the seed of this plugin's random stream (derived from the run's seed)
     */
    Controller create(GridOperations grid, PluginOptions options, long seed);
}
