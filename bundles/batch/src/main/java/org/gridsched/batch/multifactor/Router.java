package org.gridsched.batch.multifactor;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.kit.Partitions;

/**
 * Which partition of one cluster a job goes to, or why none takes it. The job's SWF partition number,
 * then its queue number, is looked up in {@code partition_names} and {@code queue_partitions}; a job
 * neither names goes to {@code default_partition}, or else to the first partition (in the order written)
 * that admits it. A partition a job is routed to by name must admit it (time, size, group), or the job is
 * rejected with that partition's reason, as Slurm refuses a job over its partition's limits at submission.
 */
final class Router {
    private final List<PartitionSpec> specs;
    private final Settings settings;
    final Partitions partitions;
    /** The reason of the last refusal of {@link #route}. */
    String refusal;

    Router(Settings settings, int clusterProcessors, PluginOptions options) {
        this.settings = settings;
        this.specs = settings.partitionList;
        List<BitSet> members = new ArrayList<>();
        for (PartitionSpec s : specs) {
            members.add(s.members(clusterProcessors, options));
        }
        this.partitions = new Partitions(clusterProcessors, members);
    }

    /** The partition's number, or -1 with {@link #refusal} set. */
    int route(QueuedJob job) {
        String named = settings.partitionOfNumber.get(job.partition());
        if (named == null) {
            named = settings.partitionOfQueue.get(job.queue());
        }
        if (named == null) {
            named = settings.defaultPartition;
        }
        if (named != null) {
            int p = index(named);
            refusal = refusal(p, job);
            return refusal == null ? p : -1;
        }
        for (int p = 0; p < specs.size(); p++) {
            if (refusal(p, job) == null) {
                refusal = null;
                return p;
            }
        }
        refusal = PartitionSpec.NONE;
        return -1;
    }

    String name(int p) {
        return specs.get(p).name;
    }

    double tier(int p) {
        return specs.get(p).tier;
    }

    private String refusal(int p, QueuedJob job) {
        return specs.get(p).refusal(job.processors(), job.requestedTime(), job.group(), partitions.processors(p));
    }

    private int index(String name) {
        for (int p = 0; p < specs.size(); p++) {
            if (specs.get(p).name.equals(name)) {
                return p;
            }
        }
        throw new IllegalStateException("partition " + name + " was checked when the options were read");
    }
}
