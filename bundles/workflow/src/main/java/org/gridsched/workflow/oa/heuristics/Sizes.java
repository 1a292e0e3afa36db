package org.gridsched.workflow.oa.heuristics;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingProblem;
import org.gridsched.workflow.oa.Knapsack;

/** The group sizes a heuristic may use, with their times, and the knapsack over them. */
final class Sizes {
    private Sizes() {
    }

    /** Benchmarked sizes from {@code smallest} to {@code largest} that pass {@code allowed}, solved as a knapsack. */
    static Grouping knapsack(GroupingProblem p, int largest, IntPredicate allowed) {
        List<Integer> sizes = new ArrayList<>();
        for (int g = GroupingProblem.MIN_GROUP; g <= largest; g++) {
            if (p.benchmarked(g) && allowed.test(g)) {
                sizes.add(g);
            }
        }
        int[] s = sizes.stream().mapToInt(Integer::intValue).toArray();
        double[] t = new double[s.length];
        for (int j = 0; j < s.length; j++) {
            t[j] = p.mainTime(s[j]);
        }
        return Grouping.of(Knapsack.solve(s, t, p.processors(), p.scenarios()));
    }
}
