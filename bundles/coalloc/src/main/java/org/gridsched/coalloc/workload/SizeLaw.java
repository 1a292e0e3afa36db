package org.gridsched.coalloc.workload;

import java.util.SplittableRandom;

/**
 * Job or component sizes on [min, max]: {@code uniform}, or the "Realistic Synthetic Distribution" of
 * Ballier et al.: P(i) = q^i / Q if i is not a power of two, 3·q^i / Q if it is (Q normalises). With
 * q = 0.9 the mean is 6.95 on [1, 32] and 10.44 on [4, 32]. Sampled by binary search in the cumulative table.
 */
public final class SizeLaw {
    public static final String UNIFORM = "uniform";
    public static final String REALISTIC = "realistic";

    private final int min;
    private final int max;
    /** Cumulative probabilities of min, min+1, ..., max (null for the uniform law). */
    private final double[] cumulative;
    private final double mean;

    private SizeLaw(int min, int max, double[] cumulative, double mean) {
        this.min = min;
        this.max = max;
        this.cumulative = cumulative;
        this.mean = mean;
    }

    public static SizeLaw uniform(int min, int max) {
        return new SizeLaw(min, max, null, (min + (double) max) / 2);
    }

    public static SizeLaw realistic(int min, int max, double q) {
        double[] w = new double[max - min + 1];
        double sum = 0;
        double qi = 1; // q^(i - min): the common factor q^min cancels, and large sizes do not underflow first
        for (int i = min; i <= max; i++) {
            w[i - min] = (Integer.bitCount(i) == 1 ? 3 : 1) * qi;
            sum += w[i - min];
            qi *= q;
        }
        double c = 0;
        double mean = 0;
        for (int k = 0; k < w.length; k++) {
            mean += (min + k) * w[k] / sum;
            c += w[k] / sum;
            w[k] = c;
        }
        w[w.length - 1] = 1;
        return new SizeLaw(min, max, w, mean);
    }

    /** The exact mean. */
    public double mean() {
        return mean;
    }

    public int max() {
        return max;
    }

    public int sample(SplittableRandom rng) {
        if (cumulative == null) {
            return min + rng.nextInt(max - min + 1);
        }
        double u = rng.nextDouble();
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (u < cumulative[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return min + lo;
    }
}
