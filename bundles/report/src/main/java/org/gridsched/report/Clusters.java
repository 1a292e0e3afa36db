package org.gridsched.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The platform a run had: clusters in order, with sizes. Processor ids are platform-wide in the report: cluster
 * {@code c} owns {@code [offset(c), offset(c) + size(c))}, as jobs.csv numbers them since the Batsim column order.
 */
public final class Clusters {
    private final List<String> names;
    private final int[] sizes;
    private final int[] offsets;

    public Clusters(List<String> names, int[] sizes) {
        this.names = List.copyOf(names);
        this.sizes = sizes.clone();
        this.offsets = new int[sizes.length + 1];
        for (int c = 0; c < sizes.length; c++) {
            offsets[c + 1] = offsets[c] + sizes[c];
        }
    }

    public int count() {
        return sizes.length;
    }

    public String name(int c) {
        return names.get(c);
    }

    public List<String> names() {
        return names;
    }

    public int size(int c) {
        return sizes[c];
    }

    public int offset(int c) {
        return offsets[c];
    }

    /** Processors of the whole platform. */
    public int total() {
        return offsets[sizes.length];
    }

    /** Index of a cluster by name, or -1. */
    public int indexOf(String name) {
        return names.indexOf(name);
    }

    /** The cluster owning a platform-wide processor id, or -1 when no cluster does. */
    public int ofProcessor(int id) {
        if (id < 0 || id >= total()) {
            return -1;
        }
        int lo = 0;
        int hi = sizes.length - 1;
        while (lo < hi) { // last cluster whose offset <= id
            int mid = (lo + hi + 1) >>> 1;
            if (offsets[mid] <= id) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** A copy with one more cluster (for jobs.csv naming a cluster the platform does not list). */
    Clusters with(String name, int size) {
        List<String> n = new ArrayList<>(names);
        n.add(name);
        int[] s = java.util.Arrays.copyOf(sizes, sizes.length + 1);
        s[sizes.length] = size;
        return new Clusters(n, s);
    }
}
