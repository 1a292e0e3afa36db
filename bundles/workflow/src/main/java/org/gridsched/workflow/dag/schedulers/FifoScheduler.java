package org.gridsched.workflow.dag.schedulers;

import java.util.Comparator;

import org.gridsched.workflow.schedule.ReadyTask;
import org.gridsched.workflow.schedule.WorkflowScheduler;
import org.osgi.service.component.annotations.Component;

/** {@code fifo}: ready tasks are submitted in the order they became ready, each where it completes first (MCT). */
@Component(service = WorkflowScheduler.class, configurationPid = "gridsched.workflow-scheduler.fifo")
public final class FifoScheduler implements WorkflowScheduler {
    private static final Comparator<ReadyTask> ORDER = Comparator.comparingLong(ReadyTask::sequence);

    @Override
    public String name() {
        return "fifo";
    }

    @Override
    public String description() {
        return "ready tasks in the order they became ready, each to the cluster with the earliest estimated completion";
    }

    @Override
    public Comparator<ReadyTask> priority() {
        return ORDER;
    }
}
