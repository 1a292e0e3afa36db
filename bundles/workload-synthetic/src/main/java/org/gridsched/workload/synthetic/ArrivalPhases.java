package org.gridsched.workload.synthetic;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Arrival times for a piecewise-constant arrival rate, one at a time.
 *
 * <p>The rate is given as phases: phase k has rate r_k (jobs per second, possibly 0) and lasts d_k
 * seconds, starting where phase k−1 ends (the first at 0); after the last phase there are no arrivals.
 * Without phases there is a single phase of infinite length.
 *
 * <p>Method: arrivals are drawn in "unit-rate time" s and mapped through the inverse of the cumulative
 * rate Λ(t) = ∫₀ᵗ r(u) du. For {@code poisson} the gaps in s are Exp(1), which gives exactly a
 * (non-homogeneous) Poisson process of rate r(t); for {@code fixed} the k-th arrival is at s = k, so the
 * arrivals of one phase are evenly spaced 1/r_k apart (without phases: exactly at k × interarrival). A
 * phase of rate 0 has a flat Λ, so no arrival falls in it. Phases are right-closed: with fixed gaps, an
 * arrival that falls exactly on the end of a phase belongs to it (also at the end of the last phase).
 */
final class ArrivalPhases {

    /** One phase: {@code gap} = mean seconds between arrivals (1/rate; infinite for rate 0). */
    record Phase(double rate, double gap, double duration) {
    }

    private final boolean poisson;
    private final SplittableRandom rng;
    private final int n;
    /** Start time of phase k; start[n] is the end of the last phase (infinite without phases). */
    private final double[] start;
    /** Λ at the start of phase k; lambda[n] is Λ at the end. */
    private final double[] lambda;
    private final double[] gap;
    /** Whether phase k has a positive rate (phases of rate 0 receive no arrival). */
    private final boolean[] active;

    private int phase;
    /** The unit-rate time of the last arrival. */
    private double s;
    private long count;
    private double last;
    private boolean ended;

    /**
     * @param poisson exponential gaps (true) or fixed gaps (false)
     * @param phases  at least one phase; the last may have an infinite duration
     * @param rng     the arrivals' own stream (unused for fixed gaps)
     */
    ArrivalPhases(boolean poisson, List<Phase> phases, SplittableRandom rng) {
        this.poisson = poisson;
        this.rng = rng;
        this.n = phases.size();
        this.start = new double[n + 1];
        this.lambda = new double[n + 1];
        this.gap = new double[n];
        this.active = new boolean[n];
        for (int k = 0; k < n; k++) {
            Phase p = phases.get(k);
            gap[k] = p.gap();
            active[k] = p.rate() > 0;
            start[k + 1] = start[k] + p.duration();
            lambda[k + 1] = p.rate() > 0 ? lambda[k] + p.duration() / p.gap() : lambda[k];
        }
    }

    /** The end of the last phase, seconds (infinite when unbounded). */
    double end() {
        return start[n];
    }

    /** The next arrival time, non-decreasing, or NaN when there are no more arrivals. */
    double next() {
        if (ended) {
            return Double.NaN;
        }
        if (poisson) {
            s += LengthSampler.exponential(rng, 1.0);
        } else {
            count++;
            s = count;
        }
        // Phases are right-closed, (start, end]: an arrival exactly at a boundary belongs to the earlier
        // phase, as a job exactly at t = duration is generated, and the last phase includes its end.
        while (phase < n && (!active[phase] || s > lambda[phase + 1])) {
            phase++;
        }
        if (phase == n) {
            ended = true;
            return Double.NaN;
        }
        double t = start[phase] + (s - lambda[phase]) * gap[phase];
        // round-off guards: stay inside the phase and never go back in time
        t = Math.min(t, start[phase + 1]);
        t = Math.max(t, last);
        last = t;
        return t;
    }
}
