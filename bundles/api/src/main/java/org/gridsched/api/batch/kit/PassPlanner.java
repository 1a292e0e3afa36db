package org.gridsched.api.batch.kit;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;

/**
 * The head-only and easy rules: one pass over the queue in order at every event. Jobs start while they
 * fit now (enough free processors, and their requested span fits the profile); the head-only rule stops
 * at the first job that does not; the easy rule reserves the first K such jobs at their earliest start and
 * lets every later job start if it fits beside those reservations. The reservations are dropped before
 * the next pass, which computes them afresh. With the submission order this is FCFS and EASY.
 *
 * <p>Why the profile gives EASY's starts: without controllers' reservations, the profile after the
 * protected job's shadow time only rises, so "fits over [now, now + requested)" is exactly "ends by the
 * shadow time, or needs no more than the processors the head leaves spare". Before anything is reserved in
 * a pass, "enough processors free now" implies "fits", so the profile is not even read.
 *
 * <p>Controllers' reservations: a running job whose requested end is not after now and that still runs
 * (it overran, or its end is handled later at this instant) is held its requested time once more from
 * now, as the tuned schedulers assume. A start that changes the reservations (a controller reacting to
 * it) starts the pass over. A report of a change waits for a wake-up at the same instant.
 *
 * <p>An arrival behind a blocked plan tests only the new job: since the last pass nothing changed but the
 * queue's tail, and every job already waiting failed under the same or a more permissive state.
 */
final class PassPlanner extends Planner {
    private final PlanningRule rule;
    private final boolean headOnly;
    /** Running jobs by requested end: the ones held beyond it with reservations come first. */
    private final TreeSet<Entry> running = new TreeSet<>(Entry.BY_END);
    /** Waiting jobs reserved by the last pass, and running jobs it held beyond their requested ends. */
    private final List<Entry> reserved = new ArrayList<>();
    private final List<Entry> held = new ArrayList<>();
    private double heldFrom;
    /** True while the last pass's plan stands: a blocked job, all protection used, no reservations. */
    private boolean planStands;
    /** The last job the last pass blocked on (the head for head-only, the K-th reserved one for easy). */
    private Entry lastBlocked;
    private double wakeUpAt = Double.NaN;
    private final QueueEstimates estimates = new QueueEstimates();

    /** Null when every job is eligible: the common case pays no call. */
    private final Eligibility eligibility;

    PassPlanner(Cluster cluster, JobOrder order, PlanningRule rule, Eligibility eligibility, Partitions partitions) {
        super(cluster, order, partitions);
        this.rule = rule;
        this.eligibility = eligibility;
        this.headOnly = rule.kind == PlanningRule.Kind.HEAD_ONLY;
    }

    @Override
    void submitted(Entry e) {
        double now = cluster.now();
        queue.add(e, now);
        estimates.changed();
        if (planStands && !queue.recalculate(now) && queue.before(lastBlocked, e)
                && cluster.reservations().isEmpty()) {
            discardBefore(now);
            double end = SimTime.add(now, e.requested);
            // the pass's reservations stand: with one, lastBlocked's slot is the shadow (see fitsBeside)
            double shadow = rule.protectedJobs == 1 && pools == null && lastBlocked.slotted ? lastBlocked.start : Double.NaN;
            if (!headOnly && eligible(e) && e.width <= cluster.freeProcessors() && fitsBeside(e, now, end, false, shadow)) {
                startNow(e, end);
            }
            return;
        }
        pass();
    }

    @Override
    void ended(Entry e) {
        double now = cluster.now();
        running.remove(e);
        discardBefore(now);
        releaseRest(e, now);
        pass();
    }

    /** Its estimate was wrong: it is assumed to need its requested time once more. */
    @Override
    void overran(Entry e) {
        double now = cluster.now();
        running.remove(e);
        discardBefore(now);
        e.end = SimTime.add(now, e.requested);
        hold(e, now, e.end);
        running.add(e);
        pass();
    }

    @Override
    void wakeUp() {
        if (wakeUpAt <= cluster.now()) {
            wakeUpAt = Double.NaN;
        }
        pass();
    }

    @Override
    void reservationsChanged() {
        reservationChanges++;
        planStands = false;
        estimates.changed();
        double now = cluster.now();
        if (queue.size() > 0 && wakeUpAt != now) {
            wakeUpAt = now;
            cluster.wakeUpAt(now);
        }
    }

    @Override
    boolean cancel(Entry e) {
        if (!queue.contains(e)) {
            return false;
        }
        queue.remove(e);
        pass();
        return true;
    }

    @Override
    List<QueuedJob> withdrawAll() {
        List<QueuedJob> all = queue.jobs();
        dropPlan(cluster.now());
        queue.clear();
        planStands = false;
        estimates.changed();
        return all;
    }

    @Override
    double estimateStart(int processors, double requestedTime) {
        if (processors > cluster.processors()) {
            return Double.POSITIVE_INFINITY;
        }
        return estimates.plan(this).earliestStart(processors, requestedTime);
    }

    @Override
    double plannedStart(Entry e) {
        if (e.slotted) {
            return e.start;
        }
        // the estimates plan on the whole cluster: with partitions they would not be the start
        return headOnly && pools == null && queue.contains(e) ? estimates.plan(this).start(e) : Double.NaN;
    }

    /** The profile without this pass's reservations (what a queue-order estimate plans on). */
    AvailabilityProfile unplannedCopy() {
        double now = cluster.now();
        discardBefore(now);
        AvailabilityProfile p = profile.copy();
        for (Entry e : reserved) {
            p.release(Math.max(now, e.start), e.end, e.width);
        }
        return p;
    }

    private void pass() {
        while (!passOnce()) {
            // a controller reacting to a start changed the reservations: plan again
        }
    }

    /** One pass; false if it must start over. */
    private boolean passOnce() {
        double now = cluster.now();
        estimates.changed();
        dropPlan(now);
        queue.recalculate(now);
        boolean noReservations = cluster.reservations().isEmpty();
        if (!noReservations || claims.any()) {
            claims.sync(profile, cluster.reservations(), now);
            if (pools != null) {
                pools.syncClaims(cluster.reservations(), now);
            }
        }
        if (!noReservations) {
            holdOverstaying(now);
        }
        long seen = reservationChanges;
        boolean freeMeansFits = noReservations; // until this pass reserves something
        int free = cluster.freeProcessors();
        int protect = rule.protectedJobs;
        int examined = 0;
        boolean blocked = false;
        lastBlocked = null;
        // the start of the pass's only reservation, while it is the only one in the profile (see fitsBeside)
        double shadow = Double.NaN;
        int reservedInPass = 0;
        for (Entry e = queue.first(); e != null; e = queue.after(e)) {
            if (blocked && ++examined > rule.depth) {
                break;
            }
            if (!eligible(e)) {
                continue; // held by a limit: it does not block the jobs behind it
            }
            double end = SimTime.add(now, e.requested);
            if (e.width <= free && fitsBeside(e, now, end, freeMeansFits, reservedInPass == 1 && noReservations ? shadow : Double.NaN)) {
                free -= e.width;
                startNow(e, end);
                if (reservationChanges != seen) {
                    return false;
                }
                continue;
            }
            blocked = true;
            if (headOnly) {
                lastBlocked = e;
                break;
            }
            if (protect > 0) {
                double s = pools == null ? profile.earliestStart(now, e.requested, e.width) : pools.earliestStart(e, now);
                if (SimTime.sub(s, now) <= rule.window) {
                    shadow = s;
                    reservedInPass++;
                    slot(e, s);
                    reserved.add(e);
                    protect--;
                    freeMeansFits = false;
                    lastBlocked = e;
                }
            }
            if (protect == 0 && free < queue.narrowest()) {
                break; // nothing waiting fits now
            }
        }
        planStands = noReservations && lastBlocked != null && (headOnly || protect == 0)
                && rule.depth == Integer.MAX_VALUE && rule.window == Double.POSITIVE_INFINITY;
        return true;
    }

    /**
     * Whether a job with enough free processors in the cluster can start now and keep them over
     * [now, end): on a partitioned cluster, in its partition's pools; else by the profile, which
     * {@code freeMeansFits} says need not be read.
     */
    private boolean fitsNow(Entry e, double now, double end, boolean freeMeansFits) {
        if (pools != null) {
            return pools.fitsNow(e, now, end, freeMeansFits);
        }
        return freeMeansFits || profile.minFree(now, end) >= e.width;
    }

    /**
     * {@link #fitsNow}, in O(log breakpoints) when the profile holds exactly one reservation besides the running
     * jobs, starting at {@code shadow} (NaN otherwise): then the profile never falls from now to the shadow and
     * never falls after it (running jobs only end), so a job with enough processors free now fits over
     * [now, end) exactly when it ends by the shadow or the shadow leaves room for it (EASY's "extra"). The
     * general check scans the profile up to {@code end}, which made most of a kit EASY pass.
     */
    private boolean fitsBeside(Entry e, double now, double end, boolean freeMeansFits, double shadow) {
        if (freeMeansFits || Double.isNaN(shadow) || pools != null) {
            return fitsNow(e, now, end, freeMeansFits);
        }
        return end <= shadow || profile.freeAt(shadow) >= e.width;
    }

    private boolean eligible(Entry e) {
        return eligibility == null || eligibility.eligible(e.job);
    }

    private void startNow(Entry e, double end) {
        hold(e, cluster.now(), end);
        start(e, end);
        running.add(e);
    }

    /** Running jobs whose requested end has come and that still run hold their requested time once more. */
    private void holdOverstaying(double now) {
        heldFrom = now;
        for (Entry r : running) {
            if (r.end > now) {
                break;
            }
            hold(r, now, SimTime.add(now, r.requested));
            held.add(r);
        }
    }

    /** Takes the last pass's reservations and holds out of the profile. */
    private void dropPlan(double now) {
        discardBefore(now);
        for (Entry e : reserved) {
            unslot(e, now);
        }
        reserved.clear();
        for (Entry r : held) {
            double to = SimTime.add(heldFrom, r.requested);
            if (to > now) {
                free(r, now, to);
            }
        }
        held.clear();
    }
}
