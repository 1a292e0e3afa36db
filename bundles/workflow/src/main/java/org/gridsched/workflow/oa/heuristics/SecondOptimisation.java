package org.gridsched.workflow.oa.heuristics;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingHeuristic;
import org.gridsched.workflow.grouping.GroupingProblem;
import org.osgi.service.component.annotations.Component;

/**
 * Optimisation 2 (thesis §4.4.2.4, "Gain 2"): the basic grouping, with every processor outside the groups given to
 * them (no group beyond 11): the main tasks speed up superlinearly, and the posts run at the end.
 */
@Component(service = GroupingHeuristic.class, configurationPid = "gridsched.grouping.optimisation-2")
public final class SecondOptimisation implements GroupingHeuristic {

    @Override
    public String name() {
        return "optimisation-2";
    }

    @Override
    public String description() {
        return "basic grouping, then every processor outside the groups goes to them; posts run at the end";
    }

    @Override
    public Grouping group(GroupingProblem p) {
        return Redistribution.apply(p, false);
    }
}
