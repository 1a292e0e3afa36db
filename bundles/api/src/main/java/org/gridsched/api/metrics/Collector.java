package org.gridsched.api.metrics;

import org.osgi.annotation.versioning.ConsumerType;

/** Accumulates one run's metrics. Called on the simulation thread, in event order. */
@ConsumerType
public interface Collector {

    /** A job has finished (or was killed at its requested time). */
    void jobFinished(JobOutcome job);

    /** The run is over: write the values, overall and per cluster. */
    void report(Report report);
}
