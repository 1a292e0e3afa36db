package org.gridsched.batch;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.kit.JobOrder;
import org.gridsched.api.batch.kit.PlanningRule;
import org.gridsched.api.batch.kit.PlanningScheduler;
import org.osgi.service.component.annotations.Component;

/** FCFS written on the planning kit: the same starts as {@code fcfs}, which stays the tuned default. */
@Component(service = BatchPolicy.class, configurationPid = "gridsched.batch.kit-fcfs")
public final class KitFcfsPolicy implements BatchPolicy {
    @Override
    public String name() {
        return "kit-fcfs";
    }

    @Override
    public String description() {
        return "FCFS on the planning kit (submission order, head only): the starts of fcfs, for comparison";
    }

    @Override
    public BatchScheduler create(Cluster cluster, PluginOptions options) {
        return new PlanningScheduler(cluster, JobOrder.submission(), PlanningRule.headOnly());
    }
}
