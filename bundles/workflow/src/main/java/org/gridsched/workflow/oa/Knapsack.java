package org.gridsched.workflow.oa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The knapsack representation of the grouping (thesis §4.4.2.4, eqs 4.8-4.10), solved exactly: choose n_i groups
 * of size i to maximise Σ n_i / T[i] (the fraction of a main task done per second) under Σ i·n_i ≤ R and
 * Σ n_i ≤ NS. The thesis used lp_solve; with at most nine item sizes an exact dynamic programme over (number of
 * groups, processors used) is as fast and needs no solver. Ties (equal value, e.g. T[12] = T[11]) go to the
 * solution using fewer processors, then fewer groups.
 */
public final class Knapsack {
    /** Relative tolerance of value comparisons: sums of 1/T in a different order differ in the last bits. */
    private static final double EPS = 1e-12;

    private Knapsack() {
    }

    /**
     * @param sizes the group sizes allowed, each with {@code times[j]} its main-task time
     * @return the chosen groups, largest first; empty when no size fits
     */
    public static int[] solve(int[] sizes, double[] times, int processors, int scenarios) {
        int smallest = Arrays.stream(sizes).min().orElse(Integer.MAX_VALUE);
        if (sizes.length == 0 || smallest > processors) {
            return new int[0];
        }
        int maxGroups = Math.min(scenarios, processors / smallest);
        // best[k][p]: the largest value of exactly k groups using exactly p processors; last[k][p]: a size that gets it
        double[][] best = new double[maxGroups + 1][processors + 1];
        int[][] last = new int[maxGroups + 1][processors + 1];
        for (double[] row : best) {
            Arrays.fill(row, Double.NEGATIVE_INFINITY);
        }
        best[0][0] = 0;
        for (int k = 1; k <= maxGroups; k++) {
            for (int p = 0; p <= processors; p++) {
                for (int j = 0; j < sizes.length; j++) {
                    int s = sizes[j];
                    if (s > p || best[k - 1][p - s] == Double.NEGATIVE_INFINITY) {
                        continue;
                    }
                    double v = best[k - 1][p - s] + 1 / times[j];
                    if (better(v, best[k][p])) {
                        best[k][p] = v;
                        last[k][p] = s;
                    }
                }
            }
        }
        int bestK = 0;
        int bestP = 0;
        for (int p = 0; p <= processors; p++) {           // fewer processors first, then fewer groups: ties stay
            for (int k = 0; k <= maxGroups; k++) {
                if (better(best[k][p], best[bestK][bestP])) {
                    bestK = k;
                    bestP = p;
                }
            }
        }
        List<Integer> groups = new ArrayList<>();
        for (int k = bestK, p = bestP; k > 0; k--) {
            int s = last[k][p];
            groups.add(s);
            p -= s;
        }
        return groups.stream().sorted((a, b) -> b - a).mapToInt(Integer::intValue).toArray();
    }

    /** The value Σ 1/T[size] of a grouping. */
    public static double value(int[] groups, int[] sizes, double[] times) {
        double v = 0;
        for (int g : groups) {
            for (int j = 0; j < sizes.length; j++) {
                if (sizes[j] == g) {
                    v += 1 / times[j];
                }
            }
        }
        return v;
    }

    static boolean better(double v, double than) {
        return than == Double.NEGATIVE_INFINITY ? v > than : v > than + EPS * Math.abs(than);
    }
}
