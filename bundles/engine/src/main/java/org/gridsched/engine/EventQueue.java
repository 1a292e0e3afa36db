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
 * <p>Four sources, each in that order, and {@link #next()} takes the first of their first events:
 * <ul>
 * <li>the workload's next arrival, in a slot: the workload is read lazily in submission order, so at most one of its
 * arrivals is pending at a time;
 * <li>the events scheduled at the current instant (a wake-up asked for now, at every failure and repair), first in
 * first out, as long as each comes after the one before it (an arrival or an ordinary event scheduled after a last
 * one does not), instead of climbing to a heap's top and going down again;
 * <li>the last events ({@link #pushLast}: modelled failures, claims' starts) in a heap of their own: with failures it
 * holds every node's next failure, 1,024 far-off events on 1,024 nodes, which the jobs' ends and the repairs then
 * do not have to pass;
 * <li>every other event in a heap.
 * </ul>
 * The heaps are on parallel arrays (no allocation per event) with four children per node: half the levels of a binary
 * heap, the children side by side.
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

    private final Heap events = new Heap();
    private final Heap lastEvents = new Heap();
    private long nextSeq;
    private long nextArrivalSeq = ARRIVAL_BAND;
    private long nextLastSeq = LAST_BAND;

    /**
     * Events scheduled at {@link #time}, the current instant, each after the one before it: a ring of
     * {@code nowCount} events from {@code nowHead} (its length a power of 2). They all come before any later
     * instant's events, so the instant cannot move on while one waits.
     */
    private Slots now = new Slots(16);
    private int nowHead;
    private int nowCount;

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
            push(events, t, nextArrivalSeq++, k, p, -1);
        }
    }

    void push(double t, byte k, Object p, int a) {
        push(events, t, nextSeq++, k, p, a);
    }

    /**
     * Schedules an event after every other event at the same time (in the order such events were
     * scheduled): a claim's start, so that jobs whose requested span ends at that instant have left first.
     */
    void pushLast(double t, byte k, Object p, int a) {
        push(lastEvents, t, nextLastSeq++, k, p, a);
    }

    /** Takes the first event into {@link #time}, {@link #kind}, {@link #payload}, {@link #arg}; false if none is left. */
    boolean next() {
        if (nowCount > 0 || lastEvents.size > 0) {
            return nextOfAll(); // kept out of the common path (a run without failures seldom has either)
        }
        Heap h = events;
        if (workloadPending && (h.size == 0 || less(workloadTime, workloadSeq, h.times[0], h.seqs[0]))) {
            return takeWorkload();
        }
        return h.size > 0 && take(h);
    }

    /** {@link #next()} when the ring or the heap of last events holds something. */
    private boolean nextOfAll() {
        // the first of the two heaps' tops
        Heap h = events;
        if (lastEvents.size > 0 && (h.size == 0 || less(lastEvents.times[0], lastEvents.seqs[0], h.times[0], h.seqs[0]))) {
            h = lastEvents;
        }
        boolean heap = h.size > 0;
        if (nowCount > 0) {
            int i = nowHead;
            if (!heap || less(now.times[i], now.seqs[i], h.times[0], h.seqs[0])) {
                if (workloadPending && less(workloadTime, workloadSeq, now.times[i], now.seqs[i])) {
                    return takeWorkload();
                }
                read(now, i);
                now.payloads[i] = null;
                nowHead = (i + 1) & (now.times.length - 1);
                nowCount--;
                return true;
            }
        }
        if (workloadPending && (!heap || less(workloadTime, workloadSeq, h.times[0], h.seqs[0]))) {
            return takeWorkload();
        }
        return heap && take(h);
    }

    /** Takes the first event of {@code h}. */
    private boolean take(Heap h) {
        read(h, 0);
        h.pop();
        return true;
    }

    /** Exposes the event at index {@code i} of {@code from} as the one taken. */
    private void read(Slots from, int i) {
        time = from.times[i];
        kind = from.kinds[i];
        payload = from.payloads[i];
        arg = from.args[i];
    }

    private boolean takeWorkload() {
        workloadPending = false;
        time = workloadTime;
        kind = workloadKind;
        payload = null;
        arg = -1;
        return true;
    }

    private void push(Heap heap, double t, long s, byte k, Object p, int a) {
        if (t == time && afterLastNow(t, s)) {
            pushNow(t, s, k, p, a);
        } else {
            heap.push(t, s, k, p, a);
        }
    }

    /** Whether an event (t, s) comes after every event of the current instant's ring (so it may join it). */
    private boolean afterLastNow(double t, long s) {
        if (nowCount == 0) {
            return true;
        }
        int last = (nowHead + nowCount - 1) & (now.times.length - 1);
        return less(now.times[last], now.seqs[last], t, s);
    }

    private void pushNow(double t, long s, byte k, Object p, int a) {
        int n = now.times.length;
        if (nowCount == n) {
            // twice as long, its events from index 0 on
            Slots longer = new Slots(2 * n);
            for (int j = 0; j < n; j++) {
                longer.copy(now, (nowHead + j) & (n - 1), j);
            }
            now = longer;
            nowHead = 0;
        }
        now.set((nowHead + nowCount++) & (now.times.length - 1), t, s, p, k, a);
    }

    private static boolean less(double t1, long s1, double t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    /** Events on parallel arrays, by index: no object per event. */
    private static class Slots {
        double[] times;
        long[] seqs;
        Object[] payloads;
        byte[] kinds;
        int[] args;

        Slots(int length) {
            times = new double[length];
            seqs = new long[length];
            payloads = new Object[length];
            kinds = new byte[length];
            args = new int[length];
        }

        final void set(int i, double t, long s, Object p, byte k, int a) {
            times[i] = t;
            seqs[i] = s;
            payloads[i] = p;
            kinds[i] = k;
            args[i] = a;
        }

        /** The event at index {@code from} of {@code o} goes to index {@code to} of these slots. */
        final void copy(Slots o, int from, int to) {
            times[to] = o.times[from];
            seqs[to] = o.seqs[from];
            payloads[to] = o.payloads[from];
            kinds[to] = o.kinds[from];
            args[to] = o.args[from];
        }
    }

    /** A heap of events, four children per node; its first event at index 0. */
    private static final class Heap extends Slots {
        int size;

        Heap() {
            super(64);
        }

        void push(double t, long s, byte k, Object p, int a) {
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
                int parent = (i - 1) >>> 2;
                if (!less(t, s, times[parent], seqs[parent])) {
                    break;
                }
                copy(this, parent, i);
                i = parent;
            }
            set(i, t, s, p, k, a);
        }

        /** Removes the first event. */
        void pop() {
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
            while (true) {
                int child = 4 * i + 1;
                if (child >= last) {
                    break;
                }
                // the first of its (up to four) children
                int end = Math.min(child + 4, last);
                double ct = times[child];
                long cs = seqs[child];
                for (int c = child + 1; c < end; c++) {
                    if (less(times[c], seqs[c], ct, cs)) {
                        child = c;
                        ct = times[c];
                        cs = seqs[c];
                    }
                }
                if (!less(ct, cs, t, s)) {
                    break;
                }
                copy(this, child, i);
                i = child;
            }
            set(i, t, s, p, k, a);
        }
    }
}
