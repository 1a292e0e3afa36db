package org.gridsched.batch;

import java.util.Arrays;
import java.util.Comparator;

/**
 * The waiting jobs of {@link ConservativeScheduler} sorted by (planned start, submission order), as an array with its
 * planned starts beside it: the first job is the next to start, and the jobs planned to start in an interval are a
 * stretch of it, found by a search.
 *
 * <p>Why an array: a job that moves earlier shifts the jobs it passes by one place (one memory move, and their
 * places, {@link PlannedJob#slot}, one more), jobs start from the front (an index step), and the jobs planned in an
 * interval are found by a search on the starts alone. A heap gives the first job as cheaply but cannot list the jobs
 * planned in an interval, which the compression asks for after every move; searching for the job that moves instead
 * of keeping places cost twice as much.
 */
final class StartOrder {
    private static final Comparator<PlannedJob> BY_START = (a, b) -> a.before(b) ? -1 : b.before(a) ? 1 : 0;

    private PlannedJob[] jobs = new PlannedJob[256];
    private double[] starts = new double[256];
    /** Live places are [head, tail). */
    private int head;
    private int tail;

    boolean isEmpty() {
        return head == tail;
    }

    /** The job planned first (ties: submitted first). */
    PlannedJob first() {
        return jobs[head];
    }

    void add(PlannedJob e) {
        if (tail == jobs.length) {
            makeRoom();
        }
        int i = firstAfter(e.start, head);
        // among equal starts, by submission order (a new job comes last, a job submitted again may not)
        while (i > head && starts[i - 1] == e.start && jobs[i - 1].order > e.order) {
            i--;
        }
        insert(e, i, tail);
        tail++;
    }

    PlannedJob pollFirst() {
        PlannedJob e = jobs[head];
        jobs[head++] = null;
        e.slot = -1;
        if (head == tail) {
            head = 0;
            tail = 0;
        }
        return e;
    }

    void remove(PlannedJob e) {
        int i = e.slot;
        System.arraycopy(jobs, i + 1, jobs, i, tail - i - 1);
        System.arraycopy(starts, i + 1, starts, i, tail - i - 1);
        jobs[--tail] = null;
        for (int j = i; j < tail; j++) {
            jobs[j].slot = j;
        }
        e.slot = -1;
        if (head == tail) {
            head = 0;
            tail = 0;
        }
    }

    /**
     * Its planned start went down: it moves towards the front, past the jobs now planned after it. Returns its old
     * place, before which every job starts at or before its old start (after the move as before it).
     */
    int decreased(PlannedJob e) {
        int old = e.slot;
        int i = old;
        // it passes the jobs planned later than its new start (among equal starts, by submission order)
        while (i > head && (starts[i - 1] > e.start || (starts[i - 1] == e.start && jobs[i - 1].order > e.order))) {
            i--;
        }
        insert(e, i, old);
        return old;
    }

    /**
     * Holds the jobs of {@code waiting[from .. to)} that are not null (after each was placed again): sorted at once,
     * where adding them one by one in submission order could shift the whole array for each.
     */
    void rebuild(PlannedJob[] waiting, int from, int to) {
        clear();
        int n = 0;
        for (int i = from; i < to; i++) {
            if (waiting[i] != null) {
                if (n == jobs.length) {
                    jobs = Arrays.copyOf(jobs, 2 * n);
                    starts = Arrays.copyOf(starts, jobs.length);
                }
                jobs[n++] = waiting[i];
            }
        }
        Arrays.sort(jobs, 0, n, BY_START); // nearly sorted: submission order follows start order more often than not
        for (int i = 0; i < n; i++) {
            starts[i] = jobs[i].start;
            jobs[i].slot = i;
        }
        tail = n;
    }

    void clear() {
        for (int i = head; i < tail; i++) {
            jobs[i].slot = -1;
            jobs[i] = null;
        }
        head = 0;
        tail = 0;
    }

    /** Whether some job is planned to start after c. */
    boolean anyAfter(double c) {
        return head < tail && starts[tail - 1] > c;
    }

    /**
     * The first place whose job starts after c; {@code from} is a place before which every job starts at or before c
     * (0 if unknown). The search gallops from it: the compression knows such a place close to the answer.
     */
    int firstAfter(double c, int from) {
        int lo = Math.max(from, head);
        int hi = lo;
        int step = 1;
        while (hi < tail && starts[hi] <= c) {
            lo = hi + 1;
            hi = lo + step;
            step <<= 1;
        }
        hi = Math.min(hi, tail);
        // the first in [lo, hi) after c, branch-free
        int len = hi - lo;
        while (len > 0) {
            int half = len >>> 1;
            boolean right = starts[lo + half] <= c;
            lo = right ? lo + half + 1 : lo;
            len = right ? len - half - 1 : half;
        }
        return lo;
    }

    /** The job at a place from {@link #firstAfter}, or null past the last. */
    PlannedJob at(int place) {
        return place < tail ? jobs[place] : null;
    }

    /** Puts e at place i, the jobs in [i, hole) one place later (hole: the free place at or after i). */
    private void insert(PlannedJob e, int i, int hole) {
        System.arraycopy(jobs, i, jobs, i + 1, hole - i);
        System.arraycopy(starts, i, starts, i + 1, hole - i);
        for (int j = i + 1; j <= hole; j++) {
            jobs[j].slot = j;
        }
        jobs[i] = e;
        starts[i] = e.start;
        e.slot = i;
    }

    /** Back to the front, or twice the room. */
    private void makeRoom() {
        int n = tail - head;
        if (n * 2 > jobs.length) {
            jobs = Arrays.copyOf(jobs, jobs.length * 2);
            starts = Arrays.copyOf(starts, jobs.length);
        }
        System.arraycopy(jobs, head, jobs, 0, n);
        System.arraycopy(starts, head, starts, 0, n);
        Arrays.fill(jobs, n, tail, null);
        for (int i = 0; i < n; i++) {
            jobs[i].slot = i;
        }
        head = 0;
        tail = n;
    }
}
