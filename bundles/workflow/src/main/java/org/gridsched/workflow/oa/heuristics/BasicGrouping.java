package org.gridsched.workflow.oa.heuristics;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingHeuristic;
import org.gridsched.workflow.grouping.GroupingProblem;
import org.gridsched.workflow.oa.ClosedForm;
import org.osgi.service.component.annotations.Component;

/**
 * The basic heuristic (thesis §4.4.2): equal groups of the G in 4..11 whose closed-form makespan (eqs 4.1-4.7) is
 * smallest; the processors left over run post-processing tasks.
 */
@Component(service = GroupingHeuristic.class, configurationPid = "gridsched.grouping.basic")
public final class BasicGrouping implements GroupingHeuristic {

    @Override
    public String name() {
        return "basic";
    }

    @Override
    public String description() {
        return "equal groups of the size 4..11 with the best closed-form makespan (eqs 4.1-4.7); leftover processors run posts";
    }

    @Override
    public Grouping group(GroupingProblem p) {
        ClosedForm.Choice c = ClosedForm.best(p);
        if (c == null) {
            return Grouping.none();
        }
        int[] groups = new int[c.groups()];
        java.util.Arrays.fill(groups, c.groupSize());
        return Grouping.of(groups).predicting(c.makespan());
    }
}
