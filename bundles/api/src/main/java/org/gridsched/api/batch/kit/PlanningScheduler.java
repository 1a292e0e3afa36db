package org.gridsched.api.batch.kit;

import java.util.List;
import java.util.function.ToIntFunction;

import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A whole {@link BatchScheduler} from a {@link JobOrder} and a {@link PlanningRule}: it owns the waiting
 * queue (kept in the order), the running jobs, the controllers' reservations
 * ({@link Cluster#reservations()}, {@link #reservationsChanged()}), wake-ups, early ends, overruns,
 * cancellation and the estimates meta-schedulers ask for. A policy returns one from
 * {@link org.gridsched.api.batch.BatchPolicy#create}:
 *
 * <pre>{@code
 * return new PlanningScheduler(cluster, (job, now) -> job.processors() * job.requestedTime(), PlanningRule.easy());
 * }</pre>
 *
 * With {@link JobOrder#submission()}, {@link PlanningRule#headOnly()}, {@link PlanningRule#easy()} and
 * {@link PlanningRule#conservative()} give the same starts as the built-in {@code fcfs}, {@code easy} and
 * {@code cbf} policies, job for job. It uses the jobs' {@link QueuedJob#attach attachments}.
 */
@ProviderType
public final class PlanningScheduler implements BatchScheduler {
    private final Planner planner;
    /** With partitions: the partition of each submitted job; else null. */
    private final ToIntFunction<QueuedJob> partitionOf;
    private final int partitions;

    public PlanningScheduler(Cluster cluster, JobOrder order, PlanningRule rule) {
        this.planner = rule.kind == PlanningRule.Kind.CONSERVATIVE
                ? new ConservativePlanner(cluster, order)
                : new PassPlanner(cluster, order, rule, null, null);
        this.partitionOf = null;
        this.partitions = 0;
    }

    /**
     * As {@link #PlanningScheduler(Cluster, JobOrder, PlanningRule)}, skipping jobs that are not
     * {@code eligible} (limits). Conservative planning reserves every job on arrival, which a held job must
     * not get; it is refused here rather than half-supported.
     *
     * @throws IllegalArgumentException for the conservative rule
     * @since 1.1
     */
    public PlanningScheduler(Cluster cluster, JobOrder order, PlanningRule rule, Eligibility eligible) {
        if (rule.kind == PlanningRule.Kind.CONSERVATIVE) {
            throw new IllegalArgumentException("the conservative rule does not take an eligibility predicate");
        }
        this.planner = new PassPlanner(cluster, order, rule, eligible, null);
        this.partitionOf = null;
        this.partitions = 0;
    }

    /**
     * As {@link #PlanningScheduler(Cluster, JobOrder, PlanningRule, Eligibility)} on a cluster split into
     * {@code partitions}: every job is planned and started on the processors of the partition
     * {@code partitionOf} gives it when it is submitted (a number from 0 to {@link Partitions#count()} - 1).
     * A policy that routes jobs rejects those that fit no partition before they reach the kit
     * ({@link Cluster#reject}). {@link #estimateStart} still answers for the whole cluster.
     *
     * @param eligible null when every job is eligible
     * @throws IllegalArgumentException for the conservative rule
     * @since 1.2
     */
    public PlanningScheduler(Cluster cluster, JobOrder order, PlanningRule rule, Eligibility eligible, Partitions partitions,
            ToIntFunction<QueuedJob> partitionOf) {
        if (rule.kind == PlanningRule.Kind.CONSERVATIVE) {
            throw new IllegalArgumentException("the conservative rule does not plan partitions");
        }
        this.planner = new PassPlanner(cluster, order, rule, eligible, partitions);
        this.partitionOf = partitionOf;
        this.partitions = partitions.count();
    }

    private static Entry entry(QueuedJob job) {
        return job.attachment() instanceof Entry e ? e : null;
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        Entry e = new Entry(job);
        if (partitionOf != null) {
            e.partition = partitionOf.applyAsInt(job);
            if (e.partition < 0 || e.partition >= partitions) {
                throw new IllegalStateException("job " + job.id() + " was given partition " + e.partition + "; there are " + partitions);
            }
        }
        job.attach(e);
        planner.submitted(e);
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
        planner.ended(entry(job));
    }

    @Override
    public void jobOverran(QueuedJob job) {
        planner.overran(entry(job));
    }

    @Override
    public void wakeUp() {
        planner.wakeUp();
    }

    @Override
    public void reservationsChanged() {
        planner.reservationsChanged();
    }

    @Override
    public int waitingJobs() {
        return planner.queue.size();
    }

    /** The waiting jobs in the order (submission order under {@link JobOrder#submission()}). */
    @Override
    public List<QueuedJob> waiting() {
        return planner.queue.jobs();
    }

    @Override
    public boolean cancel(QueuedJob job) {
        Entry e = entry(job);
        return e != null && planner.cancel(e);
    }

    @Override
    public List<QueuedJob> withdrawAll() {
        return planner.withdrawAll();
    }

    @Override
    public double estimateStart(int processors, double requestedTime) {
        return planner.estimateStart(processors, requestedTime);
    }

    @Override
    public double plannedStart(QueuedJob job) {
        Entry e = entry(job);
        return e == null ? Double.NaN : planner.plannedStart(e);
    }
}
