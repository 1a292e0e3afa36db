package org.gridsched.batch;

import java.util.Arrays;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.kit.AvailabilityProfile;

/**
 * A waiting queue in submission order that answers "the next job, from a position on, that can be
 * backfilled": width &lt;= free and (now + requested time &lt;= shadow or width &lt;= extra).
 *
 * <p>Jobs sit in slots (append order); a started job leaves an empty slot, and the slots are compacted
 * when more than half are empty. A segment tree over the slots keeps the minimum width and the minimum
 * requested time of each range; a range can hold a candidate only if its minimum width fits the free
 * processors and either its minimum width fits the extra ones or its shortest job ends by the shadow
 * time. Because rounding of {@code now + r} is monotone in r, that test never skips a candidate, and on
 * a single slot it is exactly the backfill condition.
 *
 * @param <T> what is queued
 */
final class BackfillQueue<T> {
    private static final int EMPTY_WIDTH = Integer.MAX_VALUE;

    private Object[] items = new Object[64];
    private int[] width = new int[64];
    private double[] requested = new double[64];
    /** Segment tree over slots [0, capacity): node 1 is the root, leaves start at capacity. */
    private int[] minWidth = new int[128];
    private double[] minRequested = new double[128];
    private int capacity = 64;
    private int head;
    private int end;
    private int size;

    BackfillQueue() {
        Arrays.fill(width, EMPTY_WIDTH);
        Arrays.fill(requested, Double.POSITIVE_INFINITY);
        rebuild();
    }

    int size() {
        return size;
    }

    /** One past the last slot in use. */
    int end() {
        return end;
    }

    /** Slot of the first job in the queue (only when size() > 0). */
    int head() {
        return head;
    }

    int width(int slot) {
        return width[slot];
    }

    double requested(int slot) {
        return requested[slot];
    }

    @SuppressWarnings("unchecked")
    T get(int slot) {
        return (T) items[slot];
    }

    /** Appends a job; returns its slot, valid until the next add (which may compact). */
    int add(T item, int w, double r) {
        if (end == capacity) {
            if (size <= capacity / 2) {
                compact();
            } else {
                grow();
            }
        }
        int slot = end++;
        items[slot] = item;
        set(slot, w, r);
        if (size++ == 0) {
            head = slot;
        }
        return slot;
    }

    /** Removes the job in a slot and returns it. */
    T remove(int slot) {
        T item = get(slot);
        items[slot] = null;
        set(slot, EMPTY_WIDTH, Double.POSITIVE_INFINITY);
        size--;
        if (slot == head) {
            while (head < end && width[head] == EMPTY_WIDTH) {
                head++;
            }
        }
        return item;
    }

    /** The first slot at or after {@code from} holding a job that can be backfilled, or -1. */
    int nextBackfill(int from, int free, int extra, double now, double shadow) {
        if (from >= end) {
            return -1;
        }
        return find(1, 0, capacity, from, end, free, extra, SimTime.sub(shadow, now)); // exact: ends by the shadow time
    }

    /**
     * The first slot from {@code from} on whose job may start now, or -1: of width at most {@code free}, and whose
     * span [now, now + requested) fits the profile (which begins at or before now) as {@link Reserved#fits} tests
     * it, or one let through by a rounding margin: the caller tests each answer with {@link Reserved#fits}.
     *
     * <p>EASY backfilling around reservations used to test every waiting job in turn; behind a head blocked by
     * failed processors the queue is long and most of its slots are holes (a million-job run with failures visited 2.4
     * billion slots for a million starts). Here the segment tree is asked once per level of the profile: walking
     * from now, each time the fewest free so far drops from m to v at instant T, the jobs of width in (v, m] fit
     * exactly when they end by T (narrower ones may end later, and are asked for again at their level), and the
     * jobs no wider than the lowest level fit whatever their requested time. Each window is widened by a few units
     * in the last place, so that the rounding of now + requested never hides a job that fits.
     */
    int nextFitting(AvailabilityProfile p, double now, int from, int free) {
        int k = p.breakpointAt(now);
        int m = Math.min(free, p.breakpointFree(k));
        int found = -1;
        int n = p.breakpoints();
        for (k++; k < n && m > 0; k++) {
            int v = p.breakpointFree(k);
            if (v < m) {
                double t = p.breakpointTime(k);
                double window = (t - now) + 4 * Math.ulp(Math.max(Math.abs(t), Math.abs(now)));
                found = first(found, next(from, found, m, 0, window));
                m = v;
            }
        }
        if (m > 0) {
            found = first(found, next(from, found, m, m, 0));
        }
        return found;
    }

    /** The earlier of two answers, -1 meaning none. */
    private static int first(int found, int slot) {
        return found < 0 || (slot >= 0 && slot < found) ? slot : found;
    }

    /**
     * The first slot in [from, to) (to: -1 for no bound) holding a job of width &lt;= free with width &lt;= extra
     * or requested time &lt;= window, or -1: the test of {@link #nextBackfill} with the window given.
     */
    private int next(int from, int to, int free, int extra, double window) {
        int upTo = to < 0 ? end : Math.min(to, end);
        if (from >= upTo) {
            return -1;
        }
        return find(1, 0, capacity, from, upTo, free, extra, window);
    }

    private int find(int node, int lo, int hi, int from, int to, int free, int extra, double window) {
        if (hi <= from || lo >= to) {
            return -1;
        }
        int w = minWidth[node];
        if (w > free || (w > extra && !(minRequested[node] <= window))) {
            return -1;
        }
        if (hi - lo == 1) {
            return lo;
        }
        int mid = (lo + hi) >>> 1;
        int r = find(2 * node, lo, mid, from, to, free, extra, window);
        return r >= 0 ? r : find(2 * node + 1, mid, hi, from, to, free, extra, window);
    }

    private void set(int slot, int w, double r) {
        width[slot] = w;
        requested[slot] = r;
        int node = capacity + slot;
        minWidth[node] = w;
        minRequested[node] = r;
        for (node >>= 1; node >= 1; node >>= 1) {
            minWidth[node] = Math.min(minWidth[2 * node], minWidth[2 * node + 1]);
            minRequested[node] = Math.min(minRequested[2 * node], minRequested[2 * node + 1]);
        }
    }

    private void grow() {
        int n = capacity * 2;
        items = Arrays.copyOf(items, n);
        width = Arrays.copyOf(width, n);
        requested = Arrays.copyOf(requested, n);
        Arrays.fill(width, capacity, n, EMPTY_WIDTH);
        Arrays.fill(requested, capacity, n, Double.POSITIVE_INFINITY);
        capacity = n;
        minWidth = new int[2 * n];
        minRequested = new double[2 * n];
        rebuild();
    }

    /** Moves the jobs to the first slots, keeping their order. Slots of queued jobs change. */
    private void compact() {
        int to = 0;
        for (int from = head; from < end; from++) {
            if (width[from] != EMPTY_WIDTH) {
                items[to] = items[from];
                width[to] = width[from];
                requested[to] = requested[from];
                to++;
            }
        }
        Arrays.fill(items, to, capacity, null);
        Arrays.fill(width, to, capacity, EMPTY_WIDTH);
        Arrays.fill(requested, to, capacity, Double.POSITIVE_INFINITY);
        head = 0;
        end = to;
        rebuild();
    }

    private void rebuild() {
        System.arraycopy(width, 0, minWidth, capacity, capacity);
        System.arraycopy(requested, 0, minRequested, capacity, capacity);
        for (int node = capacity - 1; node >= 1; node--) {
            minWidth[node] = Math.min(minWidth[2 * node], minWidth[2 * node + 1]);
            minRequested[node] = Math.min(minRequested[2 * node], minRequested[2 * node + 1]);
        }
    }
}
