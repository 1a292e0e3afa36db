package org.gridsched.report;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The processor runs of unavailable.csv's intervals held at an instant of the validator's sweep, found by the
 * processors they meet: a segment tree over the platform's processors, each run stored in the nodes that cover it
 * exactly (at most two per level). Finding the runs a job's run meets visits only subtrees that hold some, and each run
 * is reported from one of its nodes (the one holding the first processor it shares with the job): O(log P) per run
 * met, however many intervals of one processor overlap. Kept apart from the jobs' layers: intervals may overlap one
 * another (the engine's record of its processors, not the schedule), and there each overlapping interval took a layer
 * of its own, every layer of which each later holder then searched (quadratic in the overlapping intervals).
 */
final class HeldOutages {
    private static final int[] NONE = {};
    private final Unavailability down;
    private final int processors;
    /** Per node (1 the root, 2n and 2n + 1 its halves): runs stored in its subtree, itself included. */
    private final int[] stored;
    /** Per node: the runs that cover its processors and not its parent's, or null. */
    private final Set<Integer>[] runs;

    @SuppressWarnings("unchecked")
    HeldOutages(Unavailability down, int processors) {
        this.down = down;
        this.processors = Math.max(1, processors);
        stored = new int[4 * this.processors]; // halving [0, P) down to single processors numbers its nodes below 4P
        runs = new Set[stored.length];
    }

    /** Run r of the intervals (Unavailability's numbering) is held from now on. */
    void add(int r) {
        update(1, 0, processors, down.low(r), down.high(r), r, true);
    }

    /** Run r is no longer held. */
    void remove(int r) {
        update(1, 0, processors, down.low(r), down.high(r), r, false);
    }

    /**
     * The runs held that meet processors [low, high), each once, by first processor, then as their intervals start (as
     * the validator listed them when they were in the jobs' layers: each layer by processor, an interval that overlapped
     * earlier ones in a later layer).
     */
    int[] meeting(int low, int high) {
        Found found = new Found();
        collect(1, 0, processors, Math.max(0, low), Math.min(processors, high), found);
        if (found.size == 0) {
            return NONE; // as for almost every job: no allocation beyond the search's
        }
        return Arrays.stream(found.runs, 0, found.size).boxed().sorted(this::byProcessorThenStart).mapToInt(Integer::intValue).toArray();
    }

    private int byProcessorThenStart(int a, int b) {
        if (down.low(a) != down.low(b)) {
            return Integer.compare(down.low(a), down.low(b));
        }
        int byStart = Double.compare(down.from(down.intervalOf(a)), down.from(down.intervalOf(b)));
        return byStart != 0 ? byStart : Integer.compare(a, b); // the intervals' runs are numbered in the file's order
    }

    /** Runs found, in the order met. */
    private static final class Found {
        int[] runs = new int[8];
        int size;

        void add(int r) {
            if (size == runs.length) {
                runs = Arrays.copyOf(runs, 2 * size);
            }
            runs[size++] = r;
        }
    }

    private void update(int node, int from, int to, int low, int high, int r, boolean add) {
        if (high <= from || to <= low) {
            return;
        }
        stored[node] += add ? 1 : -1; // the run meets this subtree: some node of it covers part of the run
        if (low <= from && to <= high) {
            if (add) {
                if (runs[node] == null) {
                    runs[node] = new HashSet<>();
                }
                runs[node].add(r);
            } else {
                runs[node].remove(r);
            }
            return;
        }
        int mid = (from + to) >>> 1;
        update(2 * node, from, mid, low, high, r, add);
        update(2 * node + 1, mid, to, low, high, r, add);
    }

    private void collect(int node, int from, int to, int low, int high, Found found) {
        if (stored[node] == 0 || high <= from || to <= low) {
            return;
        }
        if (runs[node] != null) {
            for (int r : runs[node]) {
                int first = Math.max(low, down.low(r)); // the first processor the run shares with [low, high)
                if (first >= from && first < to) { // in this node: reported here, not from its other nodes
                    found.add(r);
                }
            }
        }
        if (to - from > 1) {
            int mid = (from + to) >>> 1;
            collect(2 * node, from, mid, low, high, found);
            collect(2 * node + 1, mid, to, low, high, found);
        }
    }
}
