package org.gridsched.api.batch.kit;

import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;

/**
 * What both kinds of planning share: the cluster, the profile (running jobs until their requested ends,
 * the controllers' reservations, and the slots of planned waiting jobs), the waiting queue and the
 * reservations already applied. Subclasses decide when jobs start: {@link PassPlanner} re-plans at every
 * event (head-only and easy rules), {@link ConservativePlanner} keeps every reservation and compresses.
 */
abstract class Planner {
    final Cluster cluster;
    final AvailabilityProfile profile;
    final WaitingQueue queue;
    final Claims claims = new Claims();
    /** Bumped by every {@link #reservationsChanged()}: a pass that sees it move starts over. */
    long reservationChanges;

    /** The pools of a partitioned cluster, planned beside {@link #profile}; null without partitions. */
    final PoolPlan pools;

    Planner(Cluster cluster, JobOrder order) {
        this(cluster, order, null);
    }

    Planner(Cluster cluster, JobOrder order, Partitions partitions) {
        this.cluster = cluster;
        this.profile = new AvailabilityProfile(cluster.processors(), Double.NEGATIVE_INFINITY);
        this.queue = new WaitingQueue(order);
        this.pools = partitions == null ? null : new PoolPlan(cluster, partitions);
    }

    /** Puts a job's processors over [from, to) into the plan. */
    final void hold(Entry e, double from, double to) {
        profile.reserve(from, to, e.width);
        if (pools != null) {
            pools.reserve(e, from, to);
        }
    }

    /** Takes a job's processors over [from, to) out of the plan. */
    final void free(Entry e, double from, double to) {
        profile.release(from, to, e.width);
        if (pools != null) {
            pools.release(e, from, to);
        }
    }

    /** Forgets the plan before now. */
    final void discardBefore(double now) {
        profile.discardBefore(now);
        if (pools != null) {
            pools.discardBefore(now);
        }
    }

    abstract void submitted(Entry e);

    /** A running job left; its processors are free. */
    abstract void ended(Entry e);

    abstract void overran(Entry e);

    abstract void wakeUp();

    abstract void reservationsChanged();

    abstract boolean cancel(Entry e);

    abstract List<QueuedJob> withdrawAll();

    abstract double estimateStart(int processors, double requestedTime);

    abstract double plannedStart(Entry e);

    /** Gives back the rest of an ended job's requested span; true if it ended early. */
    final boolean releaseRest(Entry e, double now) {
        if (now < e.end) {
            free(e, now, e.end);
            return true;
        }
        return false;
    }

    /**
     * Marks a waiting job running and tells the cluster. The state is complete before the engine is told:
     * a controller reacting to the start may change the reservations, and the policy may then be asked
     * questions. The caller has put the job's requested span in the profile.
     */
    final void start(Entry e, double end) {
        queue.remove(e);
        e.slotted = false;
        e.running = true;
        e.start = cluster.now();
        e.end = end;
        if (pools != null) {
            pools.start(e);
        } else {
            cluster.start(e.job);
        }
    }

    /** Puts a waiting job's slot at {@code s} into the profile. */
    final void slot(Entry e, double s) {
        e.start = s;
        e.end = SimTime.add(s, e.requested);
        e.slotted = true;
        hold(e, s, e.end);
    }

    /**
     * Puts a waiting job's slot at its earliest start from {@code now} into the profile and returns that start, or
     * +infinity, reserving nothing, if it can never fit: {@link #slot} at {@link AvailabilityProfile#earliestStart}, in
     * one search of the profile ({@link AvailabilityProfile#reserveEarliest}) when there are no partitions beside it.
     */
    final double slotEarliest(Entry e, double now) {
        if (pools != null) {
            double s = profile.earliestStart(now, e.requested, e.width);
            if (s != Double.POSITIVE_INFINITY) {
                slot(e, s);
            }
            return s;
        }
        double s = profile.reserveEarliest(now, e.requested, e.width);
        if (s != Double.POSITIVE_INFINITY) {
            e.start = s;
            e.end = SimTime.add(s, e.requested);
            e.slotted = true;
        }
        return s;
    }

    /**
     * Moves a waiting job's slot to the earlier start {@code s}: what {@link #unslot} then {@link #slot} do, in one
     * pass over the profile ({@link AvailabilityProfile#moveEarlier}) when there are no partitions to plan beside it.
     */
    final void moveSlot(Entry e, double s, double now) {
        if (pools != null || !e.slotted || !(e.start > now && s < e.start)) {
            unslot(e, now);
            slot(e, s);
            return;
        }
        double end = SimTime.add(s, e.requested);
        profile.moveEarlier(e.start, e.end, s, end, e.width);
        e.start = s;
        e.end = end;
    }

    /** Takes a waiting job's slot out of the profile (from now on). */
    final void unslot(Entry e, double now) {
        if (e.slotted) {
            e.slotted = false;
            free(e, Math.max(now, e.start), e.end);
        }
    }
}
