package org.gridsched.api.batch.kit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

import org.gridsched.api.batch.QueuedJob;

/**
 * The waiting jobs sorted by the {@link JobOrder}'s key, then submission order, in a balanced tree: O(log n)
 * to add or remove. The jobs are also linked in that order ({@link Entry#previous}, {@link Entry#next}), so
 * that a pass steps to the next job in O(1): stepping through the tree ({@code higher}) cost O(log n) with two
 * comparator calls per level, and a pass over the queue at every event made it most of a kit policy's time.
 * Keys are recomputed only when a recalculation period has passed; then the whole tree is rebuilt once,
 * instead of re-sorting at every event.
 *
 * <p>A job that comes after every waiting job (every job in submission order; most jobs in orders where waiting
 * moves a job forward) is linked after the last one without two more searches of the tree for its neighbours, and
 * the widths are counted in an array with a bit set of those present, not in a map of boxed counts: FCFS on the
 * kit, whose queue holds thousands of jobs at 90 % load, spent most of its time in these (1,000,000 lublin99 jobs).
 */
final class WaitingQueue {
    /**
     * The key, then submission order. A chain of the JDK's comparators, as {@link Entry#BY_START} and
     * {@link Entry#BY_END}: one hand-written lambda each was slower ({@code kit-easy} took 30 % longer on 1,000,000
     * jobs with exact requested times), since the trees' calls then met three comparator classes instead of one.
     */
    private static final Comparator<Entry> BY_KEY =
            Comparator.<Entry>comparingDouble(e -> e.key).thenComparingLong(e -> e.order);

    private final JobOrder order;
    private final double period;
    private double nextRecalculation;
    private TreeSet<Entry> jobs = new TreeSet<>(BY_KEY);
    /** How many waiting jobs have each width: the narrowest ends a backfill scan once it no longer fits. */
    private int[] widthCount = new int[64];
    /** A bit per width that some waiting job has ({@link #widthCount} above zero), to find the next narrowest. */
    private long[] widthPresent = new long[1];
    /** The narrowest width, kept with {@link #widthCount} (asked for at every step of a pass). */
    private int narrowest = Integer.MAX_VALUE;
    /** The first and the last job in the order; null when none waits. */
    private Entry head;
    private Entry tail;

    WaitingQueue(JobOrder order) {
        this.order = order;
        double p = order.recalculationPeriod();
        if (!(p > 0)) {
            throw new IllegalArgumentException("JobOrder.recalculationPeriod() must be positive, got " + p);
        }
        this.period = p;
        this.nextRecalculation = Double.POSITIVE_INFINITY;
    }

    void add(Entry e, double now) {
        e.key = key(e.job, now);
        jobs.add(e);
        if (tail == null || BY_KEY.compare(tail, e) < 0) {
            link(e, tail, null);
        } else {
            link(e, jobs.lower(e), jobs.higher(e));
        }
        countWidth(e.width);
        if (nextRecalculation == Double.POSITIVE_INFINITY && period != Double.POSITIVE_INFINITY) {
            nextRecalculation = next(now);
        }
    }

    private double key(QueuedJob job, double now) {
        double k = order.key(job, now);
        if (Double.isNaN(k)) {
            throw new IllegalStateException("the job order " + describe(order) + " gave NaN as the key of job " + job.id()
                    + " (a key must be a number)");
        }
        return k;
    }

    /**
     * The order's class, so that its author can tell whose it is: the order's code has returned when its NaN is
     * found, so the stack names no plugin. A lambda's class is named by the class that wrote it.
     */
    static String describe(JobOrder order) {
        if (order instanceof RecalculatedOrder r) {
            return describe(r.order);
        }
        String name = order.getClass().getName();
        int lambda = name.indexOf("$$Lambda");
        return "(" + (lambda > 0 ? "a lambda of " + name.substring(0, lambda) : name) + ")";
    }

    private double next(double now) {
        return (Math.floor(now / period) + 1) * period;
    }

    /**
     * Recomputes every key if a recalculation instant has come; true if it did (the order may have changed).
     * Keys mostly keep their relative order from one period to the next (age grows alike for all), so: if the
     * jobs, taken in the old order, are still sorted by the new keys, the tree stays valid as it is (O(n));
     * otherwise the list is sorted (TimSort, near-linear on nearly sorted input) and the tree rebuilt from
     * it in O(n), instead of n insertions of O(log n) each.
     */
    boolean recalculate(double now) {
        if (now < nextRecalculation) {
            return false;
        }
        nextRecalculation = jobs.isEmpty() ? Double.POSITIVE_INFINITY : next(now);
        List<Entry> all = new ArrayList<>(jobs);
        boolean sorted = true;
        Entry previous = null;
        for (Entry e : all) {
            e.key = key(e.job, now);
            if (previous != null && sorted && BY_KEY.compare(previous, e) > 0) {
                sorted = false;
            }
            previous = e;
        }
        if (!sorted) {
            all.sort(BY_KEY);
            jobs = new TreeSet<>(new SortedView(all));
            relink(all);
        }
        return true;
    }

    /**
     * A sorted list seen as a SortedSet with the queue's comparator: {@code new TreeSet<>(SortedSet)} then
     * builds its tree from the iteration in O(n). Only the comparator, the size and the iteration are used.
     */
    private static final class SortedView extends java.util.AbstractSet<Entry> implements java.util.SortedSet<Entry> {
        private final List<Entry> sorted;

        SortedView(List<Entry> sorted) {
            this.sorted = sorted;
        }

        @Override
        public java.util.Iterator<Entry> iterator() {
            return sorted.iterator();
        }

        @Override
        public int size() {
            return sorted.size();
        }

        @Override
        public Comparator<? super Entry> comparator() {
            return BY_KEY;
        }

        @Override
        public Entry first() {
            return sorted.get(0);
        }

        @Override
        public Entry last() {
            return sorted.get(sorted.size() - 1);
        }

        @Override
        public java.util.SortedSet<Entry> subSet(Entry from, Entry to) {
            throw new UnsupportedOperationException();
        }

        @Override
        public java.util.SortedSet<Entry> headSet(Entry to) {
            throw new UnsupportedOperationException();
        }

        @Override
        public java.util.SortedSet<Entry> tailSet(Entry from) {
            throw new UnsupportedOperationException();
        }
    }

    boolean remove(Entry e) {
        if (!jobs.remove(e)) {
            return false;
        }
        unlink(e);
        uncountWidth(e.width);
        return true;
    }

    private void countWidth(int w) {
        if (w >= widthCount.length) {
            widthCount = Arrays.copyOf(widthCount, Math.max(w + 1, 2 * widthCount.length));
        }
        if (widthCount[w]++ == 0) {
            int word = w >>> 6;
            if (word >= widthPresent.length) {
                widthPresent = Arrays.copyOf(widthPresent, Math.max(word + 1, 2 * widthPresent.length));
            }
            widthPresent[word] |= 1L << w;
        }
        narrowest = Math.min(narrowest, w);
    }

    private void uncountWidth(int w) {
        if (--widthCount[w] > 0) {
            return;
        }
        widthPresent[w >>> 6] &= ~(1L << w);
        if (w == narrowest) {
            narrowest = nextWidthFrom(w + 1);
        }
    }

    /** The narrowest width at or above {@code w} that a waiting job has, MAX_VALUE if none. */
    private int nextWidthFrom(int w) {
        int word = w >>> 6;
        if (word >= widthPresent.length) {
            return Integer.MAX_VALUE;
        }
        long bits = widthPresent[word] & (-1L << w);
        while (bits == 0) {
            if (++word == widthPresent.length) {
                return Integer.MAX_VALUE;
            }
            bits = widthPresent[word];
        }
        return (word << 6) + Long.numberOfTrailingZeros(bits);
    }

    private void link(Entry e, Entry before, Entry after) {
        e.queued = true;
        e.previous = before;
        e.next = after;
        if (before == null) {
            head = e;
        } else {
            before.next = e;
        }
        if (after == null) {
            tail = e;
        } else {
            after.previous = e;
        }
    }

    private void unlink(Entry e) {
        if (e.previous == null) {
            head = e.next;
        } else {
            e.previous.next = e.next;
        }
        if (e.next == null) {
            tail = e.previous;
        } else {
            e.next.previous = e.previous;
        }
        e.previous = null;
        e.next = null;
        e.queued = false;
    }

    private void relink(List<Entry> sorted) {
        Entry before = null;
        head = null;
        tail = null;
        for (Entry e : sorted) {
            e.next = null;
            link(e, before, null);
            before = e;
        }
    }

    /** The fewest processors any waiting job needs (MAX_VALUE when none waits). */
    int narrowest() {
        return narrowest;
    }

    boolean contains(Entry e) {
        return !e.running && e.queued;
    }

    int size() {
        return jobs.size();
    }

    Entry first() {
        return head;
    }

    /** The job after {@code e} in the order (e need not be in the queue any more: then found in the tree). */
    Entry after(Entry e) {
        return e.queued ? e.next : jobs.higher(e);
    }

    /** Whether {@code a} comes before {@code b}. */
    boolean before(Entry a, Entry b) {
        return BY_KEY.compare(a, b) < 0;
    }

    Iterable<Entry> inOrder() {
        return jobs;
    }

    List<QueuedJob> jobs() {
        List<QueuedJob> list = new ArrayList<>(jobs.size());
        for (Entry e : jobs) {
            list.add(e.job);
        }
        return list;
    }

    void clear() {
        for (Entry e : jobs) {
            e.previous = null;
            e.next = null;
            e.queued = false;
        }
        jobs.clear();
        Arrays.fill(widthCount, 0);
        Arrays.fill(widthPresent, 0L);
        narrowest = Integer.MAX_VALUE;
        head = null;
        tail = null;
    }
}
