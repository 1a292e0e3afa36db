package org.gridsched.workflow.oa.heuristics;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingHeuristic;
import org.gridsched.workflow.grouping.GroupingProblem;
import org.osgi.service.component.annotations.Component;

/**
 * The knapsack representation (thesis §4.4.2.4, "Gain 3", eqs 4.8-4.10): groups of any sizes 4..11, at most NS of
 * them, maximising the main-task work done per second; posts run on what is left over, else at the end.
 */
@Component(service = GroupingHeuristic.class, configurationPid = "gridsched.grouping.knapsack")
public final class KnapsackGrouping implements GroupingHeuristic {

    @Override
    public String name() {
        return "knapsack";
    }

    @Override
    public String description() {
        return "knapsack (eqs 4.8-4.10, exact): groups of sizes 4..11, at most NS, maximising the sum of 1/T[size]";
    }

    @Override
    public Grouping group(GroupingProblem p) {
        return Sizes.knapsack(p, 11, g -> true);
    }
}
