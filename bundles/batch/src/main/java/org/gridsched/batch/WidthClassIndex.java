package org.gridsched.batch;

import java.util.Arrays;

import org.gridsched.api.SimTime;

/**
 * The waiting jobs of {@link ConservativeScheduler} by width and requested time, to find the jobs a run of free
 * processors may now hold wholly before their planned start: those of a width in a range, with a requested time at
 * most the run's length, planned to start after a given instant ({@link MoveCandidates}).
 *
 * <p>How. Widths fall into 64 buckets (one per width up to 32, then geometric up to the cluster's size), requested
 * times into classes a factor of 2 apart. For each class k there is a bit set of the buckets that hold jobs of class
 * k or below, and for each such bucket and for the class as a whole the latest planned start of those jobs. A search
 * for jobs of requested time at most L planned after c looks at class(L): it ends at once if the class's latest start
 * is c or earlier (more than half of the searches), else looks at the buckets in range whose latest start is after c,
 * and checks their jobs one by one. Short jobs are started early by the backfilling and long ones late, so few buckets
 * pass. (A segment tree over the buckets was slower: its inner nodes cost more to walk and to mend than the 64 leaves
 * cost to scan.)
 *
 * <p>A latest start may be later than the truth, never earlier: planned starts only go down between re-plans (the
 * compression moves jobs earlier, jobs leave), so a move costs nothing here; a search mends what it looks at, and a
 * re-plan, which may move jobs later, raises what it must ({@link #raised}). Jobs added are indexed at the next search,
 * so a run where processors never come back early (exact requested times) never pays for the index.
 */
final class WidthClassIndex {
    private static final int BUCKETS = 64;
    /** Class 0: requested time under 1 s; class k >= 1: [2^(k-1), 2^k) s (times are at most 1e10 s, class 34). */
    private static final int CLASSES = 40;

    static final byte NOT_INDEXED = 0;
    static final byte PENDING = 1;
    static final byte INDEXED = 2;
    /**
     * Out of the buckets until its next try: marked {@link QueueMarks#JUMP} over its whole wait
     * ({@link #markTakingOut}), so no release can add to its mark.
     */
    static final byte OUT = 3;

    /** The bucket of each width, 0 .. the cluster's size. */
    private final byte[] bucketOf;
    /** Jobs added since the last search, some removed since ({@link PlannedJob#indexed} says). */
    private PlannedJob[] pending = new PlannedJob[64];
    private int pendingCount;
    /** Per bucket, its waiting jobs by requested time, shortest first. */
    private final PlannedJob[] heads = new PlannedJob[BUCKETS];
    /** present[k]: at least the buckets that hold a job of class k or below (a bit per bucket). */
    private final long[] present = new long[CLASSES];
    /** latest[k][b]: at least the latest planned start of the jobs of class k or below in bucket b. */
    private final double[][] latest = new double[CLASSES][BUCKETS];
    /** classLatest[k]: at least the latest planned start of the jobs of class k or below. */
    private final double[] classLatest = new double[CLASSES];
    /**
     * The highest class of a job indexed so far: the classes above it hold the same jobs, so they are not kept (a
     * re-plan raises most jobs' starts, each in every class from its own up: 40 classes cost 3 times the 13 or so
     * a workload of requested times up to a few days has).
     */
    private int topClass;

    WidthClassIndex(int processors) {
        bucketOf = new byte[processors + 1];
        double span = Math.log(Math.max(processors, 33) / 32.0);
        for (int q = 0; q <= processors; q++) {
            int b;
            if (q <= 32) {
                b = Math.max(q - 1, 0);
            } else {
                b = 32 + (int) (31.999 * Math.log(q / 32.0) / span);
            }
            bucketOf[q] = (byte) Math.min(b, BUCKETS - 1);
        }
        for (double[] row : latest) {
            Arrays.fill(row, Double.NEGATIVE_INFINITY);
        }
        Arrays.fill(classLatest, Double.NEGATIVE_INFINITY);
    }

    /**
     * Without a branch: every time under 1 s is read as 0.5 s (exponent -1, class 0). A branch for those few jobs was
     * first taken after C2 had compiled the compression on a profile that never saw one, and that code (the staircase's
     * and the index's walks inlined) was thrown away and compiled again.
     */
    static int classOf(double requested) {
        return Math.min(CLASSES - 1, Math.getExponent(Math.max(requested, 0.5)) + 1);
    }

    /** Adds a waiting job; it is indexed at the next search. */
    void add(PlannedJob e) {
        if (pendingCount == pending.length) {
            // drop the jobs that left before any search (all of them, with exact requested times)
            int n = 0;
            for (int i = 0; i < pendingCount; i++) {
                if (pending[i].indexed == PENDING) {
                    pending[n++] = pending[i];
                }
            }
            Arrays.fill(pending, n, pendingCount, null);
            pendingCount = n;
            if (n * 2 > pending.length) {
                pending = Arrays.copyOf(pending, 2 * pending.length);
            }
        }
        pending[pendingCount++] = e;
        e.indexed = PENDING;
    }

    /** Indexes the jobs added since the last search. */
    private void flush() {
        for (int i = 0; i < pendingCount; i++) {
            PlannedJob e = pending[i];
            pending[i] = null;
            if (e.indexed == PENDING) {
                insert(e);
            }
        }
        pendingCount = 0;
    }

    private void insert(PlannedJob e) {
        for (int k = topClass + 1; k <= e.requestedClass; k++) {
            // class k holds what the top class held: nothing of class k itself yet
            present[k] = present[topClass];
            System.arraycopy(latest[topClass], 0, latest[k], 0, BUCKETS);
            classLatest[k] = classLatest[topClass];
        }
        topClass = Math.max(topClass, e.requestedClass);
        int b = bucketOf[e.width];
        PlannedJob prev = null;
        PlannedJob next = heads[b];
        while (next != null && next.requested < e.requested) {
            prev = next;
            next = next.nextInBucket;
        }
        e.prevInBucket = prev;
        e.nextInBucket = next;
        if (prev == null) {
            heads[b] = e;
        } else {
            prev.nextInBucket = e;
        }
        if (next != null) {
            next.prevInBucket = e;
        }
        e.indexed = INDEXED;
        raised(e);
    }

    void remove(PlannedJob e) {
        if (e.indexed != INDEXED) {
            e.indexed = NOT_INDEXED; // a pending job is left out when the pending jobs are indexed
            return;
        }
        e.indexed = NOT_INDEXED;
        unlink(e);
    }

    /** A job taken out by {@link #markTakingOut} goes back (it is indexed at the next search, with its start then). */
    void putBack(PlannedJob e) {
        if (e.indexed == OUT) {
            add(e);
        }
    }

    private void unlink(PlannedJob e) {
        if (e.prevInBucket != null) {
            e.prevInBucket.nextInBucket = e.nextInBucket;
        } else {
            heads[bucketOf[e.width]] = e.nextInBucket;
        }
        if (e.nextInBucket != null) {
            e.nextInBucket.prevInBucket = e.prevInBucket;
        }
        e.prevInBucket = null;
        e.nextInBucket = null;
    }

    /** The job's planned start may have gone up (it was placed again): its bucket and classes hold it. */
    void raised(PlannedJob e) {
        if (e.indexed != INDEXED) {
            return; // a pending job is indexed at its start then
        }
        int b = bucketOf[e.width];
        long bit = 1L << b;
        double start = e.start;
        for (int k = e.requestedClass; k <= topClass; k++) {
            present[k] |= bit;
            if (latest[k][b] < start) {
                latest[k][b] = start;
            }
            if (classLatest[k] < start) {
                classLatest[k] = start;
            }
        }
    }

    /**
     * Jobs' planned starts went up by at most {@code shift} (a re-plan moved a plan's tail as a whole): every bound
     * goes up by as much, and a tick more, so that a sum rounded down never leaves a bound before the truth (a bound
     * may be later than the truth). One pass over the classes' buckets instead of {@link #raised} for each job.
     */
    void allLater(double shift) {
        if (!(shift > 0)) {
            return; // no start went up
        }
        double by = shift + SimTime.RESOLUTION;
        for (int k = 0; k <= topClass; k++) {
            double[] row = latest[k];
            for (long bits = present[k]; bits != 0; bits &= bits - 1) {
                row[Long.numberOfTrailingZeros(bits)] += by;
            }
            classLatest[k] += by; // -infinity stays so
        }
    }

    /**
     * Whether {@link #mark} may mark a job for a run of length {@code len} after {@code c}: false when every indexed job
     * of requested time at most len is planned at or before c (more than half of the calls), so that the caller skips
     * the call (mark is too large to be inlined; this is small enough).
     */
    boolean mayMark(double len, double c) {
        return pendingCount > 0 || classLatest[Math.min(classOf(len), topClass)] > c;
    }

    /**
     * Marks {@link QueueMarks#JUMP} every waiting job of a width in (qLo, qHi] planned to start after {@code c} whose
     * requested time fits in the part of the run [left, right) between now and its start (at most {@code len}, the
     * run's length), widening its span by the windows of that part that meet [c, e); returns how many.
     */
    int mark(int qLo, int qHi, double len, double left, double right, double c, double e, double now,
            QueueMarks marks) {
        int lo = Math.max(qLo + 1, 1);
        int hi = Math.min(qHi, bucketOf.length - 1);
        if (lo > hi) {
            return 0;
        }
        if (pendingCount > 0) {
            flush();
        }
        int k = Math.min(classOf(len), topClass);
        if (classLatest[k] <= c) {
            return 0;
        }
        long inRange = present[k] & (-1L << bucketOf[lo]) & (-1L >>> (63 - bucketOf[hi]));
        double[] row = latest[k];
        double from = Math.max(left, now);
        int n = 0;
        for (long bits = inRange; bits != 0; bits &= bits - 1) {
            int b = Long.numberOfTrailingZeros(bits);
            if (row[b] > c) {
                n += bucket(b, k, qLo, qHi, from, right, c, e, marks);
            }
        }
        if (inRange == present[k]) {
            // every bucket of the class was looked at: its latest start is mended too
            double m = Double.NEGATIVE_INFINITY;
            for (long bits = inRange; bits != 0; bits &= bits - 1) {
                m = Math.max(m, row[Long.numberOfTrailingZeros(bits)]);
            }
            classLatest[k] = m;
        }
        return n;
    }

    /**
     * {@link #mark}, but each job found is marked over its whole wait and taken out of its bucket until its try
     * ({@link #OUT}, {@link #putBack}): the later releases of a compression skip it instead of marking it again.
     * Written out apart from {@link #mark}, whose compiled code is what the over-estimated case runs on: one loop
     * choosing between the two walks made that case 1.1 % slower, and the shared steps as small methods 3.6 % (C2
     * inlines differently; bin/bench-interleave, four JVMs).
     */
    int markTakingOut(int qLo, int qHi, double len, double left, double right, double c, double now,
            QueueMarks marks) {
        int lo = Math.max(qLo + 1, 1);
        int hi = Math.min(qHi, bucketOf.length - 1);
        if (lo > hi) {
            return 0;
        }
        if (pendingCount > 0) {
            flush();
        }
        int k = Math.min(classOf(len), topClass);
        if (classLatest[k] <= c) {
            return 0;
        }
        long inRange = present[k] & (-1L << bucketOf[lo]) & (-1L >>> (63 - bucketOf[hi]));
        double[] row = latest[k];
        double from = Math.max(left, now);
        int n = 0;
        for (long bits = inRange; bits != 0; bits &= bits - 1) {
            int b = Long.numberOfTrailingZeros(bits);
            if (row[b] > c) {
                n += bucketTakingOut(b, k, qLo, qHi, from, right, c, marks);
            }
        }
        if (inRange == present[k]) {
            double m = Double.NEGATIVE_INFINITY;
            for (long bits = inRange; bits != 0; bits &= bits - 1) {
                m = Math.max(m, row[Long.numberOfTrailingZeros(bits)]);
            }
            classLatest[k] = m;
        }
        return n;
    }

    /**
     * Checks bucket b's jobs of class k or below one by one, shortest first (see {@link #mark}), up to the first too
     * long for the run; keeps their true latest start when it saw them all. (A third of the jobs visited on a million
     * over-estimated jobs were past that first one, when the walk went to the end of the class.)
     */
    private int bucket(int b, int k, int qLo, int qHi, double from, double right, double c, double e,
            QueueMarks marks) {
        int n = 0;
        double latestStart = Double.NEGATIVE_INFINITY;
        // the jobs come shortest first: from the first that would end after the run on, none can be marked (the
        // subtraction only filters; the grid's sum decides)
        double longest = right - from;
        for (PlannedJob x = heads[b]; x != null && x.requestedClass <= k; x = x.nextInBucket) {
            if (x.requested > longest && SimTime.add(from, x.requested) > right) {
                return n; // the bucket's latest start, of jobs not all seen, stays the bound it was
            }
            latestStart = Math.max(latestStart, x.start);
            if (x.start > c && x.width > qLo && x.width <= qHi) {
                // a window for it lies in the run, after now and before its start
                double to = Math.min(right, x.start);
                if (SimTime.add(from, x.requested) <= to) {
                    // and meets the span [c, e) this release lifted (the last one to lift a point of it does)
                    marks.addJump(x.pos, Math.max(from, SimTime.sub(c, x.requested)),
                            Math.min(to, SimTime.add(e, x.requested)));
                    n++;
                }
            }
        }
        latest[k][b] = latestStart;
        if (latestStart == Double.NEGATIVE_INFINITY) {
            present[k] &= ~(1L << b); // none of class k or below left here
        }
        return n;
    }

    /**
     * {@link #bucket}, marking each job found over its whole wait instead and taking it out of the bucket until its
     * try ({@link #OUT}): its try then searches all of [now, start), and the later releases neither visit it nor mark
     * it again. The bounds of its classes stay what they were (a bound may be later than the truth).
     */
    private int bucketTakingOut(int b, int k, int qLo, int qHi, double from, double right, double c, QueueMarks marks) {
        int n = 0;
        double latestStart = Double.NEGATIVE_INFINITY;
        double longest = right - from;
        for (PlannedJob x = heads[b], next; x != null && x.requestedClass <= k; x = next) {
            next = x.nextInBucket;
            if (x.requested > longest && SimTime.add(from, x.requested) > right) {
                return n;
            }
            if (x.start > c && x.width > qLo && x.width <= qHi
                    && SimTime.add(from, x.requested) <= Math.min(right, x.start)) {
                marks.addJump(x.pos, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
                unlink(x);
                x.indexed = OUT;
                n++;
            } else {
                latestStart = Math.max(latestStart, x.start);
            }
        }
        latest[k][b] = latestStart;
        if (latestStart == Double.NEGATIVE_INFINITY) {
            present[k] &= ~(1L << b);
        }
        return n;
    }
}
