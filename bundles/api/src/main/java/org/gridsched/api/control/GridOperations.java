package org.gridsched.api.control;

import java.util.List;

import org.gridsched.api.grid.Grid;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What a controller may observe and do during a run. Every operation acts at {@link #now()}. Operations
 * that cannot be carried out return false or null (the grid state is then unchanged); misuse (a job that
 * is not in the state an operation needs, a cluster index out of range) throws
 * {@link IllegalStateException} or {@link IllegalArgumentException}.
 */
@ProviderType
public interface GridOperations extends Grid {

    /**
     * Submits a new job. It arrives at {@code max(now, spec.submitTime())}, or, when it depends on other
     * jobs, is held until the last of them has ended and arrives at the later of that end and its submit
     * time. Releasing a job costs O(its parents' children), never a scan.
     *
     * @param after jobs it waits for (may be empty); jobs already ended count as ended
     */
    GridJob submit(JobSpec spec, List<GridJob> after);

    /** Submits a job with no dependencies. */
    default GridJob submit(JobSpec spec) {
        return submit(spec, List.of());
    }

    /**
     * Gives a waiting job in the controller's charge (or a job it kills and re-queues itself) to a cluster's
     * batch policy, as a new submission there.
     *
     * @throws IllegalArgumentException if the cluster is too small for the job
     */
    void send(GridJob job, int cluster);

    /**
     * Starts a waiting job in the controller's charge now, on the lowest free processors of each part's
     * cluster; all parts start and end together. The job's processor count becomes the parts' total.
     *
     * @return false (and nothing changes) if some part does not fit: not enough free processors, or
     *         processors that a claim or an already running job will need before the job's requested end
     */
    boolean start(GridJob job, List<Part> parts);

    /**
     * Starts a waiting job in the controller's charge now on the processors of active claims (one part
     * per claim); the claims end. The job's processor count becomes the claims' total.
     *
     * @throws IllegalStateException if a claim is not active, is not one this controller made with
     *         {@link #claim}, or is given twice (checked before any claim is used)
     */
    void start(GridJob job, Claim... claims);

    /**
     * Claims {@code processors} processors of a cluster over [from, from + duration), from &gt;= now.
     *
     * @return the claim, or null when the cluster cannot honour it: running jobs (until their requested
     *         ends), started multi-cluster parts and other claims leave fewer processors over that window
     */
    Claim claim(int cluster, int processors, double from, double duration);

    /**
     * Gives a claim's processors back now (before or during it); does nothing if it is already over.
     *
     * @throws IllegalArgumentException if the claim is not one this controller made with {@link #claim}
     */
    void release(Claim claim);

    /**
     * Kills a running job now: its processors are freed at once and it is recorded as killed
     * ({@code COMPLETED_KILLED}); with {@code requeue} it arrives again now, as a new submission (it
     * keeps its submit time), otherwise its final state is killed.
     */
    void kill(GridJob job, boolean requeue);

    /**
     * Gives up a job in the controller's charge (or still held for its dependencies) without running it:
     * its final state is {@code REJECTED}, counted by reason in the results (e.g. a co-allocated job whose
     * placement failed at its deadline). Jobs waiting for it are released as if it had ended.
     *
     * @param reason a short snake_case word, e.g. {@code "deadline_missed"}
     */
    void reject(GridJob job, String reason);

    /** Calls {@link Controller#timer(Object)} with {@code tag} at {@code time} (&gt;= now). */
    void timer(double time, Object tag);

    /** Processors of a cluster held by claims and not used by any job now (claimed and idle). */
    int claimedIdle(int cluster);

    /** The jobs waiting in a cluster's queue, in queue order. */
    List<GridJob> waiting(int cluster);
}
