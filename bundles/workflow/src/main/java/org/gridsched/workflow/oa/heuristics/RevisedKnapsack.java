package org.gridsched.workflow.oa.heuristics;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingHeuristic;
import org.gridsched.workflow.grouping.GroupingProblem;
import org.osgi.service.component.annotations.Component;

/**
 * The revised knapsack (thesis §4.6.2): two scenarios on one node crash OpenMPI, so every group size must be a
 * multiple of the cluster's cores per node (2 cores: 4, 6, 8, 10; 4 cores: 4, 8).
 */
@Component(service = GroupingHeuristic.class, configurationPid = "gridsched.grouping.knapsack-revised")
public final class RevisedKnapsack implements GroupingHeuristic {

    @Override
    public String name() {
        return "knapsack-revised";
    }

    @Override
    public String description() {
        return "knapsack with group sizes 4..11 that are multiples of the cluster's cores per node (thesis 4.6.2)";
    }

    @Override
    public Grouping group(GroupingProblem p) {
        return Sizes.knapsack(p, 11, g -> g % p.coresPerNode() == 0);
    }
}
