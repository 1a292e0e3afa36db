package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationListener;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Test;

/**
 * The server operations a meta-scheduler relies on (estimate, planned start, waiting list, cancel), probed
 * mid-run on 4 processors. Jobs: 1 (0s, 4 procs, 10 s) runs [0,10); 2 (1s, 2 procs, 10 s) and 3 (2s,
 * 3 procs, 5 s) wait. Probes run at t = 2, after job 3's arrival.
 */
class ServerOperationsTest {

    private record Probe(BatchScheduler scheduler, Map<Long, SimJob> jobs) {
        QueuedJob job(long id) {
            return jobs.get(id);
        }
    }

    private static SimulationResult run(BatchPolicy policy, Consumer<Probe> atTwo) {
        return run(policy, atTwo, new java.util.HashMap<>());
    }

    private static SimulationResult run(BatchPolicy policy, Consumer<Probe> atTwo, Map<Long, SimJob> byId) {
        List<JobRecord> jobs = List.of(new JobRecord().set(1, 0, 10, 10, 4), new JobRecord().set(2, 1, 10, 10, 2),
                new JobRecord().set(3, 2, 5, 5, 3));
        BatchScheduler[] scheduler = new BatchScheduler[1];
        boolean[] done = {false};
        Simulation.Settings settings = new Simulation.Settings();
        settings.listener = new SimulationListener() {
            @Override
            public void jobSubmitted(SimJob job, double now) {
                byId.put(job.id(), job);
            }

            @Override
            public void eventHandled(double now) {
                if (now == 2 && !done[0]) {
                    done[0] = true;
                    atTwo.accept(new Probe(scheduler[0], byId));
                }
            }
        };
        Simulation sim = new Simulation(new Platform(List.of(new ClusterSpec("c", 4, 1))),
                c -> scheduler[0] = policy.create(c, PluginOptions.empty(policy.name())), List.of(), settings);
        return sim.run(new ListJobSource("probe", jobs));
    }

    private static double start(SimulationResult r, long id) {
        return r.jobs().stream().filter(j -> j.id() == id).findFirst().orElseThrow().startTime();
    }

    @Test
    void fcfsPlansInQueueOrderAndKeepsItsWord() {
        List<Double> seen = new ArrayList<>();
        SimulationResult r = run(new FcfsPolicy(), p -> {
            assertEquals(List.of(p.job(2), p.job(3)), p.scheduler().waiting());
            seen.add(p.scheduler().plannedStart(p.job(2)));   // 10: when job 1 ends
            seen.add(p.scheduler().plannedStart(p.job(3)));   // 20: 3 processors only after job 2
            seen.add(p.scheduler().estimateStart(1, 5));      // 20: behind job 3, beside it
            seen.add(p.scheduler().estimateStart(4, 1));      // 25: after job 3
        });
        assertEquals(List.of(10.0, 20.0, 20.0, 25.0), seen);
        assertEquals(10.0, start(r, 2));
        assertEquals(20.0, start(r, 3));
    }

    @Test
    void conservativeBackfillingEstimatesTheEarliestHole() {
        List<Double> seen = new ArrayList<>();
        SimulationResult r = run(new ConservativePolicy(), p -> {
            seen.add(p.scheduler().plannedStart(p.job(3)));   // 20
            seen.add(p.scheduler().estimateStart(1, 5));      // 10: beside job 2
            seen.add(p.scheduler().estimateStart(2, 10));     // 10: exactly beside job 2
            seen.add(p.scheduler().estimateStart(3, 1));      // 25: after job 3
        });
        assertEquals(List.of(20.0, 10.0, 10.0, 25.0), seen);
        assertEquals(20.0, start(r, 3));
    }

    @Test
    void easyEstimatesWithItsQueueOrderPlan() {
        List<Double> seen = new ArrayList<>();
        run(new EasyPolicy(), p -> {
            seen.add(p.scheduler().estimateStart(1, 5));
            seen.add(p.scheduler().estimateStart(4, 1));
        });
        assertEquals(List.of(20.0, 25.0), seen);
    }

    @Test
    void cancellingTheHeadLetsTheNextJobMoveUp() {
        for (BatchPolicy policy : List.of(new FcfsPolicy(), new ConservativePolicy(), new EasyPolicy())) {
            Map<Long, SimJob> jobs = new java.util.HashMap<>();
            // the probe takes job 2 back behind the engine's back (in a run, the reallocation protocol that cancels a
            // job submits it again elsewhere): at the end the engine finds it neither started nor waiting, and says so
            IllegalStateException lost = assertThrows(IllegalStateException.class, () -> run(policy, p -> {
                assertTrue(p.scheduler().cancel(p.job(2)), policy.name());
                assertFalse(p.scheduler().cancel(p.job(2)), policy.name() + ": cancelled twice");
                assertFalse(p.scheduler().cancel(p.job(1)), policy.name() + ": cancelled a running job");
                assertEquals(List.of(p.job(3)), p.scheduler().waiting(), policy.name());
            }, jobs));
            assertTrue(lost.getMessage().contains("lost 1 job(s) submitted to it") && lost.getMessage().contains("(job 2;"), lost.getMessage());
            // job 2 never ran here; job 3 starts when job 1 ends
            assertEquals(10.0, jobs.get(3L).startTime(), policy.name());
            assertTrue(jobs.get(1L).isDone() && jobs.get(3L).isDone() && !jobs.get(2L).isDone(), policy.name());
        }
    }
}
