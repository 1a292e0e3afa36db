package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.gridsched.api.batch.Cluster;
import org.gridsched.api.control.Claim;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.JobSpec;
import org.gridsched.api.control.Part;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's operations for controllers (multi-cluster starts, kills, dependencies, submissions, claims),
 * each on a hand-computed schedule with the minimal {@link SimulationTest.Greedy} scheduler.
 */
class ControllerTest {

    /** Greedy, also draining when processors come back from a controller's job or claim. */
    static final class Draining extends SimulationTest.Greedy {
        Draining(Cluster cluster) {
            super(cluster);
        }

        @Override
        public void reservationsChanged() {
            drain();
        }
    }

    private static JobRecord job(long id, double submit, double runtime, double requested, int procs) {
        return new JobRecord().set(id, submit, runtime, requested, procs);
    }

    private static Platform platform(int... sizes) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            specs.add(new ClusterSpec(String.valueOf((char) ('a' + i)), sizes[i], 1.0));
        }
        return new Platform(specs);
    }

    private static SimulationResult run(Platform p, List<JobRecord> jobs, Function<GridOperations, Controller> controller,
            Function<org.gridsched.api.grid.Grid, org.gridsched.api.grid.Router> router) {
        Simulation.Settings s = new Simulation.Settings();
        s.controllers = List.of(controller);
        s.router = router;
        return new Simulation(p, Draining::new, List.of(), s).run(new ListJobSource("w", jobs));
    }

    private static Map<Long, SimJob> byId(SimulationResult r) {
        Map<Long, SimJob> m = new HashMap<>();
        for (SimJob j : r.jobs()) {
            m.put(j.id(), j);
        }
        return m;
    }

    /**
     * Clusters a, b, c of 4 processors each hold 4, 2 and 3 busy processors until 100, 200 and 300. Job 10
     * needs 2 processors on each: its start is tried at each end and succeeds only at 300, when c has room;
     * it runs 50 s on all three and ends on all three at once at 350.
     */
    @Test
    void aThreePartJobStartsWhenAllPartsFitAndEndsEverywhereAtOnce(@TempDir Path dir) throws IOException {
        List<String> tries = new ArrayList<>();
        int[] freeAtEnd = new int[3];
        Function<GridOperations, Controller> coallocator = grid -> new Controller() {
            GridJob pending;

            @Override
            public boolean jobArrived(GridJob job) {
                if (job.id() != 10) {
                    return false;
                }
                pending = job;
                tryStart();
                return true;
            }

            @Override
            public void jobEnded(GridJob job) {
                if (job.id() == 10) {
                    for (int c = 0; c < 3; c++) {
                        freeAtEnd[c] = grid.freeProcessors(c);
                    }
                } else if (pending != null) {
                    tryStart();
                }
            }

            private void tryStart() {
                boolean ok = grid.start(pending, List.of(new Part(0, 2), new Part(1, 2), new Part(2, 2)));
                tries.add(Numbers.format(grid.now()) + ":" + ok);
                if (ok) {
                    pending = null;
                }
            }
        };
        List<JobRecord> jobs = List.of(job(1, 0, 100, 100, 4), job(2, 0, 200, 200, 2), job(3, 0, 300, 300, 3),
                job(10, 10, 50, 60, 1));
        SimulationResult r = run(platform(4, 4, 4), jobs, coallocator, grid -> j -> (int) j.id() - 1);
        SimJob multi = byId(r).get(10L);
        assertEquals(List.of("10:false", "100:false", "200:false", "300:true"), tries);
        assertEquals(300, multi.startTime());
        assertEquals(350, multi.finishTime());
        assertEquals(3, multi.allocation().parts());
        assertEquals(6, multi.processors());
        assertEquals("0-1", multi.allocation().text(0));
        assertEquals("0-1", multi.allocation().text(1));
        assertEquals("0-1", multi.allocation().text(2));
        assertEquals(List.of(4, 4, 4), List.of(freeAtEnd[0], freeAtEnd[1], freeAtEnd[2]));
        assertEquals(1, r.multiClusterJobs());
        assertEquals(4, r.simulated());
        assertEquals(2, r.simulatedOn(0));
        assertEquals(2, r.simulatedOn(2));
        JobsCsv.write(r, dir.resolve("jobs.csv"));
        List<String> lines = Files.readAllLines(dir.resolve("jobs.csv"));
        assertTrue(lines.get(0).endsWith(",cluster,reallocations,clusters,user,group,queue,partition"), lines.get(0));
        // platform-wide processor ids: clusters a, b, c of 4 processors each start at 0, 4 and 8
        assertEquals("10,workload,,10,6,60,1,COMPLETED_SUCCESSFULLY,300,50,350,290,340,6.8,0-1 4-5 8-9,,,a,0,a;b;c,,,,", lines.get(4));
        assertEquals("1,workload,,0,4,100,1,COMPLETED_SUCCESSFULLY,0,100,100,0,100,1,0-3,,,a,0,a,,,,", lines.get(1));
    }

    /**
     * Job 1 holds all 4 processors from 0 (runtime 1000); job 2 (2 processors) waits from 10. The controller
     * kills job 1 at 100: job 2 starts at 100 on freed processors, job 1's record says killed at 100, and its
     * old end at 1000 is ignored.
     */
    @Test
    void aKillFreesProcessorsAtOnceAndTheVictimIsRecordedKilled() {
        Function<GridOperations, Controller> killer = grid -> {
            grid.timer(100, "kill");
            return new Controller() {
                GridJob victim;

                @Override
                public void jobStarted(GridJob job) {
                    if (job.id() == 1) {
                        victim = job;
                    }
                }

                @Override
                public void timer(Object tag) {
                    assertEquals(1, grid.waiting(0).size(), "job 2 waits");
                    grid.kill(victim, false);
                }
            };
        };
        SimulationResult r = run(platform(4), List.of(job(1, 0, 1000, 1000, 4), job(2, 10, 50, 50, 2)), killer, null);
        SimJob victim = byId(r).get(1L);
        assertEquals(GridJob.State.KILLED, victim.state());
        assertEquals("COMPLETED_KILLED", victim.finalState());
        assertEquals(100, victim.finishTime());
        assertEquals(1, victim.kills());
        assertEquals(100, byId(r).get(2L).startTime());
        assertEquals(1, r.controllerKills());
        assertEquals(0, r.killed());
        assertEquals(2, r.simulated());
    }

    /** Killed and re-queued at 100, job 1 arrives again behind job 2, starts at 150 and runs its full 1000 s. */
    @Test
    void aRequeuedJobArrivesAgainAndRunsInFull() {
        Function<GridOperations, Controller> killer = grid -> {
            grid.timer(100, "kill");
            return new Controller() {
                GridJob victim;

                @Override
                public void jobStarted(GridJob job) {
                    if (job.id() == 1 && victim == null) {
                        victim = job;
                    }
                }

                @Override
                public void timer(Object tag) {
                    grid.kill(victim, true);
                }
            };
        };
        SimulationResult r = run(platform(4), List.of(job(1, 0, 1000, 1000, 4), job(2, 10, 50, 50, 2)), killer, null);
        SimJob j1 = byId(r).get(1L);
        assertEquals(150, j1.startTime());
        assertEquals(1150, j1.finishTime());
        assertEquals(0, j1.submitTime());
        assertEquals(1, j1.kills());
        assertEquals("COMPLETED_SUCCESSFULLY", j1.finalState());
        assertEquals(1, r.requeues());
        assertEquals(0, r.controllerKills());
        assertEquals(2, r.simulated());
    }

    /**
     * A diamond A -> {B, C} -> D on 4 processors, 1 each: A runs 0-10, B 10-40, C 10-60; D is released exactly
     * at 60, the end of its last parent, and E (after B, submit time 100) arrives at 100, later than B's end.
     */
    @Test
    void aDiamondReleasesTheJoinAtItsLastParentsEnd() {
        Map<Long, Double> arrivals = new HashMap<>();
        Function<GridOperations, Controller> dag = grid -> {
            GridJob a = grid.submit(new JobSpec(1, 0, 10, 20, 1));
            GridJob b = grid.submit(new JobSpec(2, 0, 30, 40, 1), List.of(a));
            GridJob c = grid.submit(new JobSpec(3, 0, 50, 60, 1), List.of(a));
            grid.submit(new JobSpec(4, 0, 5, 10, 1), List.of(b, c));
            grid.submit(new JobSpec(5, 100, 5, 10, 1), List.of(b));
            return new Controller() {
                @Override
                public boolean jobArrived(GridJob job) {
                    arrivals.put(job.id(), grid.now());
                    return false;
                }
            };
        };
        SimulationResult r = run(platform(4), List.of(), dag, null);
        Map<Long, SimJob> jobs = byId(r);
        assertEquals(Map.of(1L, 0.0, 2L, 10.0, 3L, 10.0, 4L, 60.0, 5L, 100.0), arrivals);
        assertEquals(60, jobs.get(4L).startTime());
        assertEquals(65, jobs.get(4L).finishTime());
        assertEquals(40, jobs.get(2L).finishTime());
        assertEquals(100, jobs.get(5L).startTime());
        assertEquals(5, r.simulated());
    }

    /**
     * jobs.csv gets a last column {@code dependencies} (the ids a job was submitted to wait for, space-separated) only
     * when some job has dependencies: the diamond's join lists both parents, a parent already ended counts too.
     */
    @Test
    void jobsCsvListsDependenciesOnlyWhenSomeJobHasThem(@TempDir Path dir) throws Exception {
        Function<GridOperations, Controller> dag = grid -> {
            GridJob a = grid.submit(new JobSpec(1, 0, 10, 20, 1));
            GridJob b = grid.submit(new JobSpec(2, 0, 30, 40, 1), List.of(a));
            GridJob c = grid.submit(new JobSpec(3, 0, 50, 60, 1), List.of(a));
            grid.submit(new JobSpec(4, 0, 5, 10, 1), List.of(c, b));
            return new Controller() {
                @Override
                public void jobEnded(GridJob job) {
                    if (job.id() == 4) {
                        grid.submit(new JobSpec(5, grid.now(), 5, 10, 1), List.of(job)); // already ended: not held
                    }
                }
            };
        };
        Path f = dir.resolve("jobs.csv");
        JobsCsv.write(run(platform(4), List.of(), dag, null), f);
        List<String> lines = Files.readAllLines(f);
        assertEquals(JobsCsv.HEADER + ",dependencies," + JobsCsv.SUBMITTER_COLUMNS, lines.get(0));
        Map<String, String> deps = new HashMap<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] cells = l.split(",", -1);
            deps.put(cells[0], cells[cells.length - 5]); // before user, group, queue, partition
        }
        assertEquals(Map.of("1", "", "2", "1", "3", "1", "4", "3 2", "5", "4"), deps);

        Function<GridOperations, Controller> plain = grid -> {
            grid.submit(new JobSpec(1, 0, 10, 20, 1));
            return new Controller() {
            };
        };
        JobsCsv.write(run(platform(4), List.of(), plain, null), f);
        assertEquals(JobsCsv.HEADER + "," + JobsCsv.SUBMITTER_COLUMNS, Files.readAllLines(f).get(0));
    }

    /** A controller that submits one job of 10 s at each end builds a chain: 0-10, 10-20, ..., 40-50. */
    @Test
    void aControllerSubmittingAtEachEndBuildsAChain() {
        Function<GridOperations, Controller> chain = grid -> new Controller() {
            @Override
            public void jobEnded(GridJob job) {
                if (job.id() < 5) {
                    grid.submit(new JobSpec(job.id() + 1, grid.now(), 10, 10, 2));
                }
            }
        };
        SimulationResult r = run(platform(2), List.of(job(1, 0, 10, 10, 2)), chain, null);
        List<String> spans = new ArrayList<>();
        for (SimJob j : r.jobs()) {
            spans.add(j.id() + ":" + Numbers.format(j.startTime()) + "-" + Numbers.format(j.finishTime()));
        }
        assertEquals(List.of("1:0-10", "2:10-20", "3:20-30", "4:30-40", "5:40-50"), spans);
    }

    /**
     * A claim of 2 of 4 processors over [50, 100): refused while a running job would still hold them, accepted
     * otherwise; unused it counts 2 x 50 claimed-idle processor-seconds; a job started in a claim at 60 takes
     * its processors (2 x 10 idle).
     */
    @Test
    void claimsAreCheckedTakenAtTheirStartAndCountedWhileIdle() {
        List<Claim> claims = new ArrayList<>();
        List<Integer> idleSeen = new ArrayList<>();
        Function<GridOperations, Controller> claimer = grid -> {
            grid.timer(0, "claim");
            grid.timer(55, "look");
            return new Controller() {
                @Override
                public void timer(Object tag) {
                    if (tag.equals("claim")) {
                        assertNull(grid.claim(0, 2, 50, 50), "job 1 holds 3 processors until 80");
                        claims.add(grid.claim(0, 1, 50, 50));
                        assertNotNull(claims.get(0));
                    } else {
                        idleSeen.add(grid.claimedIdle(0));
                    }
                }
            };
        };
        SimulationResult r = run(platform(4), List.of(job(1, 0, 80, 80, 3)), claimer, null);
        assertEquals(List.of(1), idleSeen);
        assertTrue(claims.get(0).over());
        assertEquals(50, r.claimedIdleSeconds(0), 1e-9);

        Function<GridOperations, Controller> user = grid -> {
            grid.timer(0, "claim");
            return new Controller() {
                Claim claim;
                GridJob job;

                @Override
                public boolean jobArrived(GridJob j) {
                    job = j;
                    return true;
                }

                @Override
                public void timer(Object tag) {
                    if (tag.equals("claim")) {
                        claim = grid.claim(0, 2, 50, 50);
                        grid.timer(60, "use");
                    } else {
                        grid.start(job, claim);
                    }
                }
            };
        };
        SimulationResult used = run(platform(4), List.of(job(7, 5, 30, 30, 2)), user, null);
        SimJob j = used.jobs().get(0);
        assertEquals(60, j.startTime());
        assertEquals(90, j.finishTime());
        assertEquals(20, used.claimedIdleSeconds(0), 1e-9);
        assertFalse(j.allocation().spansClusters());
    }

    @Test
    void misuseIsAClearError() {
        Function<GridOperations, Controller> taker = grid -> new Controller() {
            @Override
            public boolean jobArrived(GridJob job) {
                return true; // and never sends it anywhere
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> run(platform(4), List.of(job(1, 0, 10, 10, 1)), taker, null));
        assertTrue(e.getMessage().contains("never sent, started or rejected"), e.getMessage());
    }

    /**
     * A workload job of 4 components of 4 processors (16 in all) on two clusters of 8: wider than either,
     * it runs only when a controller takes it (here two components per cluster); without one it is skipped
     * as too wide, and counted.
     */
    @Test
    void aCoAllocatedWorkloadJobWiderThanEveryClusterGoesToTheControllers() {
        JobRecord wide = job(5, 0, 100, 100, 16);
        wide.components = 4;
        Function<GridOperations, Controller> coallocator = grid -> new Controller() {
            @Override
            public boolean jobArrived(GridJob job) {
                assertEquals(4, job.components());
                int each = job.processors() / job.components();
                assertTrue(grid.start(job, List.of(new Part(0, each), new Part(0, each), new Part(1, each), new Part(1, each))));
                return true;
            }
        };
        SimulationResult r = run(platform(8, 8), List.of(wide), coallocator, grid -> j -> 0);
        SimJob j = r.jobs().get(0);
        assertEquals(4, j.allocation().parts());
        assertEquals("0-3", j.allocation().text(0));
        assertEquals("4-7", j.allocation().text(1));
        assertEquals(100, j.finishTime());
        assertEquals(1, r.simulated());

        Simulation.Settings s = new Simulation.Settings();
        s.router = grid -> job -> 0;
        SimulationResult none = new Simulation(platform(8, 8), Draining::new, List.of(), s)
                .run(new ListJobSource("w", List.of(wide)));
        assertEquals(0, none.simulated());
        assertEquals(1L, none.workload().skipped().get("wider_than_platform"));
    }

    /**
     * A controller gives up job 2 (in its charge) at 50 and job 4, held behind job 3, at once: both end
     * REJECTED without running, counted by reason; job 5, which waits for the rejected job 4, is released
     * at 50 as if its parent had ended. jobs.csv shows the rejected jobs with empty times.
     */
    @Test
    void aRejectedJobNeverRunsIsCountedAndReleasesItsChildren(@TempDir Path dir) throws IOException {
        Function<GridOperations, Controller> rejecter = grid -> {
            GridJob three = grid.submit(new JobSpec(3, 0, 100, 100, 1));
            GridJob four = grid.submit(new JobSpec(4, 0, 10, 10, 1), List.of(three));
            grid.submit(new JobSpec(5, 0, 10, 10, 1), List.of(four));
            grid.reject(four, "not_needed");
            assertEquals(GridJob.State.REJECTED, four.state());
            return new Controller() {
                GridJob two;

                @Override
                public boolean jobArrived(GridJob job) {
                    if (job.id() == 2) {
                        two = job;
                        grid.timer(50, "give up");
                        return true;
                    }
                    return false;
                }

                @Override
                public void timer(Object tag) {
                    grid.reject(two, "deadline_missed");
                }
            };
        };
        SimulationResult r = run(platform(4), List.of(job(2, 0, 10, 10, 1)), rejecter, null);
        Map<Long, SimJob> jobs = byId(r);
        assertEquals("REJECTED", jobs.get(2L).finalState());
        assertTrue(Double.isNaN(jobs.get(2L).startTime()));
        assertEquals(0, jobs.get(5L).startTime()); // its only parent was rejected at 0
        assertEquals(2, r.simulated());
        assertEquals(Map.of("not_needed", 1L, "deadline_missed", 1L), r.rejectedByReason());
        assertEquals(2, r.rejected());
        JobsCsv.write(r, dir.resolve("jobs.csv"));
        List<String> lines = Files.readAllLines(dir.resolve("jobs.csv"));
        assertEquals("4,workload,,0,1,10,0,REJECTED,,,,,,,,,,,0,3,,,,", lines.get(2)); // dependencies: the job it waited for
    }

    /**
     * Global priority in one timer callback: kill the local job holding the 4 processors, then start the
     * controller's job in them. The policy reacts to the kill only when the callback returns, so its own
     * waiting job 2 cannot take the processors first; it starts when job 3 ends (100 + 50).
     */
    @Test
    void policiesReactToAControllersStepsOnlyWhenItsCallbackReturns() {
        Function<GridOperations, Controller> priority = grid -> {
            grid.timer(100, "deadline");
            return new Controller() {
                GridJob local;
                GridJob global;

                @Override
                public boolean jobArrived(GridJob job) {
                    if (job.id() == 3) {
                        global = job;
                        return true;
                    }
                    return false;
                }

                @Override
                public void jobStarted(GridJob job) {
                    if (job.id() == 1) {
                        local = job;
                    }
                }

                @Override
                public void timer(Object tag) {
                    grid.kill(local, false);
                    assertEquals(4, grid.freeProcessors(0));
                    assertTrue(grid.start(global, List.of(new Part(0, 4))));
                }
            };
        };
        SimulationResult r = run(platform(4), List.of(job(1, 0, 1000, 1000, 4), job(2, 10, 20, 20, 4), job(3, 20, 50, 50, 4)),
                priority, null);
        Map<Long, SimJob> jobs = byId(r);
        assertEquals(100, jobs.get(3L).startTime());
        assertEquals(150, jobs.get(2L).startTime());
        assertEquals("COMPLETED_KILLED", jobs.get(1L).finalState());
    }

    /** A local users' job killed and re-queued goes back to its home cluster, not where the broker would send it. */
    @Test
    void aRequeuedLocalJobReturnsHome() {
        JobRecord local = job(1, 0, 100, 100, 2);
        local.home = 1;
        Simulation.Settings s = new Simulation.Settings();
        s.localFraction = 1;
        s.router = grid -> j -> 0;
        s.controllers = List.of(grid -> {
            grid.timer(10, "kill");
            return new Controller() {
                GridJob victim;

                @Override
                public void jobStarted(GridJob job) {
                    victim = job;
                }

                @Override
                public void timer(Object tag) {
                    grid.kill(victim, true);
                }
            };
        });
        SimulationResult r = new Simulation(platform(4, 4), Draining::new, List.of(), s).run(new ListJobSource("w", List.of(local)));
        SimJob j = r.jobs().get(0);
        assertEquals(1, j.cluster());
        assertEquals(10, j.startTime());
        assertEquals(110, j.finishTime());
        assertEquals(1, r.requeues());
    }
}
