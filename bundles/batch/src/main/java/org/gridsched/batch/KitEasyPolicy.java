package org.gridsched.batch;

import java.util.List;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.kit.JobOrder;
import org.gridsched.api.batch.kit.PlanningRule;
import org.gridsched.api.batch.kit.PlanningScheduler;
import org.osgi.service.component.annotations.Component;

/**
 * EASY backfilling written on the planning kit: with its defaults, the same starts as {@code easy}, which
 * stays the tuned default. Its options protect more than one job and bound the work per event like Slurm.
 */
@Component(service = BatchPolicy.class, configurationPid = "gridsched.batch.kit-easy")
public final class KitEasyPolicy implements BatchPolicy {
    @Override
    public String name() {
        return "kit-easy";
    }

    @Override
    public String description() {
        return "EASY backfilling on the planning kit (submission order); options protected, bf_max_job_test, bf_window";
    }

    @Override
    public List<Parameter> parameters() {
        return PlanningRule.PARAMETERS;
    }

    @Override
    public BatchScheduler create(Cluster cluster, PluginOptions options) {
        return new PlanningScheduler(cluster, JobOrder.submission(), PlanningRule.fromOptions(PlanningRule.easy(), options));
    }
}
