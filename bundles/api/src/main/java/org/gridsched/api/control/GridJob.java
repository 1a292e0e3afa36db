package org.gridsched.api.control;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A job of the run as a controller sees it; times not reached yet are NaN. The same instance stands for the
 * job for the whole run.
 */
@ProviderType
public interface GridJob {

    /** Where the job is in its life. */
    enum State {
        /** Waiting for the jobs it depends on. */
        HELD,
        /** Submitted, not started: in a cluster's queue or in a controller's charge. */
        WAITING,
        RUNNING,
        /** Ended: completed, or stopped at its requested time. */
        DONE,
        /** Killed by a controller and not re-queued. */
        KILLED,
        /** Given up by a controller without running ({@link GridOperations#reject}). */
        REJECTED
    }

    /** Job number (from the workload, or the {@link JobSpec} it was submitted with). */
    long id();

    double submitTime();

    /** Processors it needs (for a multi-cluster start: the parts' total). */
    int processors();

    /**
     * The number of equal components the workload asked for (a co-allocated job, see
     * {@code JobRecord.components}); 1 for an ordinary job.
     */
    int components();

    /** Requested time (walltime) at reference speed. */
    double referenceRequestedTime();

    State state();

    double startTime();

    double finishTime();

    /** The processors it runs on; null before it starts. */
    Allocation allocation();

    /** The cluster whose queue holds it while it waits, or -1 (held, or in a controller's charge). */
    int queueCluster();

    /** Times it was killed so far (a re-queued job may be killed again). */
    int kills();

    /** Whatever a controller attached with {@link #tag(Object)}; null at first. */
    Object tag();

    /** Lets a controller keep its own per-job state (a workflow task, a bag, ...) without a map lookup. */
    void tag(Object state);
}
