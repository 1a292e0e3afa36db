package org.gridsched.api.metrics;

import org.osgi.annotation.versioning.ConsumerType;

/** Accumulates one run's metrics. Called on the simulation thread, in event order. */
@ConsumerType
public interface Collector {

    /** A job has been submitted to a cluster ({@link JobOutcome#cluster()}) at its submit time. */
    default void jobSubmitted(JobOutcome job) {
    }

    /**
     * A waiting job has moved from cluster {@code from} to {@link JobOutcome#cluster()} at time
     * {@code now} (reallocation). The default does nothing.
     */
    default void jobMoved(JobOutcome job, int from, double now) {
    }

    /** A job has started, at {@link JobOutcome#startTime()}. */
    default void jobStarted(JobOutcome job) {
    }

    /**
     * A controller killed a running job at {@code now} and re-queued it: this attempt's processors are
     * free again, and the job will be submitted, start and finish again. (A job killed for good is
     * reported by {@link #jobFinished} with final state {@code COMPLETED_KILLED}.) The default does nothing.
     *
     * @since 1.1
     */
    default void jobRequeued(JobOutcome job, double now) {
    }

    /**
     * A controller, or a batch policy from its queue ({@link JobOutcome#rejectedFromQueue()}, after
     * {@link #jobSubmitted}), gave a job up without running it ({@link JobOutcome#finalState()}
     * {@code REJECTED}); it never started and never finishes. The default does nothing.
     *
     * @since 1.1
     */
    default void jobRejected(JobOutcome job, double now) {
    }

    /** A job has finished (or was killed at its requested time, or killed for good by a controller). */
    void jobFinished(JobOutcome job);

    /** The run is over: write the values, overall and per cluster. */
    void report(Report report);
}
