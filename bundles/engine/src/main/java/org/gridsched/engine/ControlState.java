package org.gridsched.engine;

/**
 * The part of a job's run state that only runs with controllers use (kills, dependencies, the controller's
 * tag, its slot among its cluster's running jobs); kept apart so that the millions of jobs of an ordinary
 * run do not carry it.
 */
final class ControlState {
    /** Times a controller killed the job. */
    int kills;
    /** Parents not ended yet, and the jobs waiting for this one. */
    int pendingParents;
    SimJob[] children;
    int childCount;
    /** The ids of the jobs it was submitted to wait for (ended or not), in the order given; null when none. */
    long[] dependencies;
    Object tag;
    /**
     * The place among the run's controllers of the one that took the job in charge or submitted it with dependencies
     * (set only on runs of several controllers, and for held jobs): whose fault a job left in its charge or held is.
     */
    int controller;
    /** Times a failure killed the job; whether one ended it for good ({@code COMPLETED_FAILED}). */
    int failureKills;
    boolean failed;

    /** The engine's job state as controllers see it. */
    static org.gridsched.api.control.GridJob.State apiState(byte state) {
        return switch (state) {
            case SimJob.HELD -> org.gridsched.api.control.GridJob.State.HELD;
            case SimJob.RUNNING -> org.gridsched.api.control.GridJob.State.RUNNING;
            case SimJob.DONE -> org.gridsched.api.control.GridJob.State.DONE;
            case SimJob.KILLED -> org.gridsched.api.control.GridJob.State.KILLED;
            case SimJob.REJECTED -> org.gridsched.api.control.GridJob.State.REJECTED;
            default -> org.gridsched.api.control.GridJob.State.WAITING;
        };
    }

    void addChild(SimJob child) {
        if (children == null) {
            children = new SimJob[2];
        } else if (childCount == children.length) {
            children = java.util.Arrays.copyOf(children, childCount * 2);
        }
        children[childCount++] = child;
    }
}
