package org.gridsched.api.batch;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A job as a batch scheduler sees it: what the user asked for, never how long it will really run.
 */
@ProviderType
public interface QueuedJob {

    /** Job number from the workload. */
    long id();

    /** Submission time, seconds. */
    double submitTime();

    /** Requested time (walltime) on this cluster, already divided by the cluster's speed. */
    double requestedTime();

    /** Number of processors it needs. */
    int processors();

    /**
     * Rank of submission to this cluster (0, 1, 2, ...). Equal submission times are ordered by it, so it
     * is the queue order every policy should use for ties.
     */
    long submitOrder();

    /**
     * Who submitted it, as the workload numbers users (SWF field 12): a whole number &ge; 0, or -1 when the
     * workload does not say (generated jobs without a user population, traces without the field). Fair-share
     * and multifactor policies group jobs by it.
     *
     * @since 1.3
     */
    default int user() {
        return -1;
    }

    /** The submitter's group (SWF field 13), or -1 when unknown. @since 1.3 */
    default int group() {
        return -1;
    }

    /** The queue it was submitted to (SWF field 15), or -1 when unknown. @since 1.3 */
    default int queue() {
        return -1;
    }

    /** The partition it was submitted to (SWF field 16), or -1 when unknown. @since 1.3 */
    default int partition() {
        return -1;
    }

    /** Whatever the scheduler attached with {@link #attach(Object)}; null at first. */
    Object attachment();

    /** Lets a scheduler keep its own per-job state without a hash map lookup. */
    void attach(Object state);
}
