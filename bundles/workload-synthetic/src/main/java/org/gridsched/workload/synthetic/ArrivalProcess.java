package org.gridsched.workload.synthetic;

import java.util.SplittableRandom;

/**
 * The arrival times of the Lublin model, one at a time, in continuous seconds from the start (midnight).
 * Each gap is a native inter-arrival time (see {@link Lublin99Model#sampleInterArrival}) multiplied by
 * {@code scale}. Without the daily cycle the gaps are added directly (a stationary renewal process). With
 * it, the gap is turned into "points" and time advances through half-hour buckets that each cost their
 * weight in points (the time warp of Lublin's {@code calc_next_arrive}), so the rate follows the weights
 * while the long-run mean gap stays {@code scale × meanInterArrival()}.
 */
final class ArrivalProcess {
    private final SplittableRandom rng;
    private final double scale;
    private final double[] weights;
    private final double daySum;

    /** Start of the current bucket, seconds (daily cycle only). */
    private double bucketStart;
    /** The current bucket, 0..47 (daily cycle only). */
    private int bucket = Lublin99Model.START_BUCKET;
    /** Points already spent in the current bucket, in [0, weight] (daily cycle only). */
    private double points;
    /** The last arrival time. */
    private double now;

    /**
     * @param rng        the arrivals' own stream
     * @param dailyCycle whether to apply the daily cycle
     * @param scale      factor applied to every native gap, positive
     */
    ArrivalProcess(SplittableRandom rng, boolean dailyCycle, double scale) {
        this.rng = rng;
        this.scale = scale;
        this.weights = dailyCycle ? Lublin99Model.dailyWeights() : null;
        double s = 0;
        if (weights != null) {
            for (double w : weights) {
                s += w;
            }
        }
        this.daySum = s;
        this.bucketStart = Lublin99Model.START_BUCKET * Lublin99Model.SECONDS_IN_BUCKET;
    }

    /** The next arrival time in seconds; non-decreasing from call to call. */
    double next() {
        double gap = scale * Lublin99Model.sampleInterArrival(rng);
        if (weights == null) {
            now += gap;
            return now;
        }
        points += gap / Lublin99Model.SECONDS_IN_BUCKET;
        if (points > daySum) {
            // Whole days cost exactly daySum points wherever they start; skip them in one step.
            double days = Math.floor(points / daySum) - 1;
            if (days > 0) {
                points -= days * daySum;
                bucketStart += days * 86_400.0;
            }
        }
        while (points > weights[bucket]) {
            points -= weights[bucket];
            bucket = (bucket + 1) % Lublin99Model.BUCKETS;
            bucketStart += Lublin99Model.SECONDS_IN_BUCKET;
        }
        double t = bucketStart + Lublin99Model.SECONDS_IN_BUCKET * (points / weights[bucket]);
        // Guard against round-off making time run backwards by a hair.
        now = Math.max(now, t);
        return now;
    }
}
