package org.gridsched.api.batch.kit;

import java.util.Comparator;

import org.gridsched.api.batch.QueuedJob;

/** The kit's state of one job, attached to it: its key while waiting, its slot (planned or running). */
final class Entry {
    /** Running jobs by requested end, then submission: the ones that overstay come first. */
    static final Comparator<Entry> BY_END =
            Comparator.<Entry>comparingDouble(e -> e.end).thenComparingLong(e -> e.order);
    /** Planned jobs by planned start, then submission: the order in which they start. */
    static final Comparator<Entry> BY_START =
            Comparator.<Entry>comparingDouble(e -> e.start).thenComparingLong(e -> e.order);

    final QueuedJob job;
    /** The scheduler the job was submitted to: a job handed to another kit is told apart from one of this kit. */
    final PlanningScheduler kit;
    final long order;
    final int width;
    final double requested;
    /** The order's key while waiting. */
    double key;
    /** A waiting job's slot [start, end) in the profile when {@link #slotted}; a running job's requested span. */
    double start = Double.NaN;
    double end = Double.NaN;
    boolean slotted;
    boolean running;
    /** While waiting: the jobs before and after it in the queue's order (see {@link WaitingQueue}). */
    Entry previous;
    Entry next;
    boolean queued;
    /** With {@link Partitions}: the job's partition, and what its slot takes from each of its pools. */
    int partition = -1;
    int[] split;

    Entry(QueuedJob job, PlanningScheduler kit) {
        this.job = job;
        this.kit = kit;
        this.order = job.submitOrder();
        this.width = job.processors();
        this.requested = job.requestedTime();
    }

    @Override
    public String toString() {
        return "job " + job.id();
    }
}
