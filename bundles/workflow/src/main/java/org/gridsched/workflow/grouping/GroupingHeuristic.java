package org.gridsched.workflow.grouping;

import org.gridsched.api.Plugin;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Splits the processors of one cluster into groups on which the main tasks of an Ocean-Atmosphere experiment run
 * (basic, optimisations 1 and 2, knapsack, ...). Register an implementation as an OSGi service
 * ({@code @Component(service = GroupingHeuristic.class)}); the {@code ocean-atmosphere} controller finds it by
 * {@link #name()}.
 *
 * <p>One instance serves every run, concurrently: {@link #group} must be a pure function of its problem.
 */
@ConsumerType
public interface GroupingHeuristic extends Plugin {

    /**
     * @return the groups (sizes in {@link GroupingProblem#MIN_GROUP}..{@link GroupingProblem#MAX_GROUP}, with a
     *         benchmarked main-task time each, at most {@link GroupingProblem#scenarios()} of them, adding up to at most
     *         {@link GroupingProblem#processors()}); the processors left over run post-processing tasks. No group
     *         when the cluster cannot run a main task.
     */
    Grouping group(GroupingProblem problem);
}
