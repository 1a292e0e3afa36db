package org.gridsched.workflow.oa;

import java.util.Arrays;

import org.gridsched.api.InputException;
import org.gridsched.api.simulate.Simulator;
import org.gridsched.engine.EngineSimulator;
import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingHeuristic;
import org.gridsched.workflow.grouping.GroupingProblem;

/** Test fixtures: the spec's TABLE_A, constant tables, and simulated makespans of given groupings. */
final class Oa {
    private Oa() {
    }

    /** Nested simulations in the engine, as the framework's Simulator service runs them; no batch policy plugin here. */
    static final Simulator SIMULATOR = new EngineSimulator(name -> {
        throw new InputException(null, 0, "batch", "no batch policy plugins in these tests: " + name);
    });

    /**
     * TABLE_A of the spec (§2.3): keeps Grillon's quoted T(5) = 4205 and T(10) = 1502 and reproduces every
     * table-dependent example of the thesis; T_P = 60 (spec test 3).
     */
    static final double[] TABLE_A = table(8000, 4205, 2600, 2000, 1800, 1600, 1502, 1367);
    static final double TABLE_A_POST = 60;

    /** T[4..11] as an array indexed by group size. */
    static double[] table(double... t4to11) {
        double[] t = new double[GroupingProblem.MAX_GROUP + 1];
        Arrays.fill(t, Double.NaN);
        System.arraycopy(t4to11, 0, t, 4, t4to11.length);
        return t;
    }

    static ClusterBenchmark tableA() {
        return tableA(1.0, 2);
    }

    /** TABLE_A with every time (main and post) multiplied by {@code factor}. */
    static ClusterBenchmark tableA(double factor, int coresPerNode) {
        double[] t = TABLE_A.clone();
        for (int g = 0; g < t.length; g++) {
            t[g] *= factor;
        }
        return new ClusterBenchmark("a", t, TABLE_A_POST * factor, coresPerNode);
    }

    /** T_G ≡ tg for every size (the spec's branch checks use T_G ≡ 100). */
    static ClusterBenchmark constant(double tg, double tp) {
        double[] t = new double[GroupingProblem.MAX_GROUP + 1];
        Arrays.fill(t, Double.NaN);
        for (int g = 4; g <= 11; g++) {
            t[g] = tg;
        }
        return new ClusterBenchmark("c", t, tp, 1);
    }

    static OaSettings settings(int ns, int nm, String grouping, PostRule posts) {
        return new OaSettings(null, ns, nm, grouping, Repartition.ALGORITHM3, posts, true, 0, 0);
    }

    /** The engine-simulated makespan of NS scenarios of NM months with this grouping. */
    static double simulate(ClusterBenchmark b, int r, int ns, int nm, Grouping g, PostRule posts) {
        return PerformanceEstimator.simulate(SIMULATOR, settings(ns, nm, "-", posts), b, r, ns, g);
    }

    /** The same under a given scenario assignment. */
    static double simulate(ClusterBenchmark b, int r, int ns, int nm, Grouping g, Assignment assignment) {
        return PerformanceEstimator.simulate(SIMULATOR, settings(ns, nm, "-", PostRule.ITERATIONS).with(assignment), b, r, ns, g);
    }

    static double simulate(ClusterBenchmark b, int r, int ns, int nm, Grouping g) {
        return simulate(b, r, ns, nm, g, PostRule.ITERATIONS);
    }

    /** nb_max groups of G, the basic heuristic's grouping for a given G. */
    static Grouping equalGroups(int ns, int r, int g) {
        int[] sizes = new int[Math.min(ns, r / g)];
        Arrays.fill(sizes, g);
        return Grouping.of(sizes);
    }

    static Grouping group(GroupingHeuristic h, ClusterBenchmark b, int ns, int nm, int r) {
        return h.group(b.problem(ns, nm, r));
    }

    /**
     * The same benchmark with every time on the simulator's time grid ({@link org.gridsched.api.SimTime}): the
     * durations the simulation really runs, which a closed form must use to be compared exactly.
     */
    static ClusterBenchmark onGrid(ClusterBenchmark b) {
        double[] t = new double[GroupingProblem.MAX_GROUP + 1];
        for (int g = 0; g < t.length; g++) {
            t[g] = org.gridsched.api.SimTime.of(b.mainTime(g));
        }
        return new ClusterBenchmark(b.cluster(), t, org.gridsched.api.SimTime.of(b.postTime()), b.coresPerNode());
    }

    static double closedForm(ClusterBenchmark b, int ns, int nm, int r, int g) {
        return ClosedForm.makespan(ns, nm, r, g, b.mainTime(g), b.postTime());
    }
}
