package org.gridsched.meta;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 * heuristic picks, with completion times recomputed before each pick.
 */
final class Reallocations {
    static final String PERIOD = "period";
    static final String THRESHOLD = "threshold";
    static final String LIMIT = "limit";

    private Reallocations() {
    }

    static Parameter period() {
        return new Parameter(PERIOD, "3600", "seconds between reallocation events; the first comes one period after the first submission");
    }

    static Parameter limit() {
        return new Parameter(LIMIT, "0", "offer the heuristic only this many of the oldest remaining jobs at each pick (the thesis used 20); 0 = all");
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
            return List.of(period(), new Parameter(THRESHOLD, "60", "minimum gain in seconds for a move (strict)"), limit());
        }

        @Override
        public Reallocator create(GridControl grid, SelectionHeuristic heuristic, PluginOptions options) {
            double period = options.getPositive(PERIOD, 3600);
            double threshold = options.getDouble(THRESHOLD, 60);
            int limit = options.getInt(LIMIT, 0);
            return new Reallocator() {
                @Override
                public double period() {
                    return period;
                }

                @Override
                public void reallocate() {
                    List<WaitingJob> remaining = Candidates.allWaiting(grid);
                    while (!remaining.isEmpty()) {
                        remaining.removeIf(j -> !j.stillWaiting());
                        if (remaining.isEmpty()) {
                            break;
                        }
                        List<Candidate> candidates = Candidates.build(grid, remaining, limit, true, null);
                        Candidate pick = candidates.get(heuristic.select(candidates));
                        WaitingJob job = pick.job();
                        int to = Candidates.argmin(((Candidates.Step) pick).completions(), job.cluster());
                        if (to >= 0 && pick.newCompletion() + threshold < pick.currentCompletion() && grid.cancel(job)) {
                            grid.submit(job, to);
                        }
                        remaining.remove(job);
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
            return List.of(period(), limit());
        }

        @Override
        public Reallocator create(GridControl grid, SelectionHeuristic heuristic, PluginOptions options) {
            double period = options.getPositive(PERIOD, 3600);
            int limit = options.getInt(LIMIT, 0);
            return new Reallocator() {
                @Override
                public double period() {
                    return period;
                }

                @Override
                public void reallocate() {
                    List<WaitingJob> remaining = Candidates.allWaiting(grid);
                    // completion times before the cancellation: the "current" value of the gain heuristics
                    Map<Long, Double> before = new HashMap<>();
                    for (WaitingJob j : remaining) {
                        before.put(j.id(), grid.currentCompletion(j));
                    }
                    remaining.removeIf(j -> !grid.cancel(j)); // a job that started meanwhile stays where it runs
                    while (!remaining.isEmpty()) {
                        List<Candidate> candidates = Candidates.build(grid, remaining, limit, false, before);
                        Candidate pick = candidates.get(heuristic.select(candidates));
                        grid.submit(pick.job(), Candidates.argmin(((Candidates.Step) pick).completions(), -1));
                        remaining.remove(pick.job());
                    }
                }
            };
        }
    }
}
