package org.gridsched.workflow.oa;

import java.util.Comparator;

/** One scenario (chain of monthly main tasks) on its cluster: how far it is, and whether a month of it is running. */
final class Scenario {
    /** Least advanced first (fairness, thesis §4.4.2), then the lower number. */
    static final Comparator<Scenario> LEAST_ADVANCED = Comparator.<Scenario>comparingInt(s -> s.done).thenComparingInt(s -> s.number);

    /** 1-based number in the experiment. */
    final int number;
    /** Months completed: the next main task is month done + 1, and a failed month restarts from here. */
    int done;
    boolean running;
    /** The group waiting to run this scenario's next month (assignment {@code balanced}), or null. */
    Group awaitedBy;

    Scenario(int number) {
        this.number = number;
    }

    @Override
    public String toString() {
        return "scenario " + number + " (" + done + " months done)";
    }
}
