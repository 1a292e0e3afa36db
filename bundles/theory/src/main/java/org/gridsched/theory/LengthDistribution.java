package org.gridsched.theory;

import java.util.Locale;
import java.util.Objects;

/**
 * The law of the <em>virtual</em> job length {@code m} (run time on a CPU of speed 1), described by its mean
 * {@code 1/mu} and the one shape parameter of its family (spec §1.7). An immutable value.
 *
 * <p>The families, all with mean {@code mean = 1/mu}:
 * <ul>
 * <li>{@code exponential}: rate {@code mu};</li>
 * <li>{@code constant}: {@code m = mean} with probability 1;</li>
 * <li>{@code uniform}: uniform on {@code mean*(1-alpha) .. mean*(1+alpha)}, {@code 0 < alpha < 1};</li>
 * <li>{@code shifted-exponential}: {@code alpha*mean} plus an exponential of mean {@code (1-alpha)*mean},
 * {@code 0 < alpha < 1};</li>
 * <li>{@code erlang}: shape {@code h >= 1}, rate {@code h*mu} ({@code h = 1} is the exponential).</li>
 * </ul>
 *
 * <p>{@link #k()} is the constant {@code K = E[1/m]/mu = E[1/m]*mean} of the slowdown formulas (R9–R14): the
 * mean slowdown of a job that waits {@code W} on an element of speed {@code s} is {@code W*K/mean + 1/s}.
 *
 * <p>This is the one description of length laws in gridsched: the {@code synthetic} workload generator
 * ({@code org.gridsched.workload.synthetic}) parses its {@code length} options into an instance of this
 * class and draws its job lengths from it, so a simulated workload and the formulas it is compared with
 * share the same law, mean and shape.
 */
public final class LengthDistribution {

    /**
     * The families of length laws, with the names configuration files use.
     *
     * @since 1.1
     */
    public enum Family {
        /** Exponential lengths. */
        EXPONENTIAL("exponential"),
        /** Every job has the mean length. */
        CONSTANT("constant"),
        /** Uniform lengths on {@code mean*(1-alpha) .. mean*(1+alpha)}. */
        UNIFORM("uniform"),
        /** {@code alpha*mean} plus an exponential of mean {@code (1-alpha)*mean}. */
        SHIFTED_EXPONENTIAL("shifted-exponential"),
        /** The sum of {@code h} exponentials, each of mean {@code mean/h}. */
        ERLANG("erlang");

        private final String label;

        Family(String label) {
            this.label = label;
        }

        /** @return the family name, as accepted by {@link LengthDistribution#parse} and {@link #byName} */
        public String label() {
            return label;
        }

        /** @return whether the family has the shape parameter {@code alpha} (uniform, shifted exponential) */
        public boolean usesAlpha() {
            return this == UNIFORM || this == SHIFTED_EXPONENTIAL;
        }

        /** @return whether the family has the integer shape {@code h} (Erlang) */
        public boolean usesShape() {
            return this == ERLANG;
        }

        /**
         * The family of a name, as written in configuration files.
         *
         * @param name a name (case and surrounding blanks are ignored, {@code _} is accepted for {@code -})
         * @return the family, or {@code null} if the name is {@code null} or not one of {@link LengthDistribution#VALID_NAMES}
         */
        public static Family byName(String name) {
            String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
            for (Family f : values()) {
                if (f.label.equals(key)) {
                    return f;
                }
            }
            return null;
        }
    }

    /** The names accepted by {@link #parse}, in documentation order. */
    public static final String VALID_NAMES = "exponential, constant, uniform, shifted-exponential, erlang";

    private final Family family;
    private final double mean;
    private final double alpha;
    private final int shape;

    private LengthDistribution(Family family, double mean, double alpha, int shape) {
        if (!(mean > 0.0) || Double.isInfinite(mean)) {
            throw new IllegalArgumentException(family.label + " length: the mean must be positive and finite, got "
                    + mean);
        }
        this.family = family;
        this.mean = mean;
        this.alpha = alpha;
        this.shape = shape;
    }

    /**
     * Exponential lengths of the given mean: the law under which the M/M/c results (R1–R4) are exact. Its
     * {@code E[1/m]} is infinite, so {@link #k()} is {@code +infinity}.
     *
     * @param mean the mean virtual length {@code 1/mu} in seconds, positive and finite
     * @return the distribution
     */
    public static LengthDistribution exponential(double mean) {
        return new LengthDistribution(Family.EXPONENTIAL, mean, Double.NaN, 0);
    }

    /**
     * Every job has the same virtual length.
     *
     * @param mean the length {@code 1/mu} in seconds, positive and finite
     * @return the distribution ({@code K = 1}, SCV 0)
     */
    public static LengthDistribution constant(double mean) {
        return new LengthDistribution(Family.CONSTANT, mean, Double.NaN, 0);
    }

    /**
     * Uniform lengths on {@code mean*(1-alpha) .. mean*(1+alpha)} (Table 1 of the paper; its Lemma 6.6
     * misprints the range as {@code mu(1 +- alpha)}).
     *
     * @param mean the mean virtual length in seconds, positive and finite
     * @param alpha the relative half-width, {@code 0 < alpha < 1}
     * @return the distribution
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public static LengthDistribution uniform(double mean, double alpha) {
        requireAlpha("uniform", alpha);
        return new LengthDistribution(Family.UNIFORM, mean, alpha, 0);
    }

    /**
     * Shifted exponential lengths: {@code alpha*mean} plus an exponential of mean {@code (1-alpha)*mean}. A
     * small {@code alpha} keeps the law close to the exponential while making {@code E[1/m]} finite.
     *
     * @param mean the mean virtual length in seconds, positive and finite
     * @param alpha the shift as a fraction of the mean, {@code 0 < alpha < 1}
     * @return the distribution
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public static LengthDistribution shiftedExponential(double mean, double alpha) {
        requireAlpha("shifted-exponential", alpha);
        return new LengthDistribution(Family.SHIFTED_EXPONENTIAL, mean, alpha, 0);
    }

    /**
     * Erlang lengths: the sum of {@code h} exponentials, each of mean {@code mean/h}.
     *
     * @param mean the mean virtual length in seconds, positive and finite
     * @param h the shape, at least 1 ({@code h = 1} is the exponential law, with {@code K = +infinity})
     * @return the distribution
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public static LengthDistribution erlang(double mean, int h) {
        if (h < 1) {
            throw new IllegalArgumentException("erlang length: the shape h must be at least 1, got " + h);
        }
        return new LengthDistribution(Family.ERLANG, mean, Double.NaN, h);
    }

    /**
     * Builds a distribution from its name, as written in configuration files.
     *
     * @param name one of {@value #VALID_NAMES} (case and surrounding blanks are ignored, and {@code _} is
     *        accepted for {@code -}, as in the synthetic workload generator's profiles)
     * @param mean the mean virtual length in seconds
     * @param alpha the shape parameter of {@code uniform} and {@code shifted-exponential}; ignored otherwise
     * @param h the shape of {@code erlang}; ignored otherwise
     * @return the distribution
     * @throws IllegalArgumentException if the name is unknown (the message lists the valid names) or a
     *         parameter used by the family is out of range
     */
    public static LengthDistribution parse(String name, double mean, double alpha, int h) {
        Family family = Family.byName(name);
        if (family == null) {
            throw new IllegalArgumentException("unknown length distribution '" + name + "'; valid names: "
                    + VALID_NAMES);
        }
        return of(family, mean, alpha, h);
    }

    /**
     * Builds a distribution of a given family.
     *
     * @param family the family
     * @param mean the mean virtual length in seconds
     * @param alpha the shape parameter of {@code uniform} and {@code shifted-exponential}; ignored otherwise
     * @param h the shape of {@code erlang}; ignored otherwise
     * @return the distribution, as built by the family's factory method
     * @throws IllegalArgumentException if a parameter used by the family is out of range
     * @since 1.1
     */
    public static LengthDistribution of(Family family, double mean, double alpha, int h) {
        switch (Objects.requireNonNull(family, "family")) {
            case EXPONENTIAL:
                return exponential(mean);
            case CONSTANT:
                return constant(mean);
            case UNIFORM:
                return uniform(mean, alpha);
            case SHIFTED_EXPONENTIAL:
                return shiftedExponential(mean, alpha);
            case ERLANG:
                return erlang(mean, h);
            default:
                throw new AssertionError(family);
        }
    }

    private static void requireAlpha(String family, double alpha) {
        if (!(alpha > 0.0 && alpha < 1.0)) {
            throw new IllegalArgumentException(family + " length: alpha must satisfy 0 < alpha < 1, got " + alpha);
        }
    }

    /**
     * @return the family name, as accepted by {@link #parse}: {@code exponential}, {@code constant},
     *         {@code uniform}, {@code shifted-exponential} or {@code erlang}
     */
    public String name() {
        return family.label;
    }

    /**
     * @return the family
     * @since 1.1
     */
    public Family family() {
        return family;
    }

    /** @return the mean virtual length {@code 1/mu}, in seconds */
    public double mean() {
        return mean;
    }

    /**
     * @return {@code alpha} for {@code uniform} and {@code shifted-exponential}, {@code NaN} for the other
     *         families
     */
    public double alpha() {
        return alpha;
    }

    /** @return the Erlang shape {@code h} for {@code erlang}, 0 for the other families */
    public int shape() {
        return shape;
    }

    /**
     * @return whether the law is exponential ({@code exponential}, or {@code erlang} with {@code h = 1}), the
     *         only case in which the M/M/c results R1–R4 are exact
     */
    public boolean isExponential() {
        return family == Family.EXPONENTIAL || (family == Family.ERLANG && shape == 1);
    }

    /**
     * The constant {@code K = E[1/m] * mean} of R12 and R14 (dimensionless, at least 1 by Jensen's
     * inequality):
     * <ul>
     * <li>exponential: {@code +infinity};</li>
     * <li>constant: 1;</li>
     * <li>uniform: {@code (1/(2 alpha)) ln((1+alpha)/(1-alpha))};</li>
     * <li>shifted exponential: {@code e^(alpha/(1-alpha)) Gamma[0, alpha/(1-alpha)] / (1-alpha)};</li>
     * <li>Erlang: {@code h/(h-1)}, {@code +infinity} for {@code h = 1}.</li>
     * </ul>
     *
     * @return {@code K}
     */
    public double k() {
        switch (family) {
            case EXPONENTIAL:
                return Double.POSITIVE_INFINITY;
            case CONSTANT:
                return 1.0;
            case UNIFORM:
                return (Math.log1p(alpha) - Math.log1p(-alpha)) / (2.0 * alpha);
            case SHIFTED_EXPONENTIAL: {
                double x = alpha / (1.0 - alpha);
                return ExponentialIntegral.e1Scaled(x) / (1.0 - alpha);
            }
            case ERLANG:
                return shape == 1 ? Double.POSITIVE_INFINITY : shape / (shape - 1.0);
            default:
                throw new AssertionError(family);
        }
    }

    /** @return {@code E[1/m] = k()/mean()}, per second ({@code +infinity} when {@code K} is) */
    public double meanInverse() {
        return k() / mean;
    }

    /**
     * The squared coefficient of variation {@code Var[m]/E[m]^2}: 1 (exponential), 0 (constant),
     * {@code alpha^2/3} (uniform), {@code (1-alpha)^2} (shifted exponential), {@code 1/h} (Erlang).
     *
     * @return the SCV
     */
    public double scv() {
        switch (family) {
            case EXPONENTIAL:
                return 1.0;
            case CONSTANT:
                return 0.0;
            case UNIFORM:
                return alpha * alpha / 3.0;
            case SHIFTED_EXPONENTIAL:
                return (1.0 - alpha) * (1.0 - alpha);
            case ERLANG:
                return 1.0 / shape;
            default:
                throw new AssertionError(family);
        }
    }

    /**
     * The variance {@code Var[m]}, in seconds squared: {@code mean^2} (exponential), 0 (constant),
     * {@code (2 alpha mean)^2/12} (uniform), {@code ((1-alpha) mean)^2} (shifted exponential),
     * {@code mean^2/h} (Erlang).
     *
     * @return the variance
     * @since 1.1
     */
    public double variance() {
        switch (family) {
            case EXPONENTIAL:
                return mean * mean;
            case CONSTANT:
                return 0.0;
            case UNIFORM: {
                double w = 2 * alpha * mean;
                return w * w / 12;
            }
            case SHIFTED_EXPONENTIAL: {
                double m = (1 - alpha) * mean;
                return m * m;
            }
            case ERLANG:
                return mean * mean / shape;
            default:
                throw new AssertionError(family);
        }
    }

    /**
     * Returns the same family and shape with another mean (the paper varies the load by changing the mean
     * length at a fixed arrival rate).
     *
     * @param newMean the new mean virtual length in seconds, positive and finite
     * @return the rescaled distribution
     */
    public LengthDistribution withMean(double newMean) {
        return new LengthDistribution(family, newMean, alpha, shape);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LengthDistribution)) {
            return false;
        }
        LengthDistribution other = (LengthDistribution) o;
        return family == other.family && Double.compare(mean, other.mean) == 0
                && Double.compare(alpha, other.alpha) == 0 && shape == other.shape;
    }

    @Override
    public int hashCode() {
        return Objects.hash(family, mean, alpha, shape);
    }

    @Override
    public String toString() {
        switch (family) {
            case UNIFORM:
            case SHIFTED_EXPONENTIAL:
                return family.label + "(mean=" + mean + ", alpha=" + alpha + ")";
            case ERLANG:
                return family.label + "(mean=" + mean + ", h=" + shape + ")";
            default:
                return family.label + "(mean=" + mean + ")";
        }
    }
}
