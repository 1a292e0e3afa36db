package org.gridsched.workload.synthetic;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The law of job lengths (virtual length = runtime on a speed-1 processor, seconds) of the
 * {@code synthetic} generator. Every law is parameterised by its mean; lengths are never rounded and are
 * always positive.
 *
 * <ul>
 * <li>{@code exponential}: Exp with the given mean (an exact zero draw is redrawn).</li>
 * <li>{@code constant}: always the mean.</li>
 * <li>{@code uniform}: U[mean(1−α), mean(1+α)], α in (0, 1).</li>
 * <li>{@code shifted-exponential}: α·mean + Exp(mean (1−α)·mean), α in (0, 1): minimum α·mean.</li>
 * <li>{@code erlang}: Gamma(h, scale mean/h) for an integer shape h ≥ 1 (variance mean²/h).</li>
 * </ul>
 */
final class LengthDistribution {

    /** The laws, with the names profiles use. */
    enum Law {
        EXPONENTIAL("exponential"),
        CONSTANT("constant"),
        UNIFORM("uniform"),
        SHIFTED_EXPONENTIAL("shifted-exponential"),
        ERLANG("erlang");

        final String label;

        Law(String label) {
            this.label = label;
        }

        /** The law named {@code name} (case-insensitive, '_' accepted for '-'), or null. */
        static Law byName(String name) {
            String n = name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
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

        /** Whether the law uses {@code alpha}. */
        boolean usesAlpha() {
            return this == UNIFORM || this == SHIFTED_EXPONENTIAL;
        }

        /** The default {@code alpha} of the law (NaN if it has none). */
        double defaultAlpha() {
            return switch (this) {
                case UNIFORM -> 0.5;
                case SHIFTED_EXPONENTIAL -> 0.05;
                default -> Double.NaN;
            };
        }
    }

    private final Law law;
    private final double mean;
    private final double alpha;
    private final int shape;

    /**
     * @param law   the law
     * @param mean  mean length, positive and finite
     * @param alpha α for {@code uniform} and {@code shifted-exponential}, in (0, 1); ignored otherwise
     * @param shape Erlang shape h ≥ 1; ignored for other laws
     */
    LengthDistribution(Law law, double mean, double alpha, int shape) {
        this.law = law;
        this.mean = mean;
        this.alpha = alpha;
        this.shape = shape;
    }

    Law law() {
        return law;
    }

    double mean() {
        return mean;
    }

    /** The variance of the law. */
    double variance() {
        return switch (law) {
            case EXPONENTIAL -> mean * mean;
            case CONSTANT -> 0;
            case UNIFORM -> {
                double w = 2 * alpha * mean;
                yield w * w / 12;
            }
            case SHIFTED_EXPONENTIAL -> {
                double m = (1 - alpha) * mean;
                yield m * m;
            }
            case ERLANG -> mean * mean / shape;
        };
    }

    /** One length, positive. */
    double sample(SplittableRandom rng) {
        switch (law) {
            case CONSTANT:
                return mean;
            case UNIFORM:
                // alpha < 1 keeps the lower bound positive
                return mean * (1 - alpha) + 2 * alpha * mean * rng.nextDouble();
            case SHIFTED_EXPONENTIAL:
                return alpha * mean + exponential(rng, (1 - alpha) * mean);
            case ERLANG: {
                double x;
                do {
                    x = GammaDistributions.gamma(rng, shape, mean / shape);
                } while (!(x > 0));
                return x;
            }
            case EXPONENTIAL:
            default: {
                double x;
                do {
                    x = exponential(rng, mean);
                } while (!(x > 0)); // -ln(1) = 0 happens with probability 2^-53; a length must be positive
                return x;
            }
        }
    }

    /**
     * An exponential variate of the given mean, by inversion: {@code -mean·ln(1 − U)} with U uniform on
     * [0, 1) (so the argument of the logarithm is in (0, 1]); {@link StrictMath} so that every JVM gives
     * the same bits. May be exactly 0.
     */
    static double exponential(SplittableRandom rng, double mean) {
        return -mean * StrictMath.log(1.0 - rng.nextDouble());
    }

    /** E.g. {@code uniform(mean_length=100, alpha=0.5)}. */
    String describe() {
        StringBuilder sb = new StringBuilder(law.label).append("(mean_length=").append(SyntheticGenerator.num(mean));
        if (law.usesAlpha()) {
            sb.append(", alpha=").append(SyntheticGenerator.num(alpha));
        }
        if (law == Law.ERLANG) {
            sb.append(", erlang_shape=").append(shape);
        }
        return sb.append(')').toString();
    }
}
