package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.gridsched.workload.swf.SwfReader;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs each policy over whole workloads with the invariant checker attached and compares every job's start
 * time with the independent {@link ReferenceSimulator}: real traces from ../shared/data when present, and
 * seeded synthetic workloads near saturation (offered load about 1) with over-estimated requested times
 * (many early ends) that always run.
 */
class TraceCrossCheckTest {

    static Path sharedData() {
        String p = System.getProperty("gridsched.shared.data");
        Path dir = p == null ? Path.of("../../../shared/data") : Path.of(p);
        return dir;
    }

    static Stream<Arguments> traces() {
        List<Arguments> args = new ArrayList<>();
        for (String policy : List.of("fcfs", "cbf", "easy")) {
            args.add(Arguments.of(policy, "NASA-iPSC-1993-3.1-cln.swf.gz", 128));
            args.add(Arguments.of(policy, "HPC2N-seth-excerpt.swf", 240));
            args.add(Arguments.of(policy, "lublin_256.swf", 256));
        }
        return args.stream();
    }

    static Stream<Arguments> synthetic() {
        List<Arguments> args = new ArrayList<>();
        for (String policy : List.of("fcfs", "cbf", "easy")) {
            for (long seed = 1; seed <= 4; seed++) {
                args.add(Arguments.of(policy, seed));
            }
        }
        return args.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("traces")
    void realTraceMatchesReferenceAndKeepsInvariants(String policy, String file, int procs) throws Exception {
        Path trace = sharedData().resolve(file);
        Assumptions.assumeTrue(Files.isRegularFile(trace), "shared trace absent at " + trace.toAbsolutePath() + ": skipping");
        List<JobRecord> jobs = new ArrayList<>();
        try (JobSource src = new SwfReader().open(trace, PluginOptions.empty("swf"))) {
            JobRecord r = new JobRecord();
            while (src.next(r)) {
                if (r.processors <= procs) {
                    jobs.add(r.copy());
                }
            }
        }
        check(policy, jobs, procs);
    }

    @ParameterizedTest(name = "{0}, seed {1}")
    @MethodSource("synthetic")
    void syntheticOverloadMatchesReferenceAndKeepsInvariants(String policy, long seed) {
        int procs = 64;
        SplittableRandom rnd = new SplittableRandom(seed);
        List<JobRecord> jobs = new ArrayList<>();
        double t = 0;
        for (int i = 1; i <= 1500; i++) {
            t += Math.floor(-Math.log(1 - rnd.nextDouble()) * 100);
            int q = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(procs) : 1 << rnd.nextInt(5);
            double runtime = 1 + Math.floor(-Math.log(1 - rnd.nextDouble()) * 600);
            // a quarter exact, the rest over-estimated up to 4x; a few under-estimated (killed)
            double factor = switch (rnd.nextInt(8)) {
                case 0, 1 -> 1.0;
                case 2 -> 0.5;
                default -> 1 + rnd.nextInt(4);
            };
            jobs.add(new JobRecord().set(i, t, runtime, Math.max(1, Math.floor(runtime * factor)), q));
        }
        check(policy, jobs, procs);
    }

    private void check(String policy, List<JobRecord> jobs, int procs) {
        BatchPolicy p = switch (policy) {
            case "fcfs" -> new FcfsPolicy();
            case "cbf" -> new ConservativePolicy();
            default -> new EasyPolicy();
        };
        InvariantChecker checker = new InvariantChecker(policy, procs);
        Simulation.Settings settings = new Simulation.Settings();
        settings.listener = checker;
        Platform platform = new Platform(List.of(new ClusterSpec("c", procs, 1.0)));
        Simulation sim = new Simulation(platform, c -> {
            checker.scheduler = p.create(c, PluginOptions.empty(policy));
            return checker.scheduler;
        }, List.of(), settings);
        SimulationResult result = sim.run(new ListJobSource("test", jobs));
        assertEquals(jobs.size(), result.simulated());

        double[] expected = ReferenceSimulator.run(jobs, procs, ReferenceSimulator.Policy.valueOf(policy.toUpperCase()));
        int mismatches = 0;
        String first = null;
        for (SimJob j : result.jobs()) {
            if (expected[j.index()] != j.startTime()) {
                mismatches++;
                if (first == null) {
                    first = j + ": engine " + j.startTime() + ", reference " + expected[j.index()];
                }
            }
        }
        assertEquals(0, mismatches, mismatches + " of " + jobs.size() + " start times differ; first: " + first);
        if (!policy.equals("fcfs")) {
            assertTrue(checker.checkedPlans > 0 || jobs.stream().noneMatch(j -> true), "no reservation was checked");
        }
    }
}
