package org.gridsched.api.batch.kit;

import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;

/**
 * Conservative backfilling. A job is reserved when it arrives, at its earliest start that moves no other
 * reservation. After room comes back (an early end, a cancellation, a released claim) the waiting jobs
 * are compressed in the order: each moves to its earliest start, found without taking it out of the
 * profile ({@link AvailabilityProfile#earliestStartBefore}), never later than before; the profile changes
 * only for jobs that move. After an overrun, or a claim that collides with planned slots, every waiting
 * job is placed again in the order. Jobs start when their planned start comes; a wake-up is asked for the
 * earliest planned start.
 *
 * <p>Controllers' reservations are synchronised into the profile before every decision (the engine may
 * report a change only after a controller's callback returns) and at every report.
 */
final class ConservativePlanner extends Planner {
    /** Waiting jobs by planned start, to start them when their time comes. */
    private final DueOrder due = new DueOrder();
    /** Wake-up times already asked for and not yet reached. */
    private final PendingWakeUps wakeUps = new PendingWakeUps();

    ConservativePlanner(Cluster cluster, JobOrder order) {
        super(cluster, order);
    }

    /** The profile's past dropped, the reservations brought in line (two checks when there never are any). */
    private double prepare() {
        double now = cluster.now();
        profile.discardBefore(now);
        syncIfReserved(now);
        queue.recalculate(now);
        return now;
    }

    /** {@link #sync}, but only when there are (or were) reservations: two checks when there never are any. */
    private boolean syncIfReserved(double now) {
        return (claims.any() || !cluster.reservations().isEmpty()) && sync(now);
    }

    /** Brings the profile in line with the reservations and re-plans; true if it re-planned. */
    private boolean sync(double now) {
        int change = claims.sync(profile, cluster.reservations(), now);
        if ((change & Claims.COLLIDES) != 0) {
            replanAll(now);
            return true;
        } else if ((change & Claims.FREED) != 0) {
            compress(now);
            return true;
        }
        return false;
    }

    @Override
    void submitted(Entry e) {
        double now = prepare();
        queue.add(e, now);
        place(e, now);
        startDue(now);
    }

    @Override
    void ended(Entry e) {
        // The job's slot goes back before the reservations are compared, as in the tuned conservative scheduler:
        // a reservation taken at this instant on the processors of a job it killed does not collide with it.
        double now = cluster.now();
        profile.discardBefore(now);
        boolean freed = releaseRest(e, now);
        boolean replanned = syncIfReserved(now);
        queue.recalculate(now);
        if (freed && !replanned) {
            compress(now);
        }
        startDue(now);
    }

    @Override
    void overran(Entry e) {
        double now = prepare();
        e.end = SimTime.add(now, e.requested);
        for (Entry w : queue.inOrder()) {
            unslot(w, now);
        }
        profile.reserve(now, e.end, e.width);
        replanAll(now);
        startDue(now);
    }

    @Override
    void wakeUp() {
        double now = cluster.now();
        wakeUps.passed(now);
        prepare();
        startDue(now);
    }

    /**
     * Brings the profile in line and re-plans; starting waits for a wake-up at this instant, because the
     * engine may be in the middle of an operation (a job taking a claim's processors removes the claim,
     * then adds the job's own reservation).
     */
    @Override
    void reservationsChanged() {
        reservationChanges++;
        double now = cluster.now();
        profile.discardBefore(now);
        sync(now);
        if (queue.size() > 0 && wakeUps.add(now)) {
            cluster.wakeUpAt(now);
        }
    }

    @Override
    boolean cancel(Entry e) {
        if (!queue.contains(e)) {
            return false;
        }
        double now = prepare();
        unslot(e, now);
        due.remove(e);
        queue.remove(e);
        compress(now);
        startDue(now);
        return true;
    }

    @Override
    List<QueuedJob> withdrawAll() {
        double now = cluster.now();
        profile.discardBefore(now);
        List<QueuedJob> all = queue.jobs();
        for (Entry w : queue.inOrder()) {
            unslot(w, now);
        }
        queue.clear();
        due.clear();
        return all;
    }

    @Override
    double estimateStart(int processors, double requestedTime) {
        if (processors > cluster.processors()) {
            return Double.POSITIVE_INFINITY;
        }
        double now = prepare();
        return profile.earliestStart(now, requestedTime, processors);
    }

    @Override
    double plannedStart(Entry e) {
        if (!queue.contains(e)) {
            return Double.NaN;
        }
        prepare();
        return e.start;
    }

    private void place(Entry e, double now) {
        if (Double.isInfinite(slotEarliest(e, now))) {
            throw new IllegalStateException(e.job + " needs " + e.width + " processors; " + cluster.name()
                    + " has " + cluster.processors());
        }
        due.add(e);
    }

    private void replanAll(double now) {
        for (Entry w : queue.inOrder()) {
            unslot(w, now);
        }
        due.clear();
        for (Entry w : queue.inOrder()) {
            place(w, now);
        }
    }

    private void compress(double now) {
        for (Entry w : queue.inOrder()) {
            if (w.start <= now) {
                continue; // starts now anyway
            }
            double s = profile.earliestStartBefore(now, w.requested, w.width, w.start);
            if (s == Double.POSITIVE_INFINITY) {
                continue;
            }
            int place = due.placeOf(w); // found by its start: before the move
            moveSlot(w, s, now);
            if (place >= 0) {
                due.movedEarlier(place);
            } else {
                due.add(w);
            }
        }
    }

    /**
     * Starts the jobs whose planned start has come, in planned order. A job planned at now may not fit yet
     * while another job ending at now has not had its end handled; its slot guarantees it fits once those
     * ends are handled, and each of them calls this again.
     */
    private void startDue(double now) {
        while (!due.isEmpty() && due.first().start <= now && due.first().width <= cluster.freeProcessors()) {
            Entry e = due.pollFirst();
            start(e, e.end); // its slot becomes its running span
        }
        if (!due.isEmpty()) {
            double next = due.first().start;
            if (next > now && wakeUps.add(next)) {
                cluster.wakeUpAt(next);
            }
        }
    }
}
