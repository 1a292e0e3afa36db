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
 * <li>partition = the tier of the job's partition / the highest tier (0 for an unmapped partition number);</li>
 * <li>QOS = the priority of the job's QOS / the highest QOS priority (0 for an unmapped queue number).</li>
 * </ul>
 * Usage and fair-share factors are refreshed once per priority_period (at the first key asked in a new
 * period, which is when the kit recalculates every waiting key) and when a new association appears;
 * keys asked in between use the factors as of the refresh, like Slurm's PriorityCalcPeriod.
 */
final class MultifactorOrder implements JobOrder {
    private final Settings s;
    private final int clusterProcessors;
    private final Usage usage;
    private final FairShare fairShare;
    private final Function<QueuedJob, Tracked> tracked;
    private double refreshedPeriod = Double.NaN;
    /** How many keys were computed: the tests check that the order is not rebuilt per event. */
    long computations;

    MultifactorOrder(Settings s, int clusterProcessors, Usage usage, Function<QueuedJob, Tracked> tracked) {
        this.s = s;
        this.clusterProcessors = clusterProcessors;
        this.usage = usage;
        this.fairShare = new FairShare(s);
        this.tracked = tracked;
    }

    @Override
    public double recalculationPeriod() {
        return s.period;
    }

    @Override
    public double key(QueuedJob job, double now) {
        computations++;
        refresh(now);
        return -priority(job, tracked.apply(job), now);
    }

    private void refresh(double now) {
        double p = Math.floor(now / s.period);
        if (usage.takeChangedSet() || p != refreshedPeriod) {
            refreshedPeriod = p;
            usage.refresh(now);
            fairShare.compute(usage.all());
        }
    }

    double priority(QueuedJob job, Tracked t, double now) {
        return s.weightAge * age(job, now) + s.weightFairshare * t.assoc.factor + s.weightJobSize * size(job)
                + s.weightPartition * partition(job) + s.weightQos * qos(t);
    }

    double age(QueuedJob job, double now) {
        return Math.min(Math.max(0, now - job.submitTime()), s.maxAge) / s.maxAge;
    }

    double size(QueuedJob job) {
        double n = clusterProcessors;
        return s.favorSmall ? 1 - (job.processors() - 1) / n : job.processors() / n;
    }

    double partition(QueuedJob job) {
        Double tier = s.partitionTier.get(job.partition());
        return tier == null || s.maxTier == 0 ? 0 : tier / s.maxTier;
    }

    double qos(Tracked t) {
        return t.qos == null || s.maxQosPriority == 0 ? 0 : s.qosPriority.get(t.qos) / s.maxQosPriority;
    }
}
