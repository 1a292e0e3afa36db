package org.gridsched.workflow.dag;

import org.gridsched.api.control.GridJob;
import org.gridsched.workflow.schedule.ReadyTask;

/**
 * A task of a workflow instance, attached to its job with {@link GridJob#tag(Object)}: the controller and the
 * collector find it from the job without a lookup. As a {@link ReadyTask} it is what schedulers see.
 */
final class TaskRun implements ReadyTask {
    final WorkflowInstance instance;
    final int index;
    final double runtime;
    final double requested;
    GridJob job;
    long sequence = -1;
    /**
     * When its last parent ended (or its workflow arrived): when the engine released it. The job's own submit time stays
     * its workflow's arrival.
     */
    double readyTime = Double.NaN;

    TaskRun(WorkflowInstance instance, int index, double runtime, double requested) {
        this.instance = instance;
        this.index = index;
        this.runtime = runtime;
        this.requested = requested;
    }

    @Override
    public long id() {
        return job.id();
    }

    @Override
    public double submitTime() {
        return readyTime;
    }

    @Override
    public int processors() {
        return instance.workflow.cores(index);
    }

    @Override
    public double requestedTime() {
        return requested;
    }

    @Override
    public int workflow() {
        return instance.number;
    }

    @Override
    public String task() {
        return instance.workflow.id(index);
    }

    @Override
    public double workflowArrival() {
        return instance.arrival;
    }

    @Override
    public double runtime() {
        return runtime;
    }

    @Override
    public double upwardRank() {
        return instance.workflow.upwardRank(index) * instance.run.settings.runtimeScale();
    }

    @Override
    public long sequence() {
        return sequence;
    }

    @Override
    public String toString() {
        return "task '" + task() + "' of workflow " + instance.number;
    }
}
