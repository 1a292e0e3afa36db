package org.gridsched.report;

import java.util.Arrays;

/** A metric over the jobs that ran: quantiles and a histogram on logarithmic bins (waits span seconds to weeks). */
public final class Distribution {
    public final String name;
    public final long count;
    public final double mean;
    public final double[] sorted;
    /** Bin edges: [0] = lower bound of the first bin; edges.length = counts.length + 1. */
    public final double[] edges;
    public final long[] counts;

    private Distribution(String name, double[] sorted, double[] edges, long[] counts) {
        this.name = name;
        this.count = sorted.length;
        this.mean = sorted.length == 0 ? Double.NaN : Arrays.stream(sorted).sum() / sorted.length;
        this.sorted = sorted;
        this.edges = edges;
        this.counts = counts;
    }

    /** The q-quantile (nearest rank). */
    public double quantile(double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    public static Distribution wait(JobsTable t) {
        double[] v = values(t, 0);
        // a first bin [0, 1) for jobs that did not wait, then 4 bins per decade
        return of("wait (s)", v, 0, 1, 4);
    }

    public static Distribution slowdown(JobsTable t) {
        return of("slowdown", values(t, 1), 1, 1, 8);
    }

    public static Distribution boundedSlowdown(JobsTable t) {
        return of("bounded slowdown (10 s)", values(t, 2), 1, 1, 8);
    }

    private static double[] values(JobsTable t, int kind) {
        double[] v = new double[t.size];
        int n = 0;
        for (int j = 0; j < t.size; j++) {
            if (!t.ran(j) || !(t.finish[j] >= t.start[j]) || !(t.start[j] >= t.submit[j])) {
                continue;
            }
            double wait = t.start[j] - t.submit[j];
            double run = t.finish[j] - t.start[j];
            double x = switch (kind) {
                case 0 -> wait;
                case 1 -> run > 0 ? (wait + run) / run : 1;
                default -> Math.max(1, (wait + run) / Math.max(run, 10));
            };
            v[n++] = x;
        }
        v = Arrays.copyOf(v, n);
        Arrays.sort(v);
        return v;
    }

    /** Edges: {@code floor}, then {@code first} x 10^(k/perDecade) up to the maximum. */
    private static Distribution of(String name, double[] sorted, double floor, double first, int perDecade) {
        double max = sorted.length == 0 ? first : sorted[sorted.length - 1];
        int logBins = Math.max(1, (int) Math.ceil(perDecade * Math.log10(Math.max(max, first) / first) + 1e-9) + (max >= first ? 1 : 0));
        double[] edges = new double[logBins + 1 + (floor < first ? 1 : 0)];
        int e = 0;
        if (floor < first) {
            edges[e++] = floor;
        }
        for (int k = 0; e < edges.length; k++) {
            edges[e++] = first * Math.pow(10, (double) k / perDecade);
        }
        long[] counts = new long[edges.length - 1];
        int bin = 0;
        for (double x : sorted) {
            while (bin < counts.length - 1 && x >= edges[bin + 1]) {
                bin++;
            }
            counts[bin]++;
        }
        return new Distribution(name, sorted, edges, counts);
    }
}
