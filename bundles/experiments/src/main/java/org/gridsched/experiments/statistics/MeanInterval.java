package org.gridsched.experiments.statistics;

import java.util.List;

/**
 * The 95 % confidence interval of a mean over independent replications (seeds), by Student's t: the one copy of the
 * t table and the half-width formula for the matrix tables and the studies' own tables.
 */
public final class MeanInterval {
    /** Student's t quantile 0.975 for 1..30 degrees of freedom; beyond, the normal's 1.96. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    private MeanInterval() {
    }

    /**
     * Student's t quantile 0.975 with {@code df} degrees of freedom, to three decimals as the printed tables give it;
     * 1.96 (the normal's) beyond 30, where the table stops.
     *
     * @throws IllegalArgumentException when {@code df} < 1: one value has no spread to estimate
     */
    public static double t975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("Student's t needs at least 1 degree of freedom, got " + df);
        }
        return df <= T975.length ? T975[df - 1] : 1.96;
    }

    /** The 95 % confidence half-width of the mean of at least two values: t(0.975, n-1) s / sqrt(n). */
    public static double halfWidth95(List<Double> values, double mean) {
        int n = values.size();
        double ss = 0;
        for (double x : values) {
            ss += (x - mean) * (x - mean);
        }
        return t975(n - 1) * Math.sqrt(ss / (n - 1) / n);
    }

    /** The mean of the values; NaN for none. */
    public static double mean(List<Double> values) {
        double sum = 0;
        for (double x : values) {
            sum += x;
        }
        return values.isEmpty() ? Double.NaN : sum / values.size();
    }
}
