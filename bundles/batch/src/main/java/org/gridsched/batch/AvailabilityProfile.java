package org.gridsched.batch;

import java.util.Arrays;

/**
 * The number of free processors of a cluster as a step function of time, with reservations.
 *
 * <p>Breakpoints {@code (t_i, v_i)} mean "from t_i until the next breakpoint, v_i processors are free";
 * the last value holds forever. Adjacent breakpoints never carry the same value, so the profile has at
 * most two breakpoints per reservation. They are kept in a treap (randomised balanced search tree) keyed
 * by time, whose nodes carry the minimum and maximum free count of their subtree and a pending range
 * addition. That makes every operation logarithmic:
 * <ul>
 * <li>adding or removing a reservation is a range addition plus at most four insertions/deletions;</li>
 * <li>"the first time at or after t where q processors are free" and "the first breakpoint in (a, b)
 * where fewer than q are free" descend the tree guided by the subtree maximum and minimum, which is what
 * the earliest-fit search and the compression pass of conservative backfilling need.</li>
 * </ul>
 * The treap's priorities come from a fixed-seed generator, so the shape (and thus the run) is
 * deterministic.
 */
public final class AvailabilityProfile {
    private static final int NIL = 0;

    private double[] key = new double[64];
    private int[] val = new int[64];
    private int[] lazy = new int[64];
    private int[] min = new int[64];
    private int[] max = new int[64];
    private int[] pri = new int[64];
    private int[] left = new int[64];
    private int[] right = new int[64];
    private int[] freeList = new int[64];
    private int freeTop;
    private int nextNode = 1;
    private int root = NIL;
    private int size;
    private long seed = 0x9E3779B97F4A7C15L;
    private final int capacity;

    // split results
    private int splitLeft;
    private int splitRight;

    /** A profile with {@code processors} free from {@code origin} on. */
    public AvailabilityProfile(int processors, double origin) {
        this.capacity = processors;
        min[NIL] = Integer.MAX_VALUE;
        max[NIL] = Integer.MIN_VALUE;
        root = newNode(origin, processors);
    }

    public int capacity() {
        return capacity;
    }

    /** Number of breakpoints (for tests and statistics). */
    public int breakpoints() {
        return size;
    }

    /** Free processors at time t (t at or after the first breakpoint). */
    public int freeAt(double t) {
        int n = root;
        int result = Integer.MIN_VALUE;
        while (n != NIL) {
            push(n);
            if (key[n] <= t) {
                result = val[n];
                n = right[n];
            } else {
                n = left[n];
            }
        }
        if (result == Integer.MIN_VALUE) {
            throw new IllegalArgumentException("time " + t + " is before the profile's origin");
        }
        return result;
    }

    /** Takes {@code q} processors over [from, to). */
    public void reserve(double from, double to, int q) {
        add(from, to, -q);
    }

    /** Gives back {@code q} processors over [from, to). */
    public void release(double from, double to, int q) {
        add(from, to, q);
    }

    private void add(double from, double to, int delta) {
        if (!(from < to)) {
            return;
        }
        ensureBreakpoint(from);
        ensureBreakpoint(to);
        split(root, from);
        int before = splitLeft;
        split(splitRight, to);
        int middle = splitLeft;
        int after = splitRight;
        apply(middle, delta);
        root = merge(merge(before, middle), after);
        dropIfRedundant(to);
        dropIfRedundant(from);
    }

    /**
     * The earliest time {@code t >= from} such that at least {@code q} processors are free during
     * [t, t + duration), or +infinity if {@code q} exceeds the capacity.
     */
    public double earliestStart(double from, double duration, int q) {
        if (q > capacity) {
            return Double.POSITIVE_INFINITY;
        }
        double t = from;
        while (true) {
            if (freeAt(t) < q) {
                int n = firstAtLeast(root, Math.nextUp(t), q);
                if (n == NIL) {
                    return Double.POSITIVE_INFINITY;
                }
                t = key[n];
            }
            int blocker = firstBelow(root, t, t + duration, q);
            if (blocker == NIL) {
                return t;
            }
            int n = firstAtLeast(root, Math.nextUp(key[blocker]), q);
            if (n == NIL) {
                return Double.POSITIVE_INFINITY;
            }
            t = key[n];
        }
    }

    /**
     * Where a reserved job could move if it were taken out of the profile: the earliest {@code t} in
     * [from, limit) such that at least {@code q} processors are free during [t, min(t + duration, limit)),
     * or +infinity if there is none.
     *
     * <p>Meant for a job reserved over [limit, limit + duration) by {@code q} processors, still in the
     * profile: for a start {@code t < limit}, the part of [t, t + duration) at or after {@code limit} lies
     * inside the job's own slot, where its own processors would come back; so only [t, limit) has to be
     * checked, and the profile need not be touched unless the job really moves.
     */
    public double earliestStartBefore(double from, double duration, int q, double limit) {
        double t = from;
        while (t < limit) {
            if (freeAt(t) < q) {
                int n = firstAtLeast(root, Math.nextUp(t), q);
                if (n == NIL || key[n] >= limit) {
                    return Double.POSITIVE_INFINITY;
                }
                t = key[n];
            }
            int blocker = firstBelow(root, t, Math.min(t + duration, limit), q);
            if (blocker == NIL) {
                return t;
            }
            int n = firstAtLeast(root, Math.nextUp(key[blocker]), q);
            if (n == NIL) {
                return Double.POSITIVE_INFINITY;
            }
            t = key[n];
        }
        return Double.POSITIVE_INFINITY;
    }

    /** Forgets the past: drops breakpoints before {@code now}, keeping the value at {@code now}. */
    public void discardBefore(double now) {
        split(root, now);
        int past = splitLeft;
        int rest = splitRight;
        if (past == NIL) {
            return;
        }
        int last = past;
        push(last);
        while (right[last] != NIL) {
            last = right[last];
            push(last);
        }
        int valueAtNow = val[last];
        recycle(past);
        root = rest;
        if (firstKey() != now) {
            root = merge(newNode(now, valueAtNow), root);
        }
        dropIfRedundantAfter(now);
    }

    private double firstKey() {
        int n = root;
        if (n == NIL) {
            return Double.NaN;
        }
        while (left[n] != NIL) {
            n = left[n];
        }
        return key[n];
    }

    /** Breakpoints as (time, free) pairs in time order, for tests and debugging. */
    public double[][] toArray() {
        double[][] out = new double[size][];
        int[] idx = {0};
        collect(root, out, idx);
        return out;
    }

    private void collect(int n, double[][] out, int[] idx) {
        if (n == NIL) {
            return;
        }
        push(n);
        collect(left[n], out, idx);
        out[idx[0]++] = new double[] {key[n], val[n]};
        collect(right[n], out, idx);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (double[] p : toArray()) {
            sb.append(' ').append(p[0]).append(':').append((int) p[1]);
        }
        return sb.append(" ]").toString();
    }

    // --- queries ---

    /** First node with key >= from and value >= q. */
    private int firstAtLeast(int n, double from, int q) {
        if (n == NIL || max[n] < q) {
            return NIL;
        }
        push(n);
        if (key[n] < from) {
            return firstAtLeast(right[n], from, q);
        }
        int r = firstAtLeast(left[n], from, q);
        if (r != NIL) {
            return r;
        }
        if (val[n] >= q) {
            return n;
        }
        return firstAtLeast(right[n], from, q);
    }

    /** First node with from < key < to and value < q. */
    private int firstBelow(int n, double from, double to, int q) {
        if (n == NIL || min[n] >= q) {
            return NIL;
        }
        push(n);
        if (key[n] <= from) {
            return firstBelow(right[n], from, to, q);
        }
        if (key[n] >= to) {
            return firstBelow(left[n], from, to, q);
        }
        int r = firstBelow(left[n], from, to, q);
        if (r != NIL) {
            return r;
        }
        if (val[n] < q) {
            return n;
        }
        return firstBelow(right[n], from, to, q);
    }

    // --- structure maintenance ---

    private void ensureBreakpoint(double t) {
        if (Double.isInfinite(t) || find(t) != NIL) {
            return;
        }
        int v = freeAt(t);
        split(root, t);
        int a = splitLeft;
        int b = splitRight;
        root = merge(merge(a, newNode(t, v)), b);
    }

    private int find(double t) {
        int n = root;
        while (n != NIL) {
            if (key[n] == t) {
                return n;
            }
            n = t < key[n] ? left[n] : right[n];
        }
        return NIL;
    }

    /** Removes the breakpoint at t if it carries the same value as its predecessor. */
    private void dropIfRedundant(double t) {
        int n = find(t);
        if (n == NIL) {
            return;
        }
        int v = freeAt(t);
        int pred = predecessor(t);
        if (pred != NIL && valueOf(pred) == v) {
            remove(t);
        }
    }

    /** After discarding the past, the new first breakpoint may equal its successor. */
    private void dropIfRedundantAfter(double now) {
        int succ = firstAtLeastKey(Math.nextUp(now));
        if (succ != NIL && valueOf(succ) == freeAt(now)) {
            remove(key[succ]);
        }
    }

    private int firstAtLeastKey(double t) {
        int n = root;
        int best = NIL;
        while (n != NIL) {
            push(n);
            if (key[n] >= t) {
                best = n;
                n = left[n];
            } else {
                n = right[n];
            }
        }
        return best;
    }

    private int predecessor(double t) {
        int n = root;
        int best = NIL;
        while (n != NIL) {
            push(n);
            if (key[n] < t) {
                best = n;
                n = right[n];
            } else {
                n = left[n];
            }
        }
        return best;
    }

    private int valueOf(int node) {
        // Pending additions were pushed down along the search path that found the node.
        return val[node];
    }

    private void remove(double t) {
        split(root, t);
        int a = splitLeft;
        split(splitRight, Math.nextUp(t));
        int mid = splitLeft;
        int b = splitRight;
        recycle(mid);
        root = merge(a, b);
    }

    /** Splits n into keys < k (splitLeft) and keys >= k (splitRight). */
    private void split(int n, double k) {
        if (n == NIL) {
            splitLeft = NIL;
            splitRight = NIL;
            return;
        }
        push(n);
        if (key[n] < k) {
            split(right[n], k);
            right[n] = splitLeft;
            pull(n);
            splitLeft = n;
        } else {
            split(left[n], k);
            left[n] = splitRight;
            pull(n);
            splitRight = n;
        }
    }

    private int merge(int a, int b) {
        if (a == NIL) {
            return b;
        }
        if (b == NIL) {
            return a;
        }
        if (pri[a] > pri[b]) {
            push(a);
            right[a] = merge(right[a], b);
            pull(a);
            return a;
        }
        push(b);
        left[b] = merge(a, left[b]);
        pull(b);
        return b;
    }

    private void apply(int n, int delta) {
        if (n != NIL) {
            val[n] += delta;
            min[n] += delta;
            max[n] += delta;
            lazy[n] += delta;
        }
    }

    private void push(int n) {
        int d = lazy[n];
        if (d != 0) {
            apply(left[n], d);
            apply(right[n], d);
            lazy[n] = 0;
        }
    }

    private void pull(int n) {
        int l = left[n];
        int r = right[n];
        int lo = val[n];
        int hi = val[n];
        if (l != NIL) {
            lo = Math.min(lo, min[l]);
            hi = Math.max(hi, max[l]);
        }
        if (r != NIL) {
            lo = Math.min(lo, min[r]);
            hi = Math.max(hi, max[r]);
        }
        min[n] = lo;
        max[n] = hi;
    }

    private int newNode(double k, int v) {
        int n;
        if (freeTop > 0) {
            n = freeList[--freeTop];
        } else {
            if (nextNode == key.length) {
                grow();
            }
            n = nextNode++;
        }
        key[n] = k;
        val[n] = v;
        min[n] = v;
        max[n] = v;
        lazy[n] = 0;
        left[n] = NIL;
        right[n] = NIL;
        seed = seed * 6364136223846793005L + 1442695040888963407L;
        pri[n] = (int) (seed >>> 33);
        size++;
        return n;
    }

    private void recycle(int n) {
        if (n == NIL) {
            return;
        }
        recycle(left[n]);
        recycle(right[n]);
        if (freeTop == freeList.length) {
            freeList = Arrays.copyOf(freeList, freeTop * 2);
        }
        freeList[freeTop++] = n;
        size--;
    }

    private void grow() {
        int n = key.length * 2;
        key = Arrays.copyOf(key, n);
        val = Arrays.copyOf(val, n);
        lazy = Arrays.copyOf(lazy, n);
        min = Arrays.copyOf(min, n);
        max = Arrays.copyOf(max, n);
        pri = Arrays.copyOf(pri, n);
        left = Arrays.copyOf(left, n);
        right = Arrays.copyOf(right, n);
    }
}
