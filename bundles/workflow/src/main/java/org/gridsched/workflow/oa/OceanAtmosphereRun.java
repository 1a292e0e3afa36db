package org.gridsched.workflow.oa;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;

/**
 * One run of an Ocean-Atmosphere experiment: each cluster's {@link ClusterChains}, driven by the engine's events.
 * Jobs it did not submit are none of its business (it returns false for them).
 */
public final class OceanAtmosphereRun implements Controller {
    private final GridOperations grid;
    final ExperimentPlan plan;
    private final ClusterChains[] chains;
    private final List<ClusterChains> used = new ArrayList<>();
    private final Failures failures;

    OceanAtmosphereRun(GridOperations grid, ExperimentPlan plan, long seed) {
        this.grid = grid;
        this.plan = plan;
        OaSettings s = plan.settings();
        failures = new Failures(grid, s.failureMtbf(), seed);
        chains = new ClusterChains[grid.clusterCount()];
        for (ClusterPlan c : plan.clusters()) {
            ClusterChains cc = new ClusterChains(this, grid, c, s.months(), s.posts(), s.assignment(), failures);
            chains[c.cluster()] = cc;
            used.add(cc);
            cc.begin(s.start());
        }
    }

    private OaTask mine(GridJob job) {
        return job.tag() instanceof OaTask t && t.owner.run == this ? t : null;
    }

    @Override
    public boolean jobArrived(GridJob job) {
        OaTask t = mine(job);
        if (t == null) {
            return false;
        }
        t.owner.arrived(t);
        return true;
    }

    @Override
    public void jobEnded(GridJob job) {
        OaTask t = mine(job);
        if (t != null) {
            t.owner.ended(t);
        }
    }

    @Override
    public void jobKilled(GridJob job) {
        OaTask t = mine(job);
        if (t != null && t.main()) {
            t.owner.failed(t);
        }
    }

    @Override
    public void timer(Object tag) {
        if (failures.handle(tag)) {
            return;
        }
        if (tag instanceof ClusterChains c && c.run == this) {
            c.dispatch();
        }
    }

    /** The experiment's makespan: last end over its clusters, from its start. */
    public double makespan() {
        double ms = 0;
        for (ClusterChains c : used) {
            ms = Math.max(ms, c.makespan(plan.settings().start()));
        }
        return ms;
    }

    /** Per used cluster: name, processors, scenarios, grouping, simulated and estimated makespans. */
    public List<Map<String, Object>> clusterSummaries() {
        List<Map<String, Object>> list = new ArrayList<>();
        for (ClusterChains c : used) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cluster", grid.clusterName(c.cluster));
            m.put("processors", c.plan.processors());
            m.put("scenarios", c.scenarios.length);
            m.put("grouping", c.plan.grouping().toString());
            m.put("experiment_makespan", c.makespan(plan.settings().start()));
            if (!Double.isNaN(c.plan.estimate())) {
                m.put("estimated_makespan", c.plan.estimate());
            }
            if (!Double.isNaN(c.plan.grouping().predictedMakespan())) {
                m.put("closed_form_makespan", c.plan.grouping().predictedMakespan());
            }
            m.put("main_tasks", c.mainsDone);
            m.put("post_tasks", c.postsDone);
            if (c.failed > 0) {
                m.put("failures", c.failed);
            }
            list.add(m);
        }
        return list;
    }

    /** Failed main tasks over all clusters. */
    public long failures() {
        long n = 0;
        for (ClusterChains c : used) {
            n += c.failed;
        }
        return n;
    }

    /** Whether every scenario finished and every post ran. */
    public boolean finished() {
        return used.stream().allMatch(ClusterChains::finished);
    }

    public ExperimentPlan plan() {
        return plan;
    }
}
