package org.gridsched.workflow.schedule;

import org.gridsched.api.grid.JobRequest;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A workflow task whose parents have all ended, as a scheduler sees it. As a {@link JobRequest} (its processors and
 * requested time at reference speed) it can be given to {@link org.gridsched.api.grid.Grid#estimateCompletion}; its
 * {@link #submitTime()} is the instant it became ready (its job's own submit time stays its workflow's arrival).
 */
@ProviderType
public interface ReadyTask extends JobRequest {

    /** The number of the workflow instance it belongs to (1, 2, ... in arrival order). */
    int workflow();

    /** The task's id in its workflow file. */
    String task();

    /** When its workflow arrived. */
    double workflowArrival();

    /** Runtime at reference speed, seconds (what the workflow file says; schedulers may use it as an estimate). */
    double runtime();

    /**
     * Its upward rank: runtime plus the longest path below it (HEFT's rank): of runtimes, and, when the run declares
     * links between clusters, of the mean transfer time of each edge's files over all pairs of clusters.
     */
    double upwardRank();

    /**
     * Seconds its input files would need to reach {@code cluster} from the clusters their producers ran on, if it were
     * placed there now: the longest of (size / bandwidth + latency) over its inputs, 0 when every producer ran there or
     * no link is declared between the clusters (docs/workflows.md). The task is submitted to the cluster that much
     * later.
     *
     * @since 1.1
     */
    double transferTime(int cluster);

    /** Its place in the order tasks became ready over the run (0, 1, ...). */
    long sequence();
}
