package org.gridsched.workload.synthetic;

import java.util.SplittableRandom;

import org.gridsched.theory.LengthDistribution;

/**
 * Draws the job lengths of the {@code synthetic} generator (virtual length = runtime on a speed-1
 * processor, seconds) from a {@link LengthDistribution} of the theory bundle, which owns the law itself
 * (family, mean, shape, moments, the constant K of the slowdown formulas). Lengths are never rounded and are
 * always positive.
 *
 * <ul>
 * <li>{@code exponential}: Exp with the given mean (an exact zero draw is redrawn).</li>
 * <li>{@code constant}: always the mean.</li>
 * <li>{@code uniform}: U[mean(1−α), mean(1+α)], α in (0, 1).</li>
 * <li>{@code shifted-exponential}: α·mean + Exp((1−α)·mean), α in (0, 1): minimum α·mean.</li>
 * <li>{@code erlang}: Gamma(h, scale mean/h) for an integer shape h ≥ 1 (variance mean²/h).</li>
 * </ul>
 */
final class LengthSampler {

    /** The default {@code alpha} of the generator's laws that have one: 0.5 (uniform), 0.05 (shifted). */
    static double defaultAlpha(LengthDistribution.Family family) {
        return switch (family) {
            case UNIFORM -> 0.5;
            case SHIFTED_EXPONENTIAL -> 0.05;
            default -> Double.NaN;
        };
    }

    private LengthSampler() {
    }

    /** One length of the law, positive. */
    static double sample(LengthDistribution law, SplittableRandom rng) {
        double mean = law.mean();
        switch (law.family()) {
            case CONSTANT:
                return mean;
            case UNIFORM: {
                double alpha = law.alpha();
                // alpha < 1 keeps the lower bound positive
                return mean * (1 - alpha) + 2 * alpha * mean * rng.nextDouble();
            }
            case SHIFTED_EXPONENTIAL: {
                double alpha = law.alpha();
                return alpha * mean + exponential(rng, (1 - alpha) * mean);
            }
            case ERLANG: {
                int shape = law.shape();
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
    static String describe(LengthDistribution law) {
        LengthDistribution.Family family = law.family();
        StringBuilder sb = new StringBuilder(family.label()).append("(mean_length=")
                .append(SyntheticGenerator.num(law.mean()));
        if (family.usesAlpha()) {
            sb.append(", alpha=").append(SyntheticGenerator.num(law.alpha()));
        }
        if (family.usesShape()) {
            sb.append(", erlang_shape=").append(law.shape());
        }
        return sb.append(')').toString();
    }
}
