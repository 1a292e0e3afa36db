package org.gridsched.workload.synthetic;

import java.util.SplittableRandom;

/**
 * The Lublin &amp; Feitelson workload model of rigid parallel jobs: its published constants (all in this
 * class) and the per-job sampling of size, runtime and log inter-arrival time, for one machine size.
 *
 * <h2>Sources</h2>
 * <ul>
 * <li>[LF03] U. Lublin and D. G. Feitelson, "The workload on parallel supercomputers: modeling the
 *     characteristics of rigid jobs", J. Parallel &amp; Distributed Computing 63(11):1105–1122, Nov 2003
 *     (technical report 2001; the model is known as "Lublin 1999").</li>
 * <li>[C] The authors' reference implementation {@code m_lublin99.c} from the Parallel Workloads Archive
 *     (https://www.cs.huji.ac.il/labs/parallel/workload/m_lublin99/). The constants below are its
 *     "whole sample" parameter set, i.e. the one used when batch and interactive jobs are not
 *     distinguished ({@code INCLUDE_JOBS_TYPE 0}): {@code SERIAL_PROB, POW2_PROB, ULOW, UMED, UHI, UPROB,
 *     A1, B1, A2, B2, PA, PB, AARR, BARR, ANUM, BNUM, ARAR}, together with {@code TOO_MUCH_TIME,
 *     TOO_MUCH_ARRIVE_TIME, BUCKETS, CYCLIC_DAY_START, START}. The same values appear in the
 *     GridSim 5 port ({@code gridsim.parallel.util.WorkloadLublin99}).</li>
 * </ul>
 *
 * <h2>Structure (as in [C])</h2>
 * <ul>
 * <li><b>Size.</b> One uniform {@code u}: {@code u < SERIAL_PROB} gives a serial job (1 processor).
 *     Otherwise {@code x} is drawn from the two-stage uniform on log2(size): with probability
 *     {@code UPROB} uniform on [ULOW, UMED], else uniform on [UMED, UHI]. If additionally
 *     {@code u < SERIAL_PROB + POW2_PROB} the job is a power-of-two job and {@code x} is rounded to the
 *     nearest integer. The size is {@code round(2^x)}.</li>
 * <li><b>Runtime.</b> {@code ln(runtime)} is hyper-gamma: with probability {@code p} gamma(A1, B1), else
 *     gamma(A2, B2), where {@code p = PA·size + PB} clamped to [0, 1] (larger jobs run longer). Draws with
 *     {@code ln(runtime) > TOO_MUCH_TIME} are rejected and redrawn.</li>
 * <li><b>Arrivals.</b> The log inter-arrival time is gamma(AARR·ARAR, BARR), draws above
 *     {@code TOO_MUCH_ARRIVE_TIME} rejected. With the daily cycle, the day is cut into {@code BUCKETS}
 *     half-hour buckets whose weights are the gamma(ANUM, BNUM) probability of the intervals
 *     [i − 0.5, i + 0.5) for i = CYCLIC_DAY_START … CYCLIC_DAY_START + 47, bucket (i − 1) mod 48 (that is
 *     how [C] maps them; the cycle peaks in the early afternoon and is quietest around 5–6 am), normalised
 *     to mean 1. The drawn inter-arrival {@code e^g} seconds becomes {@code e^g / 1800} "points", and
 *     time advances through the buckets, each bucket costing its weight in points, so the arrival rate
 *     in a bucket is proportional to its weight while the long-run mean inter-arrival time is unchanged.
 *     The workload starts at midnight ({@code START = 0}).</li>
 * </ul>
 *
 * <h2>Deviations from [C], and choices where [C] gives no value</h2>
 * <ul>
 * <li>[C] is written for a 128-processor machine ({@code UHI = 7}, {@code UMED = 4.5}). Here
 *     {@code UHI = log2(processors)} and {@code UMED = UHI − 2.5}, the rule stated in [C]'s comments
 *     ("Umed should be set to Uhi − 2.5"), which reproduces 4.5 for 128. For small machines, where that
 *     would fall to or below ULOW, the choice here is {@code UMED = max(UHI − 2.5, min(1.5, (ULOW + UHI)/2))},
 *     continuous in UHI and equal to [C]'s own suggestion of 1.5 for an 8-processor machine. On a
 *     1-processor machine every job is serial.</li>
 * <li>A power-of-two job whose rounded exponent exceeds {@code log2(processors)} (only possible when the
 *     machine size is not a power of two) gets the largest power of two not above the machine size; [C]
 *     never meets this case.</li>
 * <li>Gamma variates come from Marsaglia–Tsang (see {@link GammaDistributions}) instead of [C]'s method
 *     from Jain's textbook; the distribution is the same.</li>
 * <li>Runtimes are rounded to the nearest whole second ([C] truncates), with a minimum of 1 s.</li>
 * <li>Only the "whole sample" job class is modelled; [C]'s optional split into batch and interactive
 *     jobs (with their own parameter sets) is not.</li>
 * </ul>
 */
final class Lublin99Model {

    // ---- job size (number of processors) -------------------------------------------------------------

    /** Probability that a job is serial. [C] {@code SERIAL_PROB}; [LF03] Table of size parameters. */
    static final double SERIAL_PROB = 0.244;
    /** Probability (over all jobs) that a job is a parallel power-of-two job. [C] {@code POW2_PROB}. */
    static final double POW2_PROB = 0.576;
    /** log2 of the smallest parallel size (2^0.8 rounds to 2). [C] {@code ULOW}. */
    static final double ULOW = 0.8;
    /** Offset of the two-stage uniform's change point below UHI. [C] comment: Umed = Uhi − 2.5 ({@code UMED 4.5} for {@code UHI 7}). */
    static final double UMED_BELOW_UHI = 2.5;
    /** Small-machine floor for UMED, from [C]'s comment for an 8-node system ("I would set Umed to be 1.5"). */
    static final double UMED_SMALL_MACHINE = 1.5;
    /** Probability of the first (lower) uniform of the two-stage uniform. [C] {@code UPROB}. */
    static final double UPROB = 0.86;

    // ---- runtime: ln(runtime) ~ hyper-gamma(A1, B1, A2, B2, p = PA * size + PB) ---------------------

    /** Shape of the first gamma of ln(runtime). [C] {@code A1}. */
    static final double A1 = 4.2;
    /** Scale of the first gamma of ln(runtime). [C] {@code B1}. */
    static final double B1 = 0.94;
    /** Shape of the second gamma of ln(runtime). [C] {@code A2}. */
    static final double A2 = 312;
    /** Scale of the second gamma of ln(runtime). [C] {@code B2}. */
    static final double B2 = 0.03;
    /** Slope of the mixing probability in the job size. [C] {@code PA}. */
    static final double PA = -0.0054;
    /** Intercept of the mixing probability. [C] {@code PB}. */
    static final double PB = 0.78;
    /** Rejection bound on ln(runtime): no runtime above e^12 s (about 1.9 days). [C] {@code TOO_MUCH_TIME}. */
    static final double MAX_LOG_RUNTIME = 12;

    // ---- arrivals ------------------------------------------------------------------------------------

    /** Shape of the gamma of ln(inter-arrival) at rush hours. [C] {@code AARR}. */
    static final double AARR = 10.2303;
    /** Arrive-rush-to-all ratio; the shape actually used is AARR × ARAR. [C] {@code ARAR}. */
    static final double ARAR = 1.0225;
    /** Scale of the gamma of ln(inter-arrival). [C] {@code BARR}. */
    static final double BARR = 0.4871;
    /** Shape of the gamma whose interval probabilities give the daily-cycle weights. [C] {@code ANUM}. */
    static final double ANUM = 8.1737;
    /** Scale of the gamma whose interval probabilities give the daily-cycle weights. [C] {@code BNUM}. */
    static final double BNUM = 3.9631;
    /** Rejection bound on ln(inter-arrival): no gap above e^13 s (about 5 days). [C] {@code TOO_MUCH_ARRIVE_TIME}. */
    static final double MAX_LOG_INTERARRIVAL = 13;
    /** Buckets per day (half hours). [C] {@code BUCKETS}. */
    static final int BUCKETS = 48;
    /** Seconds per bucket. [C] {@code SECONDS_IN_BUCKET}. */
    static final double SECONDS_IN_BUCKET = 86_400.0 / BUCKETS;
    /** First index of the cyclic day used when computing bucket weights. [C] {@code CYCLIC_DAY_START}. */
    static final int CYCLIC_DAY_START = 11;
    /** Bucket at time 0 (midnight). [C] {@code START 0}. */
    static final int START_BUCKET = 0;

    /** Shape of the gamma of ln(inter-arrival) actually sampled: AARR × ARAR, as in [C]'s init(). */
    static final double ARRIVAL_SHAPE = AARR * ARAR;

    // ---- per machine -------------------------------------------------------------------------------

    final int processors;
    final double uLow;
    final double uMed;
    final double uHi;
    /** Largest power of two not above {@link #processors}. */
    final int largestPowerOfTwo;
    /** Cap on runtimes in seconds, or {@code Long.MAX_VALUE} for none. */
    final long runtimeCap;

    /**
     * @param processors machine size, at least 1
     * @param maxRuntime cap on runtimes in seconds, 0 for none
     */
    Lublin99Model(int processors, long maxRuntime) {
        if (processors < 1) {
            throw new IllegalArgumentException("processors must be positive: " + processors);
        }
        this.processors = processors;
        this.uHi = Math.log(processors) / Math.log(2);
        this.uLow = ULOW;
        this.uMed = Math.max(uHi - UMED_BELOW_UHI, Math.min(UMED_SMALL_MACHINE, (ULOW + uHi) / 2));
        this.largestPowerOfTwo = Integer.highestOneBit(processors);
        this.runtimeCap = maxRuntime > 0 ? maxRuntime : Long.MAX_VALUE;
    }

    /** The number of processors of the next job, in 1..processors. */
    int sampleSize(SplittableRandom rng) {
        double u = rng.nextDouble();
        if (u < SERIAL_PROB || processors == 1) {
            return 1;
        }
        double x = twoStageUniform(rng);
        if (u < SERIAL_PROB + POW2_PROB) {
            long exponent = Math.round(x);
            if (exponent >= 31 || (1L << exponent) > processors) {
                return largestPowerOfTwo;
            }
            return (int) (1L << exponent);
        }
        long size = Math.round(Math.pow(2, x));
        return (int) Math.max(1, Math.min(processors, size));
    }

    /** log2 of a parallel job's size: uniform on [uLow, uMed] with probability UPROB, else on [uMed, uHi]. */
    double twoStageUniform(SplittableRandom rng) {
        boolean low = rng.nextDouble() < UPROB;
        double a = low ? uLow : uMed;
        double b = low ? uMed : uHi;
        return a + rng.nextDouble() * (b - a);
    }

    /** The runtime of a job of {@code size} processors, in whole seconds, at least 1 and at most the cap. */
    long sampleRuntime(SplittableRandom rng, int size) {
        double p = Math.max(0, Math.min(1, PA * size + PB));
        double logRuntime;
        do {
            logRuntime = GammaDistributions.hyperGamma(rng, A1, B1, A2, B2, p);
        } while (logRuntime > MAX_LOG_RUNTIME);
        long seconds = Math.max(1, Math.round(Math.exp(logRuntime)));
        return Math.min(seconds, runtimeCap);
    }

    /** The largest runtime this model can produce, in seconds. */
    long maxRuntime() {
        return Math.min(Math.round(Math.exp(MAX_LOG_RUNTIME)), runtimeCap);
    }

    /** A native (unscaled) inter-arrival time in seconds: e^g, g ~ gamma(AARR·ARAR, BARR) truncated at 13. */
    static double sampleInterArrival(SplittableRandom rng) {
        double g;
        do {
            g = GammaDistributions.gamma(rng, ARRIVAL_SHAPE, BARR);
        } while (g > MAX_LOG_INTERARRIVAL);
        return Math.exp(g);
    }

    /**
     * The mean native inter-arrival time in seconds, exactly: for g ~ gamma(k, θ) with θ &lt; 1 and the
     * truncation g ≤ c, E[e^g | g ≤ c] = (1 − θ)^(−k) · P(k, c(1 − θ)/θ) / P(k, c/θ). The daily cycle
     * redistributes arrivals over the day but keeps this long-run mean (weights have mean 1).
     * About 911 s, i.e. about 95 jobs a day.
     */
    static double meanInterArrival() {
        double k = ARRIVAL_SHAPE;
        double theta = BARR;
        double c = MAX_LOG_INTERARRIVAL;
        return Math.pow(1 - theta, -k) * GammaDistributions.regularizedLowerGamma(k, c * (1 - theta) / theta)
                / GammaDistributions.regularizedLowerGamma(k, c / theta);
    }

    /**
     * The daily-cycle weights of the 48 half-hour buckets, bucket 0 starting at midnight, normalised to
     * mean 1 (so they sum to 48): the arrival rate in a bucket is proportional to its weight.
     */
    static double[] dailyWeights() {
        double[] w = new double[BUCKETS];
        double sum = 0;
        for (int i = CYCLIC_DAY_START; i < CYCLIC_DAY_START + BUCKETS; i++) {
            int bucket = Math.floorMod(i - 1, BUCKETS);
            w[bucket] = GammaDistributions.cdf(i + 0.5, ANUM, BNUM) - GammaDistributions.cdf(i - 0.5, ANUM, BNUM);
            sum += w[bucket];
        }
        double mean = sum / BUCKETS;
        for (int b = 0; b < BUCKETS; b++) {
            w[b] /= mean;
        }
        return w;
    }
}
