package org.gridsched.meta;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.SelectionHeuristic.Candidate;
import org.gridsched.api.grid.WaitingJob;

/** Builds the candidates of a selection step, with fresh completion times, for both reallocation algorithms. */
final class Candidates {
    /** Oldest submission first, then job id: the deterministic order ties are broken in. */
    static final Comparator<WaitingJob> OLDEST_FIRST =
            Comparator.comparingDouble(WaitingJob::submitTime).thenComparingLong(WaitingJob::id);

    private Candidates() {
    }

    /** Every waiting job of the platform, oldest first. */
    static List<WaitingJob> allWaiting(GridControl grid) {
        List<WaitingJob> all = new ArrayList<>();
        for (int c = 0; c < grid.clusterCount(); c++) {
            all.addAll(grid.waiting(c));
        }
        all.sort(OLDEST_FIRST);
        return all;
    }

    /**
     * @param remaining jobs still to handle, oldest first
     * @param limit     how many of the oldest to offer the heuristic (0 = all)
     * @param queued    true while the jobs sit in their queues (regular reallocation): the current cluster's
     *                  value is the planned completion and "new" means elsewhere; false after a global
     *                  cancellation: every cluster is estimated and "current" is the value before it
     * @param before    completion times recorded before a global cancellation, by job id (when !queued)
     */
    static List<Candidate> build(GridControl grid, List<WaitingJob> remaining, int limit, boolean queued,
            Map<Long, Double> before) {
        int n = limit > 0 ? Math.min(limit, remaining.size()) : remaining.size();
        List<Candidate> list = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            WaitingJob j = remaining.get(k);
            double[] ect = new double[grid.clusterCount()];
            double current = queued ? grid.currentCompletion(j) : before.get(j.id());
            double best = Double.POSITIVE_INFINITY;
            double second = Double.POSITIVE_INFINITY;
            double elsewhere = Double.POSITIVE_INFINITY;
            for (int c = 0; c < ect.length; c++) {
                ect[c] = queued && c == j.cluster() ? current : grid.estimateCompletion(c, j);
                if (ect[c] < best) {
                    second = best;
                    best = ect[c];
                } else if (ect[c] < second) {
                    second = ect[c];
                }
                if (c != j.cluster()) {
                    elsewhere = Math.min(elsewhere, ect[c]);
                }
            }
            list.add(new Step(j, current, ect, best, second, queued ? elsewhere : best));
        }
        return list;
    }

    /** The cluster with the smallest completion among those given, ties to the first listed; -1 if none fits. */
    static int argmin(double[] completions, int excluded) {
        int best = -1;
        for (int c = 0; c < completions.length; c++) {
            if (c != excluded && completions[c] != Double.POSITIVE_INFINITY && (best < 0 || completions[c] < completions[best])) {
                best = c;
            }
        }
        return best;
    }

    record Step(WaitingJob job, double currentCompletion, double[] completions, double bestCompletion,
            double secondBestCompletion, double newCompletion) implements Candidate {
        @Override
        public double completion(int cluster) {
            return completions[cluster];
        }
    }
}
