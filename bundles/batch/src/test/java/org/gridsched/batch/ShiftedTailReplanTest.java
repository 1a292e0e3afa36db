package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.Reservation;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.FailureSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ConservativeScheduler}'s re-plan that moves the jobs after a job as wide as the cluster as a whole (the tail
 * of the plan) gives the plan that placing every waiting job again gives: checked after every such re-plan, job by job
 * and breakpoint by breakpoint ({@code checkShiftedTails}), and over whole runs against the scheduler without it, on
 * seeded workloads where processors fail and repairs come back while jobs as wide as the cluster wait (the case it is
 * for: every failure repaired after the wide job's planned start collides with it). Some requested times are
 * over-estimated, so that early ends compress the plan between re-plans (the tail stays a re-plan's only while no job
 * after the wide one moves); the even seeds re-submit killed jobs, and one in three runs with co-allocation claims on
 * top ({@link CompressionCrossCheckTest.ClaimsController}).
 */
class ShiftedTailReplanTest {

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 40);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void movingTheTailGivesWhatPlacingEveryJobGives(long seed) {
        int[] procs = clusters(seed);
        List<JobRecord> jobs = workload(seed, procs);
        Run checked = run(seed, procs, jobs, true, true);
        Run without = run(seed, procs, jobs, false, false);
        int mismatches = 0;
        String first = null;
        for (int i = 0; i < jobs.size(); i++) {
            if (checked.starts[i] != without.starts[i] || checked.clusters[i] != without.clusters[i]) {
                if (first == null) {
                    first = "job #" + i + ": without " + without.starts[i] + " on " + without.clusters[i] + ", with "
                            + checked.starts[i] + " on " + checked.clusters[i];
                }
                mismatches++;
            }
        }
        assertEquals(0, mismatches, mismatches + " of " + jobs.size() + " starts differ; first: " + first);
        assertEquals(0, without.shifted, "the scheduler without it never moves a tail");
        // the case was met: not a check that holds because the path never ran
        assertTrue(checked.shifted >= 10, "tails moved as a whole: " + checked.shifted);
        assertTrue(checked.killed > 0, "failures killed jobs");
    }

    /**
     * The re-plan also gives up part way (a job's side of the wide job changed: from there on it places the jobs as
     * always, on the moved tail without them), and is checked so: on every third seed, at least ten times in all.
     */
    @Test
    void givingUpPartWayIsCheckedToo() {
        int givenUp = 0;
        int shifted = 0;
        for (long seed = 1; seed <= 40; seed += 3) {
            int[] procs = clusters(seed);
            Run r = run(seed, procs, workload(seed, procs), true, true);
            givenUp += r.givenUp;
            shifted += r.shifted;
        }
        assertTrue(givenUp >= 10, "re-plans that gave up part way: " + givenUp + " (of " + shifted + " moved whole)");
    }

    /**
     * A reservation given back after the wide job's start makes the tail no longer a re-plan's, even when the
     * compression then moves no job. On 4 processors, hand-driven: all 4 down over [0, 100), a claim of 3 over
     * [200, 300); B (4 processors, 50 s), P1 (4, 100 s) and P2 (1, 140 s) arrive at 0. At 10 the outage is extended
     * to 110: B collides and every job is placed again, B [110, 160), P1 after the claim [300, 400) and P2 beside the
     * claim [160, 300). At 20 the claim is given back: P1 could now start at 160 if P2 were not there, and P2, placed
     * after P1, would not be there: placing every job again would put P1 at [160, 260), but the compression, which
     * tries each job with the others in place, moves nothing. At 30 a processor fails until 170 and B collides: P1 must
     * come before P2, [220, 320) and [320, 460), where moving the old tail by B's shift would give P1 [360, 460). At 40
     * another failure until 240 collides again (P2 still does not fit before B: one processor is free over [110, 240),
     * 130 s), and now the tail, a re-plan's, moves as a whole by 70 s.
     */
    @Test
    void aReservationGivenBackAfterTheWideJobsStartIsNotMovedAcross() {
        HandCluster c = new HandCluster(4);
        ConservativeScheduler s = new ConservativeScheduler(c);
        s.checkShiftedTails = true;
        c.scheduler = s;
        HandCluster.Outage down = c.reserve(0, 100, 4);
        HandCluster.Outage claim = c.reserve(200, 300, 3);
        HandJob b = c.submit(new HandJob(1, 50, 4));
        HandJob p1 = c.submit(new HandJob(2, 100, 4));
        HandJob p2 = c.submit(new HandJob(3, 140, 1));
        c.at(10);
        down.end = 110;
        s.reservationsChanged();
        assertEquals(List.of(110.0, 300.0, 160.0), List.of(s.plannedStart(b), s.plannedStart(p1), s.plannedStart(p2)));
        c.at(20);
        c.outages.remove(claim);
        s.reservationsChanged();
        assertEquals(List.of(110.0, 300.0, 160.0), List.of(s.plannedStart(b), s.plannedStart(p1), s.plannedStart(p2)),
                "the compression moves nothing");
        c.at(30);
        c.reserve(30, 170, 1);
        s.reservationsChanged();
        assertEquals(List.of(170.0, 220.0, 320.0), List.of(s.plannedStart(b), s.plannedStart(p1), s.plannedStart(p2)));
        assertEquals(0, s.tailsShifted, "not moved across the given-back claim");
        c.at(40);
        c.reserve(40, 240, 1);
        s.reservationsChanged();
        assertEquals(List.of(240.0, 290.0, 390.0), List.of(s.plannedStart(b), s.plannedStart(p1), s.plannedStart(p2)));
        assertEquals(1, s.tailsShifted, "the re-plan's tail moved as a whole");
    }

    /** A job for {@link HandCluster}: submitted at 0, in the order of its id. */
    private static final class HandJob implements QueuedJob {
        private final long id;
        private final double requested;
        private final int processors;
        private Object attachment;

        HandJob(long id, double requested, int processors) {
            this.id = id;
            this.requested = requested;
            this.processors = processors;
        }

        public long id() { return id; }
        public double submitTime() { return 0; }
        public double requestedTime() { return requested; }
        public int processors() { return processors; }
        public long submitOrder() { return id; }
        public Object attachment() { return attachment; }
        public void attach(Object state) { attachment = state; }
    }

    /** A cluster driven by hand: the test moves the clock and changes the reservations; no job is due before 100. */
    private static final class HandCluster implements Cluster {
        /** A reservation whose span the test may change, as the engine changes a failure's. */
        static final class Outage implements Reservation {
            double start;
            double end;
            final int processors;

            Outage(double start, double end, int processors) {
                this.start = start;
                this.end = end;
                this.processors = processors;
            }

            public double start() { return start; }
            public double end() { return end; }
            public int processors() { return processors; }
        }

        private final int processors;
        private double now;
        ConservativeScheduler scheduler;
        final List<Reservation> outages = new ArrayList<>();

        HandCluster(int processors) {
            this.processors = processors;
        }

        void at(double t) {
            now = t;
        }

        Outage reserve(double start, double end, int count) {
            Outage o = new Outage(start, end, count);
            outages.add(o);
            return o;
        }

        HandJob submit(HandJob job) {
            scheduler.jobSubmitted(job);
            return job;
        }

        public String name() { return "hand"; }
        public int processors() { return processors; }
        public double speed() { return 1; }
        public double now() { return now; }
        public int freeProcessors() { return 0; }
        public void wakeUpAt(double time) { }
        public List<Reservation> reservations() { return outages; }

        public void start(QueuedJob job) {
            throw new IllegalStateException("no job is due in this test: " + job.id());
        }
    }

    /** One cluster of 16, 32 or 64 processors; on every fourth seed two of the same size (a wide job fits either). */
    static int[] clusters(long seed) {
        int p = 16 << new SplittableRandom(seed * 977).nextInt(3);
        return seed % 4 == 0 ? new int[] {p, p} : new int[] {p};
    }

    /**
     * 3,000 jobs at a load of about 0.9; one in ten as wide as a cluster, the rest 1-8 processors; a third of the
     * requested times over-estimated up to 3 times.
     */
    static List<JobRecord> workload(long seed, int[] procs) {
        SplittableRandom rnd = new SplittableRandom(seed * 7919 + 1);
        int smallest = procs[0];
        List<JobRecord> jobs = new ArrayList<>();
        double t = 0;
        for (int i = 1; i <= 3000; i++) {
            int q = rnd.nextInt(10) == 0 ? smallest : 1 + rnd.nextInt(8);
            double runtime = 1 + Math.floor(-Math.log(1 - rnd.nextDouble()) * 400);
            t += Math.floor(-Math.log(1 - rnd.nextDouble()) * 400 * (0.9 * 4.5 + 0.1 * smallest) / (0.9 * smallest * procs.length));
            double requested = rnd.nextInt(3) == 0 ? Math.floor(runtime * (1 + 2 * rnd.nextDouble())) : runtime;
            jobs.add(new JobRecord().set(i, t, runtime, requested, q));
        }
        return jobs;
    }

    /** Node failures every few hundred seconds per cluster, repairs of a few hundred seconds. */
    static FailureSpec failures(long seed, int[] procs) {
        List<FailureSpec.Model> models = new ArrayList<>();
        for (int p : procs) {
            int nodeSize = 1 << (int) (seed % 3);
            double mtbf = (150.0 + seed % 5 * 100) * p / nodeSize;
            FailureSpec.Distribution d = seed % 4 == 0 ? FailureSpec.Distribution.WEIBULL : FailureSpec.Distribution.EXPONENTIAL;
            models.add(new FailureSpec.Model(d, mtbf, 0.7, 200 + seed % 3 * 200, seed % 2 == 0 ? 0 : 1, nodeSize));
        }
        return new FailureSpec(List.of(), models, seed % 2 == 0, (int) (seed % 3), seed * 53, 0);
    }

    private record Run(double[] starts, int[] clusters, int killed, int shifted, int givenUp) {}

    private static Run run(long seed, int[] procs, List<JobRecord> jobs, boolean shiftTails, boolean check) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (int i = 0; i < procs.length; i++) {
            specs.add(new ClusterSpec("c" + i, procs[i], 1.0));
        }
        double until = jobs.get(jobs.size() - 1).submitTime;
        Simulation.Settings settings = new Simulation.Settings();
        settings.killAtRequestedTime = true;
        settings.failures = failures(seed, procs);
        if (seed % 3 == 0) {
            settings.controllers = List.of(grid -> new CompressionCrossCheckTest.ClaimsController(grid, seed, procs, until));
        }
        settings.router = grid -> CompressionCrossCheckTest.earliestEstimatedStart(grid, procs.length);
        List<ConservativeScheduler> schedulers = new ArrayList<>();
        Simulation sim = new Simulation(new Platform(specs), c -> {
            ConservativeScheduler s = new ConservativeScheduler(c);
            s.shiftTails = shiftTails;
            s.checkShiftedTails = check;
            schedulers.add(s);
            return s;
        }, List.of(), settings);
        SimulationResult result = sim.run(new ListJobSource("shifted-tails", jobs));
        double[] starts = new double[jobs.size()];
        int[] clusters = new int[jobs.size()];
        for (SimJob j : result.jobs()) {
            assertTrue(j.isDone(), j + " ran");
            starts[j.index()] = j.startTime();
            clusters[j.index()] = j.cluster();
        }
        int shifted = 0;
        int givenUp = 0;
        for (ConservativeScheduler s : schedulers) {
            shifted += s.tailsShifted;
            givenUp += s.shiftsGivenUp;
        }
        int killed = ((Number) result.failures().get("failure_kills")).intValue();
        return new Run(starts, clusters, killed, shifted, givenUp);
    }
}
