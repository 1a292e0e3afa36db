package org.gridsched.engine;

/**
 * What the workload (or the controller that submitted it) said about a job; never changes during a run.
 * Times are seconds at reference speed.
 *
 * @param index arrival rank over the whole run (0, 1, 2, ...): output order
 * @param home       the cluster of the workload it came from in a merged workload, or -1
 * @param components the equal components a co-allocated job asks for; 1 for an ordinary job
 */
public record WorkloadJob(long id, int index, double submit, double runtime, double requested, int processors, int home,
        int components) {
}
