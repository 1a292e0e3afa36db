package org.gridsched.workflow.grouping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Processor groups of one cluster, largest first; each runs one main task at a time. The processors of the
 * cluster that are in no group run post-processing tasks while main tasks run.
 *
 * @param groups            group sizes, largest first
 * @param predictedMakespan the heuristic's own prediction of the makespan (the basic heuristic's closed form), or
 *                          NaN when it makes none; the controller's makespan is always simulated
 */
public record Grouping(List<Integer> groups, double predictedMakespan) {

    public Grouping {
        List<Integer> sorted = new ArrayList<>(groups);
        sorted.sort(Collections.reverseOrder());
        groups = List.copyOf(sorted);
    }

    public static Grouping of(int... sizes) {
        return new Grouping(Arrays.stream(sizes).boxed().toList(), Double.NaN);
    }

    /** No group: the cluster cannot run a main task. */
    public static Grouping none() {
        return new Grouping(List.of(), Double.NaN);
    }

    public Grouping predicting(double makespan) {
        return new Grouping(groups, makespan);
    }

    public int count() {
        return groups.size();
    }

    /** Processors in groups. */
    public int processors() {
        int sum = 0;
        for (int g : groups) {
            sum += g;
        }
        return sum;
    }

    public boolean isEmpty() {
        return groups.isEmpty();
    }

    /** E.g. {@code 8+8+8+7+7+7+7}, or {@code none}. */
    @Override
    public String toString() {
        if (groups.isEmpty()) {
            return "none";
        }
        StringBuilder sb = new StringBuilder();
        for (int g : groups) {
            sb.append(sb.length() == 0 ? "" : "+").append(g);
        }
        return sb.toString();
    }
}
