package org.gridsched.engine;

import java.util.Arrays;

/**
 * Every pending event of a run: arrivals, job ends, overruns, wake-ups, reallocation events, timers, claim
 * starts and ends. Each event has a kind (one handler per kind, see {@link Simulation}), a payload object
 * and an int argument. {@link #next()} takes the first event and exposes it in {@link #time},
 * {@link #kind}, {@link #payload} and {@link #arg}.
 *
 * <p>Order: by time; at equal times arrivals come first, in the order they were scheduled, then every other
 * event in the order it was scheduled (so equal-time completions are handled in the order the jobs
 * started), then the events scheduled with {@link #pushLast}. Arrivals and last events take their sequence
 * numbers from bands below and above all others, which gives that order with a single comparison.
 *
 * <p>A binary heap on parallel arrays: no allocation per event. The workload is read lazily in submission
 * order, so at most one of its arrivals is pending at a time; it waits in a slot of its own beside the heap
 * (same order), which spares a heap push and pop per job.
 */
final class EventQueue {
    /** Sequence numbers of arrivals start here, far below those of other events (which start at 0). */
    private static final long ARRIVAL_BAND = Long.MIN_VALUE / 2;
    /** Sequence numbers of "last" events start here, far above all others. */
    private static final long LAST_BAND = Long.MAX_VALUE / 2;

    /** The event {@link #next()} took. */
    double time;
    byte kind;
    Object payload;
    int arg;

    private double[] times = new double[64];
    private long[] seqs = new long[64];
    private Object[] payloads = new Object[64];
    private byte[] kinds = new byte[64];
    private int[] args = new int[64];
    private int size;
    private long nextSeq;
    private long nextArrivalSeq = ARRIVAL_BAND;
    private long nextLastSeq = LAST_BAND;

    private boolean workloadPending;
    private double workloadTime;
    private long workloadSeq;
    private byte workloadKind;

    /**
     * Schedules an arrival, before any non-arrival event at the same time. A null payload is the workload's
     * next record (at most one pending).
     */
    void pushArrival(double t, byte k, Object p) {
        if (p == null) {
            if (workloadPending) {
                throw new IllegalStateException("two workload arrivals pending");
            }
            workloadPending = true;
            workloadTime = t;
            workloadSeq = nextArrivalSeq++;
            workloadKind = k;
        } else {
            push(t, nextArrivalSeq++, k, p, -1);
        }
    }

    void push(double t, byte k, Object p, int a) {
        push(t, nextSeq++, k, p, a);
    }

    /**
     * Schedules an event after every other event at the same time (in the order such events were
     * scheduled): a claim's start, so that jobs whose requested span ends at that instant have left first.
     */
    void pushLast(double t, byte k, Object p, int a) {
        push(t, nextLastSeq++, k, p, a);
    }

    /** Takes the first event into {@link #time}, {@link #kind}, {@link #payload}, {@link #arg}; false if none is left. */
    boolean next() {
        if (workloadPending && (size == 0 || less(workloadTime, workloadSeq, times[0], seqs[0]))) {
            workloadPending = false;
            time = workloadTime;
            kind = workloadKind;
            payload = null;
            arg = -1;
            return true;
        }
        if (size == 0) {
            return false;
        }
        time = times[0];
        kind = kinds[0];
        payload = payloads[0];
        arg = args[0];
        pop();
        return true;
    }

    private void push(double t, long s, byte k, Object p, int a) {
        if (size == times.length) {
            int n = size * 2;
            times = Arrays.copyOf(times, n);
            seqs = Arrays.copyOf(seqs, n);
            payloads = Arrays.copyOf(payloads, n);
            kinds = Arrays.copyOf(kinds, n);
            args = Arrays.copyOf(args, n);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(t, s, times[parent], seqs[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, t, s, p, k, a);
    }

    /** Removes the first heap event. */
    private void pop() {
        int last = --size;
        double t = times[last];
        long s = seqs[last];
        Object p = payloads[last];
        byte k = kinds[last];
        int a = args[last];
        payloads[last] = null;
        if (last == 0) {
            return;
        }
        int i = 0;
        int half = last >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < last && less(times[right], seqs[right], times[child], seqs[child])) {
                child = right;
            }
            if (!less(times[child], seqs[child], t, s)) {
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
        times[to] = times[from];
        seqs[to] = seqs[from];
        payloads[to] = payloads[from];
        kinds[to] = kinds[from];
        args[to] = args[from];
    }

    private void set(int i, double t, long s, Object p, byte k, int a) {
        times[i] = t;
        seqs[i] = s;
        payloads[i] = p;
        kinds[i] = k;
        args[i] = a;
    }
}
