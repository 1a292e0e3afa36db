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
     * Cancels every waiting job of every cluster at once (all-cancellation): no policy starts or
     * re-plans anything until all of them are out of the queues, so the running jobs afterwards are exactly
     * those that ran before. Each must be submitted again in this event. On non-dedicated platforms the
     * local users' jobs are not the middleware's: they go back to their own queue at once, in their order.
     *
     * @return the cancelled jobs, oldest submission first (ties by id)
     * @since 1.2
     */
    List<WaitingJob> cancelAll();

    /**
     * Submits a job cancelled in this event to a cluster (at the tail of its queue, as a new submission
     * there). It counts as a move if the cluster differs from the one it was on when the event began.
     */
    void submit(WaitingJob job, int cluster);
}
