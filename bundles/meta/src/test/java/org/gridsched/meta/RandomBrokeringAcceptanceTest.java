package org.gridsched.meta;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.gridsched.metrics.QueueCollector;
import org.gridsched.metrics.SlowdownCollector;
import org.gridsched.theory.LengthDistribution;
import org.gridsched.theory.RandomBrokering;
import org.gridsched.workload.synthetic.SyntheticGenerator;
import org.junit.jupiter.api.Test;

/**
 * The simulator against queueing theory on the random-brokering paper's platform (Berten, Goossens and
 * Jeannot): 16/8/8/4 CPUs at speeds 0.8/1/0.6/1, Poisson arrivals at λ = 0.5, jobs dispatched with
 * probability c_i·s_i/C to one FCFS queue per element; the load ν is set through the mean length
 * (59.2·ν). Seeded replications, tolerances from the spec's calibration (section 4), robust tests only:
 * <ul>
 * <li>dispatch fractions and busy CPUs (Little's law, distribution-free) within 1.5 %;</li>
 * <li>M/M/c mean queue length within 8 % and probability of waiting within 3 %, at ν = 0.5, 0.7 and 0.8,
 * over 10 replications of 10^6 s; only entries of at least 0.05 (the spec drops CE1's E[Q] = 0.009 at
 * ν = 0.5 as noise; its P(wait) = 0.009 counts the same rare events, about 2,000 per run, and is dropped
 * for the same reason);</li>
 * <li>saturated linear queue growth within 5 % at ν = 1.5 and 4, over 10 replications of 10^5 s;</li>
 * <li>saturated measured slowdown with constant lengths within 3 % at ν = 2 (Lemma 6.5);</li>
 * <li>resorption: after 2·10^4 s at ν = 2 the input stops; every queue empties at about ν·t1 within 4 %
 * (Lemma 5.1's corollary; exercises arrival phases and the drain metric).</li>
 * </ul>
 * Not tested, as the spec advises: slowdown with exponential lengths (E[1/m] is infinite), shifted
 * exponential with α = 0.0005 (single-run σ up to 24 %), loads above 0.9 (relaxation time ~10^5 s).
 */
class RandomBrokeringAcceptanceTest {
    static final int[] CPUS = {16, 8, 8, 4};
    static final double[] SPEEDS = {0.8, 1.0, 0.6, 1.0};
    static final double LAMBDA = 0.5;
    static final double C = 29.6;

    /** One run: per-cluster metrics of the queue and slowdown collectors. */
    private static List<Map<String, Object>> run(double nu, String length, double duration, double warmup, double until, long seed) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (int i = 0; i < CPUS.length; i++) {
            specs.add(new ClusterSpec("ce" + (i + 1), CPUS[i], SPEEDS[i]));
        }
        Platform platform = new Platform(specs);
        RunInfo info = Runs.info();
        Map<String, Object> queueOptions = new LinkedHashMap<>();
        queueOptions.put("warmup", warmup);
        queueOptions.put("until", until);
        Map<String, Object> slowOptions = new LinkedHashMap<>();
        slowOptions.put("warmup", warmup);
        slowOptions.put("until", until);
        List<Simulation.NamedCollector> collectors = List.of(
                named(new QueueCollector(), info, queueOptions), named(new SlowdownCollector(), info, slowOptions));
        Simulation.Settings settings = new Simulation.Settings();
        settings.router = grid -> new RandomBrokers.ProcessorsTimesSpeed().create(grid, PluginOptions.empty("broker"), seed * 7919 + 1);
        FcfsPolicy fcfs = new FcfsPolicy();
        Simulation sim = new Simulation(platform, c -> fcfs.create(c, PluginOptions.empty("fcfs")), collectors, settings);
        Map<String, Object> gen = new LinkedHashMap<>();
        gen.put("rate", LAMBDA);
        gen.put("length", length);
        gen.put("mean_length", 59.2 * nu);
        gen.put("duration", duration);
        SimulationResult r = sim.run(new SyntheticGenerator().open(new PluginOptions("synthetic", gen), seed));
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < CPUS.length; i++) {
            out.add(r.cluster(i));
        }
        return out;
    }

    private static Simulation.NamedCollector named(MetricCollector mc, RunInfo info, Map<String, Object> options) {
        return new Simulation.NamedCollector(mc.name(), mc.create(info, new PluginOptions(mc.name(), options)));
    }

    /** Mean over replications of one per-cluster metric. */
    private static double[] mean(List<List<Map<String, Object>>> reps, String key) {
        double[] m = new double[CPUS.length];
        for (List<Map<String, Object>> rep : reps) {
            for (int i = 0; i < CPUS.length; i++) {
                m[i] += ((Number) rep.get(i).get(key)).doubleValue() / reps.size();
            }
        }
        return m;
    }

    private static void within(String what, double simulated, double theory, double tolerance) {
        double rel = Math.abs(simulated - theory) / theory;
        assertTrue(rel <= tolerance, String.format("%s: simulated %.6g, theory %.6g, off by %.2f %% (tolerance %.1f %%)",
                what, simulated, theory, 100 * rel, 100 * tolerance));
    }

    private static RandomBrokering theory(double nu, LengthDistribution lengths) {
        return new RandomBrokering(CPUS, SPEEDS, LAMBDA, lengths);
    }

    @Test
    void dispatchFractionsAndBusyCpusFollowLittlesLaw() {
        for (double nu : new double[] {0.5, 0.8}) {
            List<Map<String, Object>> r = run(nu, "exponential", 1e6, 1e4, 1e6, 11);
            RandomBrokering th = theory(nu, LengthDistribution.exponential(59.2 * nu));
            for (int i = 0; i < CPUS.length; i++) {
                within("ν=" + nu + " CE" + (i + 1) + " dispatch fraction", num(r.get(i), "dispatch_fraction"), th.dispatchFraction(i), 0.015);
                within("ν=" + nu + " CE" + (i + 1) + " busy CPUs", num(r.get(i), "busy_cpus"), th.busyCpus(i), 0.015);
            }
        }
        // saturated: every CPU busy (window [0, 10^5], after the first seconds' ramp-up)
        List<Map<String, Object>> r = run(2, "constant", 1e5, 0, 1e5, 12);
        for (int i = 0; i < CPUS.length; i++) {
            within("ν=2 CE" + (i + 1) + " busy CPUs", num(r.get(i), "busy_cpus"), CPUS[i], 0.005);
        }
    }

    @Test
    void mmcQueueLengthAndProbabilityOfWaiting() {
        for (double nu : new double[] {0.5, 0.7, 0.8}) {
            List<List<Map<String, Object>>> reps = new ArrayList<>();
            for (long seed = 1; seed <= 10; seed++) {
                reps.add(run(nu, "exponential", 1e6, 1e4, 1e6, 100 + seed));
            }
            RandomBrokering th = theory(nu, LengthDistribution.exponential(59.2 * nu));
            double[] q = mean(reps, "mean_queue_length");
            double[] waited = mean(reps, "waited_fraction");
            for (int i = 0; i < CPUS.length; i++) {
                if (th.meanQueueLength(i) >= 0.05) {
                    within("ν=" + nu + " CE" + (i + 1) + " mean queue length", q[i], th.meanQueueLength(i), 0.08);
                }
                if (th.probabilityOfWaiting(i) >= 0.05) {
                    within("ν=" + nu + " CE" + (i + 1) + " probability of waiting", waited[i], th.probabilityOfWaiting(i), 0.03);
                }
            }
            // speed independence: same c, different s, same mean queue (CE2 and CE3)
            within("ν=" + nu + " CE3 vs CE2 mean queue", q[2], q[1], 0.10);
        }
    }

    @Test
    void saturatedQueuesGrowLinearly() {
        for (double nu : new double[] {1.5, 4}) {
            List<List<Map<String, Object>>> reps = new ArrayList<>();
            for (long seed = 1; seed <= 10; seed++) {
                reps.add(run(nu, "exponential", 1e5, 0, 1e5, 200 + seed));
            }
            RandomBrokering th = theory(nu, LengthDistribution.exponential(59.2 * nu));
            double[] at = mean(reps, "queue_length_at");
            double[] avg = mean(reps, "mean_queue_length");
            for (int i = 0; i < CPUS.length; i++) {
                within("ν=" + nu + " CE" + (i + 1) + " queue at t", at[i], th.queueLengthAt(i, 1e5), 0.05);
                within("ν=" + nu + " CE" + (i + 1) + " time-averaged queue", avg[i], th.timeAveragedQueueLength(i, 1e5), 0.05);
            }
            // the inversion: saturated queues are ordered by c_i*s_i
            assertTrue(at[0] > at[1] && at[1] > at[2] && at[2] > at[3], "queues not ordered by c_i*s_i at ν=" + nu);
        }
    }

    @Test
    void saturatedMeasuredSlowdownWithConstantLengths() {
        List<List<Map<String, Object>>> reps = new ArrayList<>();
        for (long seed = 1; seed <= 10; seed++) {
            reps.add(run(2, "constant", 1e5, 0, 1e5, 300 + seed));
        }
        RandomBrokering th = theory(2, LengthDistribution.constant(59.2 * 2));
        double[] sd = mean(reps, "mean_slowdown_virtual");
        for (int i = 0; i < CPUS.length; i++) {
            within("ν=2 CE" + (i + 1) + " measured slowdown", sd[i], th.measuredSlowdown(i, 1e5), 0.03);
        }
    }

    @Test
    void queuesDrainTogetherAfterTheInputStops() {
        // load 2 for t1 = 2·10^4 s (one phase), then no input: every queue empties at about ν·t1 = 4·10^4 s
        double t1 = 2e4;
        double[] emptyAt = new double[CPUS.length];
        int reps = 5;
        for (long seed = 1; seed <= reps; seed++) {
            List<ClusterSpec> specs = new ArrayList<>();
            for (int i = 0; i < CPUS.length; i++) {
                specs.add(new ClusterSpec("ce" + (i + 1), CPUS[i], SPEEDS[i]));
            }
            Platform platform = new Platform(specs);
            RunInfo info = Runs.info();
            Map<String, Object> q = new LinkedHashMap<>();
            q.put("drain_after", t1);
            Simulation.Settings settings = new Simulation.Settings();
            long s = seed;
            settings.router = grid -> new RandomBrokers.ProcessorsTimesSpeed().create(grid, PluginOptions.empty("broker"), s * 31);
            FcfsPolicy fcfs = new FcfsPolicy();
            Simulation sim = new Simulation(platform, c -> fcfs.create(c, PluginOptions.empty("fcfs")),
                    List.of(named(new QueueCollector(), info, q)), settings);
            Map<String, Object> gen = new LinkedHashMap<>();
            gen.put("phases", List.of(Map.of("rate", LAMBDA, "duration", t1)));
            gen.put("length", "constant");
            gen.put("mean_length", 59.2 * 2);
            SimulationResult r = sim.run(new SyntheticGenerator().open(new PluginOptions("synthetic", gen), 400 + seed));
            for (int i = 0; i < CPUS.length; i++) {
                emptyAt[i] += num(r.cluster(i), "queue_empty_at") / reps;
            }
        }
        double expected = t1 + RandomBrokering.stopInputDrainTime(2, t1);
        for (int i = 0; i < CPUS.length; i++) {
            within("CE" + (i + 1) + " queue empty at", emptyAt[i], expected, 0.04);
        }
    }

    /** The P4 platform as collectors see it. */
    static final class Runs {
        static RunInfo info() {
            return new RunInfo() {
                public int clusterCount() {
                    return CPUS.length;
                }

                public String clusterName(int c) {
                    return "ce" + (c + 1);
                }

                public int clusterProcessors(int c) {
                    return CPUS[c];
                }

                public double clusterSpeed(int c) {
                    return SPEEDS[c];
                }
            };
        }
    }

    private static double num(Map<String, Object> m, String key) {
        return ((Number) m.get(key)).doubleValue();
    }
}
