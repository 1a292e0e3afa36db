package org.gridsched.metrics;

import java.util.Arrays;

import org.gridsched.api.Decimals;

/** Jain's fairness index, Spearman's rank correlation and the median: the statistics of the per-user collectors. */
final class Fairness {
    private Fairness() {
    }

    /**
     * Jain's fairness index (Σx)² / (n Σx²) of {@code n} non-negative values: 1 when all are equal, 1/n when one
     * value holds everything. All zero counts as equal (1); NaN for no value.
     */
    static double jain(double[] x, int n) {
        if (n == 0) {
            return Double.NaN;
        }
        double sum = 0;
        double squares = 0;
        for (int i = 0; i < n; i++) {
            sum += x[i];
            squares += x[i] * x[i];
        }
        return squares == 0 ? 1 : sum * sum / (n * squares);
    }

    /**
     * Spearman's rank correlation of the first {@code n} pairs: Pearson's correlation of the ranks, tied values
     * sharing the average of their ranks. NaN for fewer than two pairs, or when either side is constant (a
     * correlation with a constant is undefined).
     */
    static double spearman(double[] x, double[] y, int n) {
        if (n < 2) {
            return Double.NaN;
        }
        double[] rx = ranks(x, n);
        double[] ry = ranks(y, n);
        double mean = (n + 1) / 2.0; // average ranks keep the mean rank
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = 0; i < n; i++) {
            double a = rx[i] - mean;
            double b = ry[i] - mean;
            sxy += a * b;
            sxx += a * a;
            syy += b * b;
        }
        return sxx == 0 || syy == 0 ? Double.NaN : sxy / Math.sqrt(sxx * syy);
    }

    /** Ranks 1..n of the first {@code n} values; ties get the average of the ranks they span. */
    static double[] ranks(double[] v, int n) {
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(v[a], v[b]));
        double[] r = new double[n];
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && Double.compare(v[order[j + 1]], v[order[i]]) == 0) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1; // positions i..j hold ranks i+1..j+1
            for (int k = i; k <= j; k++) {
                r[order[k]] = rank;
            }
            i = j + 1;
        }
        return r;
    }

    /** Median of the first {@code n} values (mean of the two middle ones for an even count), NaN if none; sorts a copy. */
    static double median(double[] v, int n) {
        if (n == 0) {
            return Double.NaN;
        }
        double[] s = Arrays.copyOf(v, n);
        Arrays.sort(s);
        int mid = n / 2;
        return n % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
    }

    /** A user, group, queue or partition number as output names it: the number, or {@code unknown} for -1. */
    static String name(int id) {
        return id < 0 ? "unknown" : Integer.toString(id);
    }

    /** A number for a CSV cell: whole values without a decimal point, NaN as an empty cell. */
    static String cell(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        return Decimals.format(v);
    }
}
