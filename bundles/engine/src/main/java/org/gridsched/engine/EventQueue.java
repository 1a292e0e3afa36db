package org.gridsched.engine;

import java.util.Arrays;

/**
 * Pending job-end events (completions, and requested-time overruns when killing is off), ordered by time
 * and then by the order they were scheduled, so that equal-time completions are handled in the order the
 * jobs started. A binary heap on parallel arrays: no allocation per event.
 */
final class EventQueue {
    static final byte END = 0;
    // kinds at equal times are not ordered by kind: ends, overruns and wake-ups go in scheduling order
    static final byte OVERRUN = 1;
    /** A scheduler's wake-up; the job slot holds null and the cluster index is kept aside. */
    static final byte WAKE_UP = 2;
    /** A periodic reallocation event of the meta-scheduler; no job, no cluster. */
    static final byte REALLOCATE = 3;

    private double[] time = new double[64];
    private long[] seq = new long[64];
    private SimJob[] job = new SimJob[64];
    private byte[] kind = new byte[64];
    private int[] cluster = new int[64];
    private int size;
    private long nextSeq;

    boolean isEmpty() {
        return size == 0;
    }

    double peekTime() {
        return time[0];
    }

    byte peekKind() {
        return kind[0];
    }

    SimJob peekJob() {
        return job[0];
    }

    int peekCluster() {
        return cluster[0];
    }

    void push(double t, SimJob j, byte k) {
        push(t, j, k, j == null ? -1 : j.cluster);
    }

    void push(double t, SimJob j, byte k, int c) {
        if (size == time.length) {
            int n = size * 2;
            time = Arrays.copyOf(time, n);
            seq = Arrays.copyOf(seq, n);
            job = Arrays.copyOf(job, n);
            kind = Arrays.copyOf(kind, n);
            cluster = Arrays.copyOf(cluster, n);
        }
        long s = nextSeq++;
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(t, s, time[parent], seq[parent])) {
                break;
            }
            move(parent, i);
            i = parent;
        }
        set(i, t, s, j, k, c);
    }

    /** Removes the first event; read it with the peek methods before. */
    void pop() {
        int last = --size;
        double t = time[last];
        long s = seq[last];
        SimJob j = job[last];
        byte k = kind[last];
        int c = cluster[last];
        job[last] = null;
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
        set(i, t, s, j, k, c);
    }

    private static boolean less(double t1, long s1, double t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void move(int from, int to) {
        time[to] = time[from];
        seq[to] = seq[from];
        job[to] = job[from];
        kind[to] = kind[from];
        cluster[to] = cluster[from];
    }

    private void set(int i, double t, long s, SimJob j, byte k, int c) {
        time[i] = t;
        seq[i] = s;
        job[i] = j;
        kind[i] = k;
        cluster[i] = c;
    }
}
