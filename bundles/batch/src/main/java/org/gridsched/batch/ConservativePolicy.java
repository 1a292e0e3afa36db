package org.gridsched.batch;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.osgi.service.component.annotations.Component;

/**
 * Conservative backfilling (Mu'alem and Feitelson): every job gets a reservation at submission, at the
 * earliest time it fits without delaying any earlier reservation.
 */
@Component(service = BatchPolicy.class, configurationPid = "gridsched.batch.cbf")
public final class ConservativePolicy implements BatchPolicy {
    @Override
    public String name() {
        return "cbf";
    }

    @Override
    public String description() {
        return "Conservative backfilling: every job is reserved at submission; early ends compress the plan in submission order";
    }

    @Override
    public BatchScheduler create(Cluster cluster, PluginOptions options) {
        return new ConservativeScheduler(cluster);
    }
}
