package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.FailureSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.gridsched.workload.swf.SwfReader;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * FCFS, EASY and conservative backfilling written on the planning kit ({@code kit-fcfs}, {@code kit-easy},
 * {@code kit-cbf}) give every job the same start as the tuned schedulers: on the HPC2N and NASA traces from
 * ../shared/data (skipped when absent) with their requested times and with exact ones, on a 20,000-job
 * lublin99 workload with exact and over-estimated (runtime x U[1, 5]) requested times, with killing off
 * (overruns), and with a random controller making, releasing and using claims.
 */
class KitIdentityTest {
    private static final Map<String, BatchPolicy> TUNED =
            Map.of("fcfs", new FcfsPolicy(), "easy", new EasyPolicy(), "cbf", new ConservativePolicy());
    private static final Map<String, BatchPolicy> KIT =
            Map.of("fcfs", new KitFcfsPolicy(), "easy", new KitEasyPolicy(), "cbf", new KitCbfPolicy());
    private static final List<String> POLICIES = List.of("fcfs", "easy", "cbf");

    static Stream<Arguments> traces() {
        List<Arguments> args = new ArrayList<>();
        for (String policy : POLICIES) {
            for (boolean exact : new boolean[] {false, true}) {
                args.add(Arguments.of(policy, "HPC2N-seth-excerpt.swf", 240, exact));
                args.add(Arguments.of(policy, "NASA-iPSC-1993-3.1-cln.swf.gz", 128, exact));
            }
        }
        return args.stream();
    }

    static Stream<Arguments> lublin() {
        List<Arguments> args = new ArrayList<>();
        for (String policy : POLICIES) {
            for (String requested : List.of("runtime", "overestimate")) {
                args.add(Arguments.of(policy, requested, true));
            }
            args.add(Arguments.of(policy, "overestimate", false));
        }
        return args.stream();
    }

    static Stream<Arguments> claims() {
        List<Arguments> args = new ArrayList<>();
        for (String policy : POLICIES) {
            for (long seed = 1; seed <= 12; seed++) {
                args.add(Arguments.of(policy, seed));
            }
        }
        return args.stream();
    }

    @ParameterizedTest(name = "{0} on {1}, exact requested times {3}")
    @MethodSource("traces")
    void sameStartsOnTraces(String policy, String file, int procs, boolean exact) throws Exception {
        Path trace = TraceCrossCheckTest.sharedData().resolve(file);
        Assumptions.assumeTrue(Files.isRegularFile(trace),
                "shared trace absent at " + trace.toAbsolutePath() + " (set -Dgridsched.shared.data): skipping");
        List<JobRecord> jobs = new ArrayList<>();
        try (JobSource src = new SwfReader().open(trace, PluginOptions.empty("swf"))) {
            JobRecord r = new JobRecord();
            while (src.next(r)) {
                if (r.processors <= procs) {
                    JobRecord j = r.copy();
                    if (exact) {
                        j.requestedTime = j.runtime;
                    }
                    jobs.add(j);
                }
            }
        }
        compare(policy, jobs, procs, true, null);
    }

    @ParameterizedTest(name = "{0} on 20,000 lublin99 jobs, requested time {1}, killing {2}")
    @MethodSource("lublin")
    void sameStartsOnGeneratedWorkload(String policy, String requested, boolean kill) throws Exception {
        List<JobRecord> jobs = new ArrayList<>();
        PluginOptions options = new PluginOptions("lublin99", Map.of("jobs", 20_000, "processors", 256, "load", 0.9,
                "requested_time", requested));
        try (JobSource src = new LublinGenerator().open(options, 23)) {
            JobRecord r = new JobRecord();
            while (src.next(r)) {
                jobs.add(r.copy());
            }
        }
        assertEquals(20_000, jobs.size());
        compare(policy, jobs, 256, kill, null);
    }

    /**
     * Failures that kill running jobs and take idle processors: a killed job's end and the failure's reservation come
     * at the same instant, which both conservative schedulers must handle in the same order (the job's slot first).
     * 5,000 jobs on 256 one-processor nodes failing every 2 days on average, repairs of about an hour.
     */
    @ParameterizedTest(name = "{0} under failures, requested time {1}")
    @MethodSource("underFailures")
    void sameStartsUnderFailures(String policy, String requested) throws Exception {
        List<JobRecord> jobs = new ArrayList<>();
        PluginOptions options = new PluginOptions("lublin99", Map.of("jobs", 5_000, "processors", 256, "load", 0.8,
                "requested_time", requested));
        try (JobSource src = new LublinGenerator().open(options, 29)) {
            JobRecord r = new JobRecord();
            while (src.next(r)) {
                jobs.add(r.copy());
            }
        }
        FailureSpec failures = new FailureSpec(List.of(),
                List.of(new FailureSpec.Model(FailureSpec.Distribution.EXPONENTIAL, 172_800, 1, 3_600, 1, 1)), true, 1, 29, 0);
        double[] tuned = starts(TUNED.get(policy), policy, jobs, 256, true, null, null, failures);
        double[] kit = starts(KIT.get(policy), policy, jobs, 256, true, null, null, failures);
        assertSame(jobs, tuned, kit);
    }

    static Stream<Arguments> underFailures() {
        List<Arguments> args = new ArrayList<>();
        for (String policy : POLICIES) {
            for (String requested : List.of("runtime", "overestimate")) {
                args.add(Arguments.of(policy, requested));
            }
        }
        return args.stream();
    }

    @ParameterizedTest(name = "{0} with claims, seed {1}")
    @MethodSource("claims")
    void sameStartsWithClaims(String policy, long seed) {
        List<JobRecord> jobs = ReservationRandomTest.workload(seed);
        compare(policy, jobs, ReservationRandomTest.PROCS, true, grid -> new ReservationRandomTest.RandomController(grid, seed));
    }

    /**
     * Claims and failures together: a random controller's claims (made, released, started in) on a cluster whose nodes
     * of 1 to 4 processors fail (about every 15 minutes over the run's 13 hours), kill jobs (in claims too) and break
     * claims; killed jobs are re-submitted (at most twice).
     */
    @ParameterizedTest(name = "{0} with claims and failures, seed {1}")
    @MethodSource("claimsAndFailures")
    void sameStartsWithClaimsAndFailures(String policy, long seed) {
        List<JobRecord> jobs = ReservationRandomTest.workload(seed);
        int procs = ReservationRandomTest.PROCS;
        int nodeSize = 1 << (int) (seed % 3);
        FailureSpec failures = new FailureSpec(List.of(), List.of(new FailureSpec.Model(FailureSpec.Distribution.EXPONENTIAL,
                900.0 * procs / nodeSize, 1, 400, 1, nodeSize)), true, 2, seed * 17, 0);
        double[] tuned = starts(TUNED.get(policy), policy, jobs, procs, true,
                grid -> new ReservationRandomTest.RandomController(grid, seed), null, failures);
        double[] kit = starts(KIT.get(policy), policy, jobs, procs, true,
                grid -> new ReservationRandomTest.RandomController(grid, seed), null, failures);
        assertSame(jobs, tuned, kit);
    }

    static Stream<Arguments> claimsAndFailures() {
        List<Arguments> args = new ArrayList<>();
        for (String policy : POLICIES) {
            for (long seed = 1; seed <= 8; seed++) { // 100 a policy were run once by hand: all the same
                args.add(Arguments.of(policy, seed));
            }
        }
        return args.stream();
    }

    private void compare(String policy, List<JobRecord> jobs, int procs, boolean kill,
            Function<GridOperations, Controller> controller) {
        double[] tuned = starts(TUNED.get(policy), policy, jobs, procs, kill, controller, null, null);
        // the checker's order and reservation guarantees hold only when the policy starts every job itself
        InvariantChecker checker = controller == null ? new InvariantChecker(policy, procs) : null;
        double[] kit = starts(KIT.get(policy), policy, jobs, procs, kill, controller, checker, null);
        assertSame(jobs, tuned, kit);
    }

    private static void assertSame(List<JobRecord> jobs, double[] tuned, double[] kit) {
        int mismatches = 0;
        String first = null;
        for (int i = 0; i < tuned.length; i++) {
            if (tuned[i] != kit[i]) {
                mismatches++;
                if (first == null) {
                    first = "job #" + i + " (id " + jobs.get(i).id + "): tuned " + tuned[i] + ", kit " + kit[i];
                }
            }
        }
        assertEquals(0, mismatches, mismatches + " of " + jobs.size() + " starts differ; first: " + first);
        assertTrue(jobs.size() > 0);
    }

    private static double[] starts(BatchPolicy policy, String name, List<JobRecord> jobs, int procs, boolean kill,
            Function<GridOperations, Controller> controller,
            InvariantChecker checker, FailureSpec failures) {
        Simulation.Settings settings = new Simulation.Settings();
        settings.failures = failures;
        settings.killAtRequestedTime = kill;
        settings.listener = checker;
        if (controller != null) {
            settings.controllers = List.of(controller);
        }
        Simulation sim = new Simulation(new Platform(List.of(new ClusterSpec("c", procs, 1.0))), c -> {
            var s = policy.create(c, PluginOptions.empty(name));
            if (checker != null) {
                checker.scheduler = s;
            }
            return s;
        }, List.of(), settings);
        SimulationResult result = sim.run(new ListJobSource("identity", jobs));
        double[] starts = new double[jobs.size()];
        for (SimJob j : result.jobs()) {
            starts[j.index()] = j.startTime();
        }
        return starts;
    }
}
