package org.gridsched.workflow.oa;

/** A group of processors that runs one main task at a time, of a fixed size and so a fixed main-task time. */
final class Group {
    final int rank;
    final int size;
    /** T[size] on this cluster, seconds. */
    final double mainTime;
    OaTask running;
    /** The scenario this idle group waits for (assignment {@code balanced}), or null. */
    Scenario awaited;
    /** Not among the fastest groups still useful: its processors run post-processing tasks for good. */
    boolean retired;

    Group(int rank, int size, double mainTime) {
        this.rank = rank;
        this.size = size;
        this.mainTime = mainTime;
    }

    boolean idle() {
        return running == null && !retired;
    }

    @Override
    public String toString() {
        return "group " + rank + " of " + size;
    }
}
