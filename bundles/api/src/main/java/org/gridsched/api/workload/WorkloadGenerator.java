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

    JobSource open(PluginOptions options, long seed);
}
