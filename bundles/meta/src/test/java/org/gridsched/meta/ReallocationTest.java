package org.gridsched.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.grid.SelectionHeuristic.Candidate;
import org.gridsched.api.grid.WaitingJob;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Test;

/** Heuristic choices and reallocation moves, pinned on hand-made estimates and on one engine scenario. */
class ReallocationTest {

    /** A grid whose completion estimates come from a table and do not react to moves. */
    static final class FakeGrid implements GridControl {
        final int clusters;
        final List<Job> jobs = new ArrayList<>();
        final List<String> log = new ArrayList<>();

        FakeGrid(int clusters) {
            this.clusters = clusters;
        }

        final class Job implements WaitingJob {
            final long id;
            final int procs;
            final double submit;
            int cluster;
            int origin = -1;
            int moves;
            boolean cancelled;
            final double[] ect;

            Job(long id, double submit, int procs, int cluster, double... ect) {
                this.id = id;
                this.submit = submit;
                this.procs = procs;
                this.cluster = cluster;
                this.ect = ect;
            }

            public long id() {
                return id;
            }

            public double submitTime() {
                return submit;
            }

            public int processors() {
                return procs;
            }

            public double requestedTime() {
                return 100;
            }

            public int cluster() {
                return cluster;
            }

            public int moves() {
                return moves;
            }

            public boolean stillWaiting() {
                return true;
            }
        }

        Job add(long id, double submit, int procs, int cluster, double... ect) {
            Job j = new Job(id, submit, procs, cluster, ect);
            jobs.add(j);
            return j;
        }

        public double now() {
            return 0;
        }

        public int clusterCount() {
            return clusters;
        }

        public String clusterName(int c) {
            return "c" + c;
        }

        public int processors(int c) {
            return 8;
        }

        public double speed(int c) {
            return 1;
        }

        public int freeProcessors(int c) {
            return 0;
        }

        public int waitingJobs(int c) {
            return waiting(c).size();
        }

        public double estimateCompletion(int c, JobRequest job) {
            return ((Job) job).ect[c];
        }

        public List<WaitingJob> waiting(int c) {
            List<WaitingJob> l = new ArrayList<>();
            for (Job j : jobs) {
                if (j.cluster == c && !j.cancelled) {
                    l.add(j);
                }
            }
            return l;
        }

        public double currentCompletion(WaitingJob job) {
            Job j = (Job) job;
            return j.ect[j.cluster];
        }

        public boolean cancel(WaitingJob job) {
            Job j = (Job) job;
            j.cancelled = true;
            if (j.origin < 0) {
                j.origin = j.cluster;
            }
            log.add("cancel " + j.id);
            return true;
        }

        public List<WaitingJob> cancelAll() {
            List<WaitingJob> all = new ArrayList<>();
            for (int c = 0; c < clusters; c++) {
                all.addAll(waiting(c));
            }
            all.sort(CompletionTable.OLDEST_FIRST);
            log.add("cancel all");
            for (WaitingJob w : all) {
                Job j = (Job) w;
                j.cancelled = true;
                if (j.origin < 0) {
                    j.origin = j.cluster;
                }
            }
            return all;
        }

        public void submit(WaitingJob job, int c) {
            Job j = (Job) job;
            j.cancelled = false;
            if (c != j.origin) {
                j.moves++;
            }
            j.cluster = c;
            log.add("submit " + j.id + " c" + c);
        }
    }

    private static final double INF = Double.POSITIVE_INFINITY;

    private static Reallocator regular(GridControl g, SelectionHeuristic h) {
        return new Reallocations.Regular().create(g, h, PluginOptions.empty("regular"));
    }

    @Test
    void regularMovesOnlyForMoreThanTheThreshold() {
        FakeGrid g = new FakeGrid(3);
        g.add(1, 0, 1, 0, 1000, 940, 950);   // gains exactly 60: stays (strict)
        g.add(2, 1, 1, 0, 1000, 939, 939);   // gains 61 on c1 and c2: tie -> the first listed, c1
        g.add(3, 2, 8, 0, 5000, INF, INF);   // fits only its cluster: stays
        g.add(4, 3, 1, 2, 100, 700, 900);    // on c2 (900); its best is c0 (100): moves there
        regular(g, new SelectionHeuristics.Mct()).reallocate();
        assertEquals(List.of("cancel 2", "submit 2 c1", "cancel 4", "submit 4 c0"), g.log);
        assertEquals(1, g.jobs.get(1).moves);
    }

    @Test
    void allCancellationResubmitsEveryJobWhereItCompletesFirst() {
        FakeGrid g = new FakeGrid(2);
        g.add(1, 0, 1, 0, 500, 600);   // best where it was: back to c0, not a move
        g.add(2, 1, 1, 0, 900, 800);   // moves to c1
        new Reallocations.AllCancellation().create(g, new SelectionHeuristics.Mct(), PluginOptions.empty("all-cancellation"))
                .reallocate();
        assertEquals(List.of("cancel all", "submit 1 c0", "submit 2 c1"), g.log);
        assertEquals(0, g.jobs.get(0).moves);
        assertEquals(1, g.jobs.get(1).moves);
    }

    /** Candidates a (oldest), b, c on two clusters: current, best, second best, new, processors. */
    private static List<Candidate> candidates() {
        List<Candidate> l = new ArrayList<>();
        l.add(step(1, 1, 1000, 400, 900, 400));  // gain 600, rel 600, sufferage 500, best 400
        l.add(step(2, 4, 2000, 300, 1000, 300)); // gain 1700, rel 425, sufferage 700, best 300
        l.add(step(3, 2, 3000, 900, 950, 900));  // gain 2100, rel 1050, sufferage 50, best 900
        return l;
    }

    private static Candidate step(long id, int procs, double current, double best, double second, double newer) {
        FakeGrid g = new FakeGrid(2);
        FakeGrid.Job j = g.add(id, id, procs, 0, current, best);
        return new Candidate() {
            public WaitingJob job() {
                return j;
            }

            public double currentCompletion() {
                return current;
            }

            public double completion(int cluster) {
                return cluster == 0 ? current : best;
            }

            public double bestCompletion() {
                return best;
            }

            public double secondBestCompletion() {
                return second;
            }

            public double newCompletion() {
                return newer;
            }
        };
    }

    /**
     * The thesis's window (oldest = 2): MinMin orders the two oldest jobs (2 before 1, its best is
     * smaller), then jobs 3 and 4 follow in submission order although 4's best completion is the smallest
     * of all. Without the window MinMin would take 4 first.
     */
    @Test
    void theThesisWindowOrdersTheOldestThenTheRestInSubmissionOrder() {
        FakeGrid g = new FakeGrid(2);
        g.add(1, 0, 1, 0, 900, 800);
        g.add(2, 1, 1, 0, 700, 600);
        g.add(3, 2, 1, 0, 500, 450);
        g.add(4, 3, 1, 0, 300, 100);
        new Reallocations.AllCancellation().create(g, new SelectionHeuristics.MinMin(),
                new PluginOptions("all-cancellation", java.util.Map.of("oldest", 2))).reallocate();
        assertEquals(List.of("cancel all", "submit 2 c1", "submit 1 c1", "submit 3 c1", "submit 4 c1"), g.log);

        FakeGrid all = new FakeGrid(2);
        all.add(1, 0, 1, 0, 900, 800);
        all.add(2, 1, 1, 0, 700, 600);
        all.add(3, 2, 1, 0, 500, 450);
        all.add(4, 3, 1, 0, 300, 100);
        new Reallocations.AllCancellation().create(all, new SelectionHeuristics.MinMin(), PluginOptions.empty("all-cancellation"))
                .reallocate();
        assertEquals(List.of("cancel all", "submit 4 c1", "submit 3 c1", "submit 2 c1", "submit 1 c1"), all.log);
    }

    @Test
    void windowOptionsAreCheckedAndExcludeEachOther() {
        FakeGrid g = new FakeGrid(2);
        var both = new PluginOptions("regular", java.util.Map.of("limit", 20, "oldest", 20));
        var e = org.junit.jupiter.api.Assertions.assertThrows(org.gridsched.api.InputException.class,
                () -> new Reallocations.Regular().create(g, new SelectionHeuristics.MinMin(), both));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("cannot be combined with limit"), e.getMessage());
        var negative = new PluginOptions("regular", java.util.Map.of("oldest", -1));
        org.junit.jupiter.api.Assertions.assertThrows(org.gridsched.api.InputException.class,
                () -> new Reallocations.Regular().create(g, new SelectionHeuristics.MinMin(), negative));
    }

    @Test
    void eachHeuristicPicksItsJob() {
        assertEquals(0, new SelectionHeuristics.Mct().select(candidates()));        // oldest
        assertEquals(1, new SelectionHeuristics.MinMin().select(candidates()));     // best 300
        assertEquals(2, new SelectionHeuristics.MaxMin().select(candidates()));     // best 900
        assertEquals(2, new SelectionHeuristics.MaxGain().select(candidates()));    // gain 2100
        assertEquals(2, new SelectionHeuristics.MaxRelGain().select(candidates())); // 2100 / 2 = 1050
        assertEquals(1, new SelectionHeuristics.Sufferage().select(candidates()));  // 700
        // ties go to the oldest
        List<Candidate> tie = List.of(step(5, 1, 100, 50, 60, 50), step(6, 1, 100, 50, 60, 50));
        for (SelectionHeuristic h : List.of(new SelectionHeuristics.MinMin(), new SelectionHeuristics.MaxMin(),
                new SelectionHeuristics.MaxGain(), new SelectionHeuristics.MaxRelGain(), new SelectionHeuristics.Sufferage())) {
            assertEquals(0, h.select(tie), h.name());
        }
    }

    @Test
    void earlyEndThenReallocationMovesAWaitingHeadAndTheJobBehindMovesUp() {
        // A and B: 4 processors each, FCFS, MCT at submission, regular reallocation with MCT every 100 s
        List<JobRecord> jobs = List.of(
                new JobRecord().set(1, 0, 10, 5000, 4),    // on A; ends at 10 instead of 5000
                new JobRecord().set(2, 1, 1000, 1000, 4),  // on B, runs [1, 1001)
                new JobRecord().set(3, 2, 3000, 3000, 4),  // on B (ECT 4001 < 8000 on A), waits
                new JobRecord().set(4, 3, 100, 100, 2));   // on B (ECT 4101 < 5100 on A), waits
        Simulation.Settings s = new Simulation.Settings();
        s.router = grid -> new EstimateBasedSchedulers.Mct().create(grid, PluginOptions.empty("mct"), 0);
        s.reallocation = grid -> new Reallocations.Regular().create(grid, new SelectionHeuristics.Mct(),
                new PluginOptions("regular", Map.of("period", 100)));
        FcfsPolicy fcfs = new FcfsPolicy();
        Platform p = new Platform(List.of(new ClusterSpec("A", 4, 1), new ClusterSpec("B", 4, 1)));
        SimulationResult r = new Simulation(p, c -> fcfs.create(c, PluginOptions.empty("fcfs")), List.of(), s)
                .run(new ListJobSource("scenario", jobs));
        Map<Long, SimJob> byId = new HashMap<>();
        r.jobs().forEach(j -> byId.put(j.id(), j));
        // at t=100: job 3 (head of B, ECT 4001) moves to the idle A (ECT 3100); job 4 becomes B's head, and
        // its ECT 1101 on B beats A's 3200, so it stays
        assertEquals(0, byId.get(3L).cluster());
        assertEquals(100.0, byId.get(3L).startTime());
        assertEquals(1, byId.get(3L).moves());
        assertEquals(1, byId.get(4L).cluster());
        assertEquals(1001.0, byId.get(4L).startTime());
        assertEquals(0, byId.get(4L).moves());
        assertEquals(1, r.reallocations());
        assertEquals(2.0, byId.get(3L).submitTime()); // the original submission time is kept
    }
}
