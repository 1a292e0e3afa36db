package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.control.Claim;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.grid.WaitingJob;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;

/**
 * The engine's checks of what batch policies (their calls the API documents an IllegalArgumentException for), reallocation
 * algorithms and grid controllers decide: sentences whose subject is the plugin's role (the launcher puts the plugin's name
 * there), with who decided; each of the exception type the API documents. Before, a policy's bad rejection reason or
 * pools printed as "java.lang.IllegalArgumentException: ...", and a reallocation's or controller's check named neither.
 */
class PluginDecisionTest {

    private static JobRecord job(long id, double submit, double runtime, int procs) {
        return new JobRecord().set(id, submit, runtime, runtime, procs);
    }

    /** A run on one cluster of 4 whose policy does {@code onSubmit} with each job it is given. */
    private static SimulationFailure policyFailure(java.util.function.BiConsumer<Cluster, QueuedJob> onSubmit) {
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        Simulation sim = new Simulation(p, c -> new SimulationTest.Greedy(c) {
            @Override
            public void jobSubmitted(QueuedJob job) {
                onSubmit.accept(c, job);
            }
        }, List.of(), null);
        return assertThrows(SimulationFailure.class, () -> sim.run(new ListJobSource("w", List.of(job(1, 5, 10, 2)))));
    }

    /** The failure's cause: of the exception type the API documents, a finding about that decider, and said without a class name. */
    private static PluginDecision decision(SimulationFailure f, Class<? extends RuntimeException> type, PluginDecision.Decider decider) {
        assertTrue(type.isInstance(f.getCause()) && f.getCause() instanceof PluginDecision d && d.decider() == decider, String.valueOf(f.getCause()));
        assertTrue(!f.getMessage().contains("java.lang"), f.getMessage());
        return (PluginDecision) f.getCause();
    }

    @Test
    void aPolicysPoolsAndCountsThatDoNotAddUpOverlapOrAreShortAreItsDecision() {
        BitSet all = new BitSet();
        all.set(0, 4);
        SimulationFailure sum = policyFailure((c, j) -> c.start(j, new BitSet[] {all}, new int[] {3}));
        assertEquals("at t=5 s, during the submission of a job from the workload: the batch policy of cluster c started job 1, which needs 2"
                + " processors, on processor pools whose counts add up to 3", sum.getMessage());
        assertEquals(0, decision(sum, IllegalArgumentException.class, PluginDecision.Decider.BATCH_POLICY).cluster());

        BitSet low = new BitSet();
        low.set(0, 2);
        SimulationFailure overlap = policyFailure((c, j) -> c.start(j, new BitSet[] {all, low}, new int[] {1, 1}));
        assertTrue(overlap.getMessage().endsWith("the batch policy of cluster c started job 1 with processor pool {0, 1}, which overlaps the"
                + " earlier ones {0, 1, 2, 3}"), overlap.getMessage());
        decision(overlap, IllegalArgumentException.class, PluginDecision.Decider.BATCH_POLICY);

        BitSet beyond = new BitSet();
        beyond.set(3, 6);
        SimulationFailure outside = policyFailure((c, j) -> c.start(j, new BitSet[] {beyond}, new int[] {2}));
        assertTrue(outside.getMessage().endsWith("started job 1 with processor pool {3, 4, 5}, which names processors beyond the cluster's 4"
                + " (ids 0..3)"), outside.getMessage());

        BitSet one = new BitSet();
        one.set(0);
        SimulationFailure shortPool = policyFailure((c, j) -> c.start(j, new BitSet[] {one}, new int[] {2}));
        assertTrue(shortPool.getMessage().endsWith("the batch policy of cluster c started job 1 at t=5 s on 2 processor(s) of pool {0}, which"
                + " has 1 free"), shortPool.getMessage());
        decision(shortPool, IllegalStateException.class, PluginDecision.Decider.BATCH_POLICY);
    }

    @Test
    void aPolicysRejectionReasonThatIsNoSnakeCaseWordIsItsDecision() {
        SimulationFailure f = policyFailure((c, j) -> c.reject(j, "Too Big"));
        assertTrue(f.getMessage().endsWith("the batch policy of cluster c rejected job 1 with the reason 'Too Big', which is not a snake_case"
                + " word (such as no_partition)"), f.getMessage());
        decision(f, IllegalArgumentException.class, PluginDecision.Decider.BATCH_POLICY);
    }

    @Test
    void aReallocationThatCancelsAndNeverSubmitsAgainIsItsDecision() {
        Simulation.Settings s = new Simulation.Settings();
        s.reallocation = grid -> new Reallocator() {
            @Override
            public double period() {
                return 10;
            }

            @Override
            public void reallocate() {
                grid.cancelAll();
            }
        };
        Platform p = new Platform(List.of(new ClusterSpec("a", 2, 1.0), new ClusterSpec("b", 2, 1.0)));
        s.router = grid -> job -> 0;
        Simulation sim = new Simulation(p, SimulationTest.Greedy::new, List.of(), s);
        SimulationFailure f = assertThrows(SimulationFailure.class,
                () -> sim.run(new ListJobSource("w", List.of(job(1, 0, 100, 2), job(2, 0, 100, 2), job(3, 0, 100, 2)))));
        assertEquals("at t=10 s, during a reallocation: the reallocation algorithm cancelled job 2 (and 1 more) and did not submit it again"
                + " (a job it cancels must be submitted to a cluster in the same event)", f.getMessage());
        decision(f, IllegalStateException.class, PluginDecision.Decider.REALLOCATION);
    }

    /** Two controllers: the first takes nothing, the second {@code does} something with each job it takes. */
    private static RuntimeException controllerFailure(Function<GridOperations, Consumer<GridJob>> does) {
        Simulation.Settings s = new Simulation.Settings();
        Function<GridOperations, Controller> passing = grid -> new Controller() {
        };
        Function<GridOperations, Controller> taking = grid -> new Controller() {
            @Override
            public boolean jobArrived(GridJob job) {
                does.apply(grid).accept(job);
                return true;
            }
        };
        s.controllers = List.of(passing, taking);
        s.router = grid -> job -> 1;
        Platform p = new Platform(List.of(new ClusterSpec("a", 2, 1.0), new ClusterSpec("b", 8, 1.0)));
        Simulation sim = new Simulation(p, SimulationTest.Greedy::new, List.of(), s);
        return assertThrows(RuntimeException.class, () -> sim.run(new ListJobSource("w", List.of(job(1, 0, 100, 4)))));
    }

    @Test
    void aControllersMisusesAreItsDecisionsNamingWhichOfTheRunsControllers() {
        RuntimeException tooSmall = controllerFailure(grid -> job -> grid.send(job, 0));
        assertEquals("at t=0 s, during the submission of a job from the workload: the grid controller sent job 1, which needs 4 processors,"
                + " to cluster a, which has 2", tooSmall.getMessage());
        assertEquals(1, decision((SimulationFailure) tooSmall, IllegalArgumentException.class, PluginDecision.Decider.CONTROLLER).controller());

        RuntimeException reason = controllerFailure(grid -> job -> grid.reject(job, "no-room"));
        assertTrue(reason.getMessage().endsWith("the grid controller rejected job 1 with the reason 'no-room', which is not a snake_case word"
                + " (such as deadline_missed)"), reason.getMessage());

        RuntimeException nowhere = controllerFailure(grid -> job -> grid.send(job, 5));
        assertTrue(nowhere.getMessage().endsWith("the grid controller sent job 1 to cluster index 5, which does not exist (0..1)"),
                nowhere.getMessage());

        // found at the end of the run, not during an event: the controller that took the job in charge
        RuntimeException kept = controllerFailure(grid -> job -> { });
        assertTrue(kept instanceof PluginDecisionException d && d.controller() == 1, String.valueOf(kept));
        assertEquals("the grid controller took job 1 in charge and never sent, started or rejected it", kept.getMessage());
    }

    /**
     * A meta-scheduler that casts its grid to the reallocation's GridControl and cancels: without a reallocation algorithm
     * an IllegalStateException naming no plugin ("a job may be cancelled ... only by a reallocation"), with one a finding
     * about the reallocation algorithm, which had done nothing wrong.
     */
    @Test
    void aMetaSchedulerThatCancelsOrSubmitsIsRefusedAsItsOwnDecision() {
        for (boolean withReallocation : new boolean[] {false, true}) {
            Simulation.Settings s = new Simulation.Settings();
            s.router = grid -> job -> {
                GridControl control = (GridControl) grid;
                for (WaitingJob w : control.waiting(0)) {
                    control.cancel(w);
                }
                return 0;
            };
            if (withReallocation) {
                s.reallocation = grid -> new Reallocator() {
                    @Override
                    public double period() {
                        return 1000;
                    }

                    @Override
                    public void reallocate() {
                    }
                };
            }
            Platform p = new Platform(List.of(new ClusterSpec("a", 2, 1.0), new ClusterSpec("b", 2, 1.0)));
            Simulation sim = new Simulation(p, SimulationTest.Greedy::new, List.of(), s);
            SimulationFailure f = assertThrows(SimulationFailure.class,
                    () -> sim.run(new ListJobSource("w", List.of(job(1, 0, 100, 2), job(2, 0, 100, 2), job(3, 0, 100, 2)))));
            assertEquals("at t=0 s, during the submission of a job from the workload: the meta-scheduler asked to cancel job 2 (jobs are"
                    + " cancelled and submitted again only by a reallocation algorithm, from its reallocate())", f.getMessage());
            decision(f, IllegalStateException.class, PluginDecision.Decider.META_SCHEDULER);
        }
    }

    @Test
    void aReallocationThatSubmitsAWaitingJobOfItsOwnMakingIsItsDecision() {
        Simulation.Settings s = new Simulation.Settings();
        s.router = grid -> job -> 0;
        s.reallocation = grid -> new Reallocator() {
            @Override
            public double period() {
                return 10;
            }

            @Override
            public void reallocate() {
                WaitingJob real = grid.waiting(0).get(0);
                grid.submit(new WaitingJob() {
                    @Override
                    public long id() {
                        return real.id();
                    }

                    @Override
                    public double submitTime() {
                        return real.submitTime();
                    }

                    @Override
                    public int processors() {
                        return real.processors();
                    }

                    @Override
                    public double requestedTime() {
                        return real.requestedTime();
                    }

                    @Override
                    public int cluster() {
                        return real.cluster();
                    }

                    @Override
                    public int moves() {
                        return 0;
                    }

                    @Override
                    public boolean stillWaiting() {
                        return true;
                    }

                    @Override
                    public String toString() {
                        return "my copy of " + real;
                    }
                }, 1);
            }
        };
        Platform p = new Platform(List.of(new ClusterSpec("a", 2, 1.0), new ClusterSpec("b", 2, 1.0)));
        Simulation sim = new Simulation(p, SimulationTest.Greedy::new, List.of(), s);
        SimulationFailure f = assertThrows(SimulationFailure.class,
                () -> sim.run(new ListJobSource("w", List.of(job(1, 0, 100, 2), job(2, 0, 100, 2)))));
        assertEquals("at t=10 s, during a reallocation: the reallocation algorithm submitted my copy of job 2, which is not a waiting job"
                + " of this run (one that waiting() or cancelAll() gave)", f.getMessage());
        decision(f, IllegalArgumentException.class, PluginDecision.Decider.REALLOCATION);
    }

    /**
     * Two controllers on clusters a (2 processors) and b (8): the first claims 4 processors of b from t=0 to 50 at the
     * first arrival (the claim then goes to {@code claimed}), the second takes each job in charge and does with it what
     * {@code second} says, given the first's claim.
     */
    private static RuntimeException claimFailure(java.util.function.BiFunction<GridOperations, Claim[], Consumer<GridJob>> second) {
        Claim[] claimed = new Claim[1];
        Function<GridOperations, Controller> claiming = grid -> new Controller() {
            @Override
            public boolean jobArrived(GridJob job) {
                if (claimed[0] == null) {
                    claimed[0] = grid.claim(1, 4, 0, 50);
                }
                return false;
            }
        };
        Function<GridOperations, Controller> taking = grid -> new Controller() {
            @Override
            public boolean jobArrived(GridJob job) {
                second.apply(grid, claimed).accept(job);
                return true;
            }
        };
        Simulation.Settings s = new Simulation.Settings();
        s.controllers = List.of(claiming, taking);
        s.router = grid -> job -> 1;
        Platform p = new Platform(List.of(new ClusterSpec("a", 2, 1.0), new ClusterSpec("b", 8, 1.0)));
        Simulation sim = new Simulation(p, SimulationTest.Greedy::new, List.of(), s);
        return assertThrows(RuntimeException.class, () -> sim.run(new ListJobSource("w", List.of(job(1, 0, 100, 4)))));
    }

    /**
     * A claim not of the engine's making, another controller's, or given twice: a ClassCastException, none at all (the
     * second controller released or used the first's processors), and "claim ... is not active" naming nobody after the
     * first part was taken.
     */
    @Test
    void aControllerThatReleasesOrUsesAClaimNotItsOwnIsRefusedAsItsDecision() {
        Claim madeUp = new Claim() {
            @Override
            public int cluster() {
                return 1;
            }

            @Override
            public int processors() {
                return 4;
            }

            @Override
            public double start() {
                return 0;
            }

            @Override
            public double end() {
                return 50;
            }

            @Override
            public boolean active() {
                return true;
            }

            @Override
            public boolean over() {
                return false;
            }

            @Override
            public String toString() {
                return "my own claim";
            }
        };
        RuntimeException forged = claimFailure((grid, claimed) -> job -> grid.release(madeUp));
        assertEquals("at t=0 s, during the submission of a job from the workload: the grid controller released my own claim, which is not"
                + " a claim of this run (only claim() makes one)", forged.getMessage());
        assertEquals(1, decision((SimulationFailure) forged, IllegalArgumentException.class, PluginDecision.Decider.CONTROLLER).controller());

        RuntimeException others = claimFailure((grid, claimed) -> job -> grid.release(claimed[0]));
        assertTrue(others.getMessage().endsWith("the grid controller released claim of 4 processors of cluster b over [0, 50), which another"
                + " grid controller of the run made (a controller uses and releases only its own claims)"), others.getMessage());
        assertEquals(1, decision((SimulationFailure) others, IllegalArgumentException.class, PluginDecision.Decider.CONTROLLER).controller());

        RuntimeException usedOthers = claimFailure((grid, claimed) -> job -> grid.start(job, claimed[0]));
        assertTrue(usedOthers.getMessage().endsWith("the grid controller started job 1 in claim of 4 processors of cluster b over [0, 50),"
                + " which another grid controller of the run made (a controller uses and releases only its own claims)"),
                usedOthers.getMessage());
        decision((SimulationFailure) usedOthers, IllegalStateException.class, PluginDecision.Decider.CONTROLLER);

        RuntimeException twice = claimFailure((grid, claimed) -> job -> {
            Claim mine = grid.claim(1, 2, 0, 50);
            grid.start(job, mine, mine);
        });
        assertTrue(twice.getMessage().endsWith("the grid controller started job 1 in claim of 2 processors of cluster b over [0, 50) twice"
                + " (each claim is one part of the job)"), twice.getMessage());
        decision((SimulationFailure) twice, IllegalStateException.class, PluginDecision.Decider.CONTROLLER);

        RuntimeException forgedStart = claimFailure((grid, claimed) -> job -> grid.start(job, madeUp));
        assertTrue(forgedStart.getMessage().endsWith("the grid controller started job 1 in my own claim, which is not a claim of this run"
                + " (only claim() makes one)"), forgedStart.getMessage());
        decision((SimulationFailure) forgedStart, IllegalStateException.class, PluginDecision.Decider.CONTROLLER);
    }

    /** Releasing its own claim twice is no misuse: the API says release does nothing once the claim is over. */
    @Test
    void aControllerMayReleaseItsOwnClaimAgain() {
        RuntimeException kept = claimFailure((grid, claimed) -> job -> {
            Claim mine = grid.claim(1, 2, 0, 50);
            grid.release(mine);
            grid.release(mine);
        });
        // it went on to the end of the run, where the job it took and never sent is its only fault
        assertEquals("the grid controller took job 1 in charge and never sent, started or rejected it", kept.getMessage());
    }

    /**
     * A controller's claim that cannot start because a job ran past its requested time (killing off): "claim of ...
     * cannot start", an IllegalStateException naming no plugin; now the controller whose claim it is.
     */
    @Test
    void aClaimThatCannotStartNamesTheControllerThatMadeIt() {
        Function<GridOperations, Controller> claiming = grid -> new Controller() {
            @Override
            public boolean jobArrived(GridJob job) {
                grid.claim(0, 4, 20, 30);
                return false;
            }
        };
        Simulation.Settings s = new Simulation.Settings();
        s.controllers = List.of(claiming);
        s.killAtRequestedTime = false;
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        Simulation sim = new Simulation(p, SimulationTest.Greedy::new, List.of(), s);
        SimulationFailure f = assertThrows(SimulationFailure.class,
                () -> sim.run(new ListJobSource("w", List.of(new JobRecord().set(1, 0, 100, 10, 2)))));
        assertTrue(f.getMessage().endsWith("the grid controller made the claim of 4 processors of cluster c over [20, 50), which cannot start"
                + " at t=20 s: only 2 processors are free (a job ran past its requested time, which only happens when killing at the"
                + " requested time is off)"), f.getMessage());
        assertEquals(0, decision(f, IllegalStateException.class, PluginDecision.Decider.CONTROLLER).controller());
    }

    /**
     * A maintenance window of the profile that cannot start because a job ran past its requested time into it (killing
     * off): the user learns which window, from which profile entry, and what to change. It was an IllegalStateException
     * saying "claim of 4 processors of cluster 0 ... cannot start", during "the start of a controller's claim".
     */
    @Test
    void aProfileReservationThatCannotStartIsNamedWithItsKey() {
        Simulation.Settings s = new Simulation.Settings();
        s.killAtRequestedTime = false;
        s.reservations = List.of(new DeclaredReservation("maint", "reservations[0]", 0, 4, 20, 50, new int[0]));
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        Simulation sim = new Simulation(p, SimulationTest.Greedy::new, List.of(), s);
        SimulationFailure f = assertThrows(SimulationFailure.class,
                () -> sim.run(new ListJobSource("w", List.of(new JobRecord().set(1, 0, 100, 10, 2)))));
        assertEquals("at t=20 s, during the start of the reservation 'maint' (reservations[0]: 4 processors of cluster c over [20, 50)):"
                + " only 2 of its 4 processors are free: a job ran past its requested time (killing at the requested time is off) and a"
                + " job is never stopped for a reservation; run with kill_at_requested_time true (without --no-kill), or declare a"
                + " window no job runs into", f.getMessage());
    }
}
