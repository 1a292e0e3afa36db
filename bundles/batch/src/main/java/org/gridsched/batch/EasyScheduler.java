package org.gridsched.batch;

import java.util.Arrays;

import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;

/**
 * EASY backfilling.
 *
 * <p>The head of the queue (submission order) is reserved at the shadow time: the earliest time enough
 * processors are free assuming running jobs end at their requested times. Any other waiting job, in queue
 * order, starts now if enough processors are free now and either it ends by the shadow time or it fits in
 * the processors the head leaves spare at the shadow time ("extra").
 *
 * <p>Cost: a job end triggers one pass over the queue, stopped as soon as no processor is free. An arrival
 * behind a blocked head only tests the new job: since the last pass nothing changed but the queue's tail,
 * and every job already in the queue failed under the same or a more permissive state.
 */
final class EasyScheduler implements BatchScheduler {

    /** Per-job state, attached to the job. */
    private static final class Entry {
        final QueuedJob job;
        Entry prev;
        Entry next;
        double expectedEnd;
        long startRank;

        Entry(QueuedJob job) {
            this.job = job;
        }
    }

    private final Cluster cluster;
    private Entry head;
    private Entry tail;
    private int waiting;
    /** Running jobs sorted by (expectedEnd, startRank). */
    private Entry[] running = new Entry[16];
    private int runningCount;
    private long startRanks;

    private double shadow;
    private int extra;
    /** True when shadow/extra describe the current head and state (the head is blocked). */
    private boolean planValid;

    EasyScheduler(Cluster cluster) {
        this.cluster = cluster;
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        Entry e = new Entry(job);
        job.attach(e);
        append(e);
        if (planValid && e != head) {
            tryBackfill(e);
        } else {
            schedule();
        }
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
        removeRunning((Entry) job.attachment());
        schedule();
    }

    @Override
    public void jobOverran(QueuedJob job) {
        // Its estimate was wrong: assume it needs its requested time once more.
        Entry e = (Entry) job.attachment();
        removeRunning(e);
        e.expectedEnd = cluster.now() + job.requestedTime();
        insertRunning(e);
        schedule();
    }

    @Override
    public int waitingJobs() {
        return waiting;
    }

    @Override
    public double plannedStart(QueuedJob job) {
        if (planValid && head != null && head.job == job) {
            return shadow;
        }
        return Double.NaN;
    }

    /** Starts heads that fit, then computes the head's reservation and backfills behind it. */
    private void schedule() {
        planValid = false;
        while (head != null && head.job.processors() <= cluster.freeProcessors()) {
            Entry e = head;
            unlink(e);
            start(e);
        }
        if (head == null) {
            return;
        }
        computeShadow(head.job.processors());
        planValid = true;
        for (Entry e = head.next; e != null && cluster.freeProcessors() > 0;) {
            Entry next = e.next;
            tryBackfill(e);
            e = next;
        }
    }

    private void computeShadow(int needed) {
        double now = cluster.now();
        int avail = cluster.freeProcessors();
        int i = 0;
        while (true) {
            // needed <= cluster size, so the running jobs free enough before the array ends
            avail += running[i].job.processors();
            if (avail >= needed) {
                break;
            }
            i++;
        }
        double s = Math.max(now, running[i].expectedEnd);
        for (i++; i < runningCount && Math.max(now, running[i].expectedEnd) <= s; i++) {
            avail += running[i].job.processors();
        }
        shadow = s;
        extra = avail - needed;
    }

    private void tryBackfill(Entry e) {
        int q = e.job.processors();
        if (q > cluster.freeProcessors()) {
            return;
        }
        if (cluster.now() + e.job.requestedTime() <= shadow) {
            unlink(e);
            start(e);
        } else if (q <= extra) {
            extra -= q;
            unlink(e);
            start(e);
        }
    }

    private void start(Entry e) {
        cluster.start(e.job);
        e.expectedEnd = cluster.now() + e.job.requestedTime();
        e.startRank = startRanks++;
        insertRunning(e);
    }

    // --- waiting queue (doubly linked, submission order) ---

    private void append(Entry e) {
        e.prev = tail;
        if (tail == null) {
            head = e;
        } else {
            tail.next = e;
        }
        tail = e;
        waiting++;
    }

    private void unlink(Entry e) {
        if (e.prev == null) {
            head = e.next;
        } else {
            e.prev.next = e.next;
        }
        if (e.next == null) {
            tail = e.prev;
        } else {
            e.next.prev = e.prev;
        }
        e.prev = null;
        e.next = null;
        waiting--;
    }

    // --- running jobs sorted by expected end ---

    private static int compare(Entry a, double end, long rank) {
        int c = Double.compare(a.expectedEnd, end);
        return c != 0 ? c : Long.compare(a.startRank, rank);
    }

    private int search(double end, long rank) {
        int lo = 0;
        int hi = runningCount - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = compare(running[mid], end, rank);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    private void insertRunning(Entry e) {
        if (runningCount == running.length) {
            running = Arrays.copyOf(running, runningCount * 2);
        }
        int pos = -(search(e.expectedEnd, e.startRank) + 1);
        System.arraycopy(running, pos, running, pos + 1, runningCount - pos);
        running[pos] = e;
        runningCount++;
    }

    private void removeRunning(Entry e) {
        int pos = search(e.expectedEnd, e.startRank);
        if (pos < 0) {
            throw new IllegalStateException(e.job + " is not running on " + cluster.name());
        }
        System.arraycopy(running, pos + 1, running, pos, runningCount - pos - 1);
        running[--runningCount] = null;
    }
}
