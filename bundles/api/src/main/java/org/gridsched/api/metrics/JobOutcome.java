package org.gridsched.api.metrics;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A job as collectors see it: submitted, started or finished (times not reached yet are NaN). Times are
 * simulated seconds; the instance may be reused after the call returns.
 */
@ProviderType
public interface JobOutcome {
    long id();

    /** Index of the cluster it ran on, into {@link RunInfo} (the first part's, for a multi-cluster job). */
    int cluster();

    /**
     * Number of parts of its allocation: 1, or the number of cluster parts of a job started on several
     * clusters at once (all parts start and end together).
     *
     * @since 1.1
     */
    default int parts() {
        return 1;
    }

    /**
     * The number of equal components the workload asked for (co-allocation); 1 for an ordinary job.
     *
     * @since 1.1
     */
    default int components() {
        return 1;
    }

    /**
     * What the grid controller that handled the job attached to it ({@code GridJob.tag(Object)}), or null:
     * the documented way for a controller's own collector to read its per-job state (placement tries,
     * a workflow task, ...).
     *
     * @since 1.1
     */
    default Object tag() {
        return null;
    }

    /** The cluster of part {@code i} (part 0 is {@link #cluster()}). @since 1.1 */
    default int partCluster(int part) {
        return cluster();
    }

    /** The processors of part {@code i}; the parts add up to {@link #processors()}. @since 1.1 */
    default int partProcessors(int part) {
        return processors();
    }

    /**
     * How it ended, as Batsim says it: {@code COMPLETED_SUCCESSFULLY}, {@code COMPLETED_WALLTIME_REACHED}
     * or {@code COMPLETED_KILLED} (killed by a controller); {@code REJECTED} for a job a controller gave
     * up without running it (then start and finish are NaN).
     *
     * @since 1.1
     */
    default String finalState() {
        return killed() ? "COMPLETED_WALLTIME_REACHED" : "COMPLETED_SUCCESSFULLY";
    }

    /**
     * Who submitted it, as the workload numbers users (SWF field 12): a whole number &ge; 0, or -1 when
     * unknown.
     *
     * @since 1.2
     */
    default int user() {
        return -1;
    }

    /** The submitter's group (SWF field 13), or -1 when unknown. @since 1.2 */
    default int group() {
        return -1;
    }

    /** The queue it was submitted to (SWF field 15), or -1 when unknown. @since 1.2 */
    default int queue() {
        return -1;
    }

    /** The partition it was submitted to (SWF field 16), or -1 when unknown. @since 1.2 */
    default int partition() {
        return -1;
    }

    /**
     * The wait the workload recorded for it (SWF field 3: how long the real machine made it wait), seconds,
     * or NaN when the workload does not say.
     *
     * @since 1.2
     */
    default double recordedWaitTime() {
        return Double.NaN;
    }

    double submitTime();

    double startTime();

    double finishTime();

    int processors();

    /** Requested time on the cluster it ran on (divided by the cluster's speed). */
    double requestedTime();

    /** The runtime the job needed on that cluster (divided by speed); may exceed what it got if killed. */
    double runtime();

    /**
     * The runtime at reference speed (speed 1): the job's "virtual length", the denominator of slowdowns
     * that compare jobs across clusters of different speeds.
     */
    double referenceRuntime();

    /** True when it was stopped at its requested time before completing. */
    boolean killed();

    /**
     * For a job given up without running ({@code REJECTED}): true when a batch policy rejected it from the
     * queue of {@link #cluster()}, where it had been submitted; false when a controller gave it up.
     *
     * @since 1.2
     */
    default boolean rejectedFromQueue() {
        return false;
    }

    default double waitTime() {
        return startTime() - submitTime();
    }

    default double responseTime() {
        return finishTime() - submitTime();
    }

    default double executionTime() {
        return finishTime() - startTime();
    }
}
