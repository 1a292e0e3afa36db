package org.gridsched.api.grid;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A job waiting in a cluster's queue, as reallocation sees it. {@link #submitTime()} stays the original
 * submission time however often the job moves; {@link #requestedTime()} is at reference speed.
 */
@ProviderType
public interface WaitingJob extends JobRequest {

    /** The cluster whose queue holds it (during a reallocation event: held it before being cancelled). */
    int cluster();

    /** How many times it has moved to another cluster so far. */
    int moves();

    /**
     * Whether it is still waiting (in a queue, or cancelled in this event): a cancellation can let other
     * jobs start at once, and started jobs can no longer be moved.
     */
    boolean stillWaiting();
}
