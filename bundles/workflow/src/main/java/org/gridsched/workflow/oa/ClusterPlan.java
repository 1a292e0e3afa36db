package org.gridsched.workflow.oa;

import java.util.List;

import org.gridsched.workflow.grouping.Grouping;

/**
 * What one cluster runs: its scenarios (numbers in the experiment) and its grouping for that many scenarios.
 *
 * @param estimate the makespan the performance vector predicts for it (the simulation of this cluster alone), NaN
 *                 when not estimated
 */
public record ClusterPlan(int cluster, ClusterBenchmark benchmark, int processors, List<Integer> scenarios, Grouping grouping,
        double estimate) {
}
