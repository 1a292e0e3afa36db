package org.gridsched.batch.multifactor;

import java.util.function.Function;

import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.kit.JobOrder;

/**
 * Slurm's multifactor priority as a kit order: priority = w_age x age + w_fairshare x fair-share
 * + w_job_size x size + w_partition x partition + w_qos x QOS, every factor in [0, 1], and the key is
 * {@code -priority} (higher first, ties in submission order).
 * <ul>
 * <li>age = min(now - submit, max_age) / max_age;</li>
 * <li>size = processors / cluster processors, or 1 - (processors - 1) / cluster processors with favor_small;</li>
 * <li>fair-share from {@link FairShare};</li>
 * <li>partition = the tier of the job's partition / the highest tier (0 for an unmapped partition number;
 * with partitions that have processors or rules, the partition the job was routed to);</li>
 * <li>QOS = the priority of the job's QOS / the highest QOS priority (0 for an unmapped queue number).</li>
 * </ul>
 * An association's usage and fair-share factor are computed at most once per priority_period, when a key
 * first needs them in that period (the kit recalculates every waiting key at the first event of a period),
 * like Slurm's PriorityCalcPeriod. Size, partition and QOS are weighed once, at submission.
 */
final class MultifactorOrder implements JobOrder {
    private final Settings s;
    private final int clusterProcessors;
    private final Usage usage;
    private final FairShare fairShare;
    private final Function<QueuedJob, Tracked> tracked;
    private double refreshedPeriod = Double.NaN;
    private int refreshedSize;
    /** How many keys were computed: the tests check that the order is not rebuilt per event. */
    long computations;

    MultifactorOrder(Settings s, int clusterProcessors, Usage usage, Function<QueuedJob, Tracked> tracked) {
        this.s = s;
        this.clusterProcessors = clusterProcessors;
        this.usage = usage;
        this.fairShare = new FairShare(usage);
        this.tracked = tracked;
    }

    @Override
    public double recalculationPeriod() {
        return s.period;
    }

    @Override
    public double key(QueuedJob job, double now) {
        computations++;
        Tracked t = tracked.apply(job);
        return -(t.fixedPriority + s.weightAge * age(job, now) + s.weightFairshare * factor(t.assoc, now));
    }

    /**
     * The association's fair-share factor as of the first time it was needed in this priority period
     * (classic: O(1) each; Fair Tree: all at once, again when a new association appears).
     */
    private double factor(Usage.Assoc a, double now) {
        double p = Math.floor(now / s.period);
        if (s.fairTree) {
            if (p != refreshedPeriod || usage.size() != refreshedSize) {
                refreshedPeriod = p;
                refreshedSize = usage.size();
                fairShare.fairTree(now);
            }
        } else if (a.period != p) {
            a.period = p;
            fairShare.classic(a, now);
        }
        return a.factor;
    }

    /** The factors that never change while the job waits: size, partition, QOS, weighted. */
    double fixedPriority(QueuedJob job, Tracked t) {
        return s.weightJobSize * size(job) + s.weightPartition * partition(job, t) + s.weightQos * qos(t);
    }

    /** The whole priority at {@code now}, as {@link #key} computes it. */
    double priority(QueuedJob job, double now) {
        return -key(job, now);
    }

    double age(QueuedJob job, double now) {
        return Math.min(Math.max(0, now - job.submitTime()), s.maxAge) / s.maxAge;
    }

    double size(QueuedJob job) {
        double n = clusterProcessors;
        return s.favorSmall ? 1 - (job.processors() - 1) / n : job.processors() / n;
    }

    /** With partitions, the tier of the partition the job was routed to; else by its partition number. */
    double partition(QueuedJob job, Tracked t) {
        if (s.partitioned) {
            return s.maxTier == 0 ? 0 : t.partitionTier / s.maxTier;
        }
        Double tier = s.partitionTier.get(job.partition());
        return tier == null || s.maxTier == 0 ? 0 : tier / s.maxTier;
    }

    double qos(Tracked t) {
        return t.qos == null || s.maxQosPriority == 0 ? 0 : s.qosPriority.get(t.qos) / s.maxQosPriority;
    }
}
