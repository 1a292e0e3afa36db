package org.gridsched.batch;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.osgi.service.component.annotations.Component;

/**
 * EASY backfilling (Lifka): the head of the queue gets a reservation; any other job may start now if it
 * does not delay that reservation.
 */
@Component(service = BatchPolicy.class, configurationPid = "gridsched.batch.easy")
public final class EasyPolicy implements BatchPolicy {
    @Override
    public String name() {
        return "easy";
    }

    @Override
    public String description() {
        return "EASY backfilling: only the head of the queue has a reservation; others backfill if they do not delay it";
    }

    @Override
    public BatchScheduler create(Cluster cluster, PluginOptions options) {
        return new EasyScheduler(cluster);
    }
}
