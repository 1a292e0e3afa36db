package org.gridsched.meta;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.SelectionHeuristic.Candidate;
import org.gridsched.api.grid.WaitingJob;

/**
 * The completion times of one reallocation event's jobs on every cluster, kept up to date incrementally.
 *
 * <p>A job's completion on cluster c depends only on c's queue (the event takes no simulated time), so a
 * move changes the estimates of two columns at most, and a resubmission after a global cancellation of one.
 * Each cluster has a version, bumped by {@link #changed}; a row remembers the version each of its values
 * was computed at and recomputes only stale values, and only when a heuristic reads it. So MCT, which
 * reads the oldest job only, asks O(n) estimates per event instead of O(n²), and the offline heuristics
 * ask one column per pick instead of every pair. The values are exactly those a full recomputation would
 * give.
 */
final class CompletionTable {
    /** Oldest submission first, then job id: the deterministic order ties are broken in. */
    static final Comparator<WaitingJob> OLDEST_FIRST =
            Comparator.comparingDouble(WaitingJob::submitTime).thenComparingLong(WaitingJob::id);

    private final GridControl grid;
    private final boolean queued;
    private final long[] version;
    /** Jobs still to handle, oldest first. */
    private final List<Row> rows = new ArrayList<>();
    /** How many of the oldest rows the heuristic orders before the rest go in submission order; 0 = all. */
    private int windowLeft;
    private final boolean windowed;

    /**
     * @param jobs    the event's jobs, oldest first
     * @param queued  true while the jobs sit in their queues (regular reallocation): a job's own cluster
     *                shows its planned completion there and "new" means elsewhere; false after a global
     *                cancellation: every cluster is estimated and "current" is the value before it
     * @param before  completion times recorded before a global cancellation, by job id (when !queued)
     * @param oldest  the thesis's window: the heuristic orders only the {@code oldest} oldest jobs, the
     *                rest follow in submission order (0 = the heuristic orders every job)
     */
    CompletionTable(GridControl grid, List<WaitingJob> jobs, boolean queued, Map<Long, Double> before, int oldest) {
        this.grid = grid;
        this.queued = queued;
        this.version = new long[grid.clusterCount()];
        for (WaitingJob j : jobs) {
            rows.add(new Row(j, queued ? Double.NaN : before.get(j.id())));
        }
        windowed = oldest > 0;
        windowLeft = Math.min(oldest, rows.size());
        for (int i = 0; i < windowLeft; i++) {
            rows.get(i).inWindow = true;
        }
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    /** Cluster c's queue changed: its estimates are stale. */
    void changed(int c) {
        version[c]++;
    }

    /** Drops the jobs that started (or otherwise left their queue) since they were listed. */
    void dropNotWaiting() {
        for (int i = rows.size() - 1; i >= 0; i--) {
            if (!rows.get(i).job.stillWaiting()) {
                remove(i);
            }
        }
    }

    /**
     * The candidates to offer the heuristic now: the jobs of the thesis's window while any is left (then
     * the oldest job alone), else the {@code limit} oldest (0 = all).
     */
    List<Candidate> candidates(int limit) {
        if (windowed) {
            if (windowLeft > 0) {
                List<Candidate> list = new ArrayList<>(windowLeft);
                for (Row r : rows) {
                    if (r.inWindow) {
                        list.add(r);
                    }
                }
                return list;
            }
            return List.of(rows.get(0));
        }
        int n = limit > 0 ? Math.min(limit, rows.size()) : rows.size();
        return n == rows.size() ? List.copyOf(rows) : List.copyOf(rows.subList(0, n));
    }

    /** Removes a handled job. */
    void handled(Candidate c) {
        int i = rows.indexOf((Row) c);
        if (i < 0) {
            throw new IllegalStateException(c.job() + " is not among the event's remaining jobs");
        }
        remove(i);
    }

    private void remove(int i) {
        Row r = rows.remove(i);
        if (r.inWindow) {
            windowLeft--;
        }
    }

    /** One job's completions, recomputed lazily where stale. */
    final class Row implements Candidate {
        final WaitingJob job;
        private final double[] completions = new double[version.length];
        private final long[] seen = new long[version.length];
        private double current;
        private double best;
        private double second;
        private double elsewhere;
        boolean inWindow;

        Row(WaitingJob job, double before) {
            this.job = job;
            this.current = before;
            java.util.Arrays.fill(seen, -1);
        }

        /** Recomputes the stale columns and the summary values. */
        private void refresh() {
            boolean stale = false;
            int own = job.cluster();
            for (int c = 0; c < completions.length; c++) {
                if (seen[c] != version[c]) {
                    seen[c] = version[c];
                    completions[c] = queued && c == own ? grid.currentCompletion(job) : grid.estimateCompletion(c, job);
                    stale = true;
                }
            }
            if (!stale) {
                return;
            }
            if (queued) {
                current = completions[own];
            }
            best = Double.POSITIVE_INFINITY;
            second = Double.POSITIVE_INFINITY;
            elsewhere = Double.POSITIVE_INFINITY;
            for (int c = 0; c < completions.length; c++) {
                double v = completions[c];
                if (v < best) {
                    second = best;
                    best = v;
                } else if (v < second) {
                    second = v;
                }
                if (c != own) {
                    elsewhere = Math.min(elsewhere, v);
                }
            }
        }

        /** The cluster with the smallest completion, ties to the first listed, skipping {@code excluded}; -1 if none fits. */
        int argmin(int excluded) {
            refresh();
            int b = -1;
            for (int c = 0; c < completions.length; c++) {
                if (c != excluded && completions[c] != Double.POSITIVE_INFINITY && (b < 0 || completions[c] < completions[b])) {
                    b = c;
                }
            }
            return b;
        }

        @Override
        public WaitingJob job() {
            return job;
        }

        @Override
        public double currentCompletion() {
            refresh();
            return current;
        }

        @Override
        public double completion(int cluster) {
            refresh();
            return completions[cluster];
        }

        @Override
        public double bestCompletion() {
            refresh();
            return best;
        }

        @Override
        public double secondBestCompletion() {
            refresh();
            return second;
        }

        @Override
        public double newCompletion() {
            refresh();
            return queued ? elsewhere : best;
        }
    }
}
