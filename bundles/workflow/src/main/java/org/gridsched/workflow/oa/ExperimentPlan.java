package org.gridsched.workflow.oa;

import java.util.List;

/**
 * An experiment decided before it runs: the repartition of its scenarios and each used cluster's grouping.
 *
 * @param repartition         the cluster of each scenario (scenario i + 1 on cluster repartition[i])
 * @param estimatedMakespan   the largest performance-vector estimate of the clusters used (NaN without estimates)
 * @param estimatedRoundRobin the same for the round-robin repartition, to report the gain Algorithm 3 expects (NaN
 *                            when not estimated)
 */
public record ExperimentPlan(OaSettings settings, List<ClusterPlan> clusters, int[] repartition, double estimatedMakespan,
        double estimatedRoundRobin) {
}
