package org.gridsched.batch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.Reservation;
import org.gridsched.api.batch.kit.AvailabilityProfile;
import org.gridsched.api.batch.kit.PendingWakeUps;

/**
 * Conservative backfilling.
 *
 * <p>At submission a job is reserved at the earliest time it fits for its requested time without moving
 * any existing reservation. When a job ends before its reservation does, the waiting jobs are re-planned
 * in submission order: each is removed and re-inserted at its earliest feasible start, which is never
 * later than before (its old slot is still free when its turn comes). Only the jobs that a release of processors
 * may have let start earlier are tried ({@link MoveCandidates}); where such a job can move is decided on the profile
 * as it is, and only jobs that move change it.
 *
 * <p>Running jobs keep their reservation until they end; the profile's past is discarded at each event.
 *
 * <p>Reservations it did not make ({@link Cluster#reservations()}) are blocked capacity in the same profile
 * over [max(now, start), end), so every placement, estimate and planned start goes around them. Each
 * reservation is remembered by identity with the (start, end, processors) applied for it; the list is
 * compared with that record (O(R) for R reservations) when {@link #reservationsChanged()} reports a change
 * and, while there are reservations, before every decision (the engine may report a change only after a
 * controller's callback returns). What was removed or shortened is released, what was added or extended
 * is taken, then the plan is redone: if a waiting job's slot now collides with the taken capacity, every
 * waiting job is placed again in submission order (as after an overrun; the jobs after one as wide as the cluster
 * are moved as a whole where that gives the same plan, see {@link #replanAll}); if capacity only came back, the
 * plan is compressed as after an early end. A run that never has reservations does two
 * {@code isEmpty()} checks per event and nothing else.
 */
final class ConservativeScheduler implements BatchScheduler {

    private final Cluster cluster;
    private final AvailabilityProfile profile;
    /**
     * The jobs this policy started and that have not ended, in no order: after a collision with a reservation the
     * profile is rebuilt from them and the reservations (O(R log R)) instead of giving back every waiting job's slot.
     */
    private PlannedJob[] runningJobs = new PlannedJob[64];
    private int runningCount;
    /** Scratch for {@link #withoutWaitingJobs}: the running jobs' ends and widths. */
    private double[] runningEnds = new double[0];
    private int[] runningWidths = new int[0];
    /** Waiting jobs by planned start, to start them when their time comes. */
    private final StartOrder due = new StartOrder();
    /** The waiting jobs by width and requested time, for {@link #candidates}. */
    private final WidthClassIndex widths;
    /** The waiting jobs a release may have let start earlier, marked on their places in {@link #queue}. */
    private final QueueMarks marks = new QueueMarks(256);
    /** Finds them. */
    private final MoveCandidates candidates;
    /**
     * Waiting jobs in submission order, the order of re-planning, as parallel arrays over [qFirst, qEnd)
     * (a job that starts or is cancelled leaves a hole, {@code queue[i] == null}, compacted away when holes
     * outnumber jobs). The compression visits the places {@link #marks} marks, in order, and reads planned starts,
     * widths and requested times from the primitive arrays.
     */
    private PlannedJob[] queue = new PlannedJob[256];
    private double[] queueStart = new double[256];
    private int[] queueWidth = new int[256];
    private double[] queueRequested = new double[256];
    private int qFirst;
    private int qEnd;
    private int waiting;
    /** Wake-up times already asked for and not yet reached. */
    private final PendingWakeUps wakeUps = new PendingWakeUps();

    /** A reservation as it was last applied to the profile. */
    private static final class Applied {
        final Reservation reservation;
        double start;
        double end;
        int processors;
        /** The change at which it was last seen in the list, and last taken into the profile. */
        long seen;
        long taken;

        Applied(Reservation reservation) {
            this.reservation = reservation;
        }
    }

    /** Reservations applied to the profile, in the order of {@link Cluster#reservations()} when last synced. */
    private final List<Applied> applied = new ArrayList<>();
    private final IdentityHashMap<Reservation, Applied> appliedBy = new IdentityHashMap<>();
    private long reservationChanges;
    /** The processors of the reservations given back (each over its own span) by the last change applied. */
    private int givenInChange;

    /** Whether {@link #compress} uses the plain walk (tests compare it with the optimised one). */
    private final boolean plainCompression;

    /**
     * The waiting job as wide as the cluster (the first in the queue) after whose planned end the plan holds nothing
     * but the greedy placement, on an empty cluster, of the waiting jobs planned there, in queue order; null if
     * unknown. Set by every re-plan (placing every job gives exactly that); kept by what adds load only (a job placed
     * at the end of the queue, a reservation that does not collide, a job starting or ending as planned) and by
     * releases and moves that end before the job's start (an early end or kill of a running job, the compression
     * moving a job planned before it); dropped by a release reaching past its start (a reservation given back, a
     * cancellation) and by a move of a job planned after it. {@link #replanAll} moves the plan's tail as a whole only
     * then.
     */
    private PlannedJob packedFor;
    /** The latest end of the reservations applied before the last change of them (-infinity if none). */
    private double reservedUntilBefore = Double.NEGATIVE_INFINITY;
    /** The plan as it was before a re-plan that may move its tail as a whole ({@link #replanAll}). */
    private AvailabilityProfile planBefore;
    /** For tests: whether {@link #replanAll} may move the plan's tail as a whole, and how often it did. */
    boolean shiftTails = true;
    int tailsShifted;
    int shiftsGivenUp;
    /** For tests: how often a compression tried every waiting job ({@link #compressTryingEveryJob}). */
    int everyJobTried;
    /** {@link #longestRunBefore} per width, valid while its stamp is {@link #runsMeasured}. */
    private long[] runStamp = new long[0];
    private double[] runLength = new double[0];
    private long runsMeasured;
    /** For tests: after every re-plan that moved the tail, whether placing every job again gives the same plan. */
    boolean checkShiftedTails;

    ConservativeScheduler(Cluster cluster) {
        this(cluster, false);
    }

    ConservativeScheduler(Cluster cluster, boolean plainCompression) {
        this.cluster = cluster;
        this.plainCompression = plainCompression;
        this.profile = new AvailabilityProfile(cluster.processors(), Double.NEGATIVE_INFINITY);
        this.widths = new WidthClassIndex(cluster.processors());
        this.candidates = new MoveCandidates(profile, due, widths, marks);
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        double now = cluster.now();
        profile.discardBefore(now);
        syncIfReserved(now);
        PlannedJob e = new PlannedJob(job);
        job.attach(e);
        place(e, now);
        append(e);
        due.add(e);
        widths.add(e);
        startDue(now);
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
        double now = cluster.now();
        profile.discardBefore(now);
        PlannedJob e = (PlannedJob) job.attachment();
        // the engine keeps its jobs to the end of the run; its PlannedJob can go now (less for a collection to copy)
        job.attach(null);
        if (e.runningPos >= 0) {
            PlannedJob last = runningJobs[--runningCount];
            runningJobs[e.runningPos] = last;
            last.runningPos = e.runningPos;
            runningJobs[runningCount] = null;
            e.runningPos = -1;
        }
        // The job's slot is given back before the reservations are compared: the job is over at this instant,
        // so a reservation taken at the same instant on its processors (a failure that killed it, a claim of a
        // controller that killed it) does not collide with it, and the plan is compressed once instead of
        // being placed again from scratch with the dead job's slot still in it and then compressed.
        boolean freed = now < e.end;
        if (freed) {
            releasedUntil(e.end);
            profile.release(now, e.end, job.processors());
            releaseUnmarked = true;
        }
        // What the release lets move is found after the reservations are applied: when they collide with the plan
        // (a failure took the processors of the job it killed), every waiting job is placed again and the marks
        // would be thrown away. Later is as exact if the marks count what came between: takings make no window, and
        // reservations given back meanwhile lifted the profile too (see below).
        int change = anyReservations() ? applyReservations(now) : UNCHANGED;
        releaseUnmarked = false;
        if (change == COLLIDES) {
            replanAll(now);
        } else if (freed && tryEveryJobAfter(job)) {
            compressTryingEveryJob(now);
        } else if (freed || change == FREED) {
            if (freed && !plainCompression) {
                // Reservations given back since the slot went back were marked against a profile holding the slot
                // already: exact for them. Not so for the slot, read now with theirs in it: where they meet it, the
                // profile was lower before by their processors too, so those count as its lift.
                int lift = job.processors() + (change == FREED ? givenInChange : 0);
                candidates.released(now, e.end, lift, 0, 0, now);
                if (checkMarks) {
                    verifyMarks("the early end of " + job);
                }
            }
            compress(now);
        }
        startDue(now);
    }

    @Override
    public void wakeUp() {
        double now = cluster.now();
        wakeUps.passed(now);
        profile.discardBefore(now);
        syncIfReserved(now);
        startDue(now);
    }

    @Override
    public void jobOverran(QueuedJob job) {
        // The job keeps its processors past its reservation: extend it by its requested time and re-plan
        // every waiting job from scratch, in submission order (reservations may now be delayed).
        double now = cluster.now();
        profile.discardBefore(now);
        syncIfReserved(now);
        PlannedJob e = (PlannedJob) job.attachment();
        e.end = SimTime.add(now, job.requestedTime());
        for (int i = qFirst; i < qEnd; i++) {
            PlannedJob w = queue[i];
            if (w != null) {
                profile.release(Math.max(now, w.start), w.end, w.width);
            }
        }
        profile.reserve(now, e.end, job.processors());
        placeEveryWaitingJob(now);
        startDue(now);
    }

    /**
     * Brings the profile in line with {@link Cluster#reservations()} and re-plans. Starting jobs waits for a
     * wake-up at this same instant: the engine may be in the middle of an operation (a job taking a
     * claim's processors removes the claim, then adds the job's own reservation); the plan is right after
     * each call, so other events at this instant may start jobs meanwhile.
     */
    @Override
    public void reservationsChanged() {
        double now = cluster.now();
        profile.discardBefore(now);
        syncReservations(now);
        if (waiting > 0 && !nextStartAwaited(now) && wakeUps.add(now)) {
            cluster.wakeUpAt(now);
        }
    }

    /**
     * Whether the first planned start is later than now and a wake-up for it is already asked for: then a
     * wake-up now would start nothing and ask for nothing new. On a cluster whose processors fail every few
     * minutes this spares most of the wake-ups after a change of reservations.
     */
    private boolean nextStartAwaited(double now) {
        if (due.isEmpty()) {
            return false;
        }
        double next = due.first().start;
        return next > now && wakeUps.contains(next);
    }

    /**
     * Before any decision: the reservations may have changed without a call yet (the engine may tell
     * policies only after a controller's callback has returned). Two {@code isEmpty()} checks when there
     * are none and never were.
     */
    private boolean syncIfReserved(double now) {
        return anyReservations() && syncReservations(now);
    }

    /** Whether the profile holds reservations or the cluster has some: two {@code isEmpty()} checks. */
    private boolean anyReservations() {
        return !applied.isEmpty() || !cluster.reservations().isEmpty();
    }

    /**
     * Applies the differences between the reservations and what the profile holds for them, and re-plans;
     * true if it re-planned (placed every waiting job again, or compressed the plan).
     */
    private boolean syncReservations(double now) {
        int change = applyReservations(now);
        if (change == COLLIDES) {
            replanAll(now);
            return true;
        } else if (change == FREED) {
            compress(now);
            return true;
        }
        return false;
    }

    private static final int UNCHANGED = 0;
    private static final int FREED = 1;
    private static final int COLLIDES = 2;

    /**
     * Applies the differences between the reservations and what the profile holds for them: {@link #COLLIDES} if
     * taken capacity collides with the plan (every waiting job must be placed again), else {@link #FREED} if some was
     * given back (the plan is to be compressed; what it lets move is marked), else {@link #UNCHANGED}.
     */
    private int applyReservations(double now) {
        List<Reservation> reservations = cluster.reservations();
        if (unchanged(reservations)) {
            return UNCHANGED;
        }
        long change = ++reservationChanges;
        double until = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < applied.size(); i++) {
            until = Math.max(until, applied.get(i).end);
        }
        reservedUntilBefore = until;
        boolean freed = false;
        givenInChange = 0;
        for (int i = 0; i < reservations.size(); i++) {
            Reservation r = reservations.get(i);
            Applied a = appliedBy.get(r);
            if (a == null) {
                a = new Applied(r);
                appliedBy.put(r, a);
                applied.add(a);
            } else if (a.start == r.start() && a.end == r.end() && a.processors == r.processors()) {
                a.seen = change;
                continue;
            } else {
                freed |= give(a, now);
            }
            a.start = r.start();
            a.end = r.end();
            a.processors = r.processors();
            a.seen = change;
            a.taken = change;
            double from = Math.max(now, a.start);
            if (a.end > from) {
                profile.reserve(from, a.end, a.processors);
            }
        }
        for (int i = 0; i < applied.size(); i++) {
            Applied a = applied.get(i);
            if (a.seen != change) {
                freed |= give(a, now);
                appliedBy.remove(a.reservation);
                applied.remove(i--);
            }
        }
        // in the list's order, which unchanged() then walks
        applied.clear();
        for (int i = 0; i < reservations.size(); i++) {
            applied.add(appliedBy.get(reservations.get(i)));
        }
        // Taken capacity collides with the plan where the profile went below zero.
        boolean collides = false;
        for (Applied a : applied) {
            double from = Math.max(now, a.start);
            if (a.taken == change && a.end > from && profile.minFree(from, a.end) < 0) {
                collides = true;
                break;
            }
        }
        return collides ? COLLIDES : freed ? FREED : UNCHANGED;
    }

    /**
     * Whether the reservations are those the profile holds, as they were: the same objects in the same order
     * with the same spans. A cluster with failures has a few reservations at all times and every decision
     * asks first, so this is one pass without a hash lookup.
     */
    private boolean unchanged(List<Reservation> reservations) {
        int n = reservations.size();
        if (n != applied.size()) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            Reservation r = reservations.get(i);
            Applied a = applied.get(i);
            if (a.reservation != r || a.start != r.start() || a.end != r.end() || a.processors != r.processors()) {
                return false;
            }
        }
        return true;
    }

    /** Gives back what a reservation holds from now on; true if that was anything. */
    private boolean give(Applied a, double now) {
        double from = Math.max(now, a.start);
        if (a.end > from) {
            releasedUntil(a.end);
            profile.release(from, a.end, a.processors);
            givenInChange += a.processors;
            if (!plainCompression) {
                candidates.released(from, a.end, a.processors, 0, 0, now);
                if (checkMarks && !releaseUnmarked) {
                    verifyMarks("giving back a reservation");
                }
            }
            return true;
        }
        return false;
    }

    /** Places every waiting job again, in submission order, each at its earliest feasible start. */
    private void replanAll(double now) {
        // still waiting, the job packedFor names is still the first as wide as the cluster: jobs only leave the places
        // before it (arrivals go last, compaction keeps the order)
        int big = shiftTails && packedFor != null && queue[packedFor.pos] == packedFor ? packedFor.pos : -1;
        if (big >= 0 && tailMayMove(big, now)) {
            withoutWaitingJobs(now);
            replanMovingTheTail(big, now);
            if (checkShiftedTails) {
                checkAgainstPlacingEveryJob(now);
            }
            return;
        }
        withoutWaitingJobs(now);
        placeEveryWaitingJob(now);
    }

    /**
     * Places every waiting job again in submission order, each at its earliest feasible start given those before
     * it: then no job can move, and none is marked.
     */
    private void placeEveryWaitingJob(double now) {
        placeFrom(qFirst, now);
    }

    /** {@link #placeEveryWaitingJob} from queue place {@code from} on, those before it placed already. */
    private void placeFrom(int from, double now) {
        placeRange(from, qEnd, now);
        replanned();
        int big = firstAsWideAsTheCluster();
        packedFor = big >= 0 ? queue[big] : null;
    }

    /** Places the waiting jobs at queue places [from, to) again, in order. */
    private void placeRange(int from, int to, double now) {
        for (int i = from; i < to; i++) {
            PlannedJob w = queue[i];
            if (w != null) {
                double before = w.start;
                place(w, now);
                placedAgain(w, before);
            }
        }
    }

    /** After a re-plan: no job can move, none is marked, and the start order is sorted again. */
    private void replanned() {
        marks.clearAll();
        due.rebuild();
    }

    /** The index's upkeep for a job placed again, whose planned start was {@code before}. */
    private void placedAgain(PlannedJob w, double before) {
        if (w.indexed == WidthClassIndex.OUT) {
            widths.putBack(w); // its mark is cleared with the others
        } else if (w.start > before) {
            widths.raised(w);
        }
    }

    /*
     * Re-planning a plan's tail as a whole. When the processors of a cluster fail one by one, a job as wide as the
     * cluster can start only when every processor is up at once; it waits at the head of the queue, planned after the
     * last repair under way, and every failure repaired later collides with it: every waiting job is placed again,
     * and nearly all of them move by exactly as much as it does (bench-1m-failures: 201,470 of its 203,013 re-plans
     * move such a job first, and 26.96 of the 28.2 million jobs they place move by its shift). Why that holds, exactly:
     *
     * - Nothing can overlap a job B as wide as the cluster, so once B is placed at [T', E') the jobs after it in the
     *   queue fall into two parts that do not meet: those that fit wholly before T' and those placed from E' on.
     * - If the plan after B's end E holds the greedy placement of the jobs planned there (packedFor), with B at
     *   [T, E), and before this change nothing else lay after E (no reservation, running job or job before B ending
     *   after E), then from E on the old plan was the greedy placement, on an empty cluster, of the jobs after B that
     *   were not planned wholly before T, in queue order.
     * - If after placing the jobs up to B again nothing lies after E' either, and each job after B fits wholly before
     *   T' exactly when it fitted wholly before T, the same jobs are placed from E' on, in the same order, on an empty
     *   cluster: each at its old start moved by E' - E (instants on the SimTime grid add exactly).
     *
     * So the jobs after B are tried in order: one that fits before T' (and did before T) is placed as always; one that
     * does not (and did not) is moved by the shift without touching the profile, whose tail is then copied from the old
     * plan, moved, in one pass (AvailabilityProfile.overwriteFrom). From the first job whose side changed on, the jobs
     * are placed as always, on that moved tail without the old slots of the jobs still to place. checkShiftedTails
     * (tests) compares every such re-plan with placing every job again.
     */

    /** The queue place of the first waiting job as wide as the cluster, or -1. */
    private int firstAsWideAsTheCluster() {
        int all = cluster.processors();
        for (int i = qFirst; i < qEnd; i++) {
            if (queueWidth[i] == all && queue[i] != null) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether nothing but waiting jobs after the one at {@code big} lay after its planned end before this change (see
     * above); if so, the plan from its end on, as it was before the change, is kept in {@link #planBefore}.
     */
    private boolean tailMayMove(int big, double now) {
        PlannedJob b = queue[big];
        double end = b.end;
        if (!(b.start > now) || reservedUntilBefore > end || !(end < SimTime.EXACT_LIMIT)) {
            return false;
        }
        for (int i = 0; i < runningCount; i++) {
            if (runningJobs[i].end > end) {
                return false;
            }
        }
        for (int i = qFirst; i < big; i++) {
            if (queue[i] != null && queue[i].end > end) {
                return false;
            }
        }
        if (planBefore == null) {
            planBefore = new AvailabilityProfile(cluster.processors(), now);
        }
        profile.copyInto(planBefore);
        // the reservations of this change are in the profile already: what they hold after the end goes back
        for (int i = 0; i < applied.size(); i++) {
            Applied a = applied.get(i);
            if (a.end > end) {
                planBefore.release(Math.max(a.start, end), a.end, a.processors);
            }
        }
        int last = planBefore.breakpoints() - 1;
        return planBefore.breakpointFree(last) == cluster.processors()
                && planBefore.breakpointTime(last) < SimTime.EXACT_LIMIT;
    }

    /** Places every waiting job again, moving the jobs after the one at {@code big} as a whole where they may. */
    private void replanMovingTheTail(int big, double now) {
        PlannedJob b = queue[big];
        double oldStart = b.start;
        double oldEnd = b.end;
        placeRange(qFirst, big + 1, now);
        double start = b.start;
        double end = b.end;
        double shift = SimTime.sub(end, oldEnd);
        int last = profile.breakpoints() - 1;
        double oldLast = planBefore.breakpointTime(planBefore.breakpoints() - 1);
        if (profile.breakpointTime(last) != end || profile.breakpointFree(last) != cluster.processors()
                || !(SimTime.add(oldLast, shift) < SimTime.EXACT_LIMIT)) {
            shiftsGivenUp++;
            placeFrom(big + 1, now); // something else lies after it now
            return;
        }
        newRunEpoch();
        int moved = 0;
        int i = big + 1;
        for (; i < qEnd; i++) {
            PlannedJob w = queue[i];
            if (w == null) {
                continue;
            }
            double before = w.start;
            boolean fitted = w.end <= oldStart;
            boolean fits = w.requested <= longestRunBefore(start, w.width);
            if (fits && fitted) {
                place(w, now);
                newRunEpoch(); // the runs before start changed
                placedAgain(w, before);
            } else if (!fits && !fitted && before >= oldEnd) {
                // its end moves as its start does (grid sums are exact): two independent sums
                w.start = SimTime.add(before, shift);
                w.end = SimTime.add(w.end, shift);
                queueStart[i] = w.start;
                if (w.indexed == WidthClassIndex.OUT) {
                    widths.putBack(w);
                }
                moved++;
            } else {
                break; // the translation holds up to here only
            }
        }
        if (moved > 0) {
            widths.allLater(shift); // for the moved jobs; the others were raised one by one
        }
        if (i == qEnd) {
            profile.overwriteFrom(end, planBefore, shift);
            tailsShifted++;
            replanned(); // packedFor stays: the same job, with the jobs after it placed as a re-plan places them
            return;
        }
        shiftsGivenUp++;
        // The jobs moved so far are where placing them would have put them. The old tail goes in moved, as above, and
        // the jobs from place i on that it holds come out again (usually fewer: the side of a job changes late in the
        // queue, when the wide job's later start lets one of the last fit before it), to be placed as always.
        profile.overwriteFrom(end, planBefore, shift);
        for (int k = i; k < qEnd; k++) {
            PlannedJob w = queue[k];
            if (w != null && w.start >= oldEnd) {
                profile.release(SimTime.add(w.start, shift), SimTime.add(w.end, shift), w.width);
            }
        }
        placeFrom(i, now);
    }

    /**
     * The length of the longest run of at least q free processors in the profile before {@code until}, as a grid value
     * (a job of requested time d fits in a run [a, b) exactly when d <= b - a): whether a job fits wholly before the
     * wide job's new start, without a search (its window cannot reach past that start, where no processor is free).
     * Kept per width until {@link #runsMeasured} changes.
     */
    private double longestRunBefore(double until, int q) {
        if (runStamp.length <= q) {
            runStamp = new long[cluster.processors() + 1];
            runLength = new double[runStamp.length];
        }
        if (runStamp[q] == runsMeasured) {
            return runLength[q];
        }
        AvailabilityProfile p = profile;
        int n = p.breakpoints();
        double longest = -1; // no run at all: not even a job of no time fits
        double runStart = Double.NaN;
        for (int k = 0; k < n; k++) {
            double t = p.breakpointTime(k);
            if (t >= until) {
                break;
            }
            if (p.breakpointFree(k) >= q) {
                if (Double.isNaN(runStart)) {
                    runStart = t;
                }
            } else if (!Double.isNaN(runStart)) {
                longest = Math.max(longest, SimTime.sub(t, runStart));
                runStart = Double.NaN;
            }
        }
        if (!Double.isNaN(runStart)) {
            longest = Math.max(longest, SimTime.sub(until, runStart));
        }
        runStamp[q] = runsMeasured;
        runLength[q] = longest;
        return longest;
    }

    private void newRunEpoch() {
        runsMeasured++; // from 1: a fresh stamp (0) never matches
    }

    /** Processors came back until {@code end}: the part of the plan after the wide job is no longer sure to be packed. */
    private void releasedUntil(double end) {
        if (packedFor != null && end > packedFor.start) {
            packedFor = null;
        }
    }

    /** Tests: the plan must be what placing every waiting job again gives, job by job and breakpoint by breakpoint. */
    private void checkAgainstPlacingEveryJob(double now) {
        AvailabilityProfile moved = profile.copy();
        double[] starts = new double[qEnd];
        for (int i = qFirst; i < qEnd; i++) {
            starts[i] = queue[i] == null ? Double.NaN : queue[i].start;
        }
        withoutWaitingJobs(now);
        placeEveryWaitingJob(now);
        for (int i = qFirst; i < qEnd; i++) {
            if (queue[i] != null && queue[i].start != starts[i]) {
                throw new IllegalStateException("at " + now + " the re-plan moving the tail put " + queue[i].job
                        + " at " + starts[i] + ", placing every job at " + queue[i].start);
            }
        }
        if (!Arrays.deepEquals(moved.toArray(), profile.toArray())) {
            throw new IllegalStateException("at " + now + " the re-plan moving the tail left the profile " + moved
                    + ", placing every job " + profile);
        }
    }

    /**
     * Makes the profile hold the running jobs and the reservations only, as if every waiting job's slot were
     * given back: rebuilt from them, the same step function (the profile is canonical) for less work than a
     * release per waiting job when the queue is long.
     */
    private void withoutWaitingJobs(double now) {
        int n = runningCount;
        int room = n + applied.size();
        if (runningEnds.length < room) {
            runningEnds = new double[Math.max(room, runningJobs.length)];
            runningWidths = new int[runningEnds.length];
        }
        for (int i = 0; i < n; i++) {
            runningEnds[i] = runningJobs[i].end;
            runningWidths[i] = runningJobs[i].width;
        }
        // a reservation under way holds its processors from now to its end, as a running job does: it joins the sort
        // (Reserved#occupancy says why); one that starts later is reserved on its own
        for (int i = 0; i < applied.size(); i++) {
            Applied a = applied.get(i);
            if (a.start <= now && a.end > now) {
                runningEnds[n] = a.end;
                runningWidths[n++] = a.processors;
            }
        }
        profile.resetToRunning(now, runningEnds, runningWidths, n);
        for (int i = 0; i < applied.size(); i++) {
            Applied a = applied.get(i);
            if (a.start > now && a.end > a.start) {
                profile.reserve(a.start, a.end, a.processors);
            }
        }
    }

    @Override
    public int waitingJobs() {
        return waiting;
    }

    @Override
    public List<QueuedJob> waiting() {
        List<QueuedJob> list = new ArrayList<>(waiting);
        for (int i = qFirst; i < qEnd; i++) {
            if (queue[i] != null) {
                list.add(queue[i].job);
            }
        }
        return list;
    }

    @Override
    public boolean cancel(QueuedJob job) {
        if (!(job.attachment() instanceof PlannedJob e) || e.running || e.slot < 0) {
            return false;
        }
        double now = cluster.now();
        profile.discardBefore(now);
        syncIfReserved(now);
        double from = Math.max(now, e.start);
        releasedUntil(e.end);
        if (e == packedFor) {
            packedFor = null;
        }
        profile.release(from, e.end, job.processors());
        due.remove(e);
        widths.remove(e);
        unlink(e);
        if (!plainCompression) {
            candidates.released(from, e.end, job.processors(), 0, 0, now);
            if (checkMarks) {
                verifyMarks("the cancellation of " + job);
            }
        }
        compress(now); // its slot is free: re-plan as after an early end
        startDue(now);
        return true;
    }

    /** Every waiting job's slot goes back to the profile, which then holds the running jobs and reservations only. */
    @Override
    public List<QueuedJob> withdrawAll() {
        double now = cluster.now();
        profile.discardBefore(now);
        List<QueuedJob> all = waiting();
        packedFor = null;
        for (int i = qFirst; i < qEnd; i++) {
            PlannedJob w = queue[i];
            if (w != null) {
                profile.release(Math.max(now, w.start), w.end, w.width);
                widths.remove(w);
                marks.clear(i);
                queue[i] = null;
            }
        }
        qFirst = 0;
        qEnd = 0;
        waiting = 0;
        due.clear();
        return all;
    }

    @Override
    public double estimateStart(int processors, double requestedTime) {
        if (processors > cluster.processors()) {
            return Double.POSITIVE_INFINITY;
        }
        double now = cluster.now();
        profile.discardBefore(now);
        syncIfReserved(now);
        return profile.earliestStart(now, requestedTime, processors);
    }

    @Override
    public double plannedStart(QueuedJob job) {
        Object a = job.attachment();
        if (a instanceof PlannedJob e && !e.running) {
            if (anyReservations()) {
                double now = cluster.now();
                profile.discardBefore(now);
                syncReservations(now);
            }
            return e.start;
        }
        return Double.NaN;
    }

    /** Reserves the job at its earliest feasible start. */
    private void place(PlannedJob e, double now) {
        // the job's width and requested time as the plan holds them, not read from the job itself: a re-plan places
        // every waiting job, and the job's own object is one more line of memory to fetch for each
        double req = e.requested;
        double s = profile.reserveEarliest(now, req, e.width);
        if (Double.isInfinite(s)) {
            throw new IllegalStateException(e.job + " needs " + e.width + " processors; "
                    + cluster.name() + " has " + cluster.processors());
        }
        e.start = s;
        e.end = SimTime.add(s, req);
        if (queue[e.pos] == e) {
            queueStart[e.pos] = s;
        }
    }

    /**
     * Whether the end of a job gave its slot back and the marks for it are still to come (they are made once the
     * reservations are applied): {@link #verifyMarks} would see that release as missed.
     */
    private boolean releaseUnmarked;

    /** For tests: {@link #verifyMarks} after every release of processors (slow). */
    boolean checkMarks;

    /**
     * For tests: the profiles on which a compression takes a job marked JUMP out of the index until its try, whether
     * or not the cluster has reservations ({@link MoveCandidates#TAKE_OUT_UP_TO}); {@code Integer.MIN_VALUE}: as in a
     * run.
     */
    void takeOutUpTo(int breakpoints) {
        takeOutOverride = breakpoints;
    }

    private int takeOutOverride = Integer.MIN_VALUE;

    /**
     * The invariant the compression rests on ({@link MoveCandidates}), checked by scanning: a waiting job that is not
     * marked has no window before its start, and a job with a window wholly before its start is marked
     * {@link QueueMarks#JUMP} with a span that holds it. Slow (a search per job); for tests.
     */
    void verifyMarks(String where) {
        double now = cluster.now();
        for (int i = qFirst; i < qEnd; i++) {
            PlannedJob w = queue[i];
            if (w == null || w.start <= now) {
                continue;
            }
            byte kind = marks.kindAt(i);
            double full = profile.earliestStartWithin(now, w.start, w.requested, w.width);
            if (full != Double.POSITIVE_INFINITY && ((kind & QueueMarks.JUMP) == 0 || full < marks.jumpFrom(i)
                    || SimTime.add(full, w.requested) > marks.jumpTo(i))) {
                throw new AssertionError("after " + where + ": the job at place " + i + " (" + w.width + " processors, "
                        + w.requested + " s, planned at " + w.start + ") has a window at " + full + " but its marks are "
                        + kind + " over [" + marks.jumpFrom(i) + ", " + marks.jumpTo(i) + ")");
            }
            if (kind == 0 && profile.earliestStartBefore(now, w.requested, w.width, w.start) != Double.POSITIVE_INFINITY) {
                throw new AssertionError("after " + where + ": the job at place " + i + " (" + w.width + " processors, "
                        + w.requested + " s, planned at " + w.start + ") can start earlier and is not marked");
            }
        }
    }

    /**
     * Re-plans waiting jobs in submission order after room was freed: each moves to its earliest feasible start,
     * found without taking it out of the profile; the profile changes only for jobs that move.
     *
     * <p>This is the compression of conservative backfilling (Mu'alem &amp; Feitelson 2001, "Utilization,
     * predictability, workloads, and user runtime estimates in scheduling the IBM SP2 with backfilling"; the
     * conservative schedulers of pyss and Alea walk the queue the same way), with the tries that cannot succeed left
     * out: only the jobs a release marked are tried ({@link MoveCandidates} says why no other can move), in
     * submission order, also those marked by a move during this walk. A job marked {@link QueueMarks#TAIL} may start
     * where the run of free processors ending at its start begins; one marked {@link QueueMarks#JUMP} at the earliest
     * window wholly inside the runs that marked it, if that is earlier. A job that moves from [s0, e0) to [s1, e1)
     * changes the profile only where the two slots differ ({@link AvailabilityProfile#moveEarlier}), and gives back
     * [max(e1, s0), e0): a release, which marks the jobs it may help. {@link #plainCompression} keeps the plain walk
     * (every job tried from the profile's origin, its whole slot released and reserved again) for the cross-check.
     */
    private void compress(double now) {
        if (plainCompression) {
            packedFor = null;
            compressPlain(now);
            return;
        }
        double[] starts = queueStart;
        int[] widthOf = queueWidth;
        double[] requested = queueRequested;
        candidates.takeOutUpTo = takeOutOverride != Integer.MIN_VALUE ? takeOutOverride
                : anyReservations() ? MoveCandidates.TAKE_OUT_UP_TO : -1;
        for (int i = marks.next(qFirst); i >= 0 && i < qEnd; i = marks.next(i + 1)) {
            byte mark = marks.take(i);
            PlannedJob w = queue[i];
            if (w.indexed == WidthClassIndex.OUT) {
                widths.putBack(w); // tried now: later releases may mark it again
            }
            double oldStart = starts[i];
            if (oldStart <= now) {
                continue; // starts now anyway
            }
            int q = widthOf[i];
            double req = requested[i];
            double s = Double.POSITIVE_INFINITY;
            int at = -1;
            if ((mark & QueueMarks.TAIL) != 0) {
                at = profile.runBefore(oldStart, q, marks.tailHint(i));
                if (at >= 0) {
                    s = profile.breakpointTime(at);
                }
            }
            if ((mark & QueueMarks.JUMP) != 0) {
                // a window wholly before its start lies inside the runs that marked it, and ends before a run
                // ending at its start begins (else that run would begin earlier)
                double from = Math.max(marks.jumpFrom(i), now);
                double to = Math.min(Math.min(marks.jumpTo(i), oldStart), s);
                if (from < to) {
                    double jump = profile.earliestStartWithin(from, to, req, q);
                    if (jump < s) {
                        s = jump;
                        at = -1;
                    }
                }
            }
            if (s == Double.POSITIVE_INFINITY) {
                continue;
            }
            double oldEnd = w.end;
            double e = SimTime.add(s, req);
            int place = moveEarlier(w, i, s, e);
            // every job planned at or before the old place starts at or before oldStart <= the release's start
            candidates.released(Math.max(e, oldStart), oldEnd, q, Math.max(at, 0), place + 1, now);
            if (checkMarks) {
                verifyMarks("the move of the job at place " + i);
            }
        }
        candidates.takeOutUpTo = -1; // the releases outside a compression mark as before
    }

    /**
     * The compression after a job as wide as the cluster gave back the rest of its slot (it ended early or a failure
     * killed it): every waiting job tried in submission order with a full search, its move releasing nothing to
     * analyse, then the jobs that a later move may have helped marked over their whole wait.
     *
     * <p>Nothing overlaps such a job, so every waiting job was planned after its end and the release lets each of them
     * try: the marked walk would try them all too, after analysing every move's release for the jobs it may help, most
     * of them still to be tried in this walk (bench-1m-failures: 14,749 such kills a run, each moving nearly every one
     * of about 142 waiting jobs; 2.6 times as fast this way). Used where {@link #tryEveryJobAfter} says. The tries are
     * the plain compression's ({@link AvailabilityProfile#earliestStartBefore}, as {@link #compressPlain}), so the plan
     * is the same. After the walk the marks must cover what the walk's own moves let move (see {@link MoveCandidates}):
     * a job tried before a later move may use the part of its old slot that move gave back, [c, old end), only if c is
     * before the job's start, since a try looks at [now, start) only (from its start on, a window would lie on its own
     * processors). So a job is marked, TAIL and JUMP over its whole wait (its next try is then a full one), exactly when
     * a later move gave back from before its start.
     */
    private void compressTryingEveryJob(double now) {
        everyJobTried++;
        if (givenBackFrom.length < qEnd) {
            givenBackFrom = new double[queue.length];
        }
        double[] starts = queueStart;
        for (int i = qFirst; i < qEnd; i++) {
            givenBackFrom[i] = Double.NaN;
            PlannedJob w = queue[i];
            if (w == null) {
                continue;
            }
            marks.clear(i); // tried now
            if (w.indexed == WidthClassIndex.OUT) {
                widths.putBack(w);
            }
            double oldStart = starts[i];
            if (oldStart <= now) {
                continue; // starts now anyway
            }
            double req = queueRequested[i];
            int q = queueWidth[i];
            double s = profile.earliestStartBefore(now, req, q, oldStart);
            if (s == Double.POSITIVE_INFINITY) {
                continue;
            }
            double e = SimTime.add(s, req);
            moveEarlier(w, i, s, e);
            givenBackFrom[i] = Math.max(e, oldStart);
        }
        double from = Double.POSITIVE_INFINITY; // where the moves after place i gave back from, the earliest
        for (int i = qEnd - 1; i >= qFirst; i--) {
            if (from < starts[i] && queue[i] != null) { // from is after now: every move ends after now
                marks.addTail(i, 0);
                marks.addJump(i, now, starts[i]);
            }
            if (givenBackFrom[i] < from) {
                from = givenBackFrom[i];
            }
        }
        if (checkMarks) {
            verifyMarks("the walk after a job as wide as the cluster gave its processors back");
        }
    }

    /**
     * Whether the compression after {@code job} gave back the rest of its slot tries every waiting job
     * ({@link #compressTryingEveryJob}) instead of the marked ones: the job was as wide as the cluster, the profile is
     * short ({@link #TRY_EVERY_JOB_UP_TO}) and the cluster has reservations. Without reservations (over-estimated
     * requested times, no failures) the walk itself costs no more than the marked one, but the next
     * compression follows before anything drops the marks it leaves and gives every job marked a full try: 1.5-1.8 %
     * slower in all (bin/bench-interleave, 500,000 jobs, medians of 20 rounds; 0.994 with this rule). With failures
     * three of four such walks are followed by a re-plan, which drops the marks.
     */
    private boolean tryEveryJobAfter(QueuedJob job) {
        return !plainCompression && job.processors() == cluster.processors()
                && profile.breakpoints() <= TRY_EVERY_JOB_UP_TO && anyReservations();
    }

    /**
     * Up to how many breakpoints the profile may have for {@link #compressTryingEveryJob}: its full searches cost in
     * proportion to the profile, the marked walk's analyses less so. Measured per compression after a job as wide as
     * the cluster gave its slot back (a million over-estimated jobs, the marked walk against this one): 5.7 against
     * 4.6 microseconds under 32 breakpoints, 17.8 against 15.2 under 64, 36 against 32 under 128, 72 against 71 under
     * 256, 147 against 163 under 512; with failures (bench-1m-failures, where nearly every one of them has fewer than
     * 128) 2.6 times as fast at every length.
     */
    static final int TRY_EVERY_JOB_UP_TO = 128;

    /** Scratch for {@link #compressTryingEveryJob}: per queue place, where its move gave back from (NaN: none). */
    private double[] givenBackFrom = new double[0];

    /**
     * Moves the waiting job {@code w}, at queue place {@code i}, to the earlier slot [s, e) a compression found for it:
     * the profile changes only where the two slots differ (the new part is free, the searches checked it, so the
     * profile stays >= 0). Returns its old place in the start order.
     */
    private int moveEarlier(PlannedJob w, int i, double s, double e) {
        double oldStart = queueStart[i];
        if (packedFor != null && oldStart >= packedFor.start) {
            packedFor = null; // a job planned after the wide one moved: that part is no longer a re-plan's
        }
        profile.moveEarlier(oldStart, w.end, s, e, queueWidth[i]);
        w.start = s;
        w.end = e;
        queueStart[i] = s;
        return due.decreased(w);
    }

    /** The compression as first written (release the whole old slot, reserve the new one), for cross-checks. */
    private void compressPlain(double now) {
        for (int i = qFirst; i < qEnd; i++) {
            PlannedJob w = queue[i];
            if (w == null || w.start <= now) {
                continue; // a hole, or starts now anyway
            }
            int q = w.job.processors();
            double s = profile.earliestStartBefore(now, w.job.requestedTime(), q, w.start);
            if (s == Double.POSITIVE_INFINITY) {
                continue;
            }
            profile.release(w.start, w.end, q);
            double oldStart = w.start;
            w.start = s;
            w.end = SimTime.add(s, w.job.requestedTime());
            queueStart[i] = s;
            profile.reserve(s, w.end, q);
            due.decreased(w);
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
            PlannedJob e = due.pollFirst();
            widths.remove(e);
            unlink(e);
            e.running = true;
            if (runningCount == runningJobs.length) {
                runningJobs = Arrays.copyOf(runningJobs, runningCount * 2);
            }
            e.runningPos = runningCount;
            runningJobs[runningCount++] = e;
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

    private void append(PlannedJob e) {
        if (qEnd == queue.length) {
            if (waiting * 2 <= queue.length) {
                compactQueue();
            } else {
                int n = queue.length * 2;
                queue = Arrays.copyOf(queue, n);
                queueStart = Arrays.copyOf(queueStart, n);
                queueWidth = Arrays.copyOf(queueWidth, n);
                queueRequested = Arrays.copyOf(queueRequested, n);
                marks.grow(n);
            }
        }
        int i = qEnd++;
        e.pos = i;
        queue[i] = e;
        queueStart[i] = e.start;
        queueWidth[i] = e.width;
        queueRequested[i] = e.requested;
        waiting++;
    }

    private void unlink(PlannedJob e) {
        int i = e.pos;
        queue[i] = null;
        queueWidth[i] = 0;
        marks.clear(i);
        waiting--;
        while (qFirst < qEnd && queue[qFirst] == null) {
            qFirst++;
        }
        if (waiting == 0) {
            qFirst = 0;
            qEnd = 0;
        }
    }

    /** Moves the waiting jobs to the front of the arrays, in order, dropping the holes. */
    private void compactQueue() {
        int n = 0;
        for (int i = qFirst; i < qEnd; i++) {
            PlannedJob e = queue[i];
            if (e != null) {
                queue[n] = e;
                queueStart[n] = queueStart[i];
                queueWidth[n] = queueWidth[i];
                queueRequested[n] = queueRequested[i];
                marks.move(i, n);
                e.pos = n;
                n++;
            }
        }
        marks.clearFrom(n);
        Arrays.fill(queue, n, qEnd, null);
        qFirst = 0;
        qEnd = n;
    }
}
