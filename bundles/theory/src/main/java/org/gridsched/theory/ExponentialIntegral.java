package org.gridsched.theory;

/**
 * The exponential integral {@code E1(x) = Gamma[0,x] = integral from x to infinity of e^(-u)/u du}, the upper
 * incomplete gamma function with {@code a = 0}. It enters the constant {@code K} of shifted-exponential job
 * lengths (spec §1.7 and R10, R12, R14).
 *
 * <p>For {@code x <= 1} the power series {@code E1(x) = -gamma - ln x - sum_{k>=1} (-x)^k/(k k!)} is summed;
 * for {@code x > 1} the continued fraction of Numerical Recipes ({@code expint}, evaluated with the modified
 * Lentz method) is used. The relative accuracy is about {@code 1e-13} over the whole range.
 */
public final class ExponentialIntegral {

    /** The Euler–Mascheroni constant gamma. */
    public static final double EULER_GAMMA = 0.57721566490153286061;

    private static final double EPS = 1e-16;
    private static final double CF_EPS = 1e-15;
    private static final double FPMIN = Double.MIN_NORMAL / EPS;
    private static final int MAX_ITERATIONS = 10_000;

    private ExponentialIntegral() {
    }

    /**
     * Returns {@code E1(x) = Gamma[0,x]}.
     *
     * @param x the argument, strictly positive ({@code +infinity} gives 0)
     * @return {@code E1(x)}, positive and decreasing in {@code x}
     * @throws IllegalArgumentException if {@code x} is not strictly positive (or is NaN)
     */
    public static double e1(double x) {
        requirePositive(x);
        if (x <= 1.0) {
            return series(x);
        }
        if (x == Double.POSITIVE_INFINITY) {
            return 0.0;
        }
        return continuedFraction(x) * Math.exp(-x);
    }

    /**
     * Returns the scaled exponential integral {@code e^x E1(x)}, computed without forming {@code e^x} when
     * {@code x > 1}, so that it stays finite and accurate for large {@code x} (where {@code E1} underflows).
     * It tends to {@code 1/x} as {@code x} grows.
     *
     * @param x the argument, strictly positive ({@code +infinity} gives 0)
     * @return {@code e^x E1(x)}
     * @throws IllegalArgumentException if {@code x} is not strictly positive (or is NaN)
     */
    public static double e1Scaled(double x) {
        requirePositive(x);
        if (x <= 1.0) {
            return Math.exp(x) * series(x);
        }
        if (x == Double.POSITIVE_INFINITY) {
            return 0.0;
        }
        return continuedFraction(x);
    }

    private static void requirePositive(double x) {
        if (!(x > 0.0)) {
            throw new IllegalArgumentException("E1(x) needs x > 0, got " + x);
        }
    }

    /** Series for 0 < x <= 1: -gamma - ln x - sum (-x)^k / (k k!). */
    private static double series(double x) {
        double sum = 0.0;
        double power = 1.0; // (-x)^k / k!
        for (int k = 1; k < MAX_ITERATIONS; k++) {
            power *= -x / k;
            double term = power / k;
            sum += term;
            if (Math.abs(term) <= EPS * Math.abs(sum)) {
                break;
            }
        }
        return -EULER_GAMMA - Math.log(x) - sum;
    }

    /** Continued fraction for x > 1, returning e^x E1(x) (Numerical Recipes expint with n = 1). */
    private static double continuedFraction(double x) {
        double b = x + 1.0;
        double c = 1.0 / FPMIN;
        double d = 1.0 / b;
        double h = d;
        for (int i = 1; i < MAX_ITERATIONS; i++) {
            double an = -(double) i * i;
            b += 2.0;
            d = an * d + b;
            if (Math.abs(d) < FPMIN) {
                d = FPMIN;
            }
            c = b + an / c;
            if (Math.abs(c) < FPMIN) {
                c = FPMIN;
            }
            d = 1.0 / d;
            double delta = c * d;
            h *= delta;
            if (Math.abs(delta - 1.0) <= CF_EPS) {
                return h;
            }
        }
        return h; // not reached for x > 1: the fraction converges in a few dozen steps
    }
}
