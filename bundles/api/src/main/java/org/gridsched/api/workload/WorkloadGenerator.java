package org.gridsched.api.workload;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Synthesises a workload. The same options and seed must give the same jobs, and jobs are produced one at
 * a time: a generator never holds the whole workload in memory.
 */
@ConsumerType
public interface WorkloadGenerator extends Plugin {

    /**
     * The parameter of a generator whose jobs are sized for a machine of that many processors. When a run gives
     * a platform and not this option, the launcher sets it to the platform's largest cluster, so that the
     * generated jobs fit and the offered load is the platform's.
     *
     * @since 1.2
     */
    String MACHINE_SIZE = "processors";


    JobSource open(PluginOptions options, long seed);
}
