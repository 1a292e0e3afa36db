package org.gridsched.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.grid.WaitingJob;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The all-cancellation's cancel phase is atomic (issue 16): emptying the queues starts nothing, so the
 * running jobs after it are those before it, on every batch policy.
 *
 * <p>One cluster of 10 processors: job 1 (6 processors) runs [0, 1000); job 2 (8 processors, 100 s) waits
 * for it; job 3 (3 processors, 1000 s) waits too: behind the head under FCFS, and under CBF and EASY because
 * its span would run into job 2's reservation at 1000 with only 2 processors to spare. At the reallocation
 * event (t = 100) 4 processors are free. Cancelling job 2 alone, as a one-by-one cancellation oldest first
 * did, lets every policy start job 3 in those 4 processors before it has been cancelled and resubmitted.
 */
class AtomicCancellationTest {

    private static final List<JobRecord> JOBS = List.of(
            new JobRecord().set(1, 0, 1000, 1000, 6),
            new JobRecord().set(2, 1, 100, 100, 8),
            new JobRecord().set(3, 2, 1000, 1000, 3));

    /** What the cancel phase of the first event saw. */
    private static final class Probe implements Reallocator {
        final GridControl grid;
        final boolean atomic;
        int freeBefore = -1;
        int freeAfter = -1;
        final List<Long> resubmitted = new ArrayList<>();

        Probe(GridControl grid, boolean atomic) {
            this.grid = grid;
            this.atomic = atomic;
        }

        @Override
        public double period() {
            return 100;
        }

        @Override
        public void reallocate() {
            if (freeBefore >= 0) {
                return; // only the first event
            }
            freeBefore = grid.freeProcessors(0);
            List<WaitingJob> cancelled;
            if (atomic) {
                cancelled = grid.cancelAll();
            } else {
                cancelled = new ArrayList<>();
                for (WaitingJob w : Reallocations.allWaiting(grid)) { // oldest first, one at a time
                    if (grid.cancel(w)) {
                        cancelled.add(w);
                    }
                }
            }
            freeAfter = grid.freeProcessors(0);
            for (WaitingJob w : cancelled) {
                grid.submit(w, 0);
                resubmitted.add(w.id());
            }
        }
    }

    private static BatchPolicy policy(String name) {
        return switch (name) {
            case "fcfs" -> new FcfsPolicy();
            case "cbf" -> new ConservativePolicy();
            default -> new EasyPolicy();
        };
    }

    private static Probe run(String policyName, boolean atomic, List<SimJob> out) {
        Probe[] probe = new Probe[1];
        Simulation.Settings s = new Simulation.Settings();
        s.reallocation = grid -> probe[0] = new Probe(grid, atomic);
        BatchPolicy policy = policy(policyName);
        Platform p = new Platform(List.of(new ClusterSpec("A", 10, 1)));
        SimulationResult r = new Simulation(p, c -> policy.create(c, PluginOptions.empty(policyName)), List.of(), s)
                .run(new ListJobSource("atomic", JOBS));
        out.addAll(r.jobs());
        return probe[0];
    }

    @ParameterizedTest
    @ValueSource(strings = {"fcfs", "cbf", "easy"})
    void cancelAllStartsNothingAndEveryJobIsResubmitted(String policy) {
        List<SimJob> jobs = new ArrayList<>();
        Probe probe = run(policy, true, jobs);
        assertEquals(4, probe.freeBefore);
        assertEquals(4, probe.freeAfter, "the running set changed during the cancel phase");
        assertEquals(List.of(2L, 3L), probe.resubmitted); // oldest first
        // resubmitted in that order, they keep it: job 2 at 1000, job 3 after it (it cannot backfill)
        assertEquals(1000.0, jobs.get(1).startTime());
        assertEquals(1100.0, jobs.get(2).startTime());
    }

    /** The defect the atomic phase removes: one-by-one cancellation oldest first starts job 3 at once. */
    @ParameterizedTest
    @ValueSource(strings = {"fcfs", "cbf", "easy"})
    void oneByOneCancellationLetsAJobStartMidPhase(String policy) {
        List<SimJob> jobs = new ArrayList<>();
        Probe probe = run(policy, false, jobs);
        assertEquals(4, probe.freeBefore);
        assertEquals(1, probe.freeAfter);
        assertEquals(List.of(2L), probe.resubmitted);
        assertEquals(100.0, jobs.get(2).startTime());
    }
}
