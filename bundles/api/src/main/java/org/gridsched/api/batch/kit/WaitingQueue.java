package org.gridsched.api.batch.kit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

import org.gridsched.api.batch.QueuedJob;

/**
 * The waiting jobs sorted by the {@link JobOrder}'s key, then submission order, in a balanced tree:
 * O(log n) to add, remove or step to the next job. Keys are recomputed only when a recalculation period
 * has passed; then the whole tree is rebuilt once, in O(n log n), instead of re-sorting at every event.
 */
final class WaitingQueue {
    private static final Comparator<Entry> BY_KEY =
            Comparator.<Entry>comparingDouble(e -> e.key).thenComparingLong(e -> e.order);

    private final JobOrder order;
    private final double period;
    private double nextRecalculation;
    private TreeSet<Entry> jobs = new TreeSet<>(BY_KEY);
    /** How many waiting jobs have each width: the narrowest ends a backfill scan once it no longer fits. */
    private final TreeMap<Integer, Integer> widths = new TreeMap<>();

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
        widths.merge(e.width, 1, Integer::sum);
        if (nextRecalculation == Double.POSITIVE_INFINITY && period != Double.POSITIVE_INFINITY) {
            nextRecalculation = next(now);
        }
    }

    private double key(QueuedJob job, double now) {
        double k = order.key(job, now);
        if (Double.isNaN(k)) {
            throw new IllegalStateException("the job order gave NaN as the key of job " + job.id());
        }
        return k;
    }

    private double next(double now) {
        return (Math.floor(now / period) + 1) * period;
    }

    /**
     * Recomputes every key if a recalculation instant has come; true if it did (the order may have changed).
     */
    boolean recalculate(double now) {
        if (now < nextRecalculation) {
            return false;
        }
        nextRecalculation = jobs.isEmpty() ? Double.POSITIVE_INFINITY : next(now);
        List<Entry> all = new ArrayList<>(jobs);
        for (Entry e : all) {
            e.key = key(e.job, now);
        }
        jobs = new TreeSet<>(BY_KEY);
        jobs.addAll(all);
        return true;
    }

    boolean remove(Entry e) {
        if (!jobs.remove(e)) {
            return false;
        }
        widths.merge(e.width, -1, (a, b) -> a + b == 0 ? null : a + b);
        return true;
    }

    /** The fewest processors any waiting job needs (MAX_VALUE when none waits). */
    int narrowest() {
        return widths.isEmpty() ? Integer.MAX_VALUE : widths.firstKey();
    }

    boolean contains(Entry e) {
        return !e.running && jobs.contains(e);
    }

    int size() {
        return jobs.size();
    }

    Entry first() {
        return jobs.isEmpty() ? null : jobs.first();
    }

    /** The job after {@code e} in the order (e need not be in the queue any more). */
    Entry after(Entry e) {
        return jobs.higher(e);
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
        jobs.clear();
        widths.clear();
    }
}
