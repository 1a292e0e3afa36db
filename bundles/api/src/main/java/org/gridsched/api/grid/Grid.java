package org.gridsched.api.grid;

import org.osgi.annotation.versioning.ProviderType;

/** The clusters of a run as a meta-scheduler sees them, indexed 0..clusterCount()-1. */
@ProviderType
public interface Grid {
    double now();

    int clusterCount();

    String clusterName(int cluster);

    int processors(int cluster);

    double speed(int cluster);

    int freeProcessors(int cluster);

    /** Jobs submitted to the cluster that have not started. */
    int waitingJobs(int cluster);

    /**
     * The completion time the cluster's batch policy would give the job if it were submitted there now
     * (its requested time divided by the cluster's speed), or +infinity if the cluster is too small. For
     * FCFS and conservative backfilling this is a guarantee for an undisturbed job; for other policies an
     * estimate.
     */
    double estimateCompletion(int cluster, JobRequest job);

    /**
     * The start the cluster's batch policy would give the job if it were submitted there now, or +infinity
     * if the cluster is too small: {@link #estimateCompletion} without the job's own duration, computed by
     * the engine (with the run's reference speed and a moldable job's size there), so that a heuristic
     * never redoes the engine's speed scaling. The default subtracts the duration at reference speed 1.
     *
     * @since 1.1
     */
    /**
     * Seconds to move {@code bytes} from cluster {@code from} to cluster {@code to} over the link the run profile
     * declares between them ({@code links} beside {@code platform}): {@code bytes / bandwidth + latency}; 0 where no
     * link is declared (moving data is free, as on a platform without links).
     *
     * @since 1.3
     */
    default double transferTime(int from, int to, double bytes) {
        double bandwidth = linkBandwidth(from, to);
        return bandwidth > 0 ? bytes / bandwidth + linkLatency(from, to) : 0;
    }

    /**
     * The bandwidth, in bytes per second, of the link the run profile declares from cluster {@code from} to cluster
     * {@code to}; 0 where none is declared.
     *
     * @since 1.3
     */
    default double linkBandwidth(int from, int to) {
        return 0;
    }

    /**
     * The latency, in seconds, of the link from cluster {@code from} to cluster {@code to}; 0 where none is declared.
     *
     * @since 1.3
     */
    default double linkLatency(int from, int to) {
        return 0;
    }

    /**
     * Grams of CO2 that {@code processors} busy processors of the cluster would emit over [{@code from}, {@code to}):
     * their busy power (the run's power model, {@code "power"} in the profile) times the cluster's carbon intensity
     * over that window ({@code "carbon"}); 0 on runs without carbon-intensity series.
     *
     * @since 1.3
     */
    default double emissions(int cluster, int processors, double from, double to) {
        return 0;
    }

    default double estimateStart(int cluster, JobRequest job) {
        return estimateCompletion(cluster, job) - job.requestedTime() / speed(cluster);
    }
}
