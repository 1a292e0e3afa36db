package org.gridsched.workflow.schedule;

import java.util.Comparator;

import org.gridsched.api.Plugin;
import org.gridsched.api.grid.Grid;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Decides how the {@code workflow} controller submits ready tasks: the tasks that become ready at one instant (from
 * every workflow) are sorted by {@link #priority()}, then each in turn goes to the cluster {@link #place} chooses, as
 * a submission to that cluster's batch policy. Register an implementation as an OSGi service
 * ({@code @Component(service = WorkflowScheduler.class)}); the controller finds it by {@link #name()}.
 *
 * <p>One instance serves every run, concurrently: both methods must be pure functions of their arguments.
 */
@ConsumerType
public interface WorkflowScheduler extends Plugin {

    /** The order in which tasks ready at the same instant are submitted: first first. */
    Comparator<ReadyTask> priority();

    /**
     * The cluster a task goes to. The default is MCT: the cluster whose batch policy gives the earliest estimated
     * completion now (ties to the first listed), among those wide enough. Later tasks of the same instant see the
     * effect of the earlier ones. Where its input files need a transfer time d to reach a cluster, the estimate there is
     * max(estimated start, now + d) + its requested time at the cluster's speed.
     */
    default int place(ReadyTask task, Grid grid) {
        int best = -1;
        double bestEnd = Double.POSITIVE_INFINITY;
        for (int c = 0; c < grid.clusterCount(); c++) {
            if (grid.processors(c) < task.processors()) {
                continue;
            }
            double transfer = task.transferTime(c);
            double end = transfer > 0 ? Math.max(grid.estimateStart(c, task), task.submitTime() + transfer) + task.requestedTime() / grid.speed(c)
                    : grid.estimateCompletion(c, task);
            if (best < 0 || end < bestEnd) {
                best = c;
                bestEnd = end;
            }
        }
        return best;
    }
}
