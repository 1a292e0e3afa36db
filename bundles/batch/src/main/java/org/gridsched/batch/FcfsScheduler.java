package org.gridsched.batch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.Reservation;
import org.gridsched.api.batch.kit.AvailabilityProfile;

/**
 * FCFS: the head starts as soon as enough processors are free; O(1) amortised per event. Its plan
 * (planned starts, estimates for new jobs) is the {@link QueuePlan} of the queue, built on demand.
 *
 * <p>Reservations it did not make ({@link Cluster#reservations()}): while there are any, the head starts
 * only if it fits now and its requested span [now, now + requested) fits in an {@link AvailabilityProfile}
 * of the running jobs (held until their requested ends) and the reservations; nothing overtakes a head
 * blocked that way. Each such check builds the profile in O(r log r + R·b) for r running jobs, R
 * reservations and b breakpoints. The plan is then the same queue-order plan on that profile, each job at
 * the earliest start at which its whole span fits, not before the job ahead of it. Without reservations
 * none of this runs: the only extra work is one {@code isEmpty()} per head that fits.
 */
final class FcfsScheduler implements BatchScheduler {
    private final Cluster cluster;
    private final ArrayDeque<QueuedJob> queue = new ArrayDeque<>();
    /** Running jobs; each carries its requested end as attachment. Insertion order keeps runs deterministic. */
    private final LinkedHashSet<QueuedJob> running = new LinkedHashSet<>();
    /**
     * The plan of the current queue, with every waiting job's planned start; built when first asked for
     * and dropped on any change (meta-schedulers ask many questions between two changes).
     */
    private QueuePlan plan;
    private java.util.IdentityHashMap<QueuedJob, Double> planned;
    private double planTime = Double.NaN;
    /** Bumped by every {@link #reservationsChanged()}: a profile built before a change is stale. */
    private long reservationChanges;
    /** The instant a wake-up was asked for by {@link #reservationsChanged()} and not yet handled. */
    private double wakeUpAt = Double.NaN;
    /**
     * The profile of {@link #startHeads} while there are reservations (made at its first use), and how many of those
     * calls are under way.
     */
    private AvailabilityProfile headsProfile;
    private int startingDepth;
    /** Scratch for {@link #occupancy}: the running jobs' ends and widths. */
    private double[] runningEnds = new double[16];
    private int[] runningWidths = new int[16];

    FcfsScheduler(Cluster cluster) {
        this.cluster = cluster;
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        boolean extend = plan != null && reservedPlan == null && planTime == cluster.now() && cluster.reservations().isEmpty();
        queue.addLast(job);
        startHeads(); // drops the plan if anything starts
        if (extend && plan != null) {
            // nothing started: the plan holds, and the new job goes after the last one (meta-schedulers
            // submitting many jobs at one instant, e.g. a reallocation, then need no rebuild per job)
            planned.put(job, plan.place(job.processors(), job.requestedTime()));
        } else {
            plan = null;
        }
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
        plan = null;
        running.remove(job);
        startHeads();
    }

    private void startHeads() {
        startingDepth++;
        try {
            startFittingHeads();
        } finally {
            startingDepth--;
        }
    }

    private void startFittingHeads() {
        QueuedJob head;
        AvailabilityProfile occupied = null;
        long seen = 0;
        while ((head = queue.peekFirst()) != null && head.processors() <= cluster.freeProcessors()) {
            if (!cluster.reservations().isEmpty()) {
                if (occupied == null || seen != reservationChanges) {
                    seen = reservationChanges;
                    // rebuilt in place: allocating a profile (its cache is as wide as the cluster) at every end of a
                    // job took a fifth of a million-job run with failures; a start inside a start (a controller
                    // reacting to one) gets a profile of its own
                    if (headsProfile == null) {
                        headsProfile = newProfile();
                    }
                    occupied = occupancy(startingDepth == 1 ? headsProfile : newProfile(), cluster.now());
                }
                if (!Reserved.fits(occupied, cluster.now(), head.requestedTime(), head.processors())) {
                    return; // it would run into a reservation: it waits, and so does everyone behind it
                }
                occupied.reserve(cluster.now(), SimTime.add(cluster.now(), head.requestedTime()), head.processors());
            }
            plan = null;
            queue.pollFirst();
            // the state is complete before the engine is told: a controller reacting to the start may
            // change the reservations, and this policy may then be asked questions
            head.attach(SimTime.add(cluster.now(), head.requestedTime()));
            running.add(head);
            cluster.start(head);
        }
    }

    private AvailabilityProfile newProfile() {
        return new AvailabilityProfile(cluster.processors(), Double.NEGATIVE_INFINITY);
    }

    /** Makes {@code p} hold the running jobs (until their requested ends) and the reservations, from now on. */
    private AvailabilityProfile occupancy(AvailabilityProfile p, double now) {
        List<Reservation> reservations = cluster.reservations();
        int room = running.size() + reservations.size();
        if (runningEnds.length < room) {
            runningEnds = new double[2 * room];
            runningWidths = new int[runningEnds.length];
        }
        int i = 0;
        for (QueuedJob r : running) {
            runningEnds[i] = Reserved.holdUntil((Double) r.attachment(), now, r.requestedTime());
            runningWidths[i++] = r.processors();
        }
        Reserved.occupancy(p, now, runningEnds, runningWidths, i, reservations);
        return p;
    }

    /**
     * Processors may have come back, or a reservation may now block the head. The reaction waits for a
     * wake-up at this same instant: the engine may be in the middle of an operation (a job taking a
     * claim's processors removes the claim, then adds the job's own reservation), and until then every
     * start decision reads the reservations afresh anyway.
     */
    @Override
    public void reservationsChanged() {
        plan = null;
        reservationChanges++;
        double now = cluster.now();
        if (!queue.isEmpty() && wakeUpAt != now) {
            wakeUpAt = now;
            cluster.wakeUpAt(now);
        }
    }

    @Override
    public void wakeUp() {
        if (wakeUpAt <= cluster.now()) {
            wakeUpAt = Double.NaN;
        }
        plan = null;
        startHeads();
    }

    /** With reservations, an overran job is assumed to need its requested time once more (as EASY and CBF do). */
    @Override
    public void jobOverran(QueuedJob job) {
        if (!cluster.reservations().isEmpty()) {
            plan = null;
            job.attach(SimTime.add(cluster.now(), job.requestedTime()));
        }
    }

    @Override
    public int waitingJobs() {
        return queue.size();
    }

    @Override
    public List<QueuedJob> waiting() {
        return List.copyOf(queue);
    }

    @Override
    public boolean cancel(QueuedJob job) {
        if (!queue.remove(job)) {
            return false;
        }
        plan = null;
        startHeads(); // the job behind it may fit now
        return true;
    }

    @Override
    public List<QueuedJob> withdrawAll() {
        List<QueuedJob> all = new ArrayList<>(queue);
        queue.clear();
        plan = null;
        return all;
    }

    @Override
    public double plannedStart(QueuedJob job) {
        Double s = currentPlan().get(job);
        return s == null ? Double.NaN : s;
    }

    @Override
    public double estimateStart(int processors, double requestedTime) {
        if (processors > cluster.processors()) {
            return Double.POSITIVE_INFINITY;
        }
        currentPlan();
        if (reservedPlan != null) {
            return reservedPlan.earliestStart(reservedTail, requestedTime, processors);
        }
        return plan.tailStart(processors);
    }

    /** Planned starts of the waiting jobs, rebuilt only after a change (or when time has moved on). */
    private java.util.Map<QueuedJob, Double> currentPlan() {
        double now = cluster.now();
        if (plan == null || planTime != now) {
            if (!cluster.reservations().isEmpty()) {
                return reservedPlan(now);
            }
            reservedPlan = null;
            plan = new QueuePlan(now, cluster.freeProcessors());
            for (QueuedJob r : running) {
                plan.running(Math.max(now, (Double) r.attachment()), r.processors());
            }
            planned = new java.util.IdentityHashMap<>();
            for (QueuedJob w : queue) {
                planned.put(w, plan.place(w.processors(), w.requestedTime()));
            }
            planTime = now;
        }
        return planned;
    }

    /** With reservations: the plan on the profile of running jobs and reservations (it stays cached in it). */
    private AvailabilityProfile reservedPlan;
    /** The planned start of the last waiting job (now if none): a new job starts no earlier. */
    private double reservedTail;

    private java.util.Map<QueuedJob, Double> reservedPlan(double now) {
        AvailabilityProfile p = occupancy(newProfile(), now);
        planned = new java.util.IdentityHashMap<>();
        double from = now;
        for (QueuedJob w : queue) {
            double s = p.earliestStart(from, w.requestedTime(), w.processors());
            p.reserve(s, SimTime.add(s, w.requestedTime()), w.processors());
            planned.put(w, s);
            from = s;
        }
        reservedPlan = p;
        reservedTail = from;
        plan = new QueuePlan(now, 0); // marks the cache valid; the answers come from reservedPlan
        planTime = now;
        return planned;
    }
}
