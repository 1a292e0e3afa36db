package org.gridsched.api.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The decision-making part of a batch policy for one cluster and one run. The simulator calls it once per
 * event, in event order; the scheduler reacts by calling {@link Cluster#start(QueuedJob)} for every job
 * that must start now. It must be deterministic: no wall-clock time, no unseeded randomness, no
 * iteration over hash-ordered collections.
 */
@ConsumerType
public interface BatchScheduler {

    /** A job has been submitted to this cluster at {@link Cluster#now()}. */
    void jobSubmitted(QueuedJob job);

    /**
     * A running job has left the machine at {@link Cluster#now()} (finished, or killed at its requested
     * time); its processors are already free.
     *
     * @param early true when it ended before its requested time, i.e. the plan held room it did not use
     */
    void jobEnded(QueuedJob job, boolean early);

    /**
     * A running job reached its requested time and keeps running (only when the run disables killing).
     * Its processors stay busy until {@link #jobEnded}. The default does nothing.
     */
    default void jobOverran(QueuedJob job) {
    }

    /** The time asked for with {@link Cluster#wakeUpAt(double)} has come. The default does nothing. */
    default void wakeUp() {
    }

    /** Number of jobs submitted here that have not started yet. */
    int waitingJobs();

    /** The jobs submitted here that have not started yet, in queue (submission) order. */
    List<QueuedJob> waiting();

    /**
     * Removes a waiting job from this cluster (a meta-scheduler moving it elsewhere). The policy re-plans
     * as if the job had never been submitted here, which never delays the others.
     *
     * @return false if the job is not waiting here (started, finished, or unknown)
     */
    boolean cancel(QueuedJob job);

    /**
     * Removes every waiting job at once, starting nothing and re-planning nothing: the queue is empty
     * afterwards and the running jobs are those that ran before (a reallocation that cancels every
     * waiting job and then submits them again in its own order). The default cancels the jobs newest
     * first, which starts nothing for a policy that plans each job only around the jobs ahead of it
     * (FCFS, conservative backfilling, EASY); policies override it to do it in one step. The engine
     * checks that nothing started.
     *
     * @return the removed jobs, in queue order
     * @since 1.2
     */
    default List<QueuedJob> withdrawAll() {
        List<QueuedJob> all = new ArrayList<>(waiting());
        for (int i = all.size() - 1; i >= 0; i--) {
            cancel(all.get(i));
        }
        return all;
    }

    /**
     * The start this policy would give, if nothing else changed, to a job of {@code processors} and
     * {@code requestedTime} (already divided by the cluster's speed) submitted now; the plan is not
     * modified. For FCFS and conservative backfilling a job submitted now and not disturbed afterwards
     * starts exactly then; other policies may return an estimate that is no guarantee, or NaN.
     */
    double estimateStart(int processors, double requestedTime);

    /**
     * The start time currently planned for a waiting job, or {@code NaN} when the policy has no plan
     * for it. Used by invariant checks and by meta-schedulers that need completion-time estimates of
     * queued jobs (a job's estimated completion is its planned start plus its requested time).
     */
    default double plannedStart(QueuedJob job) {
        return Double.NaN;
    }

    /**
     * {@link Cluster#reservations()} changed at {@link Cluster#now()}: one was added, released, ended
     * early, or a job took its processors. Processors may have become free. The default does nothing (a
     * policy built before reservations existed ignores them).
     *
     * @since 1.1
     */
    default void reservationsChanged() {
    }

    /**
     * Counts the policy kept over the run that {@code summary.json} should show under this cluster (for
     * example {@code held_by_limit}: jobs a limit held at least once), by key in the order to show them; asked
     * once, after the run. The default: none, and the summary is unchanged.
     *
     * @since 1.3
     */
    default Map<String, Long> counters() {
        return Map.of();
    }
}
