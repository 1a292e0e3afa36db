package org.gridsched.workflow.oa;

import org.gridsched.api.control.GridJob;

/**
 * A main or post-processing task of one month of a scenario, attached to its job with {@link GridJob#tag(Object)}:
 * the controller finds its state from the job without a lookup, and the {@code ocean-atmosphere} collector finds the
 * run from any of its jobs.
 */
final class OaTask {
    final ClusterChains owner;
    final Scenario scenario;
    final int month;
    /** The group of a main task; null for a post-processing task. */
    final Group group;
    GridJob job;
    /** A main task's end if it does not fail. */
    double plannedEnd;

    OaTask(ClusterChains owner, Scenario scenario, int month, Group group) {
        this.owner = owner;
        this.scenario = scenario;
        this.month = month;
        this.group = group;
    }

    boolean main() {
        return group != null;
    }

    /** Readable job numbers: scenario × 10⁷ + month × 10 + (0 main, 1 post). */
    long id() {
        return scenario.number * 10_000_000L + month * 10L + (main() ? 0 : 1);
    }

    @Override
    public String toString() {
        return (main() ? "main" : "post") + " task of month " + month + " of scenario " + scenario.number;
    }
}
