package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.control.Claim;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.Part;
import org.junit.jupiter.api.Test;

/**
 * Reservations the policies did not make, through the real engine, with hand-computed schedules on a
 * cluster of 10 processors. Jobs: id, submit, runtime, requested, processors.
 *
 * <p>The claim scenario: a controller claims 6 processors over [500, 800) at t=100 (4 are left over).
 * <pre>
 * job  submit  req  procs   FCFS  CBF   EASY
 *  1      0   1000   2        0     0     0    runs across the claim with job 2: 2 + 2 + 6 = 10
 *  2    120   1000   2      120   120   120
 *  3    150    300   4      150   150   150    ends at 450, before the claim (FCFS's head then)
 *  4    200    400   4      800   800   800    [t, t+400) would overlap the claim from 450 (when 4 are
 *                                              free) until 800; without the claim it starts at 450
 *  5    210    100   2      800   210   210    ends before the claim: CBF and EASY backfill it; FCFS
 *                                              keeps it behind job 4
 *  6    460     30   2      900   460   460    [460, 490) ends before the claim
 *  7    470    100   2      930   800   800    [470, 570) would overlap the claim: it waits until 800
 * </pre>
 * FCFS: at 800 jobs 4 and 5 take 6 of the 6 free processors; job 6 follows job 5's end at 900 and job 7
 * job 6's end at 930.
 */
class ReservationTest {
    private static final List<BatchPolicy> POLICIES = List.of(new FcfsPolicy(), new ConservativePolicy(), new EasyPolicy());

    /** Claims 6 processors over [500, 800) at t=100; releases the claim at {@code releaseAt} if given. */
    private static Function<GridOperations, Controller> claimer(double releaseAt, List<Claim> claims) {
        return grid -> {
            grid.timer(100, "claim");
            if (!Double.isNaN(releaseAt)) {
                grid.timer(releaseAt, "release");
            }
            return new Controller() {
                @Override
                public void timer(Object tag) {
                    if (tag.equals("claim")) {
                        Claim c = grid.claim(0, 6, 500, 300);
                        assertNotNull(c, "the claim fits: only job 1 (2 processors) runs at t=100");
                        claims.add(c);
                    } else {
                        grid.release(claims.get(0));
                    }
                }
            };
        };
    }

    private static ControlledRun claimScenario() {
        return ControlledRun.on(10)
                .job(1, 0, 1000, 1000, 2)
                .job(2, 120, 1000, 1000, 2)
                .job(3, 150, 300, 300, 4)
                .job(4, 200, 400, 400, 4)
                .job(5, 210, 100, 100, 2)
                .job(6, 460, 30, 30, 2)
                .job(7, 470, 100, 100, 2);
    }

    @Test
    void fcfsNeverStartsAJobIntoTheClaim() {
        List<Claim> claims = new ArrayList<>();
        claimScenario().controller(claimer(Double.NaN, claims)).run(new FcfsPolicy())
                .starts("fcfs", 1, 0, 2, 120, 3, 150, 4, 800, 5, 800, 6, 900, 7, 930);
        assertTrue(claims.get(0).over());
    }

    @Test
    void cbfPlansAroundTheClaim() {
        claimScenario().controller(claimer(Double.NaN, new ArrayList<>())).run(new ConservativePolicy())
                .starts("cbf", 1, 0, 2, 120, 3, 150, 4, 800, 5, 210, 6, 460, 7, 800);
    }

    @Test
    void easyBackfillsAroundTheClaim() {
        claimScenario().controller(claimer(Double.NaN, new ArrayList<>())).run(new EasyPolicy())
                .starts("easy", 1, 0, 2, 120, 3, 150, 4, 800, 5, 210, 6, 460, 7, 800);
    }

    @Test
    void withoutTheClaimJob4StartsWhenJob3Ends() {
        for (BatchPolicy p : POLICIES) {
            claimScenario().run(p).starts(p.name(), 4, 450);
        }
    }

    /**
     * Planned starts and estimates count the claim. At t=200 job 4's planned start is 800 under every
     * policy. At t=210 a new job of 4 processors for 400 s would start at 1000 (FCFS and EASY plan the
     * queue in order: job 4 at 800, job 5 beside it when FCFS still holds it; from 800 to 1000 only 2
     * processors are left; CBF: the same hole). Under CBF at t=210 (jobs 1, 2, 3 and 5 hold all 10
     * processors until 310; 2 are free over [310, 450), 6 over [450, 500), none during the claim, 2 from 800
     * beside job 4): 2 processors for 40 s start at 310; for 300 s they would overlap the claim from 310 or
     * 450, so 800.
     */
    @Test
    void plansAndEstimatesCountTheClaim() {
        for (BatchPolicy p : POLICIES) {
            List<Double> at200 = new ArrayList<>();
            claimScenario().controller(claimer(Double.NaN, new ArrayList<>()))
                    .probe(200, r -> at200.add(r.scheduler.plannedStart(r.job(4))))
                    .run(p);
            assertEquals(List.of(800.0), at200, p.name() + ": planned start of job 4 at t=200");
            List<Double> at210 = new ArrayList<>();
            claimScenario().controller(claimer(Double.NaN, new ArrayList<>()))
                    .probe(210, r -> at210.add(r.scheduler.estimateStart(4, 400)))
                    .run(p);
            assertEquals(List.of(1000.0), at210, p.name() + ": estimate at t=210");
        }
        List<Double> cbf = new ArrayList<>();
        claimScenario().controller(claimer(Double.NaN, new ArrayList<>()))
                .probe(210, r -> {
                    cbf.add(r.scheduler.estimateStart(2, 40));
                    cbf.add(r.scheduler.estimateStart(2, 300));
                })
                .run(new ConservativePolicy());
        assertEquals(List.of(310.0, 800.0), cbf);
    }

    /**
     * The claim is released at 600: job 4 starts then under every policy. FCFS: job 5 beside it, job 6 at
     * job 5's end (700), job 7 at job 6's end (730). CBF compresses job 7 from 800 to 600 (2 processors
     * are left beside jobs 1, 2, 4); EASY starts it at once as the new head.
     */
    @Test
    void aClaimReleasedEarlyLetsTheWaitingJobStartAtTheRelease() {
        claimScenario().controller(claimer(600, new ArrayList<>())).run(new FcfsPolicy())
                .starts("fcfs", 4, 600, 5, 600, 6, 700, 7, 730);
        claimScenario().controller(claimer(600, new ArrayList<>())).run(new ConservativePolicy())
                .starts("cbf", 4, 600, 5, 210, 6, 460, 7, 600);
        claimScenario().controller(claimer(600, new ArrayList<>())).run(new EasyPolicy())
                .starts("easy", 4, 600, 5, 210, 6, 460, 7, 600);
    }

    /** Takes job 50 at its arrival and starts it itself on 4 processors of cluster 0. */
    private static Function<GridOperations, Controller> foreignStarter(List<Boolean> started) {
        return grid -> new Controller() {
            @Override
            public boolean jobArrived(GridJob job) {
                if (job.id() != 50) {
                    return false;
                }
                started.add(grid.start(job, List.of(new Part(0, 4))));
                return true;
            }
        };
    }

    /**
     * A job started by a controller (job 50, 4 processors from 100, requested 400) is a reservation until
     * its requested end, 500. Job 1 needs the whole machine: planned at 500. Job 2 (6 processors for
     * 400 s) would delay it: CBF and EASY keep it for after job 1 (600). Job 3 (6 for 300 s) ends at 470,
     * before 500: CBF and EASY backfill it at once. FCFS: job 1 at 500, job 2 at 600, job 3 after job 2
     * (1000).
     */
    @Test
    void aJobStartedByAControllerIsPlannedAroundUntilItsRequestedEnd() {
        double[][] expected = {{500, 600, 1000}, {500, 600, 170}, {500, 600, 170}};
        for (int i = 0; i < POLICIES.size(); i++) {
            BatchPolicy p = POLICIES.get(i);
            List<Boolean> started = new ArrayList<>();
            List<Double> planned = new ArrayList<>();
            ControlledRun r = foreignScenario(400).controller(foreignStarter(started))
                    .probe(170, x -> planned.add(x.scheduler.plannedStart(x.job(1))))
                    .run(p);
            assertEquals(List.of(true), started);
            assertEquals(100.0, r.job(50).startTime());
            assertEquals(List.of(500.0), planned, p.name() + ": planned start of job 1 at t=170");
            r.starts(p.name(), 1, expected[i][0], 2, expected[i][1], 3, expected[i][2]);
        }
    }

    /**
     * The same, but job 50 ends early, at 300. FCFS starts job 1 at once (300), job 2 at 400, job 3 at
     * 800. CBF and EASY had backfilled job 3 (6 processors until 470): job 1 moves up to 470, job 2 to 570.
     */
    @Test
    void aControllersJobEndingEarlyGivesItsProcessorsBack() {
        double[][] expected = {{300, 400, 800}, {470, 570, 170}, {470, 570, 170}};
        for (int i = 0; i < POLICIES.size(); i++) {
            BatchPolicy p = POLICIES.get(i);
            foreignScenario(200).controller(foreignStarter(new ArrayList<>())).run(p)
                    .starts(p.name(), 50, 100, 1, expected[i][0], 2, expected[i][1], 3, expected[i][2]);
        }
    }

    /**
     * Killing off: job 50 (started by the controller, 4 processors, requested 400) runs 600 s. At 500 it
     * overruns and its reservation is extended to 900 (its requested time once more): job 1 (the whole
     * machine), planned at 500, is planned at 900 under FCFS and CBF. Job 50 really ends at 700, and
     * job 1 starts then under every policy.
     */
    @Test
    void anExtendedReservationIsPlannedAroundAndItsEarlyEndUsed() {
        for (BatchPolicy p : POLICIES) {
            List<Double> planned = new ArrayList<>();
            ControlledRun r = ControlledRun.on(10).noKill()
                    .job(50, 100, 600, 400, 4)
                    .job(1, 150, 100, 100, 10)
                    .controller(foreignStarter(new ArrayList<>()))
                    .probe(500, x -> planned.add(x.scheduler.plannedStart(x.job(1))))
                    .run(p);
            if (!p.name().equals("easy")) {
                assertEquals(List.of(900.0), planned, p.name() + ": planned start of job 1 after the overrun");
            }
            r.starts(p.name(), 50, 100, 1, 700);
            assertEquals(700.0, r.job(50).finishTime());
        }
    }

    /**
     * In one callback (t=100) a controller claims 6 processors over [500, 800) and then gives job 70 (5
     * processors, requested 450, taken at its arrival at 50) to the cluster: [100, 550) would overlap the
     * claim (6 + 5 > 10), so every policy starts it at 800, even if it is told of the claim only after the
     * callback returns.
     */
    @Test
    void aClaimMadeJustBeforeASubmissionInTheSameCallbackIsHonoured() {
        for (BatchPolicy p : POLICIES) {
            Function<GridOperations, Controller> c = grid -> new Controller() {
                GridJob taken;

                @Override
                public boolean jobArrived(GridJob job) {
                    taken = job;
                    grid.timer(100, "go");
                    return true;
                }

                @Override
                public void timer(Object tag) {
                    assertNotNull(grid.claim(0, 6, 500, 300));
                    grid.send(taken, 0);
                }
            };
            ControlledRun.on(10).job(70, 50, 450, 450, 5).controller(c).run(p).starts(p.name(), 70, 800);
        }
    }

    private static ControlledRun foreignScenario(double runtime50) {
        return ControlledRun.on(10)
                .job(50, 100, runtime50, 400, 4)
                .job(1, 150, 100, 100, 10)
                .job(2, 160, 400, 400, 6)
                .job(3, 170, 300, 300, 6);
    }

    /**
     * A job started in the claim at 500 (job 60, 6 processors, requested 400: its reservation runs to 900,
     * past the claim's end) keeps the processors: job 4 (4 for 400 s) now waits until 900 under every
     * policy, when job 60 ends (jobs 1 and 2 hold 4, job 60 holds 6 until then).
     */
    @Test
    void aJobStartedInTheClaimHoldsItsProcessorsUntilItsRequestedEnd() {
        for (BatchPolicy p : POLICIES) {
            List<Claim> claims = new ArrayList<>();
            Function<GridOperations, Controller> c = grid -> {
                grid.timer(100, "claim");
                return new Controller() {
                    GridJob taken;

                    @Override
                    public boolean jobArrived(GridJob job) {
                        if (job.id() != 60) {
                            return false;
                        }
                        taken = job;
                        return true;
                    }

                    @Override
                    public void timer(Object tag) {
                        claims.add(grid.claim(0, 6, 500, 300));
                    }

                    @Override
                    public void claimStarted(Claim claim) {
                        grid.start(taken, claim);
                    }
                };
            };
            ControlledRun r = ControlledRun.on(10)
                    .job(1, 0, 1000, 1000, 2)
                    .job(2, 120, 1000, 1000, 2)
                    .job(3, 150, 300, 300, 4)
                    .job(4, 200, 400, 400, 4)
                    .job(60, 300, 400, 400, 6)
                    .controller(c).run(p);
            assertNotNull(claims.get(0));
            r.starts(p.name(), 60, 500, 4, 900);
        }
    }

    /**
     * Spans are half-open: job 1 over [200, 500) does not overlap the claim over [500, 800), so every policy
     * starts it at 200 (the engine's own claim check accepts the same adjacency for a running job). The
     * engine then handles the claim's start at 500 (queued at t=100) before job 1's end at 500 (queued at
     * 200) and fails: "claim ... cannot start at t=500: only 4 processors are free". Enable once the engine
     * handles job ends before claim starts at the same instant.
     */
    @Test
    void aJobEndingExactlyWhereAClaimBeginsIsNotAnOverlap() {
        for (BatchPolicy p : POLICIES) {
            ControlledRun.on(10).job(1, 200, 300, 300, 6).controller(grid -> {
                grid.timer(100, "claim");
                return new Controller() {
                    @Override
                    public void timer(Object tag) {
                        assertNotNull(grid.claim(0, 6, 500, 300));
                    }
                };
            }).run(p).starts(p.name(), 1, 200);
        }
    }
}
