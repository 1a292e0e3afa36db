package org.gridsched.theory;

import java.util.Objects;

/**
 * The stationary M/M/c queue that models one computing element in the non-saturated regime (spec R1–R5):
 * Poisson arrivals of rate {@code lambda}, one FCFS queue, {@code c} identical servers each serving at rate
 * {@code mu} (exponential service times of mean {@code 1/mu}). The load is {@code nu = lambda/(c mu)} and
 * must be below 1. An immutable value.
 *
 * <p>All quantities are computed once, in the constructor, with the iterative recursion of spec §7
 * ({@code t_0 = 1}, {@code t_k = t_(k-1) nu c / k}, {@code 1/b = sum_(k<c) t_k + t_c/(1-nu)}), in which the
 * running terms are rescaled (and the scale kept as a logarithm) whenever they grow large. That keeps every
 * result finite and accurate for any number of servers, including {@code c = 1000} at high load where the
 * raw terms ({@code ~e^(nu c)}) would overflow; {@link #probabilityEmpty()} then correctly underflows to 0.
 */
public final class MMcQueue {

    private static final double BIG = 1e250;
    private static final double RESCALE = 1e-250;
    private static final double LOG_BIG = Math.log(BIG);

    private final int servers;
    private final double arrivalRate;
    private final double serviceRate;
    private final double load;
    /** ln(pi_0) = ln(b). */
    private final double logProbabilityEmpty;
    /** Erlang C: P(J >= c). */
    private final double probabilityOfWaiting;

    /**
     * Creates the queue.
     *
     * @param servers the number of servers {@code c}, at least 1
     * @param arrivalRate the Poisson arrival rate {@code lambda}, per second, positive and finite
     * @param serviceRate the service rate {@code mu} of one server, per second, positive and finite
     * @throws IllegalArgumentException if a parameter is not positive and finite, or if the load
     *         {@code lambda/(c mu)} is not below 1 (no stationary regime)
     */
    public MMcQueue(int servers, double arrivalRate, double serviceRate) {
        this(servers, arrivalRate, serviceRate, checkedLoad(servers, arrivalRate, serviceRate));
    }

    /** Canonical constructor; {@code nu} must equal {@code lambda/(c mu)} up to rounding and lie in ]0,1[. */
    MMcQueue(int servers, double arrivalRate, double serviceRate, double nu) {
        if (!(nu > 0.0 && nu < 1.0)) {
            throw new IllegalArgumentException("M/M/" + servers + " queue: the load must satisfy 0 < load < 1, got "
                    + nu);
        }
        this.servers = servers;
        this.arrivalRate = arrivalRate;
        this.serviceRate = serviceRate;
        this.load = nu;

        // Spec §7 recursion, with rescaling: term = t_k * scale, sum = (sum_{j<k} t_j) * scale.
        double offered = nu * servers; // a = lambda / mu = nu c
        double term = 1.0;
        double sum = 0.0;
        double logScale = 0.0; // ln(1/scale)
        for (int k = 0; k < servers; k++) {
            sum += term;
            term *= offered / (k + 1);
            if (sum > BIG || term > BIG) {
                sum *= RESCALE;
                term *= RESCALE;
                logScale += LOG_BIG;
            }
        }
        double tail = term / (1.0 - nu); // t_c / (1 - nu), scaled
        double inverseB = sum + tail; // 1/b, scaled
        this.probabilityOfWaiting = tail / inverseB;
        this.logProbabilityEmpty = -Math.log(inverseB) - logScale;
    }

    /**
     * Creates the queue from its load, with unit service rate: {@code mu = 1}, {@code lambda = nu c}. Times
     * ({@link #meanWait()}) are then in units of the mean service time.
     *
     * @param load the load {@code nu}, {@code 0 < nu < 1}
     * @param servers the number of servers {@code c}, at least 1
     * @return the queue
     * @throws IllegalArgumentException if {@code nu} is not in {@code ]0,1[} or {@code c < 1}
     */
    public static MMcQueue ofLoad(double load, int servers) {
        if (!(load > 0.0 && load < 1.0)) {
            throw new IllegalArgumentException("M/M/c load must satisfy 0 < load < 1, got " + load);
        }
        if (servers < 1) {
            throw new IllegalArgumentException("an M/M/c queue needs at least 1 server, got " + servers);
        }
        return new MMcQueue(servers, load * servers, 1.0, load);
    }

    private static double checkedLoad(int servers, double arrivalRate, double serviceRate) {
        if (servers < 1) {
            throw new IllegalArgumentException("an M/M/c queue needs at least 1 server, got " + servers);
        }
        requirePositiveFinite("arrival rate", arrivalRate);
        requirePositiveFinite("service rate", serviceRate);
        double nu = arrivalRate / (servers * serviceRate);
        if (!(nu < 1.0)) {
            throw new IllegalArgumentException("M/M/" + servers + " queue with load " + nu
                    + " >= 1 has no stationary regime (arrival rate " + arrivalRate + ", service rate "
                    + serviceRate + ")");
        }
        return nu;
    }

    private static void requirePositiveFinite(String what, double value) {
        if (!(value > 0.0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("M/M/c " + what + " must be positive and finite, got " + value);
        }
    }

    /** @return the number of servers {@code c} */
    public int servers() {
        return servers;
    }

    /** @return the arrival rate {@code lambda}, per second */
    public double arrivalRate() {
        return arrivalRate;
    }

    /** @return the service rate {@code mu} of one server, per second */
    public double serviceRate() {
        return serviceRate;
    }

    /** @return the load {@code nu = lambda/(c mu)}, in {@code ]0,1[} */
    public double load() {
        return load;
    }

    /**
     * The stationary probability that the system is empty, {@code b = pi_0} of R1. It underflows to 0 for very
     * large {@code nu c} (about {@code nu c > 745}), which is the correctly rounded value.
     *
     * @return {@code P[J = 0]}
     */
    public double probabilityEmpty() {
        return Math.exp(logProbabilityEmpty);
    }

    /**
     * The Erlang C formula (R3): the stationary probability that all servers are busy,
     * {@code A = P[J >= c] = b (nu c)^c / (c! (1-nu))}; by PASTA, the fraction of arriving jobs that wait.
     *
     * @return {@code P[J >= c]}
     */
    public double probabilityOfWaiting() {
        return probabilityOfWaiting;
    }

    /**
     * Theorem 3.1 (R2): the stationary mean number of <em>waiting</em> jobs (running jobs excluded),
     * {@code E[Q] = b (nu c)^c nu / (c! (1-nu)^2) = A nu/(1-nu)}.
     *
     * @return {@code E[Q]}
     */
    public double meanQueueLength() {
        return probabilityOfWaiting * load / (1.0 - load);
    }

    /**
     * R4: the mean time an arriving job waits before it starts, {@code W = E[Q]/lambda} (Little's law).
     *
     * @return the mean wait, in seconds
     */
    public double meanWait() {
        return meanQueueLength() / arrivalRate;
    }

    /**
     * R5: the mean number of busy servers, {@code nu c} (true for any G/G/c queue with load below 1).
     *
     * @return the mean number of busy servers
     */
    public double busyServers() {
        return load * servers;
    }

    /**
     * R1: the stationary probability of exactly {@code n} jobs in the system (running and waiting):
     * {@code b (nu c)^n / n!} for {@code n <= c} and {@code b nu^n c^c / c!} for {@code n >= c}. Computed in
     * log space, so it is accurate even when {@code b} itself underflows.
     *
     * @param n the number of jobs, at least 0
     * @return {@code P[J = n]}
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public double probabilityOfJobs(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("number of jobs must be >= 0, got " + n);
        }
        double offered = load * servers;
        double log = logProbabilityEmpty;
        long upTo = Math.min(n, servers);
        for (long k = 1; k <= upTo; k++) {
            log += Math.log(offered / k);
        }
        if (n > servers) {
            log += (n - servers) * Math.log(load);
        }
        return Math.exp(log);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MMcQueue)) {
            return false;
        }
        MMcQueue other = (MMcQueue) o;
        return servers == other.servers && Double.compare(arrivalRate, other.arrivalRate) == 0
                && Double.compare(serviceRate, other.serviceRate) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(servers, arrivalRate, serviceRate);
    }

    @Override
    public String toString() {
        return "M/M/" + servers + "(lambda=" + arrivalRate + ", mu=" + serviceRate + ", load=" + load + ")";
    }
}
