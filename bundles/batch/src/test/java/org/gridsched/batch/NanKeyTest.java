package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.gridsched.api.batch.kit.JobOrder;
import org.gridsched.api.batch.kit.PlanningRule;
import org.gridsched.api.batch.kit.PlanningScheduler;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationFailure;
import org.junit.jupiter.api.Test;

/**
 * A job order's NaN key stops the run naming the order's class: the order's code has returned when the NaN is found,
 * so no frame of the stack names the plugin (the message said only "the job order gave NaN").
 */
class NanKeyTest {
    @Test
    void aNanKeyNamesTheOrdersClass() {
        JobOrder nan = (job, now) -> job.id() == 2 ? Double.NaN : job.id();
        Simulation sim = new Simulation(new Platform(List.of(new ClusterSpec("c", 4, 1.0))),
                c -> new PlanningScheduler(c, nan, PlanningRule.easy()), List.of(), new Simulation.Settings());
        List<JobRecord> jobs = List.of(new JobRecord().set(1, 0, 10, 10, 4), new JobRecord().set(2, 1, 10, 10, 4));
        SimulationFailure f = assertThrows(SimulationFailure.class, () -> sim.run(new ListJobSource("nan", jobs)));
        assertTrue(f.getMessage().contains("the job order (a lambda of org.gridsched.batch.NanKeyTest) gave NaN as the key of job 2"
                + " (a key must be a number)"), f.getMessage());
    }

    /**
     * The same through {@code JobOrder.recalculatedEvery}, the way the guide writes an order that changes with time: the
     * message named the wrapper, "(org.gridsched.api.batch.kit.JobOrder$1)", which no author wrote.
     */
    @Test
    void aRecalculatedOrdersNanNamesTheOrderWritten() {
        JobOrder nan = JobOrder.recalculatedEvery(5, (job, now) -> now >= 5 ? Double.NaN : job.id());
        Simulation sim = new Simulation(new Platform(List.of(new ClusterSpec("c", 4, 1.0))),
                c -> new PlanningScheduler(c, nan, PlanningRule.easy()), List.of(), new Simulation.Settings());
        List<JobRecord> jobs = List.of(new JobRecord().set(1, 0, 10, 10, 4), new JobRecord().set(2, 1, 10, 10, 4));
        SimulationFailure f = assertThrows(SimulationFailure.class, () -> sim.run(new ListJobSource("nan", jobs)));
        assertTrue(f.getMessage().contains("the job order (a lambda of org.gridsched.batch.NanKeyTest) gave NaN as the key of job 2"
                + " (a key must be a number)"), f.getMessage());
    }
}
