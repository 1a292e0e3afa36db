package org.gridsched.engine;

import org.gridsched.api.control.Allocation;

/**
 * The processors a running job holds: one part per cluster it spans, each a set of processor ids as
 * {@code [from, to)} pairs. All parts start and end together.
 *
 * <p>Nearly every job has one part, and a run keeps every job until its results are written, so the engine
 * keeps a one-part allocation as just the processor runs in the job ({@link SimJob#runs}) and makes this
 * object only for multi-part jobs, or as a view when a plugin asks.
 */
public final class JobAllocation implements Allocation {
    private final int cluster;
    private final int[] runs;
    /** Further parts (parts 1..n-1), or null for a one-part allocation. */
    private final int[] moreClusters;
    private final int[][] moreRuns;

    private JobAllocation(int cluster, int[] runs, int[] moreClusters, int[][] moreRuns) {
        this.cluster = cluster;
        this.runs = runs;
        this.moreClusters = moreClusters;
        this.moreRuns = moreRuns;
    }

    /** A one-part allocation. */
    static JobAllocation single(int cluster, int[] runs) {
        return new JobAllocation(cluster, runs, null, null);
    }

    /** An allocation of the given parts, in order. */
    static JobAllocation of(int[] clusters, int[][] runs) {
        if (clusters.length == 1) {
            return single(clusters[0], runs[0]);
        }
        return new JobAllocation(clusters[0], runs[0], java.util.Arrays.copyOfRange(clusters, 1, clusters.length),
                java.util.Arrays.copyOfRange(runs, 1, runs.length));
    }

    @Override
    public int parts() {
        return moreClusters == null ? 1 : 1 + moreClusters.length;
    }

    @Override
    public int cluster(int part) {
        return part == 0 ? cluster : moreClusters[part - 1];
    }

    @Override
    public int processors(int part) {
        int[] r = runs(part);
        int n = 0;
        for (int i = 0; i < r.length; i += 2) {
            n += r[i + 1] - r[i];
        }
        return n;
    }

    @Override
    public int[] processorIds(int part) {
        return runs(part).clone();
    }

    int[] runs(int part) {
        return part == 0 ? runs : moreRuns[part - 1];
    }

    @Override
    public int totalProcessors() {
        int n = 0;
        for (int p = 0, parts = parts(); p < parts; p++) {
            n += processors(p);
        }
        return n;
    }

    /** True if some part is on a cluster other than the first part's. */
    public boolean spansClusters() {
        if (moreClusters != null) {
            for (int c : moreClusters) {
                if (c != cluster) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Part {@code i}'s processors as an interval set, e.g. {@code "0-3 8"}. */
    public String text(int part) {
        return text(runs(part));
    }

    /** Processor runs as an interval set, e.g. {@code "0-3 8"}. */
    static String text(int[] r) {
        return appendText(new StringBuilder(), r, 0).toString();
    }

    /**
     * Appends half-open processor runs [from, to) as Batsim's interval set ({@code 0-3 7 9-10}), each id shifted
     * by {@code offset} (platform-wide ids in jobs.csv).
     */
    static StringBuilder appendText(StringBuilder sb, int[] r, int offset) {
        for (int i = 0; i < r.length; i += 2) {
            int from = r[i] + offset;
            int last = r[i + 1] - 1 + offset;
            sb.append(i > 0 ? " " : "").append(from);
            if (last > from) {
                sb.append('-').append(last);
            }
        }
        return sb;
    }
}
