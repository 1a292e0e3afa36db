package org.gridsched.batch;

import java.util.PriorityQueue;

/**
 * The first-come first-served plan of a queue: running jobs hold their processors until their requested
 * end, and waiting jobs start in queue order, each at the earliest time its processors are free and not
 * before the job ahead of it. With no early end and no cancellation, FCFS executes exactly this plan.
 *
 * <p>Built on demand, in O((r + w) log(r + w)) for r running and w waiting jobs; nothing is kept between
 * calls, so the plan always reflects the queue as it is.
 */
final class QueuePlan {
    /** A release of processors at a time. */
    private record Release(double time, int processors) {
    }

    private final PriorityQueue<Release> releases = new PriorityQueue<>((a, b) -> Double.compare(a.time, b.time));
    private double time;
    private int free;

    /**
     * @param now  the current time
     * @param free processors free now
     */
    QueuePlan(double now, int free) {
        this.time = now;
        this.free = free;
    }

    /** A running job: its processors come back at its requested end (or now, if it already overran). */
    void running(double requestedEnd, int processors) {
        releases.add(new Release(requestedEnd, processors));
    }

    /** Places the next job in queue order and returns its planned start. */
    double place(int processors, double requestedTime) {
        while (free < processors) {
            Release r = releases.poll();
            if (r == null) {
                return Double.POSITIVE_INFINITY; // wider than the cluster: cannot happen for admitted jobs
            }
            time = Math.max(time, r.time);
            free += r.processors;
        }
        free -= processors;
        releases.add(new Release(time + requestedTime, processors));
        return time;
    }
}
