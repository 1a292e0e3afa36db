package org.gridsched.theory;

import java.util.Arrays;
import java.util.Objects;

/**
 * The analytical model of random brokering (Berten, Goossens and Jeannot; spec R0–R14) for one platform and
 * one workload. An immutable value.
 *
 * <p><b>Model.</b> The platform has {@code N} computing elements; element {@code i} (0-based here, {@code i+1}
 * in the paper) has {@code c_i} identical CPUs of relative speed {@code s_i} behind one FCFS queue. Jobs are
 * sequential and arrive at the broker at global rate {@code lambda} (Poisson for every non-saturated
 * result); their virtual lengths follow {@link #lengths()}, of mean {@code 1/mu}. The broker sends each job to
 * element {@code i} independently with probability {@code p_i} ({@link #dispatchFraction(int)}), so element
 * {@code i} receives rate {@code lambda_i = lambda p_i} and each of its CPUs serves at rate
 * {@code mu_i = mu s_i}. The virtual processor count is {@code C = sum c_i s_i} and the platform load is
 * {@code nu = lambda/(mu C)} ({@link #load()}).
 *
 * <p><b>Weighting.</b> With {@link Weighting#PROCESSORS_TIMES_SPEED} (the paper's broker, {@code p_i =
 * c_i s_i / C}) every element has the same load, {@code load(i) = nu} (R0). With {@link Weighting#PROCESSORS}
 * ({@code p_i = c_i / sum c}, the homogeneous paper's broker) the per-element load
 * {@code load(i) = lambda p_i / (mu c_i s_i)} differs between elements of different speed; every formula
 * then applies <em>per element with {@code load(i)} in place of {@code nu}</em>: an element is non-saturated
 * when {@code load(i) < 1} and saturated when {@code load(i) > 1}, whatever {@link #load()} is. The
 * platform-level saturated results ({@link #waitOfJobSubmittedAt(double)},
 * {@link #slowdownOfJobSubmittedAt(double)}, {@link #measuredSlowdown(double)}) assume equal loads and throw
 * {@link IllegalStateException} otherwise; use their per-element overloads.
 *
 * <p><b>Regimes.</b> Each method states the regime it needs; called in the wrong one it throws
 * {@link IllegalStateException} naming the element and its load. The case {@code load = 1} is not analysed
 * by the paper and belongs to neither regime.
 *
 * <p><b>Exactness.</b> The non-saturated queue results (R2–R4) are the exact M/M/c values only when lengths
 * are exponential ({@link #exactForLengths()}); for other laws they are returned as the paper uses them
 * (Lemma 6.1), an approximation that overestimates queues of less variable lengths (for constant lengths a
 * simulated queue is about half of it). {@link #busyCpus(int)} and {@link #dispatchFraction(int)} are
 * distribution-free, and the saturated results are asymptotic in {@code t} but distribution-free apart from
 * the constant {@code K} of {@link LengthDistribution#k()}.
 */
public final class RandomBrokering {

    /** How the broker chooses the probability {@code p_i} of sending a job to element {@code i}. */
    public enum Weighting {
        /** {@code p_i = c_i s_i / C}: the paper's broker (EDG rank {@code TotalCPUs * AverageSI00}). */
        PROCESSORS_TIMES_SPEED,
        /** {@code p_i = c_i / sum_j c_j}: ignores speeds (the homogeneous predecessor paper's broker). */
        PROCESSORS
    }

    private static final double BALANCE_TOLERANCE = 1e-12;

    private final int[] cpus;
    private final double[] speeds;
    private final double arrivalRate;
    private final LengthDistribution lengths;
    private final Weighting weighting;
    private final double virtualProcessors;
    private final double load;
    private final double[] fractions;
    private final double[] loads;
    private final MMcQueue[] queues;
    private final boolean balanced;

    /**
     * Creates the model with the paper's broker, {@link Weighting#PROCESSORS_TIMES_SPEED}.
     *
     * @param cpus the CPU counts {@code c_i}, each at least 1
     * @param speeds the relative speeds {@code s_i}, positive and finite, one per element
     * @param arrivalRate the global arrival rate {@code lambda}, per second, positive and finite
     * @param lengths the law of virtual job lengths (its mean is {@code 1/mu})
     * @throws IllegalArgumentException if a parameter is out of range or the arrays differ in length
     */
    public RandomBrokering(int[] cpus, double[] speeds, double arrivalRate, LengthDistribution lengths) {
        this(cpus, speeds, arrivalRate, lengths, Weighting.PROCESSORS_TIMES_SPEED);
    }

    /**
     * Creates the model.
     *
     * @param cpus the CPU counts {@code c_i}, each at least 1 (copied)
     * @param speeds the relative speeds {@code s_i}, positive and finite, one per element (copied)
     * @param arrivalRate the global arrival rate {@code lambda}, per second, positive and finite
     * @param lengths the law of virtual job lengths (its mean is {@code 1/mu})
     * @param weighting how the broker weights the elements
     * @throws IllegalArgumentException if a parameter is out of range or the arrays differ in length
     */
    public RandomBrokering(int[] cpus, double[] speeds, double arrivalRate, LengthDistribution lengths,
            Weighting weighting) {
        if (cpus == null || speeds == null) {
            throw new IllegalArgumentException("cpus and speeds must not be null");
        }
        if (cpus.length == 0 || cpus.length != speeds.length) {
            throw new IllegalArgumentException("need one speed per element and at least one element, got "
                    + cpus.length + " cpu counts and " + speeds.length + " speeds");
        }
        if (!(arrivalRate > 0.0) || Double.isInfinite(arrivalRate)) {
            throw new IllegalArgumentException("arrival rate must be positive and finite, got " + arrivalRate);
        }
        if (lengths == null || weighting == null) {
            throw new IllegalArgumentException("lengths and weighting must not be null");
        }
        int n = cpus.length;
        this.cpus = cpus.clone();
        this.speeds = speeds.clone();
        this.arrivalRate = arrivalRate;
        this.lengths = lengths;
        this.weighting = weighting;
        double c = 0.0;
        long totalCpus = 0;
        for (int i = 0; i < n; i++) {
            if (this.cpus[i] < 1) {
                throw new IllegalArgumentException("element " + i + " must have at least 1 CPU, got "
                        + this.cpus[i]);
            }
            if (!(this.speeds[i] > 0.0) || Double.isInfinite(this.speeds[i])) {
                throw new IllegalArgumentException("element " + i + " speed must be positive and finite, got "
                        + this.speeds[i]);
            }
            c += this.cpus[i] * this.speeds[i];
            totalCpus += this.cpus[i];
        }
        this.virtualProcessors = c;
        double mean = lengths.mean();
        this.load = arrivalRate * mean / c;
        this.fractions = new double[n];
        this.loads = new double[n];
        this.queues = new MMcQueue[n];
        boolean equalLoads = true;
        for (int i = 0; i < n; i++) {
            if (weighting == Weighting.PROCESSORS_TIMES_SPEED) {
                fractions[i] = this.cpus[i] * this.speeds[i] / c;
                loads[i] = load; // R0: identical by construction
            } else {
                fractions[i] = (double) this.cpus[i] / totalCpus;
                loads[i] = arrivalRate * fractions[i] * mean / (this.cpus[i] * this.speeds[i]);
                equalLoads &= Math.abs(loads[i] - load) <= BALANCE_TOLERANCE * load;
            }
            if (loads[i] < 1.0) {
                queues[i] = new MMcQueue(this.cpus[i], arrivalRate * fractions[i], this.speeds[i] / mean, loads[i]);
            }
        }
        this.balanced = equalLoads;
    }

    // ------------------------------------------------------------------ description

    /** @return the number of computing elements {@code N} */
    public int elements() {
        return cpus.length;
    }

    /**
     * @param i the element index, {@code 0 <= i < elements()}
     * @return the CPU count {@code c_i}
     */
    public int cpus(int i) {
        return cpus[Objects.checkIndex(i, cpus.length)];
    }

    /**
     * @param i the element index, {@code 0 <= i < elements()}
     * @return the relative speed {@code s_i}
     */
    public double speed(int i) {
        return speeds[Objects.checkIndex(i, speeds.length)];
    }

    /** @return the global arrival rate {@code lambda}, per second */
    public double arrivalRate() {
        return arrivalRate;
    }

    /** @return the law of virtual job lengths */
    public LengthDistribution lengths() {
        return lengths;
    }

    /** @return the broker's weighting */
    public Weighting weighting() {
        return weighting;
    }

    /** @return the virtual processor count {@code C = sum c_i s_i} */
    public double virtualProcessors() {
        return virtualProcessors;
    }

    /**
     * The paper's platform load {@code nu = lambda/(mu C) = lambda * mean / C} (spec §1.6). With
     * {@link Weighting#PROCESSORS_TIMES_SPEED} it is also the load of every element; with
     * {@link Weighting#PROCESSORS} the per-element loads are {@link #load(int)}, and the non-saturated and
     * saturated formulas apply to each element with its own {@code load(i)}.
     *
     * @return {@code nu}
     */
    public double load() {
        return load;
    }

    /**
     * The load of element {@code i}, {@code nu_i = lambda_i/(mu_i c_i) = lambda p_i mean / (c_i s_i)}; equal
     * to {@link #load()} for the paper's broker (R0).
     *
     * @param i the element index
     * @return {@code nu_i}
     */
    public double load(int i) {
        return loads[Objects.checkIndex(i, loads.length)];
    }

    /**
     * @return whether every element has the platform load {@code nu} (always with
     *         {@link Weighting#PROCESSORS_TIMES_SPEED}; with {@link Weighting#PROCESSORS} only when all speeds
     *         are equal), which the platform-level saturated results require
     */
    public boolean balanced() {
        return balanced;
    }

    /**
     * The probability {@code p_i} that the broker sends a job to element {@code i}: {@code c_i s_i / C} or
     * {@code c_i / sum c} depending on {@link #weighting()}. Distribution-free (R0).
     *
     * @param i the element index
     * @return {@code p_i}
     */
    public double dispatchFraction(int i) {
        return fractions[Objects.checkIndex(i, fractions.length)];
    }

    /**
     * @param i the element index
     * @return the arrival rate at element {@code i}, {@code lambda_i = lambda p_i}, per second
     */
    public double arrivalRate(int i) {
        return arrivalRate * dispatchFraction(i);
    }

    /**
     * @param i the element index
     * @return the service rate of one CPU of element {@code i}, {@code mu_i = mu s_i = s_i / mean}, per second
     */
    public double serviceRate(int i) {
        return speed(i) / lengths.mean();
    }

    /**
     * R5: the time-averaged number of busy CPUs of element {@code i}: {@code load(i) c_i} when
     * {@code load(i) < 1}, otherwise {@code c_i}. Distribution-free; valid in both regimes.
     *
     * @param i the element index
     * @return the mean number of busy CPUs
     */
    public double busyCpus(int i) {
        double nu = load(i);
        return nu < 1.0 ? nu * cpus[i] : cpus[i];
    }

    /**
     * @return whether the lengths are exponential, the only case in which {@link #meanQueueLength(int)},
     *         {@link #probabilityOfWaiting(int)} and {@link #meanWait(int)} are exact (they are M/M/c results;
     *         for other laws they are the paper's approximation)
     */
    public boolean exactForLengths() {
        return lengths.isExponential();
    }

    // ------------------------------------------------------------------ non-saturated regime, load(i) < 1

    /**
     * The M/M/{@code c_i} queue that models element {@code i} when it is not saturated: arrival rate
     * {@code lambda_i}, per-CPU service rate {@code mu_i}, load {@code load(i)}.
     *
     * @param i the element index
     * @return the queue
     * @throws IllegalStateException if {@code load(i) >= 1}
     */
    public MMcQueue queue(int i) {
        return stableQueue(i, "queue");
    }

    /**
     * Theorem 3.1 (R2): the stationary mean number of waiting jobs at element {@code i}. It depends on
     * {@code c_i} and {@code load(i)} only, not on the speed. Exact for exponential lengths only (see
     * {@link #exactForLengths()}).
     *
     * @param i the element index
     * @return {@code E[Q_i]}
     * @throws IllegalStateException if {@code load(i) >= 1}
     */
    public double meanQueueLength(int i) {
        return stableQueue(i, "meanQueueLength").meanQueueLength();
    }

    /**
     * Erlang C (R3): the stationary probability that all CPUs of element {@code i} are busy, i.e. (PASTA) the
     * fraction of its jobs that wait. Exact for exponential lengths only.
     *
     * @param i the element index
     * @return {@code P(wait)} at element {@code i}
     * @throws IllegalStateException if {@code load(i) >= 1}
     */
    public double probabilityOfWaiting(int i) {
        return stableQueue(i, "probabilityOfWaiting").probabilityOfWaiting();
    }

    /**
     * R4: the mean wait of a job at element {@code i}, {@code W_i = E[Q_i]/lambda_i} in seconds. Unlike the
     * queue length it depends on the speed, through {@code lambda_i}. This is the M/M/c value: exact for
     * exponential lengths only (see {@link #exactForLengths()}), the paper's approximation otherwise.
     *
     * @param i the element index
     * @return {@code W_i}, in seconds
     * @throws IllegalStateException if {@code load(i) >= 1}
     */
    public double meanWait(int i) {
        return stableQueue(i, "meanWait").meanWait();
    }

    /**
     * The mean slowdown at element {@code i} (R9, Eq. 3, with the wait of R4): {@code W_i mu K + 1/s_i}, where
     * the slowdown of a job is {@code (wait + m/s_i)/m}. For shifted-exponential lengths this is Lemma 6.1
     * (R10). It is an approximation whenever {@link #meanWait(int)} is (it takes the M/M/c wait for the
     * actual law), and for exponential lengths it is {@code +infinity}, since {@code E[1/m]} is infinite.
     *
     * @param i the element index
     * @return {@code E[SD_i]}
     * @throws IllegalStateException if {@code load(i) >= 1}
     */
    public double meanSlowdown(int i) {
        double w = stableQueue(i, "meanSlowdown").meanWait();
        return slowdown(w, speeds[i]);
    }

    // ------------------------------------------------------------------ saturated regime, load(i) > 1

    /**
     * Theorem 3.2 (R7): the expected <em>instantaneous</em> number of waiting jobs at element {@code i} at time
     * {@code t} after an empty start, {@code lambda_i t (nu_i - 1)/nu_i = t (lambda_i - mu_i c_i)}
     * (asymptotic in {@code t}; any arrival and length law with finite variance).
     *
     * @param i the element index
     * @param t the time since the start, in seconds, at least 0
     * @return {@code E[Q_i(t)]}
     * @throws IllegalStateException if {@code load(i) <= 1}
     */
    public double queueLengthAt(int i, double t) {
        requireTime("t", t);
        double nu = saturatedLoad(i, "queueLengthAt");
        return arrivalRate(i) * t * (nu - 1.0) / nu;
    }

    /**
     * The queue of R7 averaged over {@code [0,t]}: {@code lambda_i t (nu_i - 1)/(2 nu_i)}, half the
     * instantaneous value (spec R7, inferred; it explains the paper's "~10810").
     *
     * @param i the element index
     * @param t the length of the observation period, in seconds, at least 0
     * @return the time-averaged number of waiting jobs over {@code [0,t]}
     * @throws IllegalStateException if {@code load(i) <= 1}
     */
    public double timeAveragedQueueLength(int i, double t) {
        requireTime("t", t);
        double nu = saturatedLoad(i, "timeAveragedQueueLength");
        return arrivalRate(i) * t * (nu - 1.0) / (2.0 * nu);
    }

    /**
     * R7 summed over the platform: the expected instantaneous number of waiting jobs at time {@code t}, equal
     * to {@code lambda t (nu - 1)/nu} for the paper's broker. With {@link Weighting#PROCESSORS} only the
     * saturated elements are summed: a non-saturated element keeps a bounded queue, negligible as {@code t}
     * grows.
     *
     * @param t the time since the start, in seconds, at least 0
     * @return {@code E[Q(t)]}
     * @throws IllegalStateException if no element is saturated
     */
    public double totalQueueLengthAt(double t) {
        requireTime("t", t);
        double total = 0.0;
        boolean any = false;
        for (int i = 0; i < cpus.length; i++) {
            if (loads[i] > 1.0) {
                total += arrivalRate(i) * t * (loads[i] - 1.0) / loads[i];
                any = true;
            }
        }
        if (!any) {
            throw new IllegalStateException("totalQueueLengthAt needs at least one saturated element (load > 1); "
                    + "platform load is " + load + ", element loads " + Arrays.toString(loads));
        }
        return total;
    }

    /**
     * The slope of the queue of element {@code i} while it is backlogged, {@code lambda_i - mu_i c_i} jobs per
     * second (R7). Positive when the element is saturated; a negative value is the rate at which a backlog
     * drains in the non-saturated regime. Valid in both regimes.
     *
     * @param i the element index
     * @return {@code lambda_i - mu_i c_i}, per second
     */
    public double queueGrowthRate(int i) {
        return arrivalRate(i) - serviceRate(i) * cpus[i];
    }

    /**
     * Lemma 6.2 (R11): the expected wait of a job submitted at time {@code theta},
     * {@code theta (nu - 1)}, the same on every element (asymptotic in {@code theta}).
     *
     * @param theta the submission time, in seconds, at least 0
     * @return the wait, in seconds
     * @throws IllegalStateException if {@code nu <= 1}, or if the element loads differ
     *         ({@link Weighting#PROCESSORS} with unequal speeds: use {@link #waitOfJobSubmittedAt(int, double)})
     */
    public double waitOfJobSubmittedAt(double theta) {
        requireTime("theta", theta);
        double nu = platformSaturatedLoad("waitOfJobSubmittedAt");
        return theta * (nu - 1.0);
    }

    /**
     * R11 for one element: {@code theta (nu_i - 1)}, the wait of a job sent at time {@code theta} to
     * element {@code i} (its queue {@code lambda_i theta (nu_i-1)/nu_i} drained at {@code mu_i c_i}).
     *
     * @param i the element index
     * @param theta the submission time, in seconds, at least 0
     * @return the wait, in seconds
     * @throws IllegalStateException if {@code load(i) <= 1}
     */
    public double waitOfJobSubmittedAt(int i, double theta) {
        requireTime("theta", theta);
        return theta * (saturatedLoad(i, "waitOfJobSubmittedAt") - 1.0);
    }

    /**
     * Lemma 6.3 (R12, Eq. 4): the expected slowdown of a job submitted at time {@code theta},
     * {@code lambda theta (nu - 1) K / (nu C) = theta (nu - 1) mu K}, the same on every element (the paper's
     * asymptotic form, which drops the {@code 1/s_i} term). {@code +infinity} for exponential lengths when
     * {@code theta > 0}.
     *
     * @param theta the submission time, in seconds, at least 0
     * @return the expected slowdown
     * @throws IllegalStateException if {@code nu <= 1} or the element loads differ
     */
    public double slowdownOfJobSubmittedAt(double theta) {
        requireTime("theta", theta);
        double nu = platformSaturatedLoad("slowdownOfJobSubmittedAt");
        double w = arrivalRate * theta * (nu - 1.0) / (nu * virtualProcessors);
        return w == 0.0 ? 0.0 : w * lengths.k();
    }

    /**
     * Eq. 3 with the wait of R11 for one element: {@code theta (nu_i - 1) mu K + 1/s_i} (R12 keeping the
     * {@code 1/s_i} term). {@code +infinity} for exponential lengths when {@code theta > 0}.
     *
     * @param i the element index
     * @param theta the submission time, in seconds, at least 0
     * @return the expected slowdown
     * @throws IllegalStateException if {@code load(i) <= 1}
     */
    public double slowdownOfJobSubmittedAt(int i, double theta) {
        requireTime("theta", theta);
        double w = theta * (saturatedLoad(i, "slowdownOfJobSubmittedAt") - 1.0);
        return slowdown(w, speeds[i]);
    }

    /**
     * Lemmas 6.5–6.8 (R14): the expected <em>measured</em> slowdown at time {@code t}, i.e. the mean slowdown
     * of the jobs completed in {@code [0,t]}, {@code lambda t (nu - 1) K / (2 nu^2 C)}, the same on every
     * element (asymptotic in {@code t}; largest at {@code nu = 2}). {@code +infinity} for exponential lengths.
     *
     * @param t the end of the observation period, in seconds, positive
     * @return the expected measured slowdown
     * @throws IllegalStateException if {@code nu <= 1} or the element loads differ
     */
    public double measuredSlowdown(double t) {
        requirePositiveTime(t);
        double nu = platformSaturatedLoad("measuredSlowdown");
        return arrivalRate * t * (nu - 1.0) / (2.0 * nu * nu * virtualProcessors) * lengths.k();
    }

    /**
     * R14 for one element: {@code mu t (nu_i - 1) K / (2 nu_i)} (the jobs completed by {@code t} were
     * submitted before about {@code t/nu_i}); equal to {@link #measuredSlowdown(double)} for the paper's
     * broker.
     *
     * @param i the element index
     * @param t the end of the observation period, in seconds, positive
     * @return the expected measured slowdown at element {@code i}
     * @throws IllegalStateException if {@code load(i) <= 1}
     */
    public double measuredSlowdown(int i, double t) {
        requirePositiveTime(t);
        double nu = saturatedLoad(i, "measuredSlowdown");
        return t * (nu - 1.0) / (2.0 * nu * lengths.mean()) * lengths.k();
    }

    // ------------------------------------------------------------------ resorption (Lemma 5.1)

    /**
     * Lemma 5.1 (R8): the approximate time to absorb a backlog of {@code N} jobs spread over the elements in
     * proportion to {@code c_i s_i}, with new jobs arriving at load {@code nu < 1}:
     * {@code N / (C (1 - nu) mu') = N * meanLength / (C (1 - nu))}, the same on every element.
     *
     * @param backlogJobs the backlog {@code N}, at least 0
     * @param virtualProcessors {@code C}, positive
     * @param load the load after the overload, {@code 0 <= nu < 1}
     * @param meanLength the mean virtual length {@code 1/mu'} of the backlogged jobs, in seconds, positive
     * @return the resorption time, in seconds
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public static double resorptionTime(double backlogJobs, double virtualProcessors, double load,
            double meanLength) {
        if (!(backlogJobs >= 0.0) || Double.isInfinite(backlogJobs)) {
            throw new IllegalArgumentException("backlog must be >= 0 and finite, got " + backlogJobs);
        }
        if (!(virtualProcessors > 0.0) || Double.isInfinite(virtualProcessors)) {
            throw new IllegalArgumentException("virtual processors must be positive and finite, got "
                    + virtualProcessors);
        }
        if (!(load >= 0.0 && load < 1.0)) {
            throw new IllegalArgumentException("resorption needs a load 0 <= load < 1, got " + load);
        }
        if (!(meanLength > 0.0) || Double.isInfinite(meanLength)) {
            throw new IllegalArgumentException("mean length must be positive and finite, got " + meanLength);
        }
        return backlogJobs * meanLength / (virtualProcessors * (1.0 - load));
    }

    /**
     * The corollary of Lemma 5.1 (R8): after a period of length {@code t} at load {@code nu' > 1}, the input
     * stops; the queues (all at once) are empty {@code t (nu' - 1)} later, i.e. at time {@code nu' t}.
     *
     * @param overloadLoad {@code nu'}, greater than 1
     * @param overloadDuration {@code t}, in seconds, at least 0
     * @return the drain time after the input stops, in seconds
     * @throws IllegalArgumentException if {@code nu' <= 1} or {@code t} is negative
     */
    public static double stopInputDrainTime(double overloadLoad, double overloadDuration) {
        requireOverload(overloadLoad);
        requireDuration(overloadDuration);
        return overloadDuration * (overloadLoad - 1.0);
    }

    /**
     * The fluid generalisation of Lemma 5.1 (spec R8, inferred): load {@code nu1 > 1} during {@code [0,t1]},
     * then load {@code nu2 < 1} with the same length law (only the arrival rate changes); the queues empty
     * about {@code t1 (nu1 - 1)/(1 - nu2)} after {@code t1}. With {@code nu2 = 0} this is
     * {@link #stopInputDrainTime(double, double)}.
     *
     * @param nu1 the overload, greater than 1
     * @param t1 the overload duration, in seconds, at least 0
     * @param nu2 the load afterwards, {@code 0 <= nu2 < 1}
     * @return the drain time after {@code t1}, in seconds
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public static double drainTime(double nu1, double t1, double nu2) {
        requireOverload(nu1);
        requireDuration(t1);
        if (!(nu2 >= 0.0 && nu2 < 1.0)) {
            throw new IllegalArgumentException("the load after the overload must satisfy 0 <= load < 1, got " + nu2);
        }
        return t1 * (nu1 - 1.0) / (1.0 - nu2);
    }

    // ------------------------------------------------------------------ helpers

    private double slowdown(double wait, double speed) {
        return (wait == 0.0 ? 0.0 : wait * lengths.meanInverse()) + 1.0 / speed;
    }

    private MMcQueue stableQueue(int i, String method) {
        Objects.checkIndex(i, cpus.length);
        MMcQueue q = queues[i];
        if (q == null) {
            throw new IllegalStateException(method + ": element " + i + " is not in the non-saturated regime (load "
                    + loads[i] + " >= 1); the stationary M/M/c results need load < 1, use the saturated-regime "
                    + "methods instead");
        }
        return q;
    }

    private double saturatedLoad(int i, String method) {
        Objects.checkIndex(i, cpus.length);
        double nu = loads[i];
        if (!(nu > 1.0)) {
            throw new IllegalStateException(method + ": element " + i + " is not saturated (load " + nu
                    + " <= 1); the saturated-regime results need load > 1, use the stationary methods instead");
        }
        return nu;
    }

    private double platformSaturatedLoad(String method) {
        if (!balanced) {
            throw new IllegalStateException(method + ": the element loads differ (" + Arrays.toString(loads)
                    + ", weighting " + weighting + "), so there is no single platform value; use " + method
                    + "(i, ...) per element");
        }
        if (!(load > 1.0)) {
            throw new IllegalStateException(method + ": the platform is not saturated (load " + load
                    + " <= 1); the saturated-regime results need load > 1");
        }
        return load;
    }

    private static void requireTime(String name, double value) {
        if (!(value >= 0.0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be >= 0 and finite, got " + value);
        }
    }

    private static void requirePositiveTime(double t) {
        if (!(t > 0.0) || Double.isInfinite(t)) {
            throw new IllegalArgumentException("t must be positive and finite, got " + t);
        }
    }

    private static void requireOverload(double nu) {
        if (!(nu > 1.0) || Double.isInfinite(nu)) {
            throw new IllegalArgumentException("the overload must be > 1 and finite, got " + nu);
        }
    }

    private static void requireDuration(double t) {
        if (!(t >= 0.0) || Double.isInfinite(t)) {
            throw new IllegalArgumentException("the overload duration must be >= 0 and finite, got " + t);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RandomBrokering)) {
            return false;
        }
        RandomBrokering other = (RandomBrokering) o;
        return Arrays.equals(cpus, other.cpus) && Arrays.equals(speeds, other.speeds)
                && Double.compare(arrivalRate, other.arrivalRate) == 0 && lengths.equals(other.lengths)
                && weighting == other.weighting;
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(cpus), Arrays.hashCode(speeds), arrivalRate, lengths, weighting);
    }

    @Override
    public String toString() {
        return "RandomBrokering(cpus=" + Arrays.toString(cpus) + ", speeds=" + Arrays.toString(speeds)
                + ", lambda=" + arrivalRate + ", lengths=" + lengths + ", weighting=" + weighting + ", C="
                + virtualProcessors + ", load=" + load + ")";
    }
}
