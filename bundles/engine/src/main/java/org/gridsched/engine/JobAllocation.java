package org.gridsched.engine;

import org.gridsched.api.control.Allocation;

/**
 * The processors a running job holds: one part per cluster it spans, each a set of processor ids as
 * {@code [from, to)} pairs. All parts start and end together.
 */
public final class JobAllocation implements Allocation {
    private final int[] clusters;
    private final int[][] runs;
    private final int[] counts;
    private final int total;

    JobAllocation(int[] clusters, int[][] runs) {
        this.clusters = clusters;
        this.runs = runs;
        this.counts = new int[clusters.length];
        int sum = 0;
        for (int p = 0; p < clusters.length; p++) {
            for (int i = 0; i < runs[p].length; i += 2) {
                counts[p] += runs[p][i + 1] - runs[p][i];
            }
            sum += counts[p];
        }
        this.total = sum;
    }

    /** A one-part allocation. */
    static JobAllocation single(int cluster, int[] runs) {
        return new JobAllocation(new int[] {cluster}, new int[][] {runs});
    }

    @Override
    public int parts() {
        return clusters.length;
    }

    @Override
    public int cluster(int part) {
        return clusters[part];
    }

    @Override
    public int processors(int part) {
        return counts[part];
    }

    @Override
    public int[] processorIds(int part) {
        return runs[part].clone();
    }

    int[] runs(int part) {
        return runs[part];
    }

    @Override
    public int totalProcessors() {
        return total;
    }

    /** True if some part is on a cluster other than the first part's. */
    public boolean spansClusters() {
        for (int c : clusters) {
            if (c != clusters[0]) {
                return true;
            }
        }
        return false;
    }

    /** Part {@code i}'s processors as an interval set, e.g. {@code "0-3 8"}. */
    public String text(int part) {
        StringBuilder sb = new StringBuilder();
        int[] r = runs[part];
        for (int i = 0; i < r.length; i += 2) {
            if (i > 0) {
                sb.append(' ');
            }
            int from = r[i];
            int last = r[i + 1] - 1;
            sb.append(from);
            if (last > from) {
                sb.append('-').append(last);
            }
        }
        return sb.toString();
    }
}
