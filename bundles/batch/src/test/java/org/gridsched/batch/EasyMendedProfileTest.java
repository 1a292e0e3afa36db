package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.FailureSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * EASY keeps the profile of its passes around reservations from one pass to the next and mends it
 * ({@code EasyScheduler.mendOrRebuild}): here every mended profile is compared, breakpoint for breakpoint, with the one
 * built afresh from the running jobs and the reservations, and a difference stops the run naming the instant. Seeded
 * runs of 1,500 jobs on 1 to 4 clusters with node failures (kills, outages under way at most passes), a controller
 * making, releasing and using claims, and jobs started by that controller; on odd seeds some jobs run past their
 * requested time without being killed (an overrun: their hold then grows with the clock, so the profile is built
 * afresh).
 */
class EasyMendedProfileTest {

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 32);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theMendedProfileIsTheOneBuiltAfresh(long seed) {
        int[] procs = CompressionCrossCheckTest.clusters(seed);
        List<JobRecord> jobs = CompressionCrossCheckTest.workload(seed, 1_500, procs);
        boolean overruns = seed % 2 == 1;
        if (overruns) {
            SplittableRandom rnd = new SplittableRandom(seed * 17);
            for (JobRecord j : jobs) {
                if (rnd.nextInt(10) == 0) {
                    j.runtime = j.requestedTime + 1 + rnd.nextInt(600);
                }
            }
        }
        List<ClusterSpec> specs = new ArrayList<>();
        for (int i = 0; i < procs.length; i++) {
            specs.add(new ClusterSpec("c" + i, procs[i], 1.0));
        }
        double until = jobs.get(jobs.size() - 1).submitTime;
        Simulation.Settings settings = new Simulation.Settings();
        settings.killAtRequestedTime = !overruns;
        settings.failures = CompressionCrossCheckTest.failures(seed, procs);
        settings.controllers = List.of(grid -> new CompressionCrossCheckTest.ClaimsController(grid, seed, procs, until));
        // earliest estimated start (asks every cluster's EASY, which builds a profile of its own for it)
        settings.router = grid -> CompressionCrossCheckTest.earliestEstimatedStart(grid, procs.length);
        List<EasyScheduler> schedulers = new ArrayList<>();
        Simulation sim = new Simulation(new Platform(specs), c -> {
            EasyScheduler s = new EasyScheduler(c);
            s.checkMended = true;
            schedulers.add(s);
            return s;
        }, List.of(), settings);
        SimulationResult result = sim.run(new ListJobSource("mended", jobs));
        for (SimJob j : result.jobs()) {
            assertTrue(j.isDone(), j + " ran");
        }
        long mended = schedulers.stream().mapToLong(s -> s.mended).sum();
        long rebuilt = schedulers.stream().mapToLong(s -> s.rebuilt).sum();
        // not a vacuous check: most passes mend, and some build afresh
        assertTrue(mended > 1_000 && mended > rebuilt, "passes mended " + mended + ", built afresh " + rebuilt);
        assertTrue(rebuilt > 0, "passes built afresh " + rebuilt);
    }
}
