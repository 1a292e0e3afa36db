package org.gridsched.api.grid;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What a reallocation may do, through the four operations every cluster's server offers: list its
 * waiting jobs, estimate a completion time, cancel a waiting job, submit a job. A job cancelled during a
 * reallocation event must be submitted again (anywhere) before the event ends.
 */
@ProviderType
public interface GridControl extends Grid {

    /** The waiting jobs of a cluster, in queue order. */
    List<WaitingJob> waiting(int cluster);

    /** The completion time currently planned for a waiting job in its queue (planned start + requested). */
    double currentCompletion(WaitingJob job);

    /**
     * Removes a waiting job from its cluster's queue.
     *
     * @return false if it is not waiting any more
     */
    boolean cancel(WaitingJob job);

    /**
     * Submits a job cancelled in this event to a cluster (at the tail of its queue, as a new submission
     * there). It counts as a move if the cluster differs from the one it was on when the event began.
     */
    void submit(WaitingJob job, int cluster);
}
