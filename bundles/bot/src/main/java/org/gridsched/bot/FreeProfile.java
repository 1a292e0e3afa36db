package org.gridsched.bot;

import java.util.Arrays;

import org.gridsched.api.SimTime;

/**
 * A provider's free processors as a step function of time: from {@code time[i]} until {@code time[i+1]},
 * {@code free[i]} processors are free; the last value holds forever. Kept as two sorted arrays (a provider's
 * plan holds a few hundred breakpoints), like the batch bundle's profile, which is private to that bundle.
 * This one adds what offers need: walking the breakpoints ({@link #size}, {@link #time}, {@link #free}) and
 * copying the plan to place a bag's tasks tentatively.
 */
final class FreeProfile {
    private double[] time;
    private int[] free;
    private int size;
    private final int capacity;

    FreeProfile(int processors, double origin) {
        capacity = processors;
        time = new double[32];
        free = new int[32];
        time[0] = origin;
        free[0] = processors;
        size = 1;
    }

    private FreeProfile(FreeProfile o) {
        capacity = o.capacity;
        time = Arrays.copyOf(o.time, Math.max(o.size * 2, 32));
        free = Arrays.copyOf(o.free, time.length);
        size = o.size;
    }

    FreeProfile copy() {
        return new FreeProfile(this);
    }

    int capacity() {
        return capacity;
    }

    int size() {
        return size;
    }

    double time(int i) {
        return time[i];
    }

    int free(int i) {
        return free[i];
    }

    /** Index of the last breakpoint at or before t (t not before the origin). */
    int indexOf(double t) {
        int lo = 0;
        int hi = size - 1;
        if (t < time[0]) {
            throw new IllegalArgumentException("time " + t + " is before the plan's origin " + time[0]);
        }
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (time[mid] <= t) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    void reserve(double from, double to, int q) {
        add(from, to, -q);
    }

    void release(double from, double to, int q) {
        add(from, to, q);
    }

    private void add(double from, double to, int delta) {
        if (!(from < to)) {
            return;
        }
        int i = breakpointAt(from);
        int j = to == Double.POSITIVE_INFINITY ? size : breakpointAt(to);
        for (int k = i; k < j; k++) {
            free[k] += delta;
        }
        if (j < size && free[j] == free[j - 1]) {
            removeAt(j);
        }
        if (i > 0 && free[i] == free[i - 1]) {
            removeAt(i);
        }
    }

    private int breakpointAt(double t) {
        int i = indexOf(t);
        if (time[i] == t) {
            return i;
        }
        if (size == time.length) {
            time = Arrays.copyOf(time, size * 2);
            free = Arrays.copyOf(free, size * 2);
        }
        System.arraycopy(time, i + 1, time, i + 2, size - i - 1);
        System.arraycopy(free, i + 1, free, i + 2, size - i - 1);
        time[i + 1] = t;
        free[i + 1] = free[i];
        size++;
        return i + 1;
    }

    private void removeAt(int pos) {
        System.arraycopy(time, pos + 1, time, pos, size - pos - 1);
        System.arraycopy(free, pos + 1, free, pos, size - pos - 1);
        size--;
    }

    /**
     * The earliest t in [from, limit) with at least q free over [t, min(t + duration, limit)), or +infinity.
     * With limit = +infinity this is where a new job of q processors fits; with limit = a reserved job's own
     * start, it is where that job could move if it were taken out (its own slot lies beyond limit), so the
     * plan changes only for jobs that really move.
     */
    double earliestStart(double from, double duration, int q, double limit) {
        if (q > capacity) {
            return Double.POSITIVE_INFINITY;
        }
        int k = indexOf(from);
        double t = from;
        double candidate = Double.NaN;
        while (k < size && t < limit) {
            if (free[k] >= q) {
                if (Double.isNaN(candidate)) {
                    candidate = t;
                }
                double runEnd = k + 1 < size ? time[k + 1] : Double.POSITIVE_INFINITY;
                if (runEnd >= Math.min(SimTime.add(candidate, duration), limit)) {
                    return candidate;
                }
            } else {
                candidate = Double.NaN;
            }
            k++;
            if (k < size) {
                t = time[k];
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /** The fewest processors free at any time in [from, to). */
    int minFree(double from, double to) {
        int k = indexOf(from);
        int min = free[k];
        for (k++; k < size && time[k] < to; k++) {
            min = Math.min(min, free[k]);
        }
        return min;
    }

    /** Forgets the past: drops breakpoints before now, keeping the value at now. */
    void discardBefore(double now) {
        int i = indexOf(now);
        if (i > 0) {
            System.arraycopy(time, i, time, 0, size - i);
            System.arraycopy(free, i, free, 0, size - i);
            size -= i;
        }
        time[0] = now;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < size; i++) {
            sb.append(' ').append(time[i]).append(':').append(free[i]);
        }
        return sb.append(" ]").toString();
    }
}
