package org.gridsched.api.batch;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A local batch policy plugin (FCFS, conservative backfilling, EASY, ...). Register an implementation as
 * an OSGi service (one {@code @Component} per policy); the launcher finds it by {@link #name()}.
 */
@ConsumerType
public interface BatchPolicy extends Plugin {

    /**
     * Creates the scheduler that runs one cluster for one simulation run.
     *
     * @param cluster the cluster it schedules; valid for the whole run
     * @param options the policy's options from the run profile, already checked against
     *                {@link #parameters()}
     */
    BatchScheduler create(Cluster cluster, PluginOptions options);
}
