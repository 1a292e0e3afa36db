package org.gridsched.workflow.oa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.gridsched.workflow.oa.heuristics.BasicGrouping;
import org.gridsched.workflow.oa.heuristics.KnapsackGrouping;
import org.junit.jupiter.api.Test;

/** Algorithm 3, eqs 4.11-4.12 and the repartition vs round robin: spec §2.10 tests 7, 8 and 9. */
class RepartitionTest {

    /** Spec test 7: nbDags = 3 for 40 processors, 9 for 110, 10 for 111; 1..nbDags scenarios take the same time. */
    @Test
    void nbDagsCountsTheScenariosThatCostNothing() {
        ClusterBenchmark a = Oa.tableA();
        assertEquals(3, Algorithm3.nbDags(40, 60, 1367, 10));
        assertEquals(9, Algorithm3.nbDags(110, 60, 1367, 10));
        assertEquals(10, Algorithm3.nbDags(111, 60, 1367, 10));
        assertEquals(0, Algorithm3.nbDags(10, 60, 1367, 10));
        int nm = 40;
        for (int r : new int[] {40, 110, 111}) {
            int nb = Algorithm3.nbDags(r, 60, 1367, 10);
            for (var h : List.of(new BasicGrouping(), new KnapsackGrouping())) {
                PerformanceEstimator e = new PerformanceEstimator(Oa.settings(10, nm, h.name(), PostRule.ITERATIONS), h, Oa.SIMULATOR);
                double one = e.makespan(a, r, 1);
                for (int x = 2; x <= nb; x++) {
                    assertEquals(one, e.makespan(a, r, x), h.name() + " R=" + r + " x=" + x);
                }
                assertTrue(e.makespan(a, r, nb + 1) > one, h.name() + " R=" + r + ": one more scenario costs more");
            }
        }
    }

    /**
     * Spec test 8: on non-decreasing performance rows, Algorithm 3 reaches the brute-force minimum over all
     * assignments of the largest makespan; every scenario is assigned once; ties go to the lowest index.
     */
    @Test
    void algorithmThreeIsOptimalOnNonDecreasingRows() {
        SplittableRandom r = new SplittableRandom(8);
        for (int i = 0; i < 2000; i++) {
            int clusters = r.nextInt(1, 5);
            int ns = r.nextInt(1, 8);
            double[][] perf = new double[clusters][ns + 1];
            for (int c = 0; c < clusters; c++) {
                double v = r.nextInt(1, 20);
                for (int x = 1; x <= ns; x++) {
                    v += r.nextInt(0, 6);              // plateaus too (eq 4.11), hence ties
                    perf[c][x] = v;
                }
            }
            int[] rep = Algorithm3.repartition(clusters, ns, (c, x) -> perf[c][x]);
            int[] counts = Algorithm3.counts(rep, clusters);
            assertEquals(ns, Arrays.stream(counts).sum());
            assertEquals(bruteForce(perf, clusters, ns, new int[clusters], 0), makespan(perf, counts), "instance " + i);
        }
        // ties go to the lowest index
        assertEquals(List.of(0, 1, 0, 1), Arrays.stream(Algorithm3.repartition(2, 4, (c, x) -> x)).boxed().toList());
        assertEquals(List.of(1, 1, 1), Arrays.stream(Algorithm3.repartition(3, 3, (c, x) -> c == 1 ? 5 : 10 + x)).boxed().toList());
    }

    private static double makespan(double[][] perf, int[] counts) {
        double m = 0;
        for (int c = 0; c < counts.length; c++) {
            if (counts[c] > 0) {
                m = Math.max(m, perf[c][counts[c]]);
            }
        }
        return m;
    }

    private static double bruteForce(double[][] perf, int clusters, int left, int[] counts, int c) {
        if (c == clusters - 1) {
            counts[c] = left;
            return makespan(perf, counts);
        }
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k <= left; k++) {
            counts[c] = k;
            best = Math.min(best, bruteForce(perf, clusters, left - k, counts, c + 1));
        }
        counts[c] = 0;
        return best;
    }

    /**
     * Spec test 9 (Fig 4.15): 10 scenarios on the five clusters (TABLE_A × 1, 1.05, 1.1, 1.2, 4/3), R each: no gain for
     * 20 processors, a gain that grows in steps as Algorithm 3 drops one cluster after the other (4 steps), and from 111
     * processors every scenario on the fastest cluster and a gain of 1 − T11(fast)/T11(slow) = 25 %.
     */
    @Test
    void repartitionBeatsRoundRobinInFourSteps() {
        Benchmarks five = Platforms.fiveClusters();
        int nm = 180;
        OaSettings alg3 = new OaSettings(five, 10, nm, "knapsack", Repartition.ALGORITHM3, PostRule.ITERATIONS, true, 0, 0);
        OceanAtmosphereController controller = OceanAtmosphereController.withBuiltInHeuristics(Oa.SIMULATOR);
        PerformanceEstimator estimator = new PerformanceEstimator(alg3, new KnapsackGrouping(), Oa.SIMULATOR);
        List<Integer> used = new ArrayList<>();
        List<Double> gains = new ArrayList<>();
        for (int r = 11; r <= 120; r++) {
            ExperimentPlan p = controller.plan(Platforms.uniform(five, r), alg3, estimator);
            used.add(p.clusters().size());
            gains.add(1 - p.estimatedMakespan() / p.estimatedRoundRobin());
        }
        assertEquals(0, gains.get(20 - 11), 1e-12, "20 processors");
        int steps = 0;
        for (int i = 1; i < used.size(); i++) {
            assertTrue(used.get(i) <= used.get(i - 1), "clusters used never grow: R=" + (11 + i));
            steps += used.get(i) < used.get(i - 1) ? 1 : 0;
        }
        assertEquals(4, steps, "clusters used " + used);
        assertEquals(5, used.get(0));
        for (int r = 111; r <= 120; r++) {
            assertEquals(1, used.get(r - 11), "R=" + r);
            assertEquals(0.25, gains.get(r - 11), 0.001, "R=" + r);
        }
        for (double g : gains) {
            assertTrue(g >= -1e-12, "Algorithm 3 never loses to round robin");
        }
    }

    /** The whole experiment simulated on the five clusters ends when Algorithm 3's estimate says. */
    @Test
    void theSimulatedExperimentEndsWhenEstimated() {
        Benchmarks five = Platforms.fiveClusters();
        for (int r : new int[] {25, 40, 111}) {
            int[] p = new int[5];
            Arrays.fill(p, r);
            String file = Platforms.data("five-clusters.json").toString();
            OceanAtmosphereRun run = Platforms.run(five.clusterNames(), p, Platforms.options(file, 10, 24, "knapsack", "algorithm3"), 1);
            assertTrue(run.finished());
            assertEquals(run.plan().estimatedMakespan(), run.makespan(), 1e-6, "R=" + r);
            OceanAtmosphereRun rr = Platforms.run(five.clusterNames(), p, Platforms.options(file, 10, 24, "knapsack", "round-robin"), 1);
            assertTrue(rr.makespan() >= run.makespan(), "R=" + r);
            assertEquals(run.plan().estimatedRoundRobin(), rr.makespan(), 1e-6, "R=" + r);
        }
    }
}
