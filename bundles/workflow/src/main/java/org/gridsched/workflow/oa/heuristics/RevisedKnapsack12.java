package org.gridsched.workflow.oa.heuristics;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingHeuristic;
import org.gridsched.workflow.grouping.GroupingProblem;
import org.osgi.service.component.annotations.Component;

/**
 * The revised knapsack with the 12-processor extension (thesis §4.6.2): sizes that are multiples of the cores per
 * node, up to 12, where T[12] is the benchmarked value or, as measured on a few clusters, T[11].
 */
@Component(service = GroupingHeuristic.class, configurationPid = "gridsched.grouping.knapsack-revised-12")
public final class RevisedKnapsack12 implements GroupingHeuristic {

    @Override
    public String name() {
        return "knapsack-revised-12";
    }

    @Override
    public String description() {
        return "revised knapsack with 12-processor groups too (T[12] = T[11] unless benchmarked)";
    }

    @Override
    public Grouping group(GroupingProblem p) {
        GroupingProblem q = p.benchmarked(12) || !p.benchmarked(11) ? p : p.withMainTime(12, p.mainTime(11));
        return Sizes.knapsack(q, 12, g -> g % q.coresPerNode() == 0);
    }
}
