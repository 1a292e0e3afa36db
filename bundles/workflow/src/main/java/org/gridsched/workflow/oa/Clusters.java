package org.gridsched.workflow.oa;

import java.util.List;

import org.gridsched.api.grid.Grid;

/** What planning needs to know of a platform: its clusters' names and sizes, in platform order. */
public record Clusters(List<String> names, List<Integer> processors) {

    public Clusters {
        names = List.copyOf(names);
        processors = List.copyOf(processors);
        if (names.size() != processors.size()) {
            throw new IllegalArgumentException(names.size() + " names for " + processors.size() + " clusters");
        }
    }

    public static Clusters of(Grid grid) {
        Integer[] p = new Integer[grid.clusterCount()];
        String[] n = new String[p.length];
        for (int c = 0; c < p.length; c++) {
            n[c] = grid.clusterName(c);
            p[c] = grid.processors(c);
        }
        return new Clusters(List.of(n), List.of(p));
    }

    /** The same number of processors on each named cluster. */
    public static Clusters uniform(List<String> names, int processors) {
        return new Clusters(names, names.stream().map(x -> processors).toList());
    }

    public int count() {
        return names.size();
    }

    public String name(int c) {
        return names.get(c);
    }

    public int processors(int c) {
        return processors.get(c);
    }
}
