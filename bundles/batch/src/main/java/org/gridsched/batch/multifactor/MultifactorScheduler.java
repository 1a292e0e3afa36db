package org.gridsched.batch.multifactor;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.Reservation;
import org.gridsched.api.batch.kit.Eligibility;
import org.gridsched.api.batch.kit.PlanningRule;
import org.gridsched.api.batch.kit.PlanningScheduler;

/**
 * The kit's {@link PlanningScheduler} with the {@link MultifactorOrder}, plus what the kit does not see:
 * usage (from the starts, observed through a wrapper of the cluster, and the ends) and the limits (an
 * eligibility predicate). Our bookkeeping of an event is done before the kit plans on it, so that a pass
 * after an end already sees the freed limit.
 */
final class MultifactorScheduler implements BatchScheduler {
    /** By identity: the kit holds the job's attachment. Never iterated, so hash order does not matter. */
    private final Map<QueuedJob, Tracked> tracked = new IdentityHashMap<>();
    private final Cluster cluster;
    private final Settings settings;
    private final Usage usage;
    private final Limits limits;
    final MultifactorOrder order;
    private final PlanningScheduler kit;

    /** Null without partitions that restrict anything. */
    private final Router router;
    /** Jobs routed to each partition. */
    private final long[] routed;

    MultifactorScheduler(Cluster cluster, Settings settings, PlanningRule rule, PluginOptions options) {
        this.cluster = cluster;
        this.settings = settings;
        this.usage = new Usage(settings);
        this.limits = settings.limits.any ? new Limits(settings.limits) : null;
        this.order = new MultifactorOrder(settings, cluster.processors(), usage, tracked::get);
        this.router = settings.partitioned ? new Router(settings, cluster.processors(), options) : null;
        this.routed = new long[router == null ? 0 : router.partitions.count()];
        Cluster observed = new Observed();
        Eligibility eligible = limits == null ? null : job -> limits.eligible(tracked.get(job));
        if (router != null) {
            this.kit = new PlanningScheduler(observed, order, rule, eligible, router.partitions, job -> tracked.get(job).partition);
        } else {
            this.kit = eligible == null ? new PlanningScheduler(observed, order, rule) : new PlanningScheduler(observed, order, rule, eligible);
        }
    }

    /** The policy's state of a job that waits or runs here (for tests). */
    Tracked tracked(QueuedJob job) {
        return tracked.get(job);
    }

    /** Jobs held by a limit at least once (0 without limits). */
    long heldByLimit() {
        return limits == null ? 0 : limits.held();
    }

    /**
     * In summary.json, only for what is configured (other runs' summaries stay as they were):
     * held_by_limit with limits (and exempt_from_user_limits, _group_, _qos_: jobs with no user, group or QOS that
     * those limits did not apply to, when there are any), and with partitions the jobs routed to each ({@code routed_to_NAME}; those
     * rejected are counted by the engine under rejected_by_reason).
     */
    @Override
    public Map<String, Long> counters() {
        Map<String, Long> out = new LinkedHashMap<>();
        if (limits != null) {
            out.put("held_by_limit", limits.held());
            for (int k = 0; k < 3; k++) {
                if (limits.exempt(k) > 0) { // jobs without a user (group, QOS) under limits for every one: said, not silent
                    out.put("exempt_from_" + LimitSpec.KINDS[k] + "_limits", limits.exempt(k));
                }
            }
        }
        if (router != null) {
            for (int p = 0; p < routed.length; p++) {
                out.put("routed_to_" + router.name(p), routed[p]);
            }
        }
        return out;
    }

    @Override
    public void jobSubmitted(QueuedJob job) {
        Tracked t = new Tracked(job, usage.of(job.user(), job.group()), settings.qosOfQueue.get(job.queue()));
        String overLimit = limits == null ? null : limits.refusal(t);
        if (overLimit != null) {
            // it could never start: refused at submission, as partitions refuse a job over their limits, so that the
            // run goes on and says so (jobs.csv REJECTED, summary.json rejected_by_reason)
            cluster.reject(job, overLimit);
            return;
        }
        if (router != null) {
            t.partition = router.route(job);
            if (t.partition < 0) {
                cluster.reject(job, router.refusal);
                return;
            }
            t.partitionTier = router.tier(t.partition);
            routed[t.partition]++;
        }
        t.fixedPriority = order.fixedPriority(job, t);
        tracked.put(job, t);
        if (limits != null) {
            limits.submitted(t);
        }
        kit.jobSubmitted(job);
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
        Tracked t = tracked.remove(job);
        if (t != null && t.running) {
            usage.ended(t.assoc, job.processors(), t.start, cluster.now());
            if (limits != null) {
                limits.left(t);
            }
        }
        kit.jobEnded(job, early);
    }

    @Override
    public void jobOverran(QueuedJob job) {
        kit.jobOverran(job);
    }

    @Override
    public void wakeUp() {
        kit.wakeUp();
    }

    @Override
    public void reservationsChanged() {
        kit.reservationsChanged();
    }

    @Override
    public int waitingJobs() {
        return kit.waitingJobs();
    }

    @Override
    public List<QueuedJob> waiting() {
        return kit.waiting();
    }

    @Override
    public boolean cancel(QueuedJob job) {
        Tracked t = tracked.get(job);
        if (t != null && !t.running) {
            forget(job); // first, so that the kit's pass after the cancellation sees the freed room
        }
        return kit.cancel(job);
    }

    private void forget(QueuedJob job) {
        Tracked t = tracked.remove(job);
        if (t != null && limits != null) {
            limits.left(t);
        }
    }

    @Override
    public List<QueuedJob> withdrawAll() {
        List<QueuedJob> all = kit.withdrawAll();
        for (QueuedJob job : new ArrayList<>(all)) {
            forget(job);
        }
        return all;
    }

    @Override
    public double estimateStart(int processors, double requestedTime) {
        return kit.estimateStart(processors, requestedTime);
    }

    @Override
    public double plannedStart(QueuedJob job) {
        return kit.plannedStart(job);
    }

    /** The partition a waiting or running job was routed to (for tests); null without partitions. */
    String partitionOf(QueuedJob job) {
        Tracked t = tracked.get(job);
        return router == null || t == null ? null : router.name(t.partition);
    }

    /** The cluster as the kit sees it: every start is recorded (usage, limits) before the engine hears of it. */
    private final class Observed implements Cluster {
        @Override
        public void start(QueuedJob job) {
            starting(job);
            cluster.start(job);
        }

        @Override
        public void start(QueuedJob job, BitSet[] pools, int[] counts) {
            starting(job);
            cluster.start(job, pools, counts);
        }

        private void starting(QueuedJob job) {
            Tracked t = tracked.get(job);
            t.start = cluster.now();
            t.running = true;
            usage.started(t.assoc, job.processors(), t.start);
            if (limits != null) {
                limits.started(t);
            }
        }

        @Override
        public int freeProcessors(BitSet pool) {
            return cluster.freeProcessors(pool);
        }

        @Override
        public String name() {
            return cluster.name();
        }

        @Override
        public int processors() {
            return cluster.processors();
        }

        @Override
        public double speed() {
            return cluster.speed();
        }

        @Override
        public double now() {
            return cluster.now();
        }

        @Override
        public int freeProcessors() {
            return cluster.freeProcessors();
        }

        @Override
        public void wakeUpAt(double time) {
            cluster.wakeUpAt(time);
        }

        @Override
        public List<Reservation> reservations() {
            return cluster.reservations();
        }
    }
}
