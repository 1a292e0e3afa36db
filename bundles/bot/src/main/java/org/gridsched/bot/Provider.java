package org.gridsched.bot;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.kit.AvailabilityProfile;

/**
 * One resource provider's local scheduler: FIFO with conservative backfilling over its own plan, where
 * every waiting part holds a reservation and nothing placed later may delay it. After an early completion
 * the waiting queue is re-planned one part at a time in the {@link Rescheduling} order: each part moves to
 * its earliest feasible start if that is earlier (never later), the others' reservations untouched.
 * Coordinated, it then reports the new last completions of the bags whose last part moved (Algorithm 1,
 * lines 8-11).
 */
final class Provider {

    /** What the provider needs from the run: starting a part's job now, and being woken at a time. */
    interface Host {
        /** Starts the part's job now on this provider; false if it cannot start yet (equal-time ends pending). */
        boolean start(BagPart part);

        void wakeAt(int provider, double time);

        /** Algorithm 1, line 11: the new latest completion of a bag's parts here. */
        void newCompletion(Bag bag, int provider, double completion);
    }

    private static final Comparator<BagPart> BY_START =
            Comparator.<BagPart>comparingDouble(p -> p.start).thenComparingLong(p -> p.order);

    final int index;
    final double speed;
    private final AvailabilityProfile plan;
    private final Rescheduling policy;
    private final boolean rescheduleOnUpdate;
    private final Host host;
    /** Waiting parts in the re-planning order. */
    private final TreeSet<BagPart> queue;
    /** Waiting parts by planned start, to start them when their time comes. */
    private final TreeSet<BagPart> due = new TreeSet<>(BY_START);
    private final TreeSet<Double> wakeUps = new TreeSet<>();
    private long submitted;
    private long moves;
    /** Parts started after their planned start (the plan's promise broken; stays 0, tests check it). */
    private long late;

    Provider(int index, int processors, double speed, Rescheduling policy, boolean rescheduleOnUpdate, Host host) {
        this.index = index;
        this.speed = speed;
        this.plan = new AvailabilityProfile(processors, 0);
        this.policy = policy;
        this.rescheduleOnUpdate = rescheduleOnUpdate;
        this.host = host;
        this.queue = new TreeSet<>(policy.order);
    }

    /** The offer for n tasks that take {@code duration} here (requested time on these processors). */
    Offer offer(double now, double duration, int n, boolean rigid) {
        plan.discardBefore(now);
        return rigid ? Offer.rigid(plan, now, duration, n) : Offer.tasks(plan, now, duration, n);
    }

    /** A new part of {@code tasks} tasks reserved from {@code start} (where its offer placed it). */
    BagPart add(Bag bag, int tasks, double duration, double start, double globalCompletion) {
        BagPart p = new BagPart(bag, index, tasks, duration, submitted++);
        p.start = start;
        p.end = SimTime.add(start, duration);
        p.knownGlobalCompletion = globalCompletion;
        plan.reserve(p.start, p.end, tasks);
        queue.add(p);
        due.add(p);
        return p;
    }

    /** Starts the parts whose planned start has come (their jobs have arrived), in planned order. */
    void startDue(double now) {
        while (!due.isEmpty() && due.first().start <= now && due.first().job != null && due.first().arrived) {
            BagPart p = due.first();
            if (!host.start(p)) {
                break; // an end at this same instant is still to be handled; it calls this again
            }
            due.pollFirst();
            queue.remove(p);
            p.running = true;
            if (p.start < now) {
                late++;
            }
        }
        if (!due.isEmpty()) {
            double next = due.first().start;
            if (next > now) {
                requestWake(next);
            }
        }
    }

    /** A part ended now; if before its reservation's end, the queue is re-planned (Algorithm 1's trigger). */
    void ended(BagPart p, double now) {
        p.running = false;
        p.ended = true;
        plan.discardBefore(now);
        if (now < p.end) {
            plan.release(now, p.end, p.tasks);
            p.end = now; // its completion is known now: the bag's local completion here no longer counts the estimate
            reschedule(now);
        }
        // Not startDue(now) here: the engine tells controllers of an end before it drops the ended part's
        // reservation, so a start now would be refused; a wake-up at this instant comes after that.
        requestWake(now);
    }

    /** Asks to be woken at t, once per instant. */
    void requestWake(double t) {
        if (wakeUps.add(t)) {
            host.wakeAt(index, t);
        }
    }

    /** A wake-up asked for now has come. */
    void woken(double now) {
        wakeUps.remove(now);
        startDue(now);
    }

    /** Algorithm 1 (or the uncoordinated compression): each waiting part, in order, to its earliest start. */
    void reschedule(double now) {
        BagPart[] order = queue.toArray(new BagPart[0]);
        List<Bag> changed = new ArrayList<>();
        for (BagPart p : order) {
            if (p.start <= now) {
                continue; // starts now anyway
            }
            double s = plan.earliestStartBefore(now, p.duration, p.tasks, p.start);
            if (s == Double.POSITIVE_INFINITY) {
                continue;
            }
            boolean last = p.end == p.knownGlobalCompletion;
            if (policy.keyed()) {
                queue.remove(p);
            }
            due.remove(p);
            plan.release(p.start, p.end, p.tasks);
            p.start = s;
            p.end = SimTime.add(s, p.duration);
            plan.reserve(p.start, p.end, p.tasks);
            due.add(p);
            if (policy.keyed()) {
                queue.add(p);
            }
            moves++;
            if (policy == Rescheduling.COORDINATED && last && !changed.contains(p.bag)) {
                changed.add(p.bag);
            }
        }
        for (Bag b : changed) {
            host.newCompletion(b, index, localCompletion(b));
        }
    }

    /** The latest expected completion of the bag's parts here (Algorithm 1, line 10). */
    double localCompletion(Bag b) {
        double last = Double.NEGATIVE_INFINITY;
        for (BagPart q : b.parts) {
            if (q.provider == index) {
                last = Math.max(last, q.end);
            }
        }
        return last;
    }

    /** The metascheduler's new global completion of a bag that has parts here. */
    void updateGlobal(Bag b, double completion, double now) {
        for (BagPart q : b.parts) {
            if (q.provider == index && q.knownGlobalCompletion != completion) {
                boolean waiting = !q.running && !q.ended;
                if (waiting) {
                    queue.remove(q);
                }
                q.knownGlobalCompletion = completion;
                if (waiting) {
                    queue.add(q);
                }
            }
        }
        if (rescheduleOnUpdate) {
            plan.discardBefore(now);
            reschedule(now);
            startDue(now);
        }
    }

    int waiting() {
        return queue.size();
    }

    long late() {
        return late;
    }

    long moves() {
        return moves;
    }

    /** The waiting parts in re-planning order (for tests). */
    List<BagPart> queueOrder() {
        return new ArrayList<>(queue);
    }
}
