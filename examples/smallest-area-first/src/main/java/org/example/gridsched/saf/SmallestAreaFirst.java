package org.example.gridsched.saf;

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

/** Smallest area (processors x requested time) first, with EASY backfilling behind the first blocked job. */
@Component(service = BatchPolicy.class)
public final class SmallestAreaFirst implements BatchPolicy {
    static final JobOrder SMALLEST_AREA = (job, now) -> job.processors() * job.requestedTime(); // fixed: keyed once

    @Override
    public String name() {
        return "smallest-area-first";
    }

    @Override
    public String description() {
        return "Smallest area (processors x requested time) first, with EASY backfilling";
    }

    @Override
    public List<Parameter> parameters() {
        return PlanningRule.PARAMETERS; // protected, bf_max_job_test, bf_window
    }

    @Override
    public BatchScheduler create(Cluster cluster, PluginOptions options) {
        return new PlanningScheduler(cluster, SMALLEST_AREA, PlanningRule.fromOptions(PlanningRule.easy(), options));
    }
}
