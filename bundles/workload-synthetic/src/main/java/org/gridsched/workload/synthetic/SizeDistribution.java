package org.gridsched.workload.synthetic;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The law of job sizes (processors) of the {@code synthetic} generator.
 *
 * <ul>
 * <li>{@code sequential}: always 1.</li>
 * <li>{@code uniform}: integer uniform on [min_size, max_size].</li>
 * <li>{@code realistic}: the "Realistic Synthetic Distribution" of Ballier, Caron, Epema and Mohamed
 *     (INRIA RR-5815, 2006; see {@code shared/spec/coallocation.md}): P(size = i) = q^i / Q when i is not
 *     a power of two and 3·q^i / Q when it is, for i in [min_size, max_size], 0 &lt; q &lt; 1, Q the
 *     normalising sum. With q = 0.9 the mean is 6.95 on [1, 32] and 10.44 on [4, 32]. Sampled by binary
 *     search in a precomputed cumulative table.</li>
 * </ul>
 */
final class SizeDistribution {

    /** The laws, with the names profiles use. */
    enum Law {
        SEQUENTIAL("sequential"),
        UNIFORM("uniform"),
        REALISTIC("realistic");

        final String label;

        Law(String label) {
            this.label = label;
        }

        static Law byName(String name) {
            String n = name.trim().toLowerCase(Locale.ROOT);
            for (Law l : values()) {
                if (l.label.equals(n)) {
                    return l;
                }
            }
            return null;
        }

        static String names() {
            StringBuilder sb = new StringBuilder();
            for (Law l : values()) {
                if (sb.length() > 0) {
                    sb.append(", ");
                }
                sb.append(l.label);
            }
            return sb.toString();
        }
    }

    private final Law law;
    private final int min;
    private final int max;
    private final double q;
    /** Realistic only: cumulative weights, cumulative[i] = sum of the weights of sizes min..min+i. */
    private final double[] cumulative;

    SizeDistribution(Law law, int min, int max, double q) {
        this.law = law;
        this.min = law == Law.SEQUENTIAL ? 1 : min;
        this.max = law == Law.SEQUENTIAL ? 1 : max;
        this.q = q;
        if (law == Law.REALISTIC) {
            double[] p = realisticProbabilities(min, max, q);
            cumulative = new double[p.length];
            double c = 0;
            for (int i = 0; i < p.length; i++) {
                c += p[i];
                cumulative[i] = c;
            }
        } else {
            cumulative = null;
        }
    }

    /**
     * The normalised probabilities of the realistic law: element {@code k} is P(size = min + k). Weights
     * are computed as q^(i − min) (the common factor q^min cancels in the normalisation), so that a large
     * {@code min} does not underflow.
     */
    static double[] realisticProbabilities(int min, int max, double q) {
        double[] w = new double[max - min + 1];
        double sum = 0;
        double qi = 1;
        for (int i = min; i <= max; i++) {
            double weight = (Integer.bitCount(i) == 1 ? 3 : 1) * qi;
            w[i - min] = weight;
            sum += weight;
            qi *= q;
        }
        for (int k = 0; k < w.length; k++) {
            w[k] /= sum;
        }
        return w;
    }

    Law law() {
        return law;
    }

    /** The largest size this law can give. */
    int maxSize() {
        return max;
    }

    /** The exact mean size. */
    double mean() {
        return switch (law) {
            case SEQUENTIAL -> 1;
            case UNIFORM -> (min + (double) max) / 2;
            case REALISTIC -> {
                double[] p = realisticProbabilities(min, max, q);
                double m = 0;
                for (int k = 0; k < p.length; k++) {
                    m += (min + k) * p[k];
                }
                yield m;
            }
        };
    }

    int sample(SplittableRandom rng) {
        switch (law) {
            case UNIFORM:
                return min + rng.nextInt(max - min + 1);
            case REALISTIC: {
                double[] c = cumulative;
                double u = rng.nextDouble() * c[c.length - 1];
                // the first k with u < c[k]; sizes whose weight underflowed to 0 are never chosen
                int lo = 0;
                int hi = c.length - 1;
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    if (u < c[mid]) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                return min + lo;
            }
            case SEQUENTIAL:
            default:
                return 1;
        }
    }

    String describe() {
        return switch (law) {
            case SEQUENTIAL -> law.label;
            case UNIFORM -> law.label + "(min_size=" + min + ", max_size=" + max + ")";
            case REALISTIC -> law.label + "(min_size=" + min + ", max_size=" + max + ", q="
                    + SyntheticGenerator.num(q) + ")";
        };
    }
}
