package org.gridsched.coalloc;

import static org.gridsched.coalloc.Harness.byId;
import static org.gridsched.coalloc.Harness.global;
import static org.gridsched.coalloc.Harness.local;
import static org.gridsched.coalloc.Harness.platform;
import static org.gridsched.coalloc.Harness.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.Part;
import org.gridsched.coalloc.control.CoallocationController;
import org.gridsched.coalloc.placement.PlacementPolicy;
import org.gridsched.coalloc.placement.PlacementRequest;
import org.gridsched.coalloc.placers.WorstFit;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Test;

/** The controller end to end on hand-computed schedules (FCFS local schedulers, deadlines fixed by d_min = d_max). */
class CoallocationTest {

    private static Map<String, Object> options(Object... kv) {
        Map<String, Object> m = new HashMap<>(Map.of("lp", 0.7, "mp", 3));
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static String row(SimulationResult r, long id) {
        for (String line : r.files().get("coalloc.csv").split("\n")) {
            if (line.startsWith(id + ",")) {
                return line;
            }
        }
        throw new AssertionError("no row for job " + id);
    }

    /**
     * 4 x 32 idle processors; a job of 3 x 8 submitted at 0 with its deadline at 1000 is placed by its first try
     * at 700 (worst fit: c0, then c1 and c2, the emptiest left), claims 3 x 8 processors from 700 and starts at
     * 1000 on all three at once. The claims are idle 300 s each (7,200 processor-seconds wasted). A local job
     * of 32 processors arriving at 800 on c0 waits for the global job's end at 1100; one of 24 on c1 starts at
     * once beside the claim.
     */
    @Test
    void allComponentsStartAtTheDeadlineInTheirClaims() {
        SimulationResult r = run(platform(32, 32, 32, 32), List.of(global(1, 0, 100, 3, 8), local(2, 800, 50, 32, 0),
                local(3, 800, 50, 24, 1)), options("d_min", 1000, "d_max", 1000, "priority", "lp"));
        SimJob g = byId(r).get(1L);
        assertEquals(1000, g.startTime());
        assertEquals(1100, g.finishTime());
        assertEquals(3, g.allocation().parts());
        assertEquals(List.of(0, 1, 2), List.of(g.allocation().cluster(0), g.allocation().cluster(1), g.allocation().cluster(2)));
        for (int p = 0; p < 3; p++) {
            assertEquals(8, g.allocation().processors(p));
            assertEquals(2400, r.claimedIdleSeconds(p), 1e-9);
        }
        assertEquals(0, r.claimedIdleSeconds(3), 1e-9);
        assertEquals(1100, byId(r).get(2L).startTime());
        assertEquals(800, byId(r).get(3L).startTime());
        assertEquals("1,0,1000,3,8,placed,claimed_at_try_1,1,700,700,1000,7200,0,c0;c1;c2", row(r, 1));
        assertEquals(100.0, r.overall().get("global_success_percent"));
        assertEquals(0.0, r.overall().get("global_kill_starts_percent"));
        assertEquals(1.0, r.overall().get("mean_placement_tries"));
        assertEquals(700.0, r.overall().get("mean_placement_queue_time"));
    }

    /**
     * Both clusters of 8 are busy until 5000. Under LP a job of 2 x 4 with its deadline at 1000 tries at 700,
     * 910 and 973, fails each time, and is given up at 973, its last try.
     */
    @Test
    void aJobWhoseTriesAllFailEndsFailedAtTheLastOne() {
        SimulationResult r = run(platform(8, 8), List.of(local(1, 0, 5000, 8, 0), local(2, 0, 5000, 8, 1),
                global(3, 0, 100, 2, 4)), options("d_min", 1000, "d_max", 1000, "priority", "lp"));
        SimJob g = byId(r).get(3L);
        assertEquals(GridJob.State.REJECTED, g.state());
        assertEquals(Map.of("placement_failed", 1L), r.rejectedByReason());
        assertEquals("3,0,1000,2,4,failed,placement_failed,3,973,973,,0,0,", row(r, 3));
        assertEquals(5000, byId(r).get(1L).finishTime());
        assertEquals(0.0, r.overall().get("global_success_percent"));
        assertEquals(0L, r.overall().get("local_killed"));
    }

    /**
     * GP: c0 runs A (4 processors, started at 0) and B (4, started at 10), c1 runs C (8). A job of 2 x 4
     * submitted at 20 with its deadline at 1000 fails its three tries; at 1000 worst fit over idle plus local
     * processors puts one component on c0 and one on c1, and the most recently started local job of each is
     * killed: B (not A) and C. The global job runs 1000-1100; A is untouched.
     */
    @Test
    void globalPriorityKillsTheMostRecentlyStartedLocalJobsAtTheDeadline() {
        SimulationResult r = run(platform(8, 8), List.of(local(1, 0, 5000, 4, 0), local(2, 0, 5000, 8, 1),
                local(3, 10, 5000, 4, 0), global(4, 20, 100, 2, 4)), options("d_min", 980, "d_max", 980));
        Map<Long, SimJob> jobs = byId(r);
        assertEquals(1000, jobs.get(4L).startTime());
        assertEquals(1100, jobs.get(4L).finishTime());
        assertEquals(List.of(0, 1), List.of(jobs.get(4L).allocation().cluster(0), jobs.get(4L).allocation().cluster(1)));
        assertEquals("COMPLETED_SUCCESSFULLY", jobs.get(1L).finalState());
        assertEquals(5000, jobs.get(1L).finishTime());
        for (long victim : new long[] {2, 3}) {
            assertEquals("COMPLETED_KILLED", jobs.get(victim).finalState());
            assertEquals(1000, jobs.get(victim).finishTime());
        }
        assertEquals(2, r.controllerKills());
        assertEquals("4,20,1000,2,4,placed,global_priority_kills,3,1000,980,1000,0,2,c0;c1", row(r, 4));
        assertEquals(2L, r.overall().get("local_killed"));
        assertEquals(200.0 / 3, (double) r.overall().get("local_kill_percent"), 1e-9);
        assertEquals(100.0, r.overall().get("global_kill_starts_percent"));
        assertEquals(2.0, r.overall().get("mean_kills_per_kill_start"));
    }

    /** With requeue_killed, GP's victims arrive again: B and C restart when the global job ends, and run in full. */
    @Test
    void globalPriorityMayRequeueItsVictims() {
        SimulationResult r = run(platform(8, 8), List.of(local(1, 0, 5000, 4, 0), local(2, 0, 5000, 8, 1),
                local(3, 10, 5000, 4, 0), global(4, 20, 100, 2, 4)), options("d_min", 980, "d_max", 980, "requeue_killed", true));
        Map<Long, SimJob> jobs = byId(r);
        assertEquals(1100, jobs.get(3L).startTime());
        assertEquals(6100, jobs.get(2L).finishTime());
        assertEquals(2, r.requeues());
        assertEquals(0L, r.overall().get("local_killed"));
        assertEquals(2L, r.overall().get("local_requeued_kills"));
    }

    /**
     * GP kills C on c1 while E (8 processors) waits in c1's FCFS queue. The engine lets the policy react to
     * the kill only once the controller's callback has returned, by which time the global job holds the
     * freed processors: E is never started into them (no collateral restart), waits, and runs when the
     * global job ends (1100-1150). Only C is lost.
     */
    @Test
    void aWaitingLocalJobDoesNotTakeTheProcessorsAKillFreed() {
        SimulationResult r = run(platform(8, 8), List.of(local(1, 0, 5000, 8, 1), local(2, 15, 50, 8, 1),
                global(3, 20, 100, 2, 8)), options("d_min", 980, "d_max", 980));
        Map<Long, SimJob> jobs = byId(r);
        assertEquals(1000, jobs.get(3L).startTime());
        assertEquals("COMPLETED_KILLED", jobs.get(1L).finalState());
        SimJob e = jobs.get(2L);
        assertEquals(1100, e.startTime());
        assertEquals(1150, e.finishTime());
        assertEquals(0, e.kills());
        assertEquals(0L, r.overall().get("local_collateral_restarts"));
        assertEquals(1L, r.overall().get("local_killed"));
        assertEquals(1L, r.overall().get("local_kills_by_global_priority"));
    }

    /**
     * The two claiming models on the same jobs: a job of 2 x 4 (deadline 1000) is placed by its first try at 700
     * on c0 and c1 (worst fit: c0 first on a tie, then c1 with 8 idle against c0's 4 left); a local job L of 8
     * processors arrives on c0 at 800 for 500 s.
     * <ul>
     * <li>{@code claim: at_try} (the paper): the try claims 4 processors of c0 from 700, so L does not fit at 800
     *     and waits until the global job (1000-1100) gives them back: L runs 1100-1600; nobody is killed; the
     *     claims waste 2 x 4 x 300 = 2,400 processor-seconds.</li>
     * <li>{@code claim: at_deadline} (KOALA's separate claiming step): the try holds nothing, L starts at 800 on
     *     all of c0, and at 1000 GP kills L to claim c0: one kill, nothing wasted.</li>
     * </ul>
     */
    @Test
    void claimingAtTheTryMakesLocalJobsWaitClaimingAtTheDeadlineKillsThem() {
        List<org.gridsched.api.workload.JobRecord> jobs = List.of(global(1, 0, 100, 2, 4), local(2, 800, 500, 8, 0));
        SimulationResult atTry = run(platform(8, 8), jobs, options("d_min", 1000, "d_max", 1000));
        assertEquals(1100, byId(atTry).get(2L).startTime());
        assertEquals("COMPLETED_SUCCESSFULLY", byId(atTry).get(2L).finalState());
        assertEquals("1,0,1000,2,4,placed,claimed_at_try_1,1,700,700,1000,2400,0,c0;c1", row(atTry, 1));
        assertEquals(0L, atTry.overall().get("local_killed"));
        assertEquals(0.0, atTry.overall().get("global_kill_starts_percent"));

        SimulationResult atDeadline = run(platform(8, 8), jobs, options("d_min", 1000, "d_max", 1000, "claim", "at_deadline"));
        SimJob l = byId(atDeadline).get(2L);
        assertEquals(800, l.startTime());
        assertEquals(1000, l.finishTime());
        assertEquals("COMPLETED_KILLED", l.finalState());
        assertEquals(1000, byId(atDeadline).get(1L).startTime());
        assertEquals("1,0,1000,2,4,placed,claimed_at_deadline_kills,1,700,700,1000,0,1,c0;c1", row(atDeadline, 1));
        assertEquals(0, atDeadline.claimedIdleSeconds(0) + atDeadline.claimedIdleSeconds(1), 0);
        assertEquals(1L, atDeadline.overall().get("local_killed"));
        assertEquals(Map.of("claimed_at_deadline_kills", 1L), atDeadline.overall().get("global_started_by_how"));
        assertEquals(100.0, atDeadline.overall().get("global_kill_starts_percent"));
        assertEquals(1.0, atDeadline.overall().get("mean_kills_per_kill_start"));
    }

    /** The same jobs under LP with {@code claim: at_deadline}: L keeps c0, the global job fails at its deadline. */
    @Test
    void underLocalPriorityAJobWhosePlacedProcessorsWereTakenFails() {
        SimulationResult r = run(platform(8, 8), List.of(global(1, 0, 100, 2, 4), local(2, 800, 500, 8, 0)),
                options("d_min", 1000, "d_max", 1000, "claim", "at_deadline", "priority", "lp"));
        assertEquals(GridJob.State.REJECTED, byId(r).get(1L).state());
        assertEquals(Map.of("claim_failed_at_deadline", 1L), r.rejectedByReason());
        assertEquals("1,0,1000,2,4,failed,claim_failed_at_deadline,1,700,700,,0,0,", row(r, 1));
        assertEquals(1300, byId(r).get(2L).finishTime());
        assertEquals("COMPLETED_SUCCESSFULLY", byId(r).get(2L).finalState());
    }

    /**
     * {@code claim: at_deadline} under GP does not kill for a job that could not start anyway. Deadlines are
     * submit + 1000. G1 (2 x 4, submitted at 0) is placed at 700 on c0 and c1 and runs 1000-1500 on 4 processors
     * of each. G2 (2 x 8, submitted at 100) is placed at 800, when both clusters are idle, on all of c0 and c1.
     * L (4 processors, local to c1) starts at 1050 beside G1. At 1100 G2 would need 8 processors of c0, where
     * G1 holds 4 and no local job runs: it fails, and L, which could have been killed on c1, keeps running.
     */
    @Test
    void globalPriorityDoesNotKillForAPlacedJobThatCannotStart() {
        SimulationResult r = run(platform(8, 8), List.of(global(1, 0, 500, 2, 4), global(2, 100, 100, 2, 8),
                local(3, 1050, 1000, 4, 1)), options("d_min", 1000, "d_max", 1000, "claim", "at_deadline"));
        Map<Long, SimJob> jobs = byId(r);
        assertEquals(1000, jobs.get(1L).startTime());
        assertEquals("1,0,1000,2,4,placed,claimed_at_deadline,1,700,700,1000,0,0,c0;c1", row(r, 1));
        assertEquals("2,100,1100,2,8,failed,claim_failed_at_deadline,1,800,700,,0,0,", row(r, 2));
        assertEquals(1050, jobs.get(3L).startTime());
        assertEquals(2050, jobs.get(3L).finishTime());
        assertEquals("COMPLETED_SUCCESSFULLY", jobs.get(3L).finalState());
        assertEquals(0L, r.overall().get("local_killed"));
    }

    /**
     * GP's {@code gp_kills}. G1 (2 x 8, submitted at 0, deadline 1000) claims c0 and c1 at 700 and runs 1000-6000. L
     * (8 processors, local to c2) starts at 1050. G2 (2 x 8, submitted at 1100, deadline 2100) finds no room at its
     * tries; at 2100 even L's processors are not enough (one component fits, on c2; G1 holds c0 and c1). With
     * {@code if_room} (default) G2 fails and nobody is killed; with {@code kill_then_fail} (the paper's unconditional
     * rule) L is killed for the first component, then G2 fails: one kill without a start.
     */
    @Test
    void killThenFailKillsForTheComponentsThatFitAndKeepsTheKillsWhenTheJobFails() {
        List<org.gridsched.api.workload.JobRecord> jobs = List.of(global(1, 0, 5000, 2, 8), local(2, 1050, 5000, 8, 2), global(3, 1100, 100, 2, 8));
        SimulationResult ifRoom = run(platform(8, 8, 8), jobs, options("d_min", 1000, "d_max", 1000));
        assertEquals("COMPLETED_SUCCESSFULLY", byId(ifRoom).get(2L).finalState());
        assertTrue(row(ifRoom, 3).contains(",failed,no_room_at_deadline,"), row(ifRoom, 3));
        assertEquals(0L, ifRoom.overall().get("local_kills_without_start"));
        assertEquals(0.0, ifRoom.overall().get("global_kill_fails_percent"));

        SimulationResult literal = run(platform(8, 8, 8), jobs, options("d_min", 1000, "d_max", 1000, "gp_kills", "kill_then_fail"));
        Map<Long, SimJob> byId = byId(literal);
        assertEquals(1000, byId.get(1L).startTime());
        assertEquals("COMPLETED_KILLED", byId.get(2L).finalState());
        assertEquals(2100, byId.get(2L).finishTime());
        assertTrue(row(literal, 3).contains(",failed,no_room_at_deadline,"), row(literal, 3));
        assertTrue(row(literal, 3).endsWith(",1,"), "one local kill on G2's row: " + row(literal, 3));
        assertEquals(1L, literal.overall().get("local_killed"));
        assertEquals(1L, literal.overall().get("local_kills_without_start"));
        assertEquals(50.0, literal.overall().get("global_kill_fails_percent"));
        assertEquals(0.0, literal.overall().get("global_kill_starts_percent"));
    }

    /**
     * A global job of 5 x 8 on 4 clusters of 8 (40 processors on a 32-processor grid) can never be placed. It is
     * rejected when it arrives ({@code wider_than_grid}, no try), and GP's {@code kill_then_fail} does not kill the
     * local jobs at its deadline for a job that could not start anyway (it killed all four, then failed). A job of
     * 3 x 6 on two clusters of 8 (18 of 16 processors under worst fit: one component per cluster) is the same.
     */
    @Test
    void aJobWiderThanTheWholeGridIsRejectedAtItsArrivalWithoutKilling() {
        List<org.gridsched.api.workload.JobRecord> jobs = List.of(local(1, 0, 5000, 8, 0), local(2, 0, 5000, 8, 1),
                local(3, 0, 5000, 8, 2), local(4, 0, 5000, 8, 3), global(5, 10, 100, 5, 8));
        SimulationResult r = run(platform(8, 8, 8, 8), jobs, options("d_min", 1000, "d_max", 1000, "gp_kills", "kill_then_fail"));
        Map<Long, SimJob> byId = byId(r);
        for (long id = 1; id <= 4; id++) {
            assertEquals("COMPLETED_SUCCESSFULLY", byId.get(id).finalState(), "local job " + id);
        }
        assertEquals("REJECTED", byId.get(5L).finalState());
        assertTrue(row(r, 5).startsWith("5,10,1010,5,8,failed,wider_than_grid,0,10,0,"), row(r, 5));
        assertEquals(Map.of("wider_than_grid", 1L), r.overall().get("global_failed_by_reason"));
        assertEquals(0L, r.overall().get("local_killed"));
        assertEquals(0L, r.overall().get("local_kills_without_start"));

        SimulationResult two = run(platform(8, 8), List.of(global(1, 0, 100, 3, 6)), options());
        assertTrue(row(two, 1).contains(",failed,wider_than_grid,0,"), row(two, 1));
    }

    /** With L_p = 1 the single try is at the deadline: the job starts there without claiming anything. */
    @Test
    void aTryAtTheDeadlineStartsTheJobDirectly() {
        SimulationResult r = run(platform(8, 8), List.of(global(1, 0, 100, 2, 4)), options("lp", 1, "d_min", 500, "d_max", 500));
        assertEquals(500, byId(r).get(1L).startTime());
        assertEquals(0, r.claimedIdleSeconds(0) + r.claimedIdleSeconds(1), 0);
        assertEquals("1,0,500,2,4,placed,try_at_deadline,1,500,500,500,0,0,c0;c1", row(r, 1));
    }

    /** Wait-10 ignores the job until 990; its first try at 997 claims, so only 3 s are wasted per processor. */
    @Test
    void waitTenClaimsShortlyBeforeTheDeadline() {
        SimulationResult r = run(platform(8, 8), List.of(global(1, 0, 100, 2, 4)), options("ignore", 10, "d_min", 1000, "d_max", 1000));
        assertEquals(1000, byId(r).get(1L).startTime());
        assertEquals(12, r.claimedIdleSeconds(0), 1e-9);
        assertEquals(12, r.claimedIdleSeconds(1), 1e-9);
    }

    /** Cluster minimization keeps both components on one cluster when it can. */
    @Test
    void thePlacementPolicyIsAnOption() {
        SimulationResult r = run(platform(8, 8), List.of(global(1, 0, 100, 2, 4)),
                options("placement", "cluster-minimization", "d_min", 10, "d_max", 10));
        SimJob g = byId(r).get(1L);
        assertEquals(List.of(0, 0), List.of(g.allocation().cluster(0), g.allocation().cluster(1)));
    }

    /**
     * A placement policy of a third party (here: every component on the last cluster) is one more
     * {@link PlacementPolicy} service; the controller lists it and a profile chooses it by name.
     */
    @Test
    void aThirdPartyPlacementPolicyCanBeChosen() {
        PlacementPolicy lastCluster = new PlacementPolicy() {
            public String name() {
                return "last-cluster";
            }

            public List<Part> place(PlacementRequest r) {
                int c = r.clusters() - 1;
                int need = r.components() * r.componentSize();
                return r.available(c) < need ? null : java.util.Collections.nCopies(r.components(), new Part(c, r.componentSize()));
            }
        };
        CoallocationController controller = new CoallocationController(List.of(new WorstFit(), lastCluster));
        assertTrue(controller.parameters().stream().anyMatch(p -> p.description().contains("last-cluster")));
        SimulationResult r = Harness.run(platform(8, 8), new org.gridsched.engine.ListJobSource("t", List.of(global(1, 0, 100, 2, 4))),
                controller, options("placement", "last-cluster", "d_min", 10, "d_max", 10), 1);
        SimJob g = byId(r).get(1L);
        assertEquals(List.of(1, 1), List.of(g.allocation().cluster(0), g.allocation().cluster(1)));
    }

    /** Deadlines are U[d_min, d_max], the same for a job whatever else changes, and a job is never late. */
    @Test
    void deadlinesAreDrawnPerJob() {
        SimulationResult a = run(platform(32, 32), List.of(global(1, 0, 10, 2, 4), global(2, 0, 10, 2, 4)), options());
        SimulationResult b = run(platform(32, 32), List.of(global(2, 0, 10, 2, 4)), options("ignore", 0));
        double d2 = byId(a).get(2L).startTime();
        assertEquals(d2, byId(b).get(2L).startTime());
        assertTrue(d2 >= 1 && d2 <= 3599, "deadline " + d2);
        assertTrue(byId(a).get(1L).startTime() != d2);
    }

    @Test
    void badInputIsAnErrorNamingTheField() {
        assertEquals("d_max", fails(options("d_min", 100, "d_max", 10)).field());
        assertEquals("lp", fails(options("lp", 0)).field());
        assertEquals("lp", fails(options("lp", 1.5)).field());
        assertEquals("mp", fails(options("mp", 0)).field());
        assertEquals("ignore", fails(options("ignore", -1)).field());
        assertEquals("priority", fails(options("priority", "xp")).field());
        assertEquals("claim", fails(options("claim", "later")).field());
        assertEquals("gp_kills", fails(options("gp_kills", "always")).field());
        assertEquals("d_max", fails(options("d_max", 1e300)).field()); // a deadline beyond the bound of every job's time
        assertEquals("d_min", fails(options("d_min", 1e11, "d_max", 1e11)).field());
        assertEquals("d_min", fails(options("d_min", "NaN")).field());
        InputException e = fails(options("placement", "best-fit"));
        assertEquals("placement", e.field());
        assertTrue(e.getMessage().contains("worst-fit"), e.getMessage());
        InputException wide = assertThrows(InputException.class,
                () -> run(platform(8, 8), List.of(global(1, 0, 100, 2, 16)), options()));
        assertEquals("components", wide.field());
        assertTrue(wide.getMessage().contains("wider than every cluster"), wide.getMessage());
    }

    private static InputException fails(Map<String, Object> options) {
        return assertThrows(InputException.class, () -> run(platform(8, 8), List.of(global(1, 0, 100, 2, 4)), options));
    }

    /**
     * The schedule of {@link #allComponentsStartAtTheDeadlineInTheirClaims}, but processor 3 of c0 fails at 800 for
     * 50 s: the job's claim on c0 is broken, it releases those on c1 and c2 (3 x 8 x 100 = 2,400 processor-seconds
     * wasted so far) and tries again at once (try 2): worst fit now finds c1, c2 and c3 the emptiest (c0 has 31 up),
     * claims 3 x 8 there until 1000 (4,800 more) and starts there at 1000.
     */
    @Test
    void aClaimBrokenByAFailureIsReleasedAndTheJobTriesAgain() {
        java.util.BitSet p3 = new java.util.BitSet();
        p3.set(3);
        org.gridsched.engine.FailureSpec failure = new org.gridsched.engine.FailureSpec(
                List.of(new org.gridsched.engine.FailureSpec.Event(0, p3, 800, 50, "f.csv", 2)), null, true, 3, 1, 0);
        SimulationResult r = Harness.run(platform(32, 32, 32, 32), new org.gridsched.engine.ListJobSource("t", List.of(global(1, 0, 100, 3, 8))),
                org.gridsched.coalloc.control.CoallocationController.withBuiltInPlacements(), options("d_min", 1000, "d_max", 1000,
                        "priority", "lp"), 1, failure);
        SimJob g = byId(r).get(1L);
        assertEquals(1000, g.startTime());
        assertEquals(List.of(1, 2, 3), List.of(g.allocation().cluster(0), g.allocation().cluster(1), g.allocation().cluster(2)));
        assertEquals(800, r.claimedIdleSeconds(0), 1e-9);
        assertEquals(2400, r.claimedIdleSeconds(1), 1e-9);
        assertEquals(2400, r.claimedIdleSeconds(2), 1e-9);
        assertEquals(1600, r.claimedIdleSeconds(3), 1e-9);
        assertEquals(1L, r.failures().get("claims_broken"));
        assertEquals(2.0, r.overall().get("mean_placement_tries"));
        assertEquals("1,0,1000,3,8,placed,claimed_at_try_2,2,800,800,1000,7200,0,c1;c2;c3", row(r, 1));
    }
}
