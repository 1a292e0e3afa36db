package org.gridsched.coalloc.placers;

import org.gridsched.coalloc.placement.PlacementRequest;

/** Shared by the built-in policies: the request's availability as an array, clusters by decreasing availability. */
final class Order {
    private Order() {
    }

    static int[] available(PlacementRequest r) {
        int[] a = new int[r.clusters()];
        for (int c = 0; c < a.length; c++) {
            a[c] = r.available(c);
        }
        return a;
    }

    /** Cluster indices by decreasing availability; ties to the lower index, so that placements are reproducible. */
    static int[] byAvailability(int[] available) {
        Integer[] order = new Integer[available.length];
        for (int c = 0; c < order.length; c++) {
            order[c] = c;
        }
        java.util.Arrays.sort(order, (x, y) -> available[x] != available[y] ? Integer.compare(available[y], available[x])
                : Integer.compare(x, y));
        int[] out = new int[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = order[i];
        }
        return out;
    }
}
