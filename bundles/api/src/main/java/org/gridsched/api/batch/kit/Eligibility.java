package org.gridsched.api.batch.kit;

import org.gridsched.api.batch.QueuedJob;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Which waiting jobs may start at all (limits per user, group or QOS): a job that is not eligible is
 * skipped where it stands in the order, so it neither starts nor gets a reservation nor blocks the jobs
 * behind it (Slurm treats jobs held by a limit the same way). It is asked again at every later pass, so a
 * job held by a limit is reconsidered when the job that holds the limit ends, which always triggers one.
 *
 * <p>The answer may change only when a job starts, ends, arrives or is cancelled; a policy keeps its
 * counts current by observing the cluster's starts. Used by the head-only and easy rules. The estimates
 * ({@code estimateStart}, {@code plannedStart}) plan every waiting job as if it were eligible.
 *
 * @since 1.1 (of this package)
 */
@ConsumerType
@FunctionalInterface
public interface Eligibility {

    /** Whether {@code job} may start now, given what runs and waits at this instant. */
    boolean eligible(QueuedJob job);

    /** Every job is eligible (no limits). */
    static Eligibility all() {
        return job -> true;
    }
}
