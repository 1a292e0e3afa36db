package org.gridsched.api.metrics;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A job as collectors see it: submitted, started or finished (times not reached yet are NaN). Times are
 * simulated seconds; the instance may be reused after the call returns.
 */
@ProviderType
public interface JobOutcome {
    long id();

    /** Index of the cluster it ran on, into {@link RunInfo}. */
    int cluster();

    double submitTime();

    double startTime();

    double finishTime();

    int processors();

    /** Requested time on the cluster it ran on (divided by the cluster's speed). */
    double requestedTime();

    /** The runtime the job needed on that cluster (divided by speed); may exceed what it got if killed. */
    double runtime();

    /**
     * The runtime at reference speed (speed 1): the job's "virtual length", the denominator of slowdowns
     * that compare jobs across clusters of different speeds.
     */
    double referenceRuntime();

    /** True when it was stopped at its requested time before completing. */
    boolean killed();

    default double waitTime() {
        return startTime() - submitTime();
    }

    default double responseTime() {
        return finishTime() - submitTime();
    }

    default double executionTime() {
        return finishTime() - startTime();
    }
}
