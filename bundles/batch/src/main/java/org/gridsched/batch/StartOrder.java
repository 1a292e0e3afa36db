package org.gridsched.batch;

import java.util.Arrays;

/**
 * The waiting jobs of {@link ConservativeScheduler} by (planned start, submission order): the first is the next to
 * start, and, once asked for ({@link #firstAfter}), the jobs planned to start in an interval are a stretch of a sorted
 * array with their planned starts beside it. Every job knows its place ({@link PlannedJob#slot}).
 *
 * <p>Two forms. A run starts with a binary heap: the first job, additions and removals in O(log n), as long as only
 * those are asked for; with exact requested times that is the whole run. The first interval asked for sorts the heap
 * once into an array, kept from then on: a job that moves earlier shifts the jobs it passes by one place (one memory
 * move, and their places one more), jobs start from the front (an index step), and an interval is found by a search
 * on the starts alone. A heap cannot list the jobs planned in an interval, which the compression asks for after every
 * move.
 */
final class StartOrder {
    /** Runs sorted by insertion before {@link #sortByStart} merges them. */
    private static final int SORTED_RUN = 16;

    private PlannedJob[] jobs = new PlannedJob[256];
    /** Sorted form only: the planned starts of {@link #jobs}. */
    private double[] starts = new double[256];
    /** The other half of {@link #sortByStart}'s merges. */
    private PlannedJob[] scratch = new PlannedJob[0];
    /** Whether the array is sorted; else it is a heap in [0, tail). */
    private boolean sorted;
    /** Live places are [head, tail) (head is 0 in a heap). */
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
        if (!sorted) {
            jobs[tail] = e;
            e.slot = tail;
            up(tail++);
            return;
        }
        int i = firstAfter(e.start, head);
        // among equal starts, by submission order (a new job comes last, a job submitted again may not)
        while (i > head && starts[i - 1] == e.start && jobs[i - 1].submittedAfter(e)) {
            i--;
        }
        insert(e, i, tail);
        tail++;
    }

    PlannedJob pollFirst() {
        PlannedJob e = jobs[head];
        if (!sorted) {
            removeAt(0);
            return e;
        }
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
        if (!sorted) {
            removeAt(i);
            return;
        }
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
     * place, before which (in the sorted form) every job starts at or before its old start, after the move as before.
     */
    int decreased(PlannedJob e) {
        int old = e.slot;
        if (!sorted) {
            up(old);
            return old;
        }
        int i = old;
        while (i > head && orderedAfter(i - 1, e.start, e)) {
            i--;
        }
        insert(e, i, old);
        return old;
    }

    /**
     * Orders the jobs again after each was placed again (a re-plan). The heap is built anew in O(n). The sorted array
     * is sorted again from its own order: the jobs a re-plan moves mostly keep their order among themselves (a
     * failure delays the whole plan), so an insertion sort does little more than one pass, with no comparator call
     * for a job still in place and no temporary array; if it has shifted jobs more than a few times their number, the
     * rest is left to {@link Arrays#sort}. Holds the same jobs as before: those of the queue.
     */
    void rebuild() {
        if (!sorted) {
            for (int i = (tail >>> 1) - 1; i >= 0; i--) {
                down(i);
            }
            return;
        }
        if (head > 0) {
            int n = tail - head;
            System.arraycopy(jobs, head, jobs, 0, n);
            Arrays.fill(jobs, n, tail, null);
            head = 0;
            tail = n;
        }
        PlannedJob[] a = jobs;
        double[] t = starts;
        int n = tail;
        long budget = 4L * n + 64;
        int i = 0;
        for (; i < n && budget >= 0; i++) {
            PlannedJob e = a[i];
            double s = e.start;
            int j = i;
            while (j > 0 && orderedAfter(j - 1, s, e)) {
                a[j] = a[j - 1];
                t[j] = t[j - 1];
                j--;
            }
            budget -= i - j;
            a[j] = e;
            t[j] = s;
        }
        if (i < n) {
            sortByStart(a, 0, n); // far from sorted: n log n whatever the order
            for (int k = 0; k < n; k++) {
                t[k] = a[k].start;
            }
        }
        for (int k = 0; k < n; k++) {
            a[k].slot = k;
        }
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
        if (!sorted) {
            sortOnce();
        }
        return head < tail && starts[tail - 1] > c;
    }

    /**
     * The first place whose job starts after c; {@code from} is a place before which every job starts at or before c
     * (0 if unknown). The search gallops from it: the compression knows such a place close to the answer.
     */
    int firstAfter(double c, int from) {
        if (!sorted) {
            sortOnce();
            from = 0;
        }
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

    /** One past the last place (in the sorted form). */
    int end() {
        return tail;
    }

    /** The job at a place from {@link #firstAfter} (in the sorted form), before {@link #end}. */
    PlannedJob at(int place) {
        return jobs[place];
    }

    double startAt(int place) {
        return starts[place];
    }

    /** The heap becomes the sorted array, for good. */
    private void sortOnce() {
        sorted = true;
        sortByStart(jobs, head, tail);
        for (int i = head; i < tail; i++) {
            starts[i] = jobs[i].start;
            jobs[i].slot = i;
        }
    }

    /**
     * Sorts {@code a[from, to)} by {@link PlannedJob#before}: runs of {@link #SORTED_RUN} by insertion, then merged
     * pairwise, back and forth with {@link #scratch}. The order is total (no two jobs share a submission), so any sort
     * gives this result. Not {@link Arrays#sort}: the JDK's TimSort is one compiled code for every sort of objects in
     * the JVM (a failure's victims, the launcher's lists), and in a run with failures, where re-plans call it
     * thousands of times, its methods were compiled again about twenty times after failed type checks (0.25 s of
     * compiler time, on a machine whose second core compiles while the first simulates).
     */
    void sortByStart(PlannedJob[] a, int from, int to) {
        for (int lo = from; lo < to; lo += SORTED_RUN) {
            int hi = Math.min(lo + SORTED_RUN, to);
            for (int i = lo + 1; i < hi; i++) {
                PlannedJob e = a[i];
                int j = i;
                for (; j > lo && e.before(a[j - 1]); j--) {
                    a[j] = a[j - 1];
                }
                a[j] = e;
            }
        }
        int n = to - from;
        if (n <= SORTED_RUN) {
            return;
        }
        if (scratch.length < n) {
            scratch = new PlannedJob[Math.max(n, 2 * scratch.length)];
        }
        PlannedJob[] src = a;
        int srcFrom = from;
        PlannedJob[] dst = scratch;
        int dstFrom = 0;
        for (int width = SORTED_RUN; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    dst[dstFrom + k++] = src[srcFrom + j].before(src[srcFrom + i]) ? src[srcFrom + j++] : src[srcFrom + i++];
                }
                while (i < mid) {
                    dst[dstFrom + k++] = src[srcFrom + i++];
                }
                while (j < hi) {
                    dst[dstFrom + k++] = src[srcFrom + j++];
                }
            }
            PlannedJob[] swap = src;
            src = dst;
            dst = swap;
            int swapFrom = srcFrom;
            srcFrom = dstFrom;
            dstFrom = swapFrom;
        }
        if (src != a) {
            System.arraycopy(src, srcFrom, a, from, n);
        }
    }

    /**
     * Sorted form: whether the job at place i comes after e, planned at {@code start} (later, or at the same instant
     * and submitted later).
     */
    private boolean orderedAfter(int i, double start, PlannedJob e) {
        return starts[i] > start || (starts[i] == start && jobs[i].submittedAfter(e));
    }

    /** Sorted form: puts e at place i, the jobs in [i, hole) one place later (hole: the free place at or after i). */
    private void insert(PlannedJob e, int i, int hole) {
        // one pass, from the hole back: a job moved earlier passes one job or none on average (two memory moves and a loop
        // over the places cost more than the shift itself)
        PlannedJob[] a = jobs;
        double[] t = starts;
        for (int j = hole; j > i; j--) {
            PlannedJob x = a[j - 1];
            a[j] = x;
            t[j] = t[j - 1];
            x.slot = j;
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
        if (head > 0) {
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

    // the heap form

    private void removeAt(int i) {
        PlannedJob gone = jobs[i];
        gone.slot = -1;
        PlannedJob last = jobs[--tail];
        jobs[tail] = null;
        if (i < tail) {
            jobs[i] = last;
            last.slot = i;
            down(i);
            if (jobs[i] == last) {
                up(i);
            }
        }
    }

    private void up(int i) {
        PlannedJob e = jobs[i];
        while (i > 0) {
            int p = (i - 1) >>> 1;
            PlannedJob parent = jobs[p];
            if (!e.before(parent)) {
                break;
            }
            jobs[i] = parent;
            parent.slot = i;
            i = p;
        }
        jobs[i] = e;
        e.slot = i;
    }

    private void down(int i) {
        PlannedJob e = jobs[i];
        int half = tail >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            int r = c + 1;
            if (r < tail && jobs[r].before(jobs[c])) {
                c = r;
            }
            if (!jobs[c].before(e)) {
                break;
            }
            jobs[i] = jobs[c];
            jobs[i].slot = i;
            i = c;
        }
        jobs[i] = e;
        e.slot = i;
    }
}
