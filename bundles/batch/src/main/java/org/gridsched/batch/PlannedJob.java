package org.gridsched.batch;

import org.gridsched.api.batch.QueuedJob;

/**
 * A job of {@link ConservativeScheduler}: its reservation [start, end) of {@code width} processors, and its places
 * in the scheduler's indexes (each index keeps its own field up to date).
 */
final class PlannedJob {
    final QueuedJob job;
    final long order;
    final int width;
    final double requested;
    /** {@link WidthClassIndex#classOf} its requested time. */
    final int requestedClass;
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
    boolean indexed;
    /**
     * Since it was last tried: the span of the runs of free processors that may hold a window for it wholly before its
     * start ({@link QueueMarks#JUMP}), and near which breakpoint its start was when the point just before it was
     * freed ({@link QueueMarks#TAIL}).
     */
    double jumpFrom = Double.POSITIVE_INFINITY;
    double jumpTo = Double.NEGATIVE_INFINITY;
    int tailHint;

    PlannedJob(QueuedJob job) {
        this.job = job;
        this.order = job.submitOrder();
        this.width = job.processors();
        this.requested = job.requestedTime();
        this.requestedClass = WidthClassIndex.classOf(requested);
    }

    /** Planned start, then submission order: the order of {@link StartOrder}. */
    boolean before(PlannedJob o) {
        return start < o.start || (start == o.start && order < o.order);
    }

    /** Forgets where a window may be: after a try, or a re-plan. */
    void clearJumpSpan() {
        jumpFrom = Double.POSITIVE_INFINITY;
        jumpTo = Double.NEGATIVE_INFINITY;
    }
}
