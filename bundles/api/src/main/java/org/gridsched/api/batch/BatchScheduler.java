package org.gridsched.api.batch;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The decision-making part of a batch policy for one cluster and one run. The simulator calls it once per
 * event, in event order; the scheduler reacts by calling {@link Cluster#start(QueuedJob)} for every job
 * that must start now. It must be deterministic: no wall-clock time, no unseeded randomness, no
 * iteration over hash-ordered collections.
 */
@ConsumerType
public interface BatchScheduler {

    /** A job has been submitted to this cluster at {@link Cluster#now()}. */
    void jobSubmitted(QueuedJob job);

    /**
     * A running job has left the machine at {@link Cluster#now()} (finished, or killed at its requested
     * time); its processors are already free.
     *
     * @param early true when it ended before its requested time, i.e. the plan held room it did not use
     */
    void jobEnded(QueuedJob job, boolean early);

    /**
     * A running job reached its requested time and keeps running (only when the run disables killing).
     * Its processors stay busy until {@link #jobEnded}. The default does nothing.
     */
    default void jobOverran(QueuedJob job) {
    }

    /** The time asked for with {@link Cluster#wakeUpAt(double)} has come. The default does nothing. */
    default void wakeUp() {
    }

    /** Number of jobs submitted here that have not started yet. */
    int waitingJobs();

    /**
     * The start time currently planned for a waiting job, or {@code NaN} when the policy has no plan
     * for it (for instance EASY for any job but the head). Used by invariant checks and by
     * meta-schedulers that need completion-time guarantees.
     */
    default double plannedStart(QueuedJob job) {
        return Double.NaN;
    }
}
