package org.gridsched.batch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.Reservation;
import org.gridsched.api.batch.kit.AvailabilityProfile;

/**
 * EASY backfilling.
 *
 * <p>The head of the queue (submission order) is reserved at the shadow time: the earliest time enough
 * processors are free assuming running jobs end at their requested times. Any other waiting job, in queue
 * order, starts now if enough processors are free now and either it ends by the shadow time or it fits in
 * the processors the head leaves spare at the shadow time ("extra").
 *
 * <p>Cost: after a job end, the backfill pass visits only the jobs that start, found in submission order
 * by a {@link BackfillQueue} in logarithmic time each, instead of scanning the whole queue. An arrival
 * behind a blocked head only tests the new job: since the last pass nothing changed but the queue's tail,
 * and every job already in the queue failed under the same or a more permissive state.
 *
 * <p>Reservations it did not make ({@link Cluster#reservations()}): while there are any, each pass takes a
 * generic path ({@link #scheduleAroundReservations}) on an {@link AvailabilityProfile} of the running
 * jobs (until their expected ends) and the reservations: heads start while their requested span fits now;
 * a blocked head is reserved at its earliest fitting start (the shadow time, counting the reservations);
 * then, in queue order, every job that fits now and whose span [now, now + requested) fits the profile
 * starts, which is the EASY test (ends by the shadow time or uses only the head's extra processors)
 * extended to the reservations. Cost per pass: the profile the last pass left, mended (the past dropped, the head's
 * reservation, the jobs ended since and the reservations gone given back, the new reservations made: O(b) each, b
 * breakpoints; {@link #mendOrRebuild} says when it is built afresh instead, in O(r + R·b) for r running jobs and R
 * reservations), then, to find each job that starts and to find that no more can, one search of the
 * queue's segment tree per level of the profile ({@link BackfillQueue#nextFitting}), not a test of every waiting
 * job (behind a head blocked by failed processors the queue is long). Without reservations none of this
 * runs: the only extra work is one {@code isEmpty()} per pass and per arrival, and one comparison of a
 * counter per start (a controller reacting to a start may make a reservation; the pass then starts over).
 */
final class EasyScheduler implements BatchScheduler {

    /** Per-job state, attached to the job. */
    private static final class Entry {
        final QueuedJob job;
        final int width;
        double expectedEnd;
        long startRank;

        Entry(QueuedJob job) {
            this.job = job;
            this.width = job.processors();
        }
    }

    private final Cluster cluster;
    /** The waiting queue in submission order, indexed by slot; see {@link BackfillQueue}. */
    private final BackfillQueue<Entry> queue = new BackfillQueue<>();
    /** Running jobs sorted by (expectedEnd, startRank). */
    private Entry[] running = new Entry[16];
    private int runningCount;
    private long startRanks;

    private double shadow;
    private int extra;
    /** True when shadow/extra describe the current head and state (the head is blocked). */
    private boolean planValid;
    /** Bumped by every {@link #reservationsChanged()}: a pass that sees it move starts over. */
    private long reservationChanges;
    /** The instant a wake-up was asked for by {@link #reservationsChanged()} and not yet handled. */
    private double wakeUpAt = Double.NaN;
    /** The head reserved by the last pass around reservations, and its reserved start. */
    private Entry reservedHead;
    private double reservedStart;
    /**
     * The profiles of a pass around reservations and of {@link #estimateStart}, each rebuilt in place
     * ({@link AvailabilityProfile#resetToRunning}) rather than allocated: a profile holds a cache as wide as the
     * cluster, and a cluster whose processors fail has reservations at every pass (a million-job run with
     * failures spent nearly half its time allocating and clearing those caches). Two, because a controller that
     * reacts to a start made by a pass may ask for an estimate while the pass still uses its own. Made at their
     * first use: a run without reservations never needs them.
     */
    private AvailabilityProfile passProfile;
    private AvailabilityProfile estimateProfile;
    /** How many passes around reservations are under way (more than one when a controller's reaction starts one). */
    private int passDepth;
    /** Scratch for {@link #occupancy}: the running jobs' ends and widths. */
    private double[] runningEnds = new double[16];
    private int[] runningWidths = new int[16];

    // --- the pass profile kept from one pass to the next (see mendOrRebuild) ---
    /**
     * Whether {@link #passProfile} holds, as the last complete pass around reservations left it, the running jobs (each
     * until its expected end), the reservations recorded in {@code held*} and the head's reservation {@code shadow*}:
     * the next pass then mends it with what changed since instead of building it from every running job again.
     */
    private boolean passProfileKept;
    /** The blocked head's reservation the last pass made in {@link #passProfile} (width 0: none). */
    private double shadowFrom;
    private double shadowTo;
    private int shadowWidth;
    /** The reservations {@link #passProfile} holds: each over [max(the pass's now, start), end). */
    private double[] heldStart = new double[4];
    private double[] heldEnd = new double[4];
    private int[] heldProcessors = new int[4];
    private int heldCount;
    /** Scratch for {@link #mend}: which of the reservations the profile holds already. */
    private boolean[] kept = new boolean[4];
    /** Jobs ended since the last pass, while the profile was kept: their expected ends and widths, to give back. */
    private double[] endedUntil = new double[8];
    private int[] endedWidths = new int[8];
    private int endedCount;
    /** How many passes around reservations began: a pass that saw another begin inside it leaves no profile to keep. */
    private long passesBegun;
    /** Tests: every mended profile is compared with the one built from scratch. */
    boolean checkMended;
    /** Passes whose profile was mended, and built afresh (tests). */
    long mended;
    long rebuilt;

    EasyScheduler(Cluster cluster) {
        this.cluster = cluster;
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        Entry e = new Entry(job);
        job.attach(e);
        if (!cluster.reservations().isEmpty()) {
            queue.add(e, job.processors(), job.requestedTime());
            scheduleAroundReservations();
            return;
        }
        boolean headBlocked = planValid && queue.size() > 0;
        int slot = queue.add(e, job.processors(), job.requestedTime());
        if (headBlocked) {
            double now = cluster.now();
            if (job.processors() <= cluster.freeProcessors()
                    && (SimTime.add(now, job.requestedTime()) <= shadow || job.processors() <= extra)) {
                backfill(slot, now);
            }
        } else {
            schedule();
        }
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
        Entry e = (Entry) job.attachment();
        removeRunning(e);
        if (passProfileKept) {
            ended(e);
        }
        schedule();
    }

    @Override
    public void jobOverran(QueuedJob job) {
        // Its estimate was wrong: assume it needs its requested time once more.
        Entry e = (Entry) job.attachment();
        removeRunning(e);
        forgetPassProfile(); // it held the job until its old expected end
        e.expectedEnd = SimTime.add(cluster.now(), job.requestedTime());
        insertRunning(e);
        schedule();
    }

    @Override
    public int waitingJobs() {
        return queue.size();
    }

    @Override
    public double plannedStart(QueuedJob job) {
        if (planValid && queue.size() > 0 && queue.get(queue.head()).job == job) {
            return shadow;
        }
        // after a pass around reservations (a classic pass with a waiting head always sets planValid)
        if (!planValid && reservedHead != null && queue.size() > 0 && queue.get(queue.head()) == reservedHead
                && reservedHead.job == job) {
            return reservedStart;
        }
        return Double.NaN;
    }

    @Override
    public List<QueuedJob> withdrawAll() {
        List<QueuedJob> all = waiting();
        for (int slot = queue.head(); queue.size() > 0 && slot < queue.end(); slot++) {
            if (queue.get(slot) != null) {
                queue.remove(slot);
            }
        }
        planValid = false;
        reservedHead = null;
        return all;
    }

    @Override
    public List<QueuedJob> waiting() {
        List<QueuedJob> list = new ArrayList<>(queue.size());
        for (int slot = queue.head(); list.size() < queue.size(); slot++) {
            if (queue.get(slot) != null) {
                list.add(queue.get(slot).job);
            }
        }
        return list;
    }

    @Override
    public boolean cancel(QueuedJob job) {
        for (int slot = queue.head(); queue.size() > 0 && slot < queue.end(); slot++) {
            Entry e = queue.get(slot);
            if (e != null && e.job == job) {
                queue.remove(slot);
                schedule(); // the head may have changed, and room behind it
                return true;
            }
        }
        return false;
    }

    /**
     * EASY keeps no plan beyond the head's reservation, so this is the FCFS-order plan of its queue: an
     * estimate, not a guarantee (backfilled jobs may start earlier, later arrivals may delay it).
     */
    @Override
    public double estimateStart(int processors, double requestedTime) {
        if (processors > cluster.processors()) {
            return Double.POSITIVE_INFINITY;
        }
        double now = cluster.now();
        if (!cluster.reservations().isEmpty()) {
            if (estimateProfile == null) {
                estimateProfile = newProfile();
            }
            AvailabilityProfile p = occupancy(estimateProfile, now);
            double from = now;
            for (QueuedJob w : waiting()) {
                from = p.earliestStart(from, w.requestedTime(), w.processors());
                p.reserve(from, SimTime.add(from, w.requestedTime()), w.processors());
            }
            return p.earliestStart(from, requestedTime, processors);
        }
        QueuePlan plan = new QueuePlan(now, cluster.freeProcessors());
        for (int i = 0; i < runningCount; i++) {
            plan.running(Math.max(now, running[i].expectedEnd), running[i].width);
        }
        for (QueuedJob w : waiting()) {
            plan.place(w.processors(), w.requestedTime());
        }
        return plan.place(processors, requestedTime);
    }

    /** Starts heads that fit, then computes the head's reservation and backfills behind it. */
    private void schedule() {
        if (!cluster.reservations().isEmpty()) {
            scheduleAroundReservations();
            return;
        }
        planValid = false;
        long seen = reservationChanges;
        while (queue.size() > 0 && queue.width(queue.head()) <= cluster.freeProcessors()) {
            start(queue.head());
            if (reservationChanges != seen) {
                schedule(); // a controller reacting to the start made a reservation
                return;
            }
        }
        if (queue.size() == 0) {
            return;
        }
        computeShadow(queue.width(queue.head()));
        planValid = true;
        double now = cluster.now();
        int free = cluster.freeProcessors();
        // Only jobs that can start are visited: the queue finds, in submission order, the next job with
        // width <= free and (ends by the shadow time or width <= extra).
        int slot = queue.head();
        while (free > 0 && (slot = queue.nextBackfill(slot + 1, free, extra, now, shadow)) >= 0) {
            free -= queue.width(slot);
            backfill(slot, now);
            if (reservationChanges != seen) {
                schedule();
                return;
            }
        }
    }

    /**
     * The pass while reservations exist; see the class comment. A pass restarts if a controller reacting
     * to one of its starts changes the reservations.
     */
    private void scheduleAroundReservations() {
        planValid = false;
        reservedHead = null;
        if (queue.size() == 0) {
            return;
        }
        passDepth++;
        try {
            // a pass inside a pass (a controller reacting to a start changed the reservations, or cancelled a job
            // here) builds a profile of its own: the outer pass's stays as it was
            long begun = ++passesBegun;
            if (passDepth > 1) {
                passAround(occupancy(newProfile(), cluster.now()));
                return;
            }
            double now = cluster.now();
            AvailabilityProfile p = mendOrRebuild(now);
            // from here on what changes the running jobs is noted (ends) or forgets the profile (any other start, an
            // overrun); the pass reserves each job it starts, and the head's reservation. A profile that holds a job
            // past its expected end (until now + its requested time) is not kept: that hold moves with the clock.
            passProfileKept = heldUntilExpectedEnds(now);
            passAround(p);
            if (passesBegun != begun) {
                forgetPassProfile(); // a pass inside this one started jobs on a profile of its own
            }
        } finally {
            passDepth--;
        }
    }

    private void passAround(AvailabilityProfile p) {
        long seen = reservationChanges;
        double now = cluster.now();
        shadowWidth = 0;
        while (queue.size() > 0) {
            int slot = queue.head();
            int q = queue.width(slot);
            double r = queue.requested(slot);
            if (q <= cluster.freeProcessors() && Reserved.fits(p, now, r, q)) {
                p.reserve(now, SimTime.add(now, r), q);
                start(slot);
                if (reservationChanges != seen) {
                    scheduleAroundReservations();
                    return;
                }
                continue;
            }
            // Blocked: reserved at its earliest fitting start. That may be now when the processors are
            // not free yet at this instant (they come back later at it); then nothing may take them.
            double s = p.earliestStart(now, r, q);
            p.reserve(s, s + r, q);
            shadowFrom = s;
            shadowTo = s + r;
            shadowWidth = q;
            reservedHead = queue.get(slot);
            reservedStart = s;
            break;
        }
        int free = cluster.freeProcessors();
        int slot = queue.head();
        while (free > 0 && queue.size() > 1 && (slot = queue.nextFitting(p, now, slot + 1, free)) >= 0) {
            Entry e = queue.get(slot);
            if (!Reserved.fits(p, now, e.job.requestedTime(), e.width)) {
                continue; // let through by the rounding margin of the search
            }
            p.reserve(now, SimTime.add(now, e.job.requestedTime()), e.width);
            free -= e.width;
            start(slot);
            if (reservationChanges != seen) {
                scheduleAroundReservations();
                return;
            }
        }
    }

    /**
     * The profile of a pass around reservations: the running jobs and the reservations from now on, as
     * {@link #occupancy} builds it. After a complete pass the profile is kept, and the next pass mends it: the past
     * dropped, the head's reservation and the jobs ended since given back, the reservations that changed given back and
     * made again. Rebuilding it from every running job took 14 % of a million-job EASY run with node failures, where
     * outages exist at every pass. Built afresh when something else changed: a job overran (its hold grows with now),
     * a running job's expected end has come (same), jobs were started by a pass on a profile of its own or by the
     * pass without reservations, or this is the first pass. The profile is the same either way, breakpoint for
     * breakpoint ({@link #checkMended}).
     */
    private AvailabilityProfile mendOrRebuild(double now) {
        if (passProfile == null) {
            passProfile = newProfile();
        }
        AvailabilityProfile p = passProfile;
        if (passProfileKept && heldUntilExpectedEnds(now)) {
            mend(p, now);
            mended++;
            if (checkMended) {
                checkMended(p, now);
            }
        } else {
            occupancy(p, now);
            rebuilt++;
            hold(cluster.reservations());
            endedCount = 0;
            shadowWidth = 0;
        }
        return p;
    }

    /**
     * Whether the profile holds every running job until its expected end: not so once one is past it, which
     * {@link #occupancy} holds until now + its requested time, a hold that moves with the clock.
     */
    private boolean heldUntilExpectedEnds(double now) {
        return runningCount == 0 || running[0].expectedEnd > now; // running jobs are sorted by expected end
    }

    private void mend(AvailabilityProfile p, double now) {
        p.discardBefore(now);
        if (shadowWidth > 0 && shadowTo > now) {
            p.release(Math.max(now, shadowFrom), shadowTo, shadowWidth);
        }
        shadowWidth = 0;
        for (int i = 0; i < endedCount; i++) {
            if (endedUntil[i] > now) {
                p.release(now, endedUntil[i], endedWidths[i]);
            }
        }
        endedCount = 0;
        List<Reservation> reservations = cluster.reservations();
        if (!held(reservations)) {
            // what left is given back and what came is reserved; the others stay (a failure or a repair changes one
            // of the few outages under way)
            int n = reservations.size();
            if (kept.length < n) {
                kept = new boolean[2 * n];
            }
            Arrays.fill(kept, 0, n, false);
            for (int i = 0; i < heldCount; i++) {
                int j = 0;
                while (j < n && (kept[j] || !sameAsHeld(reservations.get(j), i))) {
                    j++;
                }
                if (j < n) {
                    kept[j] = true;
                    continue;
                }
                double from = Math.max(now, heldStart[i]);
                if (heldEnd[i] > from) {
                    p.release(from, heldEnd[i], heldProcessors[i]);
                }
            }
            for (int j = 0; j < n; j++) {
                Reservation r = reservations.get(j);
                double from = Math.max(now, r.start());
                if (!kept[j] && r.end() > from) {
                    p.reserve(from, r.end(), r.processors());
                }
            }
            hold(reservations);
        }
    }

    /** Whether the profile holds exactly these reservations (the same intervals and widths, in the same order). */
    private boolean held(List<Reservation> reservations) {
        if (reservations.size() != heldCount) {
            return false;
        }
        for (int i = 0; i < heldCount; i++) {
            if (!sameAsHeld(reservations.get(i), i)) {
                return false;
            }
        }
        return true;
    }

    private boolean sameAsHeld(Reservation r, int i) {
        return r.start() == heldStart[i] && r.end() == heldEnd[i] && r.processors() == heldProcessors[i];
    }

    private void hold(List<Reservation> reservations) {
        int n = reservations.size();
        if (heldStart.length < n) {
            heldStart = new double[2 * n];
            heldEnd = new double[2 * n];
            heldProcessors = new int[2 * n];
        }
        for (int i = 0; i < n; i++) {
            Reservation r = reservations.get(i);
            heldStart[i] = r.start();
            heldEnd[i] = r.end();
            heldProcessors[i] = r.processors();
        }
        heldCount = n;
    }

    /** A running job of the kept profile ended: it gives back what it held from the next pass's now on. */
    private void ended(Entry e) {
        if (endedCount == endedUntil.length) {
            endedUntil = Arrays.copyOf(endedUntil, 2 * endedCount);
            endedWidths = Arrays.copyOf(endedWidths, 2 * endedCount);
        }
        endedUntil[endedCount] = e.expectedEnd;
        endedWidths[endedCount++] = e.width;
    }

    private void forgetPassProfile() {
        passProfileKept = false;
        endedCount = 0;
    }

    private void checkMended(AvailabilityProfile mended, double now) {
        AvailabilityProfile built = occupancy(newProfile(), now);
        if (!Arrays.deepEquals(mended.toArray(), built.toArray())) {
            throw new IllegalStateException("at " + now + " on " + cluster.name() + " the mended profile " + mended
                    + " differs from the one built afresh " + built);
        }
    }

    private AvailabilityProfile newProfile() {
        return new AvailabilityProfile(cluster.processors(), Double.NEGATIVE_INFINITY);
    }

    /** Makes {@code p} hold the running jobs (until their expected ends) and the reservations, from now on. */
    private AvailabilityProfile occupancy(AvailabilityProfile p, double now) {
        List<Reservation> reservations = cluster.reservations();
        int room = runningCount + reservations.size();
        if (runningEnds.length < room) {
            runningEnds = new double[Math.max(room, running.length)];
            runningWidths = new int[runningEnds.length];
        }
        for (int i = 0; i < runningCount; i++) {
            runningEnds[i] = Reserved.holdUntil(running[i].expectedEnd, now, running[i].job.requestedTime());
            runningWidths[i] = running[i].width;
        }
        Reserved.occupancy(p, now, runningEnds, runningWidths, runningCount, reservations);
        return p;
    }

    /**
     * Processors may have come back, or a reservation may now block the head. The pass waits for a
     * wake-up at this same instant: the engine may be in the middle of an operation (a job taking a
     * claim's processors removes the claim, then adds the job's own reservation), and until then every
     * start decision reads the reservations afresh anyway.
     */
    @Override
    public void reservationsChanged() {
        reservationChanges++;
        double now = cluster.now();
        if (queue.size() > 0 && wakeUpAt != now) {
            wakeUpAt = now;
            cluster.wakeUpAt(now);
        }
    }

    @Override
    public void wakeUp() {
        if (wakeUpAt <= cluster.now()) {
            wakeUpAt = Double.NaN;
        }
        schedule();
    }

    /** Starts a job behind the head that passed the backfill test, consuming extra if it needs it. */
    private void backfill(int slot, double now) {
        if (!(SimTime.add(now, queue.requested(slot)) <= shadow)) {
            extra -= queue.width(slot);
        }
        start(slot);
    }

    private void computeShadow(int needed) {
        double now = cluster.now();
        int avail = cluster.freeProcessors();
        int i = 0;
        while (true) {
            // needed <= cluster size, so the running jobs free enough before the array ends
            avail += running[i].width;
            if (avail >= needed) {
                break;
            }
            i++;
        }
        double s = Math.max(now, running[i].expectedEnd);
        for (i++; i < runningCount && Math.max(now, running[i].expectedEnd) <= s; i++) {
            avail += running[i].width;
        }
        shadow = s;
        extra = avail - needed;
    }

    private void start(int slot) {
        if (passDepth != 1) {
            forgetPassProfile(); // started outside the kept profile (the pass without reservations, or one inside a pass)
        }
        Entry e = queue.remove(slot);
        // the state is complete before the engine is told: a controller reacting to the start may change
        // the reservations, and this policy may then be asked questions
        e.expectedEnd = SimTime.add(cluster.now(), e.job.requestedTime());
        e.startRank = startRanks++;
        insertRunning(e);
        cluster.start(e.job);
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
