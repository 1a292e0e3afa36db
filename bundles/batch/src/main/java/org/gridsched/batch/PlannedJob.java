package org.gridsched.batch;

import org.gridsched.api.batch.QueuedJob;

/**
 * A job of {@link ConservativeScheduler}: its reservation [start, end) of {@code width} processors, and its places
 * in the scheduler's indexes (each index keeps its own field up to date). Kept small (72 bytes): the engine's result
 * holds every job, and so every PlannedJob, until the run ends.
 */
final class PlannedJob {
    final QueuedJob job;
    final int width;
    final double requested;
    /** {@link WidthClassIndex#classOf} its requested time. */
    final byte requestedClass;
    double start;
    double end;
    boolean running;
    /** Its place in the scheduler's submission-order arrays while waiting. */
    int pos;
    /** Its place in {@link StartOrder}, -1 when not in it. */
    int slot = -1;
    /** Its place among the running jobs, -1 otherwise. */
    int runningPos = -1;
    /** The waiting jobs of its width bucket in {@link WidthClassIndex}, by requested time. */
    PlannedJob prevInBucket;
    PlannedJob nextInBucket;
    /** {@link WidthClassIndex#NOT_INDEXED}, {@link WidthClassIndex#PENDING} or {@link WidthClassIndex#INDEXED}. */
    byte indexed;

    PlannedJob(QueuedJob job) {
        this.job = job;
        this.width = job.processors();
        this.requested = job.requestedTime();
        this.requestedClass = (byte) WidthClassIndex.classOf(requested);
    }

    /** Planned start, then submission order: the order of {@link StartOrder}. */
    boolean before(PlannedJob o) {
        return start < o.start || (start == o.start && job.submitOrder() < o.job.submitOrder());
    }

    /**
     * Submitted later than o (for jobs planned at the same instant). Read from the job, not kept here: the scheduler
     * keeps every job it planned until the run ends, and with a million jobs 8 bytes a job moved the allocation of a
     * run past the young generation's size (a collection copying every live job, a third of a second).
     */
    boolean submittedAfter(PlannedJob o) {
        return job.submitOrder() > o.job.submitOrder();
    }
}
