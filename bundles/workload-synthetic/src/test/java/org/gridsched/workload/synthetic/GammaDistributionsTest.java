package org.gridsched.workload.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class GammaDistributionsTest {

    private static final int N = 400_000;

    /** Mean and variance of gamma(k, θ) against kθ and kθ², for shapes below, at and above 1. */
    @ParameterizedTest
    @CsvSource({ "0.3, 2.0", "1.0, 1.0", "4.2, 0.94", "10.460, 0.4871", "312, 0.03" })
    void gammaMeanAndVariance(double shape, double scale) {
        SplittableRandom rng = new SplittableRandom(12345);
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < N; i++) {
            double x = GammaDistributions.gamma(rng, shape, scale);
            assertTrue(x >= 0, "gamma variate negative: " + x);
            sum += x;
            sumSq += x * x;
        }
        double mean = sum / N;
        double variance = sumSq / N - mean * mean;
        double expectedMean = shape * scale;
        double expectedVariance = shape * scale * scale;
        // 5 standard errors; Var(sample variance) ≈ σ⁴ (2 + excess kurtosis 6/k) / n.
        double meanTolerance = 5 * Math.sqrt(expectedVariance / N);
        double varianceTolerance = 5 * expectedVariance * Math.sqrt((2 + 6 / shape) / N);
        assertEquals(expectedMean, mean, meanTolerance, "mean of gamma(" + shape + ", " + scale + ")");
        assertEquals(expectedVariance, variance, varianceTolerance, "variance of gamma(" + shape + ", " + scale + ")");
    }

    @Test
    void hyperGammaMeanAndVariance() {
        double a1 = 4.2;
        double b1 = 0.94;
        double a2 = 312;
        double b2 = 0.03;
        double p = 0.6;
        SplittableRandom rng = new SplittableRandom(99);
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < N; i++) {
            double x = GammaDistributions.hyperGamma(rng, a1, b1, a2, b2, p);
            sum += x;
            sumSq += x * x;
        }
        double mean = sum / N;
        double variance = sumSq / N - mean * mean;
        double expectedMean = GammaDistributions.hyperGammaMean(a1, b1, a2, b2, p);
        double expectedVariance = GammaDistributions.hyperGammaVariance(a1, b1, a2, b2, p);
        assertEquals(0.6 * 4.2 * 0.94 + 0.4 * 312 * 0.03, expectedMean, 1e-12);
        assertEquals(expectedMean, mean, 5 * Math.sqrt(expectedVariance / N));
        assertEquals(expectedVariance, variance, 0.02 * expectedVariance);
    }

    @Test
    void hyperGammaProbabilityOutsideUnitIntervalIsClamped() {
        SplittableRandom rng = new SplittableRandom(3);
        for (int i = 0; i < 1000; i++) {
            // gamma(312, 0.03) is near 9.4, gamma(1, 0.001) near 0: the component is recognisable
            assertTrue(GammaDistributions.hyperGamma(rng, 1, 0.001, 312, 0.03, 1.5) < 1);
            assertTrue(GammaDistributions.hyperGamma(rng, 1, 0.001, 312, 0.03, -0.5) > 5);
        }
    }

    @Test
    void normalHasMeanZeroAndVarianceOne() {
        SplittableRandom rng = new SplittableRandom(7);
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < N; i++) {
            double x = GammaDistributions.normal(rng);
            sum += x;
            sumSq += x * x;
        }
        assertEquals(0, sum / N, 5 / Math.sqrt(N));
        assertEquals(1, sumSq / N - (sum / N) * (sum / N), 5 * Math.sqrt(2.0 / N));
    }

    @Test
    void sameSeedSameVariates() {
        SplittableRandom a = new SplittableRandom(2024);
        SplittableRandom b = new SplittableRandom(2024);
        for (int i = 0; i < 10_000; i++) {
            assertEquals(GammaDistributions.gamma(a, 0.7, 3), GammaDistributions.gamma(b, 0.7, 3));
        }
    }

    @Test
    void badParametersRejected() {
        SplittableRandom rng = new SplittableRandom(1);
        assertThrows(IllegalArgumentException.class, () -> GammaDistributions.gamma(rng, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> GammaDistributions.gamma(rng, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> GammaDistributions.gamma(rng, Double.NaN, 1));
    }

    @Test
    void logGammaKnownValues() {
        assertEquals(0, GammaDistributions.logGamma(1), 1e-13);
        assertEquals(0, GammaDistributions.logGamma(2), 1e-13);
        assertEquals(Math.log(24), GammaDistributions.logGamma(5), 1e-12);
        assertEquals(0.5 * Math.log(Math.PI), GammaDistributions.logGamma(0.5), 1e-12);
        assertEquals(Math.log(362_880), GammaDistributions.logGamma(10), 1e-11);
        // Γ(0.1) = 9.513507698668732
        assertEquals(Math.log(9.513507698668732), GammaDistributions.logGamma(0.1), 1e-12);
        // ln Γ(312) via Σ ln i, i = 1..311
        double lf = 0;
        for (int i = 2; i <= 311; i++) {
            lf += Math.log(i);
        }
        assertEquals(lf, GammaDistributions.logGamma(312), 1e-9 * lf);
    }

    @Test
    void cdfKnownValues() {
        // shape 1: exponential
        for (double x : new double[] { 0.01, 0.5, 1, 2, 5, 20 }) {
            assertEquals(1 - Math.exp(-x), GammaDistributions.cdf(x, 1, 1), 1e-12, "P(1, " + x + ")");
            assertEquals(1 - Math.exp(-x / 3), GammaDistributions.cdf(x, 1, 3), 1e-12);
        }
        // shape 3 (Erlang): 1 − e^−x (1 + x + x²/2); series and continued-fraction branches
        for (double x : new double[] { 0.2, 1, 3.9, 4.1, 8, 30 }) {
            double expected = 1 - Math.exp(-x) * (1 + x + x * x / 2);
            assertEquals(expected, GammaDistributions.cdf(x, 3, 1), 1e-12, "P(3, " + x + ")");
        }
        // shape 1/2: erf(sqrt(x)); erf(1) = 0.8427007929497149
        assertEquals(0.8427007929497149, GammaDistributions.regularizedLowerGamma(0.5, 1), 1e-12);
        assertEquals(0, GammaDistributions.cdf(0, 2, 1));
        assertEquals(0, GammaDistributions.cdf(-1, 2, 1));
        assertEquals(1, GammaDistributions.cdf(1e6, 2, 1), 1e-15);
        // monotone
        double previous = 0;
        for (double x = 0; x < 80; x += 0.25) {
            double c = GammaDistributions.cdf(x, 8.1737, 3.9631);
            assertTrue(c >= previous && c <= 1, "cdf not monotone at " + x);
            previous = c;
        }
    }

    @Test
    void cdfMatchesEmpiricalDistribution() {
        SplittableRandom rng = new SplittableRandom(5);
        double shape = 10.46;
        double scale = 0.4871;
        double x = 5.0;
        int below = 0;
        for (int i = 0; i < N; i++) {
            if (GammaDistributions.gamma(rng, shape, scale) <= x) {
                below++;
            }
        }
        double p = GammaDistributions.cdf(x, shape, scale);
        assertEquals(p, (double) below / N, 5 * Math.sqrt(p * (1 - p) / N));
    }
}
