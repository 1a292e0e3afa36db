package org.gridsched.batch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;

/**
 * Conservative backfilling.
 *
 * <p>At submission a job is reserved at the earliest time it fits for its requested time without moving
 * any existing reservation. When a job ends before its reservation does, the waiting jobs are re-planned
 * in submission order: each is removed and re-inserted at its earliest feasible start, which is never
 * later than before (its old slot is still free when its turn comes). Whether and where a job can move
 * is decided on the profile as it is (a search bounded by its current start); only jobs that move
 * change it.
 *
 * <p>Running jobs keep their reservation until they end; the profile's past is discarded at each event.
 */
final class ConservativeScheduler implements BatchScheduler {

    /** Per-job state, attached to the job. */
    private static final class Entry {
        final QueuedJob job;
        final long order;
        double start;
        double end;
        boolean running;
        Entry prev;
        Entry next;

        Entry(QueuedJob job) {
            this.job = job;
            this.order = job.submitOrder();
        }
    }

    private static final Comparator<Entry> BY_START =
            Comparator.<Entry>comparingDouble(e -> e.start).thenComparingLong(e -> e.order);

    private final Cluster cluster;
    private final AvailabilityProfile profile;
    /** Waiting jobs by planned start, to start them when their time comes. */
    private final TreeSet<Entry> due = new TreeSet<>(BY_START);
    /** Waiting jobs in submission order, the order of re-planning. */
    private Entry head;
    private Entry tail;
    private int waiting;
    /** Wake-up times already asked for and not yet reached. */
    private final TreeSet<Double> wakeUps = new TreeSet<>();

    ConservativeScheduler(Cluster cluster) {
        this.cluster = cluster;
        this.profile = new AvailabilityProfile(cluster.processors(), Double.NEGATIVE_INFINITY);
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        double now = cluster.now();
        profile.discardBefore(now);
        Entry e = new Entry(job);
        job.attach(e);
        place(e, now);
        append(e);
        due.add(e);
        startDue(now);
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
        double now = cluster.now();
        profile.discardBefore(now);
        Entry e = (Entry) job.attachment();
        if (now < e.end) {
            profile.release(now, e.end, job.processors());
            compress(now);
        }
        startDue(now);
    }

    @Override
    public void wakeUp() {
        double now = cluster.now();
        wakeUps.headSet(now, true).clear();
        profile.discardBefore(now);
        startDue(now);
    }

    @Override
    public void jobOverran(QueuedJob job) {
        // The job keeps its processors past its reservation: extend it by its requested time and re-plan
        // every waiting job from scratch, in submission order (reservations may now be delayed).
        double now = cluster.now();
        profile.discardBefore(now);
        Entry e = (Entry) job.attachment();
        e.end = now + job.requestedTime();
        for (Entry w = head; w != null; w = w.next) {
            profile.release(Math.max(now, w.start), w.end, w.job.processors());
        }
        profile.reserve(now, e.end, job.processors());
        due.clear();
        for (Entry w = head; w != null; w = w.next) {
            place(w, now);
            due.add(w);
        }
        startDue(now);
    }

    @Override
    public int waitingJobs() {
        return waiting;
    }

    @Override
    public List<QueuedJob> waiting() {
        List<QueuedJob> list = new ArrayList<>(waiting);
        for (Entry w = head; w != null; w = w.next) {
            list.add(w.job);
        }
        return list;
    }

    @Override
    public boolean cancel(QueuedJob job) {
        if (!(job.attachment() instanceof Entry e) || e.running || !due.contains(e)) {
            return false;
        }
        double now = cluster.now();
        profile.discardBefore(now);
        profile.release(Math.max(now, e.start), e.end, job.processors());
        due.remove(e);
        unlink(e);
        compress(now); // its slot is free: re-plan as after an early end
        startDue(now);
        return true;
    }

    @Override
    public double estimateStart(int processors, double requestedTime) {
        if (processors > cluster.processors()) {
            return Double.POSITIVE_INFINITY;
        }
        double now = cluster.now();
        profile.discardBefore(now);
        return profile.earliestStart(now, requestedTime, processors);
    }

    @Override
    public double plannedStart(QueuedJob job) {
        Object a = job.attachment();
        if (a instanceof Entry e && !e.running) {
            return e.start;
        }
        return Double.NaN;
    }

    /** Reserves the job at its earliest feasible start. */
    private void place(Entry e, double now) {
        double req = e.job.requestedTime();
        double s = profile.earliestStart(now, req, e.job.processors());
        if (Double.isInfinite(s)) {
            throw new IllegalStateException(e.job + " needs " + e.job.processors() + " processors; "
                    + cluster.name() + " has " + cluster.processors());
        }
        e.start = s;
        e.end = s + req;
        profile.reserve(s, e.end, e.job.processors());
    }

    /**
     * Re-plans waiting jobs in submission order after room was freed: each moves to its earliest feasible
     * start, found without taking it out of the profile (see
     * {@link AvailabilityProfile#earliestStartBefore}); the profile changes only for jobs that move.
     */
    private void compress(double now) {
        for (Entry w = head; w != null; w = w.next) {
            if (w.start <= now) {
                continue; // starts now anyway
            }
            int q = w.job.processors();
            double s = profile.earliestStartBefore(now, w.job.requestedTime(), q, w.start);
            if (s == Double.POSITIVE_INFINITY) {
                continue;
            }
            profile.release(w.start, w.end, q);
            due.remove(w);
            w.start = s;
            w.end = s + w.job.requestedTime();
            profile.reserve(s, w.end, q);
            due.add(w);
        }
    }

    /**
     * Starts the jobs whose planned start has come, in planned order. A job planned at {@code now} may not
     * fit yet when another job ending exactly at {@code now} has not had its end handled (equal-time
     * events are handled one by one); the reservation guarantees it fits once those ends are handled,
     * and each of them calls this again.
     */
    private void startDue(double now) {
        while (!due.isEmpty() && due.first().start <= now
                && due.first().job.processors() <= cluster.freeProcessors()) {
            Entry e = due.pollFirst();
            unlink(e);
            e.running = true;
            cluster.start(e.job);
        }
        // After an early end a reservation may begin at an instant when no job arrives or ends: ask to
        // be woken then. Only the earliest planned start matters; the next is asked for when it is reached.
        if (!due.isEmpty()) {
            double next = due.first().start;
            if (next > now && wakeUps.add(next)) {
                cluster.wakeUpAt(next);
            }
        }
    }

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
}
