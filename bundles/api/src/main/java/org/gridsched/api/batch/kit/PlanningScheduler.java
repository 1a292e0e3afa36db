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

    /** This kit's state of a job; null for a job it does not hold (never submitted here, or its attachment replaced). */
    private Entry entry(QueuedJob job) {
        return job.attachment() instanceof Entry e && e.kit == this ? e : null;
    }

    /**
     * This kit's state of a running job the policy reports on ({@code told}: "ended (jobEnded)"); refused naming the job
     * and the likely mistake, where the planners met a null or a job they had not started (a NullPointerException in
     * the profile's bookkeeping, or an end given back twice without a word).
     */
    private Entry running(QueuedJob job, String told) {
        Entry e = entry(job);
        if (e == null) {
            throw new IllegalArgumentException(notHeld(job, told));
        }
        if (!e.running) {
            throw new IllegalStateException(toldAbout(job, told) + (e.queued
                    ? "the kit has not started job " + job.id() + ": it is waiting in the kit's queue (a job the kit plans must be"
                            + " started by the kit only, not by the policy's own Cluster.start)"
                    : "job " + job.id() + " is no longer in the kit: it ended, or was cancelled or withdrawn, before (an end reported"
                            + " twice would give its processors back twice)"));
        }
        return e;
    }

    private static String toldAbout(QueuedJob job, String told) {
        return "the planning kit was told that job " + job.id() + " " + told + ", but ";
    }

    /** Why this kit holds no state of {@code job}, with what the policy's author probably did. */
    private String notHeld(QueuedJob job, String told) {
        Object a = job.attachment();
        String why;
        if (a == null) {
            why = "job " + job.id() + " was never submitted to this kit (jobSubmitted): pass the kit every job the policy gives it,"
                    + " and only those (not a job the policy started, rejected or kept itself)";
        } else if (a instanceof Entry other) {
            why = "job " + job.id() + " was submitted to another PlanningScheduler (cluster " + other.kit.planner.cluster.name()
                    + "'s): a policy has one kit per cluster and run, created in BatchPolicy.create (not kept in a field of the"
                    + " policy's component), and tells each kit only about its own jobs";
        } else {
            why = "job " + job.id() + "'s attachment is a " + a.getClass().getName() + ", not the kit's state: the kit keeps its state"
                    + " of each job in QueuedJob.attach, so a policy on the kit must not attach anything else to the jobs it gives"
                    + " the kit (keep the policy's own state in a map)";
        }
        return toldAbout(job, told) + why;
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        Entry held = entry(job);
        if (held != null && (held.running || held.queued)) {
            // a second Entry would leave the first in the queue or the plan, never to be started or given back
            throw new IllegalStateException(toldAbout(job, "was submitted (jobSubmitted)") + "job " + job.id() + " is already "
                    + (held.running ? "running" : "waiting in the kit's queue")
                    + " (each job is submitted once, and again only after it ended or was cancelled)");
        }
        Entry e = new Entry(job, this);
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
        Entry e = running(job, "ended (jobEnded)");
        e.running = false; // a second end, or an overrun after it, is then refused instead of freeing its processors again
        planner.ended(e);
    }

    @Override
    public void jobOverran(QueuedJob job) {
        planner.overran(running(job, "overran its requested time (jobOverran)"));
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
