package org.gridsched.batch;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.osgi.service.component.annotations.Component;

/** First-come first-served: strict submission order, nothing overtakes the head of the queue. */
@Component(service = BatchPolicy.class, configurationPid = "gridsched.batch.fcfs")
public final class FcfsPolicy implements BatchPolicy {
    @Override
    public String name() {
        return "fcfs";
    }

    @Override
    public String description() {
        return "First-come first-served: jobs start in submission order as soon as enough processors are free";
    }

    @Override
    public BatchScheduler create(Cluster cluster, PluginOptions options) {
        return new FcfsScheduler(cluster);
    }
}
