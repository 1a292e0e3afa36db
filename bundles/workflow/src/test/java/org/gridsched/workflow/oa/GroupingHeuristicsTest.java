package org.gridsched.workflow.oa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.oa.heuristics.BasicGrouping;
import org.gridsched.workflow.oa.heuristics.FirstOptimisation;
import org.gridsched.workflow.oa.heuristics.KnapsackGrouping;
import org.gridsched.workflow.oa.heuristics.RevisedKnapsack;
import org.gridsched.workflow.oa.heuristics.RevisedKnapsack12;
import org.gridsched.workflow.oa.heuristics.SecondOptimisation;
import org.junit.jupiter.api.Test;

/** Optimisations 1 and 2, the knapsack and its revised versions: spec §2.10 tests 4, 5, 6, 11 and 12. */
class GroupingHeuristicsTest {
    private static final ClusterBenchmark A = Oa.tableA();

    /** Spec test 11: optimisation 1 on R = 53, NS = 10 gives 8+8+8+7+7+7+7 and one post processor. */
    @Test
    void optimisationOneRedistributesTheIdleProcessors() {
        Grouping g = Oa.group(new FirstOptimisation(), A, 10, 1800, 53);
        assertEquals(List.of(8, 8, 8, 7, 7, 7, 7), g.groups());
        assertEquals(1, 53 - g.processors());
    }

    /** Optimisation 2 gives the post processor to the groups too: posts run at the end. */
    @Test
    void optimisationTwoLeavesNothingForPosts() {
        Grouping g = Oa.group(new SecondOptimisation(), A, 10, 1800, 53);
        assertEquals(List.of(8, 8, 8, 8, 7, 7, 7), g.groups());
        assertEquals(53, g.processors());
        // groups never grow beyond 11: 10 groups of 11 and the rest left over
        assertEquals(110, Oa.group(new SecondOptimisation(), A, 10, 1800, 130).processors());
    }

    /** Spec test 12: for 16 processors, 9 + 7 beats 8 + 8 (1/1600 + 1/2000 > 2/1800). */
    @Test
    void knapsackSplitsSixteenIntoNineAndSeven() {
        assertEquals(List.of(9, 7), Oa.group(new KnapsackGrouping(), A, 10, 1800, 16).groups());
        assertEquals(List.of(8, 8), Oa.group(new BasicGrouping(), A, 10, 1800, 16).groups());
    }

    /** Spec test 4: from 110 processors, ten groups of 11; never more groups than scenarios. */
    @Test
    void knapsackUsesAtMostOneGroupPerScenario() {
        for (int r = 110; r <= 300; r += 19) {
            assertEquals(List.of(11, 11, 11, 11, 11, 11, 11, 11, 11, 11), Oa.group(new KnapsackGrouping(), A, 10, 1800, r).groups());
        }
        assertEquals(List.of(11), Oa.group(new KnapsackGrouping(), A, 1, 1800, 100).groups());
        for (int ns = 1; ns <= 12; ns++) {
            for (int r = 0; r <= 130; r++) {
                Grouping g = Oa.group(new KnapsackGrouping(), A, ns, 1800, r);
                assertTrue(g.count() <= ns && g.processors() <= r, "NS=" + ns + " R=" + r + ": " + g);
            }
        }
    }

    /** The exact knapsack equals a brute force over every multiset of sizes, on random tables. */
    @Test
    void knapsackIsOptimal() {
        SplittableRandom rnd = new SplittableRandom(3);
        int[] sizes = {4, 5, 6, 7, 8, 9, 10, 11};
        for (int i = 0; i < 300; i++) {
            double[] times = new double[sizes.length];
            double t = 10_000;
            for (int j = 0; j < sizes.length; j++) {
                t *= rnd.nextDouble(0.55, 1.0);          // decreasing with the group size, like a benchmark
                times[j] = Math.rint(t);
            }
            int r = rnd.nextInt(0, 45);
            int ns = rnd.nextInt(1, 7);
            int[] chosen = Knapsack.solve(sizes, times, r, ns);
            double best = bruteForce(sizes, times, r, ns, 0, 0);
            assertEquals(best, Knapsack.value(chosen, sizes, times), 1e-15, "R=" + r + " NS=" + ns);
            assertTrue(chosen.length <= ns && java.util.Arrays.stream(chosen).sum() <= r);
        }
    }

    private static double bruteForce(int[] sizes, double[] times, int r, int ns, int from, double value) {
        double best = value;
        if (ns == 0) {
            return best;
        }
        for (int j = from; j < sizes.length; j++) {           // non-decreasing index: each multiset once
            if (sizes[j] <= r) {
                best = Math.max(best, bruteForce(sizes, times, r - sizes[j], ns - 1, j, value + 1 / times[j]));
            }
        }
        return best;
    }

    /**
     * Spec test 5: with 2 cores per node and no 12, 10 groups of 10 from 100 processors and the makespan stops
     * improving at 101; with 12 (T12 = T11), 10 groups of 12 from 120, equal to the original knapsack from 121; with 4
     * cores per node only 4, 8 (and 12); no size ever breaks divisibility.
     */
    @Test
    void revisedKnapsackKeepsSizesDivisibleByTheCoresPerNode() {
        int nm = 30;
        List<Integer> tenTens = List.of(10, 10, 10, 10, 10, 10, 10, 10, 10, 10);
        List<Integer> tenTwelves = List.of(12, 12, 12, 12, 12, 12, 12, 12, 12, 12);
        assertEquals(tenTens, Oa.group(new RevisedKnapsack(), A, 10, nm, 100).groups());
        assertEquals(tenTens, Oa.group(new RevisedKnapsack(), A, 10, nm, 150).groups());
        double at100 = simulated(new RevisedKnapsack(), A, nm, 100);
        double at101 = simulated(new RevisedKnapsack(), A, nm, 101);
        assertTrue(at101 < at100);
        assertEquals(at101, simulated(new RevisedKnapsack(), A, nm, 102));
        assertEquals(at101, simulated(new RevisedKnapsack(), A, nm, 140));
        assertEquals(tenTwelves, Oa.group(new RevisedKnapsack12(), A, 10, nm, 120).groups());
        assertTrue(simulated(new RevisedKnapsack12(), A, nm, 120) > simulated(new KnapsackGrouping(), A, nm, 120));
        for (int r = 121; r <= 160; r += 13) {
            assertEquals(simulated(new KnapsackGrouping(), A, nm, r), simulated(new RevisedKnapsack12(), A, nm, r), "R=" + r);
        }
        ClusterBenchmark four = Oa.tableA(1.0, 4);
        for (int r = 0; r <= 130; r++) {
            for (Grouping g : List.of(Oa.group(new RevisedKnapsack(), four, 10, nm, r), Oa.group(new RevisedKnapsack12(), four, 10, nm, r))) {
                assertTrue(g.groups().stream().allMatch(s -> s == 4 || s == 8 || s == 12), "R=" + r + ": " + g);
            }
            assertTrue(Oa.group(new RevisedKnapsack(), A, 10, nm, r).groups().stream().allMatch(s -> s % 2 == 0));
            assertTrue(Oa.group(new RevisedKnapsack(), four, 10, nm, r).groups().stream().allMatch(s -> s <= 8), "no 12 without the extension");
        }
    }

    /** Spec test 6: beyond 111 processors the version without 11 or 12 is T(10)/T(11) = 1.0988 times slower. */
    @Test
    void theEvenOnlyVersionStaysTenPercentSlower() {
        int nm = 60;
        for (int r = 111; r <= 140; r += 9) {
            double ratio = simulated(new RevisedKnapsack(), A, nm, r) / simulated(new KnapsackGrouping(), A, nm, r);
            assertEquals(1502.0 / 1367, ratio, 0.002, "R=" + r);
        }
    }

    private static double simulated(org.gridsched.workflow.grouping.GroupingHeuristic h, ClusterBenchmark b, int nm, int r) {
        return Oa.simulate(b, r, 10, nm, Oa.group(h, b, 10, nm, r));
    }

    /** Every heuristic returns no group under 4 processors and valid groups otherwise. */
    @Test
    void everyHeuristicReturnsValidGroups() {
        List<org.gridsched.workflow.grouping.GroupingHeuristic> all = new ArrayList<>(OceanAtmosphereController.builtInHeuristics());
        for (var h : all) {
            for (int ns = 1; ns <= 11; ns += 5) {
                for (int r = 0; r <= 125; r++) {
                    Grouping g = Oa.group(h, A, ns, 100, r);
                    assertEquals(r < 4, g.isEmpty(), h.name() + " R=" + r);
                    assertTrue(g.count() <= ns && g.processors() <= r, h.name() + " NS=" + ns + " R=" + r + ": " + g);
                    assertTrue(g.groups().stream().allMatch(s -> s >= 4 && s <= 12), h.name());
                }
            }
        }
    }
}
