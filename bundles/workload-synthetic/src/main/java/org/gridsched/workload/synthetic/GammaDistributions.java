package org.gridsched.workload.synthetic;

import java.util.SplittableRandom;

/**
 * Gamma and hyper-gamma random variates, and the gamma cumulative distribution function, for the
 * synthetic workload models. All randomness comes from the {@link SplittableRandom} passed in, so a
 * seeded stream gives the same variates on every run and JDK.
 *
 * <p>Parameterisation: {@code gamma(shape k, scale θ)} has mean {@code kθ} and variance {@code kθ²}
 * (the same as {@code gamrnd(alpha, beta)} in Lublin's reference code).
 *
 * <p>Algorithms:
 * <ul>
 * <li>Gamma variates: G. Marsaglia and W. W. Tsang, "A simple method for generating gamma variables",
 *     ACM TOMS 26(3), 2000. For {@code k < 1} the usual boost {@code G(k) = G(k+1)·U^(1/k)} is used.
 *     Normal variates come from the Marsaglia polar method (not {@code nextGaussian()}, whose algorithm
 *     may differ between JDKs).</li>
 * <li>Regularised lower incomplete gamma {@code P(a, x)}: power series for {@code x < a + 1}, Lentz's
 *     continued fraction for the complement otherwise (as in Numerical Recipes, ch. 6.2).</li>
 * <li>{@code ln Γ}: Lanczos approximation (g = 7, 9 terms), relative error about 1e-15.</li>
 * </ul>
 */
final class GammaDistributions {

    private static final int MAX_ITERATIONS = 10_000;
    private static final double EPSILON = 1e-15;
    private static final double TINY = 1e-300;

    private static final double LANCZOS_G = 7.0;
    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7 };
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);

    private GammaDistributions() {
    }

    /** A gamma(shape, scale) variate; shape and scale must be positive. */
    static double gamma(SplittableRandom rng, double shape, double scale) {
        if (!(shape > 0) || !(scale > 0)) {
            throw new IllegalArgumentException("gamma needs positive shape and scale, got " + shape + ", " + scale);
        }
        if (shape < 1) {
            // Boost: if Y ~ gamma(k+1) and U ~ uniform(0,1) then Y * U^(1/k) ~ gamma(k).
            double y = standardGammaAtLeastOne(rng, shape + 1);
            return scale * y * Math.pow(openUniform(rng), 1 / shape);
        }
        return scale * standardGammaAtLeastOne(rng, shape);
    }

    /** Marsaglia–Tsang for gamma(k, 1), k &gt;= 1. */
    private static double standardGammaAtLeastOne(SplittableRandom rng, double k) {
        double d = k - 1.0 / 3.0;
        double c = 1.0 / Math.sqrt(9.0 * d);
        while (true) {
            double x;
            double v;
            do {
                x = normal(rng);
                v = 1.0 + c * x;
            } while (v <= 0);
            v = v * v * v;
            double u = openUniform(rng);
            double x2 = x * x;
            if (u < 1.0 - 0.0331 * x2 * x2) {
                return d * v;
            }
            if (Math.log(u) < 0.5 * x2 + d * (1.0 - v + Math.log(v))) {
                return d * v;
            }
        }
    }

    /**
     * A hyper-gamma variate: with probability {@code p} from gamma(a1, b1), otherwise from gamma(a2, b2).
     * {@code p} is clamped to [0, 1].
     */
    static double hyperGamma(SplittableRandom rng, double a1, double b1, double a2, double b2, double p) {
        boolean first = rng.nextDouble() < p;
        return first ? gamma(rng, a1, b1) : gamma(rng, a2, b2);
    }

    /** Mean of hyper-gamma(a1, b1, a2, b2, p). */
    static double hyperGammaMean(double a1, double b1, double a2, double b2, double p) {
        return p * a1 * b1 + (1 - p) * a2 * b2;
    }

    /** Variance of hyper-gamma(a1, b1, a2, b2, p) (mixture: E[X²] − E[X]²). */
    static double hyperGammaVariance(double a1, double b1, double a2, double b2, double p) {
        double m1 = a1 * b1;
        double m2 = a2 * b2;
        double second = p * (a1 * b1 * b1 + m1 * m1) + (1 - p) * (a2 * b2 * b2 + m2 * m2);
        double mean = hyperGammaMean(a1, b1, a2, b2, p);
        return second - mean * mean;
    }

    /** A standard normal variate (Marsaglia polar method; the second variate is discarded). */
    static double normal(SplittableRandom rng) {
        double u;
        double v;
        double s;
        do {
            u = 2 * rng.nextDouble() - 1;
            v = 2 * rng.nextDouble() - 1;
            s = u * u + v * v;
        } while (s >= 1 || s == 0);
        return u * Math.sqrt(-2 * Math.log(s) / s);
    }

    /** Uniform on (0, 1]: never zero, so its logarithm is finite. */
    static double openUniform(SplittableRandom rng) {
        return 1.0 - rng.nextDouble();
    }

    /** The gamma(shape, scale) cumulative distribution function at {@code x}. */
    static double cdf(double x, double shape, double scale) {
        if (x <= 0) {
            return 0;
        }
        return regularizedLowerGamma(shape, x / scale);
    }

    /** The regularised lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a), for a &gt; 0, x &gt;= 0. */
    static double regularizedLowerGamma(double a, double x) {
        if (!(a > 0)) {
            throw new IllegalArgumentException("P(a, x) needs a > 0, got " + a);
        }
        if (x <= 0) {
            return 0;
        }
        if (Double.isInfinite(x)) {
            return 1;
        }
        double logPrefix = -x + a * Math.log(x) - logGamma(a);
        if (x < a + 1) {
            // P(a, x) = e^-x x^a / Γ(a) * Σ x^n / (a (a+1) ... (a+n))
            double term = 1 / a;
            double sum = term;
            for (int n = 1; n < MAX_ITERATIONS; n++) {
                term *= x / (a + n);
                sum += term;
                if (Math.abs(term) < Math.abs(sum) * EPSILON) {
                    break;
                }
            }
            return Math.min(1, sum * Math.exp(logPrefix));
        }
        // Q(a, x) = e^-x x^a / Γ(a) * 1/(x+1-a- 1(1-a)/(x+3-a- 2(2-a)/(x+5-a- ...))), modified Lentz.
        double b = x + 1 - a;
        double c = 1 / TINY;
        double d = 1 / b;
        double h = d;
        for (int i = 1; i < MAX_ITERATIONS; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            if (Math.abs(d) < TINY) {
                d = TINY;
            }
            c = b + an / c;
            if (Math.abs(c) < TINY) {
                c = TINY;
            }
            d = 1 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < EPSILON) {
                break;
            }
        }
        return Math.max(0, 1 - Math.exp(logPrefix) * h);
    }

    /** ln Γ(x) for x &gt; 0 (Lanczos). */
    static double logGamma(double x) {
        if (!(x > 0)) {
            throw new IllegalArgumentException("logGamma needs x > 0, got " + x);
        }
        if (x < 0.5) {
            // Reflection: Γ(x) Γ(1-x) = π / sin(πx)
            return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
        }
        double z = x - 1;
        double sum = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (z + i);
        }
        double t = z + LANCZOS_G + 0.5;
        return HALF_LOG_2PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
