package org.gridsched.workflow.dag;

import java.util.Arrays;

/**
 * One arrival of a workflow: its tasks' jobs and, as they end, when and where each ran. The collector fills the
 * times; the instance is complete when its last task has ended.
 */
final class WorkflowInstance {
    final WorkflowRun run;
    /** 1, 2, ... in arrival order. */
    final int number;
    final Workflow workflow;
    final double arrival;
    final TaskRun[] tasks;
    final double[] start;
    final double[] finish;
    final int[] cluster;
    private int ended;

    WorkflowInstance(WorkflowRun run, int number, Workflow workflow, double arrival) {
        this.run = run;
        this.number = number;
        this.workflow = workflow;
        this.arrival = arrival;
        int n = workflow.size();
        tasks = new TaskRun[n];
        start = new double[n];
        finish = new double[n];
        cluster = new int[n];
        Arrays.fill(start, Double.NaN);
        Arrays.fill(finish, Double.NaN);
    }

    /** Records a task's run. @return true when it was the instance's last task */
    boolean ended(int task, double startTime, double finishTime, int clusterIndex) {
        start[task] = startTime;
        finish[task] = finishTime;
        cluster[task] = clusterIndex;
        return ++ended == tasks.length;
    }

    boolean complete() {
        return ended == tasks.length;
    }

    /** Last task end − arrival: what the workflow's user waits. */
    double makespan() {
        double last = arrival;
        for (double f : finish) {
            last = Math.max(last, f);
        }
        return last - arrival;
    }

    double firstStart() {
        double first = Double.POSITIVE_INFINITY;
        for (double s : start) {
            first = Math.min(first, s);
        }
        return first;
    }

    /** The critical path of this instance's runtimes (the workflow's, scaled as submitted). */
    double criticalPath() {
        return workflow.criticalPath() * run.settings.runtimeScale();
    }
}
