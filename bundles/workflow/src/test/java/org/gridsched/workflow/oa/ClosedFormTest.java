package org.gridsched.workflow.oa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.oa.heuristics.BasicGrouping;
import org.junit.jupiter.api.Test;

/**
 * The basic heuristic's closed form (eqs 4.1-4.7), spec §2.10 tests 1-3 and 10, 13, 14, and the equality of the
 * closed form with the engine simulation of the same grouping.
 */
class ClosedFormTest {

    /** Spec test 1: the counts of §4.4.2.1, infeasible G, and no schedule under 4 processors. */
    @Test
    void termsFollowTheNotations() {
        ClosedForm.Terms t = ClosedForm.Terms.of(10, 1800, 53, 7);
        assertEquals(7, t.nbMax());                     // min(10, 53/7)
        assertEquals(49, t.r1());
        assertEquals(4, t.r2());
        assertEquals(18000 % 7, t.nbLast());
        assertEquals((18000 + 6) / 7, t.n());
        assertEquals(3, ClosedForm.Terms.of(3, 5, 100, 11).nbMax());   // limited by NS
        assertNull(ClosedForm.Terms.of(10, 10, 100, 3));
        assertNull(ClosedForm.Terms.of(10, 10, 100, 13));
        assertNull(ClosedForm.Terms.of(10, 10, 8, 9));                  // G > R
        assertEquals(Double.POSITIVE_INFINITY, ClosedForm.makespan(10, 10, 8, 9, 100, 10));
        for (int r = 0; r < 4; r++) {
            assertTrue(new BasicGrouping().group(Oa.tableA().problem(10, 10, r)).isEmpty(), "R=" + r);
        }
    }

    /**
     * Spec test 2: each branch with T_G ≡ 100, G = 4, by the closed form and by the simulation: (4.2) 310, (4.4) 530,
     * (4.5) 360, (4.7) 560.
     */
    @Test
    void branchesMatchTheSpecAndTheSimulation() {
        int[][] cases = { // NS, NM, R, T_P, expected
                {2, 3, 8, 10, 310}, {3, 3, 8, 30, 530}, {2, 3, 9, 60, 360}, {3, 3, 9, 60, 560}};
        for (int[] c : cases) {
            ClusterBenchmark b = Oa.constant(100, c[3]);
            assertEquals(c[4], Oa.closedForm(b, c[0], c[1], c[2], 4), "closed form " + java.util.Arrays.toString(c));
            assertEquals(c[4], Oa.simulate(b, c[2], c[0], c[1], Oa.equalGroups(c[0], c[2], 4)), "simulated " + java.util.Arrays.toString(c));
        }
        ClosedForm.Terms t = ClosedForm.Terms.of(3, 3, 9, 4);
        assertEquals(5, t.n());
        assertEquals(1, t.nbLast());
    }

    /** Spec test 3: 10 groups of 11 plus one post processor from R = 111 on, constant; R = 110 by eq 4.2. */
    @Test
    void fromOneHundredElevenProcessorsTheBasicHeuristicKeepsTenGroupsOfEleven() {
        ClusterBenchmark b = Oa.tableA();
        for (int r = 111; r <= 200; r += 7) {
            Grouping g = new BasicGrouping().group(b.problem(10, 1800, r));
            assertEquals(Grouping.of(11, 11, 11, 11, 11, 11, 11, 11, 11, 11).groups(), g.groups(), "R=" + r);
            assertEquals(1800 * 1367 + 60, g.predictedMakespan(), "R=" + r);
        }
        assertEquals(2_470_440, Oa.closedForm(b, 10, 1800, 110, 11));
        assertEquals(2_703_660, Oa.closedForm(b, 10, 1800, 110, 10));
        assertEquals(2_470_440, new BasicGrouping().group(b.problem(10, 1800, 110)).predictedMakespan());
    }

    /** Spec test 10: R = 53, NS = 10 gives G = 7: 7 groups on 49 processors, posts need 1, 3 idle. */
    @Test
    void fiftyThreeProcessorsGiveGroupsOfSeven() {
        ClusterBenchmark b = Oa.tableA();
        ClosedForm.Choice c = ClosedForm.best(b.problem(10, 1800, 53));
        assertEquals(7, c.groupSize());
        assertEquals(7, c.groups());
        long perProcessor = ClosedForm.postsPerIteration(b.mainTime(7), b.postTime());
        assertEquals(1, ClosedForm.ceilDiv(7, perProcessor), "posts of one iteration need one processor");
        assertEquals(3, 53 - 49 - 1, "idle during the whole computation");
    }

    /**
     * Spec test 13 (Fig 4.12): the basic makespan falls from 26 to 27 processors (3 groups of 8, then of 9) and keeps
     * the same grouping, 4 groups of 7, at 28 and 29. The thesis says the time "does not change" from 28 to 29; by eqs
     * 4.2 and 4.5 only the posts' tail differs (at 28 no processor is left for posts, so they all run at the end): 0.4 %.
     */
    @Test
    void addingProcessorsHelpsUnevenly() {
        ClusterBenchmark b = Oa.tableA();
        ClosedForm.Choice r26 = ClosedForm.best(b.problem(10, 1800, 26));
        ClosedForm.Choice r27 = ClosedForm.best(b.problem(10, 1800, 27));
        ClosedForm.Choice r28 = ClosedForm.best(b.problem(10, 1800, 28));
        ClosedForm.Choice r29 = ClosedForm.best(b.problem(10, 1800, 29));
        assertEquals(java.util.List.of(8, 3, 9, 3, 7, 4, 7, 4), java.util.List.of(r26.groupSize(), r26.groups(), r27.groupSize(),
                r27.groups(), r28.groupSize(), r28.groups(), r29.groupSize(), r29.groups()));
        assertTrue(r27.makespan() < 0.9 * r26.makespan(), "a consequent decrease from 26 to 27");
        assertEquals(4500 * 2000, r28.makespan() - Math.ceil(18000 / 28.0) * 60, "eq 4.2 at 28");
        assertEquals(4500 * 2000 + 60, r29.makespan(), "eq 4.5 at 29");
        assertTrue((r28.makespan() - r29.makespan()) / r28.makespan() < 0.005);
    }

    /** Spec test 14: with 40 processors, 1, 2 or 3 scenarios take the same time (33 processors for mains), 4 longer. */
    @Test
    void fortyProcessorsRunOneTwoOrThreeScenariosInTheSameTime() {
        ClusterBenchmark b = Oa.tableA();
        double one = ClosedForm.best(b.problem(1, 1800, 40)).makespan();
        assertEquals(one, ClosedForm.best(b.problem(2, 1800, 40)).makespan());
        assertEquals(one, ClosedForm.best(b.problem(3, 1800, 40)).makespan());
        assertEquals(11, ClosedForm.best(b.problem(3, 1800, 40)).groupSize());
        assertTrue(ClosedForm.best(b.problem(4, 1800, 40)).makespan() > one);
    }

    /**
     * The simulation of the basic grouping in the engine equals the closed form, under the thesis's post rule, over
     * random experiments covering every branch (NS, NM, R, G, T_G and T_P drawn; whole-second times).
     */
    @Test
    void theSimulatedBasicGroupingEqualsTheClosedForm() {
        SplittableRandom r = new SplittableRandom(11);
        int branches = 0;
        for (int i = 0; i < 400; i++) {
            int ns = r.nextInt(1, 9);
            int nm = r.nextInt(1, 9);
            int procs = r.nextInt(4, 60);
            int g = r.nextInt(4, Math.min(11, procs) + 1);
            double tg = r.nextInt(20, 400);
            double tp = r.nextInt(1, 150);
            ClusterBenchmark b = Oa.constant(tg, tp);
            double expected = ClosedForm.makespan(ns, nm, procs, g, tg, tp);
            double simulated = Oa.simulate(b, procs, ns, nm, Oa.equalGroups(ns, procs, g));
            assertEquals(expected, simulated, 1e-6, "NS=" + ns + " NM=" + nm + " R=" + procs + " G=" + g + " T_G=" + tg + " T_P=" + tp);
            ClosedForm.Terms t = ClosedForm.Terms.of(ns, nm, procs, g);
            branches |= 1 << ((t.r2() == 0 ? 0 : 2) + (t.nbLast() == 0 ? 0 : 1));
        }
        assertEquals(15, branches, "all four branches drawn");
    }

    /** On TABLE_A-like times (not multiples of T_P, not on the time grid) the simulation equals the closed form too. */
    @Test
    void theSimulationEqualsTheClosedFormOnScaledTableA() {
        ClusterBenchmark b = Oa.tableA(1.05, 2);
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 150; i++) {
            int ns = r.nextInt(1, 12);
            int nm = r.nextInt(1, 12);
            int procs = r.nextInt(4, 80);
            int g = r.nextInt(4, Math.min(11, procs) + 1);
            double thesis = Oa.simulate(b, procs, ns, nm, Oa.equalGroups(ns, procs, g), PostRule.ITERATIONS);
            // exact: the closed form of the durations the simulation runs (TABLE_A x 1.05 on the time grid), its
            // floating-point evaluation taken back to the grid
            assertEquals(org.gridsched.api.SimTime.of(Oa.closedForm(Oa.onGrid(b), ns, nm, procs, g)), thesis, "NS=" + ns + " NM=" + nm + " R=" + procs + " G=" + g);
        }
    }

    /**
     * Posts that may straddle an iteration boundary (the greedy rule) never end later than under the thesis's
     * accounting, and end earlier when T_P does not divide T_G and posts pile up.
     */
    @Test
    void greedyPostsAreNeverLater() {
        SplittableRandom r = new SplittableRandom(5);
        boolean earlierSeen = false;
        for (int i = 0; i < 300; i++) {
            int ns = r.nextInt(1, 9);
            int nm = r.nextInt(1, 9);
            int procs = r.nextInt(4, 40);
            int g = r.nextInt(4, Math.min(11, procs) + 1);
            ClusterBenchmark b = Oa.constant(r.nextInt(20, 200), r.nextInt(7, 90));
            Grouping groups = Oa.equalGroups(ns, procs, g);
            double thesis = Oa.simulate(b, procs, ns, nm, groups, PostRule.ITERATIONS);
            double greedy = Oa.simulate(b, procs, ns, nm, groups, PostRule.GREEDY);
            assertTrue(greedy <= thesis + 1e-6, "greedy " + greedy + " > " + thesis);
            earlierSeen |= greedy < thesis - 1e-6;
        }
        assertTrue(earlierSeen, "posts straddling iterations finish earlier somewhere");
    }
}
