package org.gridsched.meta;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.ReallocationAlgorithm;
import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.grid.SelectionHeuristic.Candidate;
import org.gridsched.api.grid.WaitingJob;
import org.osgi.service.component.annotations.Component;

/**
 * The two reallocation algorithms of Caniou, Charrier and Desprez (INRIA RR-7226), each driven by a
 * selection heuristic. At every event (every {@code period} seconds from one period after the first
 * submission) they look at all waiting jobs, oldest first, and handle them one at a time in the order the
 * heuristic picks, with completion times up to date before each pick ({@link CompletionTable}).
 */
final class Reallocations {
    static final String PERIOD = "period";
    static final String THRESHOLD = "threshold";
    static final String LIMIT = "limit";
    static final String OLDEST = "oldest";
    /**
     * Bounds of {@code period}, in seconds. Trace times are whole seconds and the report's period is an hour, so no
     * study needs events closer than a second; below it the events, not the jobs, make up the run (period=1e-9
     * meant 10^9 events per simulated second: a run that never ends). 10^10 s is the time limit of every workload.
     */
    static final double MIN_PERIOD = 1;
    static final double MAX_PERIOD = 1e10;

    private Reallocations() {
    }

    /** Every waiting job of the platform, oldest first. */
    static List<WaitingJob> allWaiting(GridControl grid) {
        List<WaitingJob> all = new ArrayList<>();
        for (int c = 0; c < grid.clusterCount(); c++) {
            all.addAll(grid.waiting(c));
        }
        all.sort(CompletionTable.OLDEST_FIRST);
        return all;
    }

    static Parameter period() {
        return new Parameter(PERIOD, "3600", "seconds between reallocation events; the first comes one period after the first submission");
    }

    static Parameter limit() {
        return new Parameter(LIMIT, "0", "a sliding window: offer the heuristic only this many of the oldest remaining jobs at each pick; 0 = all (as in the report)");
    }

    static Parameter oldest() {
        return new Parameter(OLDEST, "0", "the thesis's window (moldable experiments, section 3.6.2): the heuristic orders the N oldest waiting jobs, the rest follow in submission order; 0 = off");
    }

    /** Reads {@code period}, within {@link #MIN_PERIOD}..{@link #MAX_PERIOD}. */
    static double period(PluginOptions options) {
        double period = options.getPositive(PERIOD, 3600);
        if (period < MIN_PERIOD || period > MAX_PERIOD) {
            throw new InputException(null, 0, PERIOD, "must be between 1 and 10^10 seconds for " + options.owner() + ", got " + period);
        }
        return period;
    }

    /** Reads {@code limit} and {@code oldest}, which exclude each other. */
    private static int[] windows(PluginOptions options) {
        int limit = options.getInt(LIMIT, 0);
        int oldest = options.getInt(OLDEST, 0);
        if (limit < 0) {
            throw new InputException(null, 0, LIMIT, "expected 0 (all jobs) or a positive number for " + options.owner() + ", got " + limit);
        }
        if (oldest < 0) {
            throw new InputException(null, 0, OLDEST, "expected 0 (off) or a positive number for " + options.owner() + ", got " + oldest);
        }
        if (limit > 0 && oldest > 0) {
            throw new InputException(null, 0, OLDEST, "cannot be combined with limit (" + limit + ") in " + options.owner()
                    + ": choose the sliding window (limit) or the thesis's window (oldest)");
        }
        return new int[] {limit, oldest};
    }

    /** The heuristic's choice, checked: a choice outside the list is the heuristic's error, said as such. */
    static int chosen(SelectionHeuristic heuristic, List<Candidate> candidates) {
        int i = heuristic.select(candidates);
        if (i < 0 || i >= candidates.size()) {
            throw new IllegalStateException("the selection heuristic '" + heuristic.name() + "' chose candidate " + i + " of "
                    + candidates.size() + " (valid: 0 to " + (candidates.size() - 1) + ")");
        }
        return i;
    }

    /**
     * Algorithm 1: a picked job moves to the cluster where it would complete first, if that beats its
     * current completion by more than the threshold ({@code new + threshold < current}, strict).
     */
    @Component(service = ReallocationAlgorithm.class, configurationPid = "gridsched.realloc.regular")
    public static final class Regular implements ReallocationAlgorithm {
        @Override
        public String name() {
            return "regular";
        }

        @Override
        public String description() {
            return "Move a waiting job to another cluster when its completion improves by more than the threshold";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(period(), new Parameter(THRESHOLD, "60", "minimum gain in seconds for a move (strict)"), limit(), oldest());
        }

        @Override
        public Reallocator create(GridControl grid, SelectionHeuristic heuristic, PluginOptions options) {
            double period = period(options);
            double threshold = options.getDouble(THRESHOLD, 60);
            int[] windows = windows(options);
            return new Reallocator() {
                @Override
                public double period() {
                    return period;
                }

                @Override
                public void reallocate() {
                    CompletionTable table = new CompletionTable(grid, allWaiting(grid), true, null, windows[1]);
                    while (true) {
                        table.dropNotWaiting(); // a cancel may have let a job start where it was
                        if (table.isEmpty()) {
                            break;
                        }
                        List<Candidate> candidates = table.candidates(windows[0]);
                        CompletionTable.Row pick = (CompletionTable.Row) candidates.get(chosen(heuristic, candidates));
                        WaitingJob job = pick.job();
                        int from = job.cluster();
                        int to = pick.argmin(from);
                        if (to >= 0 && pick.newCompletion() + threshold < pick.currentCompletion() && grid.cancel(job)) {
                            grid.submit(job, to);
                            table.changed(from);
                            table.changed(to);
                        }
                        table.handled(pick);
                    }
                }
            };
        }
    }

    /**
     * Algorithm 2: cancel every waiting job, then resubmit them one at a time, in the heuristic's order, to
     * the cluster where each would complete first (possibly the one it came from, which is not a move).
     */
    @Component(service = ReallocationAlgorithm.class, configurationPid = "gridsched.realloc.all-cancellation")
    public static final class AllCancellation implements ReallocationAlgorithm {
        @Override
        public String name() {
            return "all-cancellation";
        }

        @Override
        public String description() {
            return "Cancel every waiting job, then resubmit each, in the heuristic's order, where it completes first";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(period(), limit(), oldest());
        }

        @Override
        public Reallocator create(GridControl grid, SelectionHeuristic heuristic, PluginOptions options) {
            double period = period(options);
            int[] windows = windows(options);
            return new Reallocator() {
                @Override
                public double period() {
                    return period;
                }

                @Override
                public void reallocate() {
                    // completion times before the cancellation: the "current" value of the gain heuristics
                    Map<Long, Double> before = new HashMap<>();
                    for (WaitingJob j : allWaiting(grid)) {
                        before.put(j.id(), grid.currentCompletion(j));
                    }
                    // atomic: nothing starts between the first cancellation and the last
                    CompletionTable table = new CompletionTable(grid, grid.cancelAll(), false, before, windows[1]);
                    while (!table.isEmpty()) {
                        List<Candidate> candidates = table.candidates(windows[0]);
                        CompletionTable.Row pick = (CompletionTable.Row) candidates.get(chosen(heuristic, candidates));
                        int to = pick.argmin(-1);
                        grid.submit(pick.job(), to);
                        table.changed(to);
                        table.handled(pick);
                    }
                }
            };
        }
    }
}
