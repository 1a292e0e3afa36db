package org.example.kitnan;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.kit.JobOrder;
import org.gridsched.api.batch.kit.PlanningRule;
import org.gridsched.api.batch.kit.PlanningScheduler;

/**
 * A third party's policy on the planning kit, written as the policy guide writes one (create returns the kit), whose
 * order gives NaN after its first recalculation: a package of its own, as a real plugin's, that no frame of the
 * launcher or the engine shares.
 */
public final class NanKitPolicy implements BatchPolicy {
    @Override
    public String name() {
        return "nan-kit";
    }

    @Override
    public BatchScheduler create(Cluster cluster, PluginOptions options) {
        JobOrder order = JobOrder.recalculatedEvery(600, (job, now) -> now >= 600 ? Double.NaN : job.processors());
        return new PlanningScheduler(cluster, order, PlanningRule.easy());
    }
}
