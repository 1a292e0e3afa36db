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
    /** The cluster it was placed on, -1 before. */
    int cluster = -1;
    /** How long it waited for its input files to reach its cluster before being submitted there, seconds. */
    double transfer;

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
        return instance.run.upwardRank(instance.workflow, index);
    }

    @Override
    public double transferTime(int to) {
        Workflow w = instance.workflow;
        int[] from = w.dataFrom(index);
        if (from.length == 0 || !instance.run.links.any()) {
            return 0;
        }
        double[] bytes = w.dataBytes(index);
        double longest = 0;
        for (int i = 0; i < from.length; i++) {
            longest = Math.max(longest, instance.run.links.transfer(instance.tasks[from[i]].cluster, to, bytes[i]));
        }
        return longest;
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
