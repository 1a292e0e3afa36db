package org.gridsched.workflow.oa.heuristics;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingHeuristic;
import org.gridsched.workflow.grouping.GroupingProblem;
import org.osgi.service.component.annotations.Component;

/**
 * Optimisation 1 (thesis §4.4.2.4, "Gain 1"): the basic grouping, with the processors it leaves idle given to the
 * groups, keeping ⌈nb_max / ⌊T_G/T_P⌋⌉ for the posts (R=53, NS=10: 7×7 + 1 + 3 idle becomes 8+8+8+7+7+7+7 + 1).
 */
@Component(service = GroupingHeuristic.class, configurationPid = "gridsched.grouping.optimisation-1")
public final class FirstOptimisation implements GroupingHeuristic {

    @Override
    public String name() {
        return "optimisation-1";
    }

    @Override
    public String description() {
        return "basic grouping, then the processors it leaves idle go to the groups (one per group in turn), keeping enough for the posts of one iteration";
    }

    @Override
    public Grouping group(GroupingProblem p) {
        return Redistribution.apply(p, true);
    }
}
