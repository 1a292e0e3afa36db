package org.gridsched.workflow.oa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.gridsched.api.SimTime;
import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.oa.heuristics.KnapsackGrouping;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, point 1: on a cluster whose benchmark times are scaled by 4/3, the schedule is the x1 schedule with every
 * duration scaled, so the makespan is 4/3 of the x1 makespan. In plain floating point it was not (groups that end
 * together in exact arithmetic ended a few ulps apart, scenarios stopped rotating: 442,213 s instead of 428,506.67 s;
 * on a binary time grid, 460,880 s).
 */
class ExactTimeTest {

    @Test
    void aClusterFourThirdsSlowerHasFourThirdsTheMakespan() {
        int r = 16;
        int ns = 2;
        int nm = 180;
        ClusterBenchmark x1 = Oa.tableA(1.0, 2);
        ClusterBenchmark slower = Oa.tableA(4.0 / 3, 2);
        Grouping g1 = Oa.group(new KnapsackGrouping(), x1, ns, nm, r);
        Grouping g43 = Oa.group(new KnapsackGrouping(), slower, ns, nm, r);
        assertEquals(g1.groups(), g43.groups(), "the same grouping: scaling every time keeps the knapsack's choice");
        double m1 = Oa.simulate(x1, r, ns, nm, g1);
        double m43 = Oa.simulate(slower, r, ns, nm, g43);
        // 4/3 of a whole number of seconds is a whole number of ticks (1/138,600 s): exact, not just close
        assertEquals(SimTime.of(m1 * 4 / 3), m43, "x1 " + m1 + " s, x4/3 " + m43 + " s");
        assertEquals(3 * SimTime.ticks(m43), 4 * SimTime.ticks(m1), "in ticks");
        // and exactly 4/3 when the scaled times are whole: TABLE_A x 3 against TABLE_A x 4
        double m3 = Oa.simulate(Oa.tableA(3.0, 2), r, ns, nm, g1);
        double m4 = Oa.simulate(Oa.tableA(4.0, 2), r, ns, nm, g1);
        assertEquals(m3 * 4 / 3, m4, "TABLE_A x 4 against x 3");
    }

    /** Groups of one size on a x1.1 cluster end together, as in exact arithmetic: the makespan is the closed form's. */
    @Test
    void groupsOfOneSizeEndTogetherOnAnElevenTenthsCluster() {
        ClusterBenchmark b = Oa.tableA(1.1, 2); // 2000 x 1.1 = 2200.0000000000005 in floating point
        for (int r = 40; r <= 100; r += 3) {
            for (int g = 4; g <= 11; g++) {
                assertEquals(SimTime.of(Oa.closedForm(Oa.onGrid(b), 10, 30, r, g)), Oa.simulate(b, r, 10, 30, Oa.equalGroups(10, r, g)),
                        "R=" + r + " G=" + g);
            }
        }
    }

    /** The x1.1 case: on TABLE_A x 1.1 at R = 69 the makespan is 1.1 times the x1 one (it was +19.7 %). */
    @Test
    void anElevenTenthsClusterHasElevenTenthsTheMakespan() {
        for (Assignment a : Assignment.values()) {
            ClusterBenchmark x1 = Oa.tableA(1.0, 2);
            ClusterBenchmark x11 = Oa.tableA(1.1, 2);
            Grouping g = Oa.group(new KnapsackGrouping(), x1, 10, 180, 69);
            assertEquals(g.groups(), Oa.group(new KnapsackGrouping(), x11, 10, 180, 69).groups());
            double m1 = Oa.simulate(x1, 69, 10, 180, g, a);
            assertEquals(SimTime.of(m1 * 1.1), Oa.simulate(x11, 69, 10, 180, g, a), a.toString());
        }
    }

    /**
     * The independent exact-arithmetic model gives 10.3 % for Fig 4.16's 50 scenarios at R = 85 (knapsack,
     * Algorithm 3 against round robin, its least-advanced assignment; the docs said 12.3 % in floating point).
     */
    @Test
    void fiftyScenariosAtEightyFiveProcessorsGainWhatExactArithmeticGives() {
        Benchmarks five = Platforms.fiveClusters();
        OceanAtmosphereController controller = OceanAtmosphereController.withBuiltInHeuristics(Oa.SIMULATOR);
        OaSettings roundRobin = new OaSettings(five, 50, 180, "knapsack", Repartition.ROUND_ROBIN, PostRule.ITERATIONS, true, 0, 0)
                .with(Assignment.LEAST_ADVANCED);
        OaSettings algorithm3 = roundRobin.with(Repartition.ALGORITHM3, "knapsack");
        Clusters grid = Platforms.uniform(five, 85);
        double b = makespan(controller, grid, roundRobin);
        double c = makespan(controller, grid, algorithm3);
        assertEquals(10.36, 100 * (1 - c / b), 0.005, "round robin " + b + " s, Algorithm 3 " + c + " s");
    }

    private static double makespan(OceanAtmosphereController controller, Clusters grid, OaSettings s) {
        PerformanceEstimator estimator = new PerformanceEstimator(s, controller.heuristic(s), Oa.SIMULATOR);
        return Experiments.simulate(Oa.SIMULATOR, grid, controller.plan(grid, s, estimator), 0).makespan();
    }
}
