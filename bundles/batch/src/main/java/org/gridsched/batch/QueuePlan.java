package org.gridsched.batch;

import java.util.PriorityQueue;

import org.gridsched.api.SimTime;

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

    /**
     * After every queued job is placed: the earliest time a further job of {@code processors} could start,
     * by a binary search in the free processors from then on (a non-decreasing step function, since only
     * releases are left). The plan is not changed, so any number of jobs can be estimated on it.
     */
    double tailStart(int processors) {
        if (tailTimes == null) {
            Release[] rest = releases.toArray(new Release[0]);
            java.util.Arrays.sort(rest, (a, b) -> Double.compare(a.time, b.time));
            tailTimes = new double[rest.length + 1];
            tailFree = new int[rest.length + 1];
            tailTimes[0] = time;
            tailFree[0] = free;
            for (int i = 0; i < rest.length; i++) {
                tailTimes[i + 1] = Math.max(time, rest[i].time);
                tailFree[i + 1] = tailFree[i] + rest[i].processors;
            }
        }
        int lo = 0;
        int hi = tailFree.length - 1;
        if (tailFree[hi] < processors) {
            return Double.POSITIVE_INFINITY;
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (tailFree[mid] >= processors) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return tailTimes[lo];
    }

    private double[] tailTimes;
    private int[] tailFree;

    /** Places the next job in queue order and returns its planned start. */
    double place(int processors, double requestedTime) {
        tailTimes = null;
        while (free < processors) {
            Release r = releases.poll();
            if (r == null) {
                return Double.POSITIVE_INFINITY; // wider than the cluster: cannot happen for admitted jobs
            }
            time = Math.max(time, r.time);
            free += r.processors;
        }
        free -= processors;
        releases.add(new Release(SimTime.add(time, requestedTime), processors));
        return time;
    }
}
