package org.gridsched.engine;

import java.util.SplittableRandom;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.JobRecord;

/**
 * Non-dedicated platforms: a fraction of the jobs of each cluster's own workload are its local users' jobs,
 * submitted straight to that cluster's batch scheduler, invisible to the meta-scheduler and never moved.
 * Drawn per job from a seeded stream of their own.
 */
final class LocalUsers {
    private final double fraction;
    private final SplittableRandom draws;
    private final ClusterRuntime[] clusters;
    long count;

    LocalUsers(double fraction, long seed, ClusterRuntime[] clusters) {
        this.fraction = fraction;
        this.draws = new SplittableRandom(seed);
        this.clusters = clusters;
    }

    /**
     * Whether a workload job is its home cluster's local users' job. Only jobs with a home cluster (from a
     * merged workload) are drawn; a rigid job wider than its home cluster never is.
     */
    boolean isLocal(JobRecord rec, boolean moldable) {
        if (fraction <= 0 || rec.home < 0) {
            return false;
        }
        if (rec.home >= clusters.length) {
            throw new InputException(null, 0, "local_fraction", "job " + rec.id + " comes from workload " + (rec.home + 1)
                    + " but the platform has " + clusters.length + " clusters (one workload per cluster)");
        }
        boolean local = draws.nextDouble() < fraction && (moldable || rec.processors <= clusters[rec.home].spec.processors());
        if (local) {
            count++;
        }
        return local;
    }
}
