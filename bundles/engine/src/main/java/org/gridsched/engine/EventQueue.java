package org.gridsched.engine;

import java.util.Arrays;

/**
 * Every pending event of a run: arrivals, job ends, overruns, wake-ups, timers, claim starts and ends. Each
 * event has a kind (one handler per kind, see {@link Simulation}), a payload object and an int argument.
 *
 * <p>Order: by time; at equal times arrivals come first, in the order they were scheduled, then every other
 * event in the order it was scheduled (so equal-time completions are handled in the order the jobs
 * started). Arrivals get their sequence numbers from a band below all others, which gives that order with
 * a single comparison. A binary heap on parallel arrays: no allocation per event.
 */
final class EventQueue {
    /** Sequence numbers of arrivals start here, far below those of other events (which start at 0). */
    private static final long ARRIVAL_BAND = Long.MIN_VALUE / 2;

    private double[] time = new double[64];
    private long[] seq = new long[64];
    private Object[] payload = new Object[64];
    private byte[] kind = new byte[64];
    private int[] arg = new int[64];
    private int size;
    private long nextSeq;
    private long nextArrivalSeq = ARRIVAL_BAND;

    boolean isEmpty() {
        return size == 0;
    }

    double peekTime() {
        return time[0];
    }

    byte peekKind() {
        return kind[0];
    }

    Object peekPayload() {
        return payload[0];
    }

    int peekArg() {
        return arg[0];
    }

    /** Schedules an arrival: before any non-arrival event at the same time. */
    void pushArrival(double t, byte k, Object p) {
        push(t, nextArrivalSeq++, k, p, -1);
    }

    void push(double t, byte k, Object p, int a) {
        push(t, nextSeq++, k, p, a);
    }

    private void push(double t, long s, byte k, Object p, int a) {
        if (size == time.length) {
            int n = size * 2;
            time = Arrays.copyOf(time, n);
            seq = Arrays.copyOf(seq, n);
            payload = Arrays.copyOf(payload, n);
            kind = Arrays.copyOf(kind, n);
            arg = Arrays.copyOf(arg, n);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(t, s, time[parent], seq[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, t, s, p, k, a);
    }

    /** Removes the first event; read it with the peek methods before. */
    void pop() {
        int last = --size;
        double t = time[last];
        long s = seq[last];
        Object p = payload[last];
        byte k = kind[last];
        int a = arg[last];
        payload[last] = null;
        if (last == 0) {
            return;
        }
        int i = 0;
        int half = last >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < last && less(time[right], seq[right], time[child], seq[child])) {
                child = right;
            }
            if (!less(time[child], seq[child], t, s)) {
                break;
            }
            move(child, i);
            i = child;
        }
        set(i, t, s, p, k, a);
    }

    private static boolean less(double t1, long s1, double t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void move(int from, int to) {
        time[to] = time[from];
        seq[to] = seq[from];
        payload[to] = payload[from];
        kind[to] = kind[from];
        arg[to] = arg[from];
    }

    private void set(int i, double t, long s, Object p, byte k, int a) {
        time[i] = t;
        seq[i] = s;
        payload[i] = p;
        kind[i] = k;
        arg[i] = a;
    }
}
