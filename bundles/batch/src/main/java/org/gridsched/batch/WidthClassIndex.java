package org.gridsched.batch;

import org.gridsched.api.SimTime;

/**
 * The waiting jobs of {@link ConservativeScheduler} by width and requested time, to find the jobs a run of free
 * processors may now hold wholly before their planned start: those of a width in a range, with a requested time at
 * most the run's length, planned to start after a given instant ({@link MoveCandidates}).
 *
 * <p>How. Widths fall into 64 buckets (one per width up to 32, then geometric up to the cluster's size), requested
 * times into classes a factor of 2 apart. For each class k, a segment tree over the buckets holds, per node, the
 * latest planned start of the node's jobs of class k or below: a search for jobs of requested time at most L starting
 * after c walks tree class(L) and leaves every subtree whose latest start is c or earlier. Short jobs are started
 * early by the backfilling and long ones late, so most subtrees are left at once; the few jobs found are checked one
 * by one.
 *
 * <p>A latest start may be later than the truth, never earlier: planned starts only go down between re-plans (the
 * compression moves jobs earlier, jobs leave), so a move costs nothing here; a search that finds a subtree's latest
 * start too late mends it on its way back, and a re-plan, which may move jobs later, raises what it must
 * ({@link #raised}).
 */
final class WidthClassIndex {
    private static final int BUCKETS = 64;
    /** Class 0: requested time under 1 s; class k >= 1: [2^(k-1), 2^k) s (times are at most 1e10 s, class 34). */
    private static final int CLASSES = 40;

    /** The bucket of each width, 0 .. the cluster's size. */
    private final byte[] bucketOf;
    static final byte NOT_INDEXED = 0;
    static final byte PENDING = 1;
    static final byte INDEXED = 2;
    /** Jobs added since the last search, some removed since ({@link PlannedJob#indexed} says). */
    private PlannedJob[] pending = new PlannedJob[64];
    private int pendingCount;
    /** Per bucket, its waiting jobs by requested time, shortest first. */
    private final PlannedJob[] heads = new PlannedJob[BUCKETS];
    /** latest[k][node]: at least the latest planned start of the jobs of class k or below in the node's buckets. */
    private final double[][] latest = new double[CLASSES][2 * BUCKETS];
    /** present[k]: at least the buckets that hold a job of class k or below (a bit per bucket). */
    private final long[] present = new long[CLASSES];

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
        for (double[] tree : latest) {
            java.util.Arrays.fill(tree, Double.NEGATIVE_INFINITY);
        }
    }

    static int classOf(double requested) {
        return requested < 1 ? 0 : Math.min(CLASSES - 1, Math.getExponent(requested) + 1);
    }

    /**
     * Adds a waiting job; it is indexed at the next search (a run where no processors ever come back early, as with
     * exact requested times, never pays for the index).
     */
    void add(PlannedJob e) {
        if (pendingCount == pending.length) {
            // drop the jobs that left before any search (all of them, with exact requested times)
            int n = 0;
            for (int i = 0; i < pendingCount; i++) {
                if (pending[i].indexed == PENDING) {
                    pending[n++] = pending[i];
                }
            }
            java.util.Arrays.fill(pending, n, pendingCount, null);
            pendingCount = n;
            if (n * 2 > pending.length) {
                pending = java.util.Arrays.copyOf(pending, 2 * pending.length);
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

    /** The job's planned start may have gone up (it was placed again): the trees hold it. */
    void raised(PlannedJob e) {
        if (e.indexed != INDEXED) {
            return; // a pending job is indexed at its start then
        }
        int leaf = BUCKETS + bucketOf[e.width];
        long bit = 1L << bucketOf[e.width];
        for (int k = e.requestedClass; k < CLASSES; k++) {
            present[k] |= bit;
            double[] tree = latest[k];
            // ancestors hold at least what their children hold: stop at the first that holds it already
            for (int node = leaf; node >= 1 && tree[node] < e.start; node >>>= 1) {
                tree[node] = e.start;
            }
        }
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
        int k = classOf(len);
        double[] tree = latest[k];
        int from = bucketOf[lo];
        int to = bucketOf[hi];
        if (tree[1] <= c || (present[k] & (-1L << from) & (-1L >>> (63 - to))) == 0) {
            return 0;
        }
        Search search = this.search;
        search.tree = tree;
        search.k = k;
        search.qLo = qLo;
        search.qHi = qHi;
        search.from = Math.max(left, now);
        search.right = right;
        search.c = c;
        search.e = e;
        search.marks = marks;
        search.lo = from;
        search.hi = to;
        return search.visit(1, 0, BUCKETS - 1);
    }

    private final Search search = new Search();

    /** One {@link #mark} call's arguments, kept for its recursive walk. */
    private final class Search {
        double[] tree;
        int k;
        int qLo;
        int qHi;
        double from;
        double right;
        double c;
        double e;
        QueueMarks marks;
        /** The buckets searched. */
        int lo;
        int hi;

        /** A node that meets [lo, hi] and whose latest start is after c. */
        int visit(int node, int nodeLo, int nodeHi) {
            if (nodeLo == nodeHi) {
                return leaf(node, nodeLo);
            }
            int mid = (nodeLo + nodeHi) >>> 1;
            int n = 0;
            if (lo <= mid && tree[2 * node] > c) {
                n += visit(2 * node, nodeLo, mid);
            }
            if (hi > mid && tree[2 * node + 1] > c) {
                n += visit(2 * node + 1, mid + 1, nodeHi);
            }
            tree[node] = Math.max(tree[2 * node], tree[2 * node + 1]); // mended: the truth, or still at least it
            return n;
        }

        /** Checks the bucket's jobs of class k or below one by one, and keeps their true latest start. */
        int leaf(int node, int bucket) {
            int n = 0;
            double latestStart = Double.NEGATIVE_INFINITY;
            for (PlannedJob x = heads[bucket]; x != null && x.requestedClass <= k; x = x.nextInBucket) {
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
            tree[node] = latestStart;
            if (latestStart == Double.NEGATIVE_INFINITY) {
                present[k] &= ~(1L << bucket); // none of class k or below left here
            }
            return n;
        }
    }
}
