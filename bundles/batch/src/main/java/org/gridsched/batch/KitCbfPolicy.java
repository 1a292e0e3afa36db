package org.gridsched.batch;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.kit.JobOrder;
import org.gridsched.api.batch.kit.PlanningRule;
import org.gridsched.api.batch.kit.PlanningScheduler;
import org.osgi.service.component.annotations.Component;

/** Conservative backfilling written on the planning kit: the same starts as {@code cbf}, the tuned default. */
@Component(service = BatchPolicy.class, configurationPid = "gridsched.batch.kit-cbf")
public final class KitCbfPolicy implements BatchPolicy {
    @Override
    public String name() {
        return "kit-cbf";
    }

    @Override
    public String description() {
        return "Conservative backfilling on the planning kit (submission order): the starts of cbf, for comparison";
    }

    @Override
    public BatchScheduler create(Cluster cluster, PluginOptions options) {
        return new PlanningScheduler(cluster, JobOrder.submission(), PlanningRule.conservative());
    }
}
