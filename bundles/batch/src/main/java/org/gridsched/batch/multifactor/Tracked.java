package org.gridsched.batch.multifactor;

import org.gridsched.api.batch.QueuedJob;

/**
 * The multifactor policy's own state of one job, kept beside the kit's (which uses the job's attachment):
 * whose it is, under which QOS, and where it stands with the limits.
 */
final class Tracked {
    final QueuedJob job;
    final Usage.Assoc assoc;
    /** The QOS name from the job's queue number, or null when the queue is not mapped. */
    final String qos;
    /** With partitions: the partition it was routed to (its number) and that partition's tier. */
    int partition = -1;
    double partitionTier;
    /** The weighted factors that do not change while it waits (size, partition, QOS). */
    double fixedPriority;
    double start = Double.NaN;
    boolean running;
    /** Counted against max_submitted (it was admitted); a job that is not waits for room. */
    boolean admitted;
    /** Already counted in held_by_limit. */
    boolean countedHeld;

    Tracked(QueuedJob job, Usage.Assoc assoc, String qos) {
        this.job = job;
        this.assoc = assoc;
        this.qos = qos;
    }
}
