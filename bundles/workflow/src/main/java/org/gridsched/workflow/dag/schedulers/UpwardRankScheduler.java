package org.gridsched.workflow.dag.schedulers;

import java.util.Comparator;

import org.gridsched.workflow.schedule.ReadyTask;
import org.gridsched.workflow.schedule.WorkflowScheduler;
import org.osgi.service.component.annotations.Component;

/**
 * {@code upward-rank}: as HEFT orders tasks, the ready task with the longest path of work below it goes first (largest
 * upward rank; ties in the order they became ready), each to the cluster where it completes first. Online: it ranks
 * the tasks ready at one instant, across workflows, not a whole DAG ahead of time.
 */
@Component(service = WorkflowScheduler.class, configurationPid = "gridsched.workflow-scheduler.upward-rank")
public final class UpwardRankScheduler implements WorkflowScheduler {
    private static final Comparator<ReadyTask> ORDER = Comparator.comparingDouble(ReadyTask::upwardRank).reversed()
            .thenComparingLong(ReadyTask::sequence);

    @Override
    public String name() {
        return "upward-rank";
    }

    @Override
    public String description() {
        return "ready tasks by decreasing upward rank (HEFT's order), each to the cluster with the earliest estimated completion";
    }

    @Override
    public Comparator<ReadyTask> priority() {
        return ORDER;
    }
}
