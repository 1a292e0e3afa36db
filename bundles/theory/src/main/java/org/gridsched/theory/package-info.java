/**
 * Closed-form predictions for <em>random brokering</em> of sequential jobs on a heterogeneous grid, after
 * Berten, Goossens and Jeannot (INRIA RR-5499, 2005; IEEE TPDS 17(2), 2006), with the corrections of the
 * project specification {@code shared/spec/random-brokering.md} (results R0 to R14).
 *
 * <p>A broker sends every job, independently of the others, to computing element {@code i} with a fixed
 * probability; each element is one FCFS queue in front of {@code c_i} identical CPUs of relative speed
 * {@code s_i}. {@link org.gridsched.theory.RandomBrokering} gives the stationary results of the
 * non-saturated regime (each element is an {@link org.gridsched.theory.MMcQueue}), the linear growth of
 * queues, waits and slowdowns of the saturated regime, and resorption times after an overload.
 * {@link org.gridsched.theory.LengthDistribution} describes the job-length law through its mean and the
 * constant {@code K = E[1/m]/mu} that drives every slowdown formula (it is also the length law the
 * {@code synthetic} workload generator draws from), and
 * {@link org.gridsched.theory.ExponentialIntegral} supplies {@code E1(x) = Gamma[0,x]}.
 *
 * <p>All times are in seconds, all rates are per second, and lengths are <em>virtual</em> lengths (the run
 * time on a CPU of speed 1). Every type is immutable and free of OSGi dependencies; these formulas are the
 * reference against which simulation runs are checked.
 *
 * <p>Versions: 1.1 adds {@link org.gridsched.theory.LengthDistribution.Family} and the accessors and
 * factory that use it, and {@link org.gridsched.theory.LengthDistribution#variance()}.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.gridsched.theory;
