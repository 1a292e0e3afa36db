package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Function;

import org.gridsched.api.control.Claim;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;

/**
 * Claims and reservations broken by failures (issue 30), hand-computed on c:4 with one late job (1 processor at 200) so
 * that the run has work; the claims are a controller's, as co-allocation's are.
 */
class ClaimFailureTest {
    private static FailureSpec failure(double at, double duration, int... processors) {
        BitSet ids = new BitSet();
        for (int p : processors) {
            ids.set(p);
        }
        return new FailureSpec(List.of(new FailureSpec.Event(0, ids, at, duration, "f.csv", 2)), null, true, 3, 1, 0);
    }

    private static SimulationResult run(FailureSpec failures, List<DeclaredReservation> reservations,
            Function<GridOperations, Controller> controller) {
        return run(failures, reservations, controller, List.of(new JobRecord().set(1, 200, 10, 10, 1)));
    }

    private static SimulationResult run(FailureSpec failures, List<DeclaredReservation> reservations,
            Function<GridOperations, Controller> controller, List<JobRecord> jobs) {
        Simulation.Settings s = new Simulation.Settings();
        s.failures = failures;
        s.reservations = reservations;
        s.controllers = controller == null ? List.of() : List.of(controller);
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        return new Simulation(p, ControllerTest.Draining::new, List.of(), s).run(new ListJobSource("w", jobs));
    }

    /**
     * At 0 the controller claims 2 processors over [0, 100): 0-1. Processor 1 fails at 30 for 20 s: the claim is broken
     * at 30 (over; 2 x 30 = 60 claimed-idle processor-seconds), processor 0 is free again and 1 is down. Told, the
     * controller claims 2 again at 30 until 100: it gets 0 and 2 (1 is down), idle 2 x 70 = 140: 200 in all.
     */
    @Test
    void aFailureOnAClaimedProcessorBreaksTheClaimAndTellsItsOwner() {
        List<String> told = new ArrayList<>();
        List<Claim> claims = new ArrayList<>();
        SimulationResult r = run(failure(30, 20, 1), List.of(), grid -> {
            grid.timer(0, "claim");
            return new Controller() {
                @Override
                public void timer(Object tag) {
                    claims.add(grid.claim(0, 2, grid.now(), 100 - grid.now()));
                }

                @Override
                public void claimBroken(Claim claim) {
                    told.add("broken at " + Numbers.format(grid.now()) + ", over " + claim.over() + ", free " + grid.freeProcessors(0));
                    Claim again = grid.claim(0, 2, grid.now(), 100 - grid.now());
                    assertNotNull(again, "3 processors are up and free");
                    claims.add(again);
                }
            };
        });
        assertEquals(List.of("broken at 30, over true, free 3"), told);
        assertEquals(2, claims.size());
        assertTrue(claims.get(1).over(), "the second claim expired at 100");
        assertEquals(200, r.claimedIdleSeconds(0), 1e-9);
        // repaired at 50, before the run's window (the one job's [200, 210]): counted apart from the window's failures
        assertEquals(0L, r.failures().get("failures"));
        assertEquals(1L, r.failures().get("failures_outside_window"));
        assertEquals(1L, r.failures().get("claims_broken"));
        assertEquals("cluster,from,to,state,processors\nc,30,50,failed,1\n", r.files().get("unavailable.csv"));
    }

    /**
     * A claim of all 4 processors over [50, 100), accepted at 0; processor 3 fails at 10 until 110. At 50 only 3 are up:
     * the claim is broken at its start (before, the run stopped with an error) and its owner told.
     */
    @Test
    void aClaimStartingWithTooFewProcessorsUpIsBroken() {
        List<String> told = new ArrayList<>();
        SimulationResult r = run(failure(10, 100, 3), List.of(), grid -> {
            grid.timer(0, "claim");
            return new Controller() {
                @Override
                public void timer(Object tag) {
                    assertNotNull(grid.claim(0, 4, 50, 50));
                }

                @Override
                public void claimBroken(Claim claim) {
                    told.add("broken at " + Numbers.format(grid.now()) + ": " + claim.processors() + " processors, over " + claim.over());
                }
            };
        });
        assertEquals(List.of("broken at 50: 4 processors, over true"), told);
        assertEquals(0, r.claimedIdleSeconds(0), 1e-9);
        assertEquals(1L, r.failures().get("claims_broken"));
    }

    /**
     * A maintenance window of 4 processors over [50, 100) in the profile; processor 3 fails at 10 until 110: the window
     * starts with the 3 processors that are up (the 4th is down anyway). Processor 2 failing at 60 does not touch the
     * window's processors (a profile's reservation keeps them): the failure hits nothing and is not counted.
     */
    @Test
    void aMaintenanceWindowStartsWithTheProcessorsThatAreUp() {
        FailureSpec f = new FailureSpec(List.of(new FailureSpec.Event(0, bits(3), 10, 100, "f.csv", 2),
                new FailureSpec.Event(0, bits(2), 60, 10, "f.csv", 3)), null, true, 3, 1, 0);
        SimulationResult r = run(f, List.of(new DeclaredReservation("maintenance", 0, 4, 50, 100)), null);
        assertEquals(1L, r.failures().get("failures_outside_window"), "repaired at 110, before the run's window [200, 210]");
        assertEquals(0L, r.failures().get("claims_broken"));
        assertEquals(1L, r.failures().get("reservations_started_short"));
        assertEquals(200, r.jobs().get(0).startTime(), "the late job runs on a processor that is up");
        // not counted as a failure, but never silent: summary.json names the trace's line
        assertEquals(1L, r.failures().get("trace_events_without_effect"));
        assertEquals(List.of("f.csv:3"), r.failures().get("trace_events_without_effect_examples"));
    }

    /**
     * A controller starts a 1-processor job (submitted at 1, runtime 50) in its claim of all 4 processors over [0, 100):
     * the job holds the 4 for its run. Processor 2 fails at 10 for 5 s, killing it; re-submitted, it asks for its own 1
     * processor again (not the claim's 4, which only 3 up processors could give before 15), and the policy starts it at
     * once, 10, on a processor that is up, until 60.
     */
    @Test
    void aJobThatRanInAClaimIsResubmittedWithItsOwnSize() {
        FailureSpec f = new FailureSpec(List.of(new FailureSpec.Event(0, bits(2), 10, 5, "f.csv", 2)), null, true, 3, 1, 0);
        List<String> seen = new ArrayList<>();
        SimulationResult r = run(f, List.of(), grid -> {
            grid.timer(0, "claim");
            return new Controller() {
                Claim claim;

                @Override
                public void timer(Object tag) {
                    claim = grid.claim(0, 4, 0, 100);
                }

                @Override
                public boolean jobArrived(GridJob job) {
                    seen.add("arrived at " + Numbers.format(grid.now()) + " needing " + job.processors());
                    if (grid.now() > 1) {
                        return false; // re-submitted: the policy's
                    }
                    grid.start(job, claim);
                    return true;
                }
            };
        }, List.of(new JobRecord().set(1, 1, 50, 50, 1)));
        assertEquals(List.of("arrived at 1 needing 1", "arrived at 10 needing 1"), seen);
        SimJob job = r.jobs().get(0);
        assertEquals(10, job.startTime());
        assertEquals(60, job.finishTime());
        assertEquals(1, job.processors());
        assertEquals(1L, r.failures().get("failure_kills"));
        assertEquals(1L, r.failures().get("failure_resubmissions"));
    }

    private static BitSet bits(int p) {
        BitSet b = new BitSet();
        b.set(p);
        return b;
    }
}
