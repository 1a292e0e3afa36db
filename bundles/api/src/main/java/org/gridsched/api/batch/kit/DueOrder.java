package org.gridsched.api.batch.kit;

import java.util.Arrays;

/**
 * The planned waiting jobs of {@link ConservativePlanner} by planned start, then submission ({@link Entry#BY_START}),
 * in a sorted array: the compression moves a planned start earlier millions of times on a million jobs, and a move
 * here is a binary search and a shift of the jobs it passes (most pass few), where a tree took a removal and an
 * insertion with rebalancing, 21 % of {@code kit-cbf}'s time with over-estimated requested times. Jobs start from the
 * front.
 */
final class DueOrder {
    private Entry[] jobs = new Entry[64];
    /** The live jobs are [head, tail). */
    private int head;
    private int tail;

    boolean isEmpty() {
        return head == tail;
    }

    /** The job planned first (its start the earliest); null if none. */
    Entry first() {
        return head == tail ? null : jobs[head];
    }

    /** Takes out the job planned first; null if none. */
    Entry pollFirst() {
        if (head == tail) {
            return null;
        }
        Entry e = jobs[head];
        jobs[head++] = null;
        if (head == tail) {
            head = 0;
            tail = 0;
        }
        return e;
    }

    /** Adds a job by its planned start (its {@link Entry#start}). */
    void add(Entry e) {
        if (tail == jobs.length) {
            makeRoom();
        }
        int at = insertionPoint(e.start, e.order, head, tail);
        System.arraycopy(jobs, at, jobs, at + 1, tail - at);
        jobs[at] = e;
        tail++;
    }

    /** Removes a job, found by the planned start it was added or last moved with; false if it is not here. */
    boolean remove(Entry e) {
        int at = placeOf(e);
        if (at < 0) {
            return false;
        }
        System.arraycopy(jobs, at + 1, jobs, at, tail - at - 1);
        jobs[--tail] = null;
        if (head == tail) {
            head = 0;
            tail = 0;
        }
        return true;
    }

    /** Where a job is, found by its planned start (before the start changes); -1 if it is not here. */
    int placeOf(Entry e) {
        int at = insertionPoint(e.start, e.order, head, tail);
        return at < tail && jobs[at] == e ? at : -1;
    }

    /**
     * The job at {@code place} (from {@link #placeOf}) has moved to an earlier {@link Entry#start}: it shifts towards
     * the front past the jobs now planned after it.
     */
    void movedEarlier(int place) {
        Entry e = jobs[place];
        int to = insertionPoint(e.start, e.order, head, place);
        System.arraycopy(jobs, to, jobs, to + 1, place - to);
        jobs[to] = e;
    }

    void clear() {
        Arrays.fill(jobs, head, tail, null);
        head = 0;
        tail = 0;
    }

    /** The first place in [lo, hi) whose job comes at or after (start, order) in {@link Entry#BY_START}'s order. */
    private int insertionPoint(double start, long order, int lo, int hi) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            Entry m = jobs[mid];
            int c = Double.compare(m.start, start);
            if (c < 0 || (c == 0 && m.order < order)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Moves the live jobs to the front, or doubles the array when they fill more than half of it. */
    private void makeRoom() {
        int n = tail - head;
        if (n * 2 > jobs.length) {
            jobs = Arrays.copyOf(jobs, jobs.length * 2);
        }
        if (head > 0) {
            System.arraycopy(jobs, head, jobs, 0, n);
            Arrays.fill(jobs, n, tail, null);
            head = 0;
            tail = n;
        }
    }
}
