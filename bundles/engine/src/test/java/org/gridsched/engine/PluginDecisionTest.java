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
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.grid.Reallocator;
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
}
