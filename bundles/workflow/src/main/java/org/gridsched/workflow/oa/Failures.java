package org.gridsched.workflow.oa;

import java.util.SplittableRandom;

import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;

/**
 * Scenario failures (beyond the thesis's model, after its §4.6.1 experience: unexplained crashes and 10-hour
 * reservations made it restart scenarios from their last correctly executed month). Each running main task fails
 * after an exponential time of mean {@code mtbf} seconds, drawn from the run's seed; a failed month is killed and its
 * scenario becomes available again from its last completed month. Post-processing tasks do not fail.
 */
final class Failures {
    private record Failure(OaTask task) {
    }

    private final GridOperations grid;
    private final double mtbf;
    private final SplittableRandom random;

    /** @param mtbf mean time to failure of a running main task, seconds; 0 for none */
    Failures(GridOperations grid, double mtbf, long seed) {
        this.grid = grid;
        this.mtbf = mtbf;
        this.random = new SplittableRandom(seed);
    }

    /** Draws the failure of a main task starting now, if it comes before its end. */
    void arm(OaTask t, double now, double duration) {
        if (mtbf <= 0) {
            return;
        }
        double x = -mtbf * Math.log(1 - random.nextDouble());
        if (x < duration) {
            grid.timer(now + x, new Failure(t));
        }
    }

    /** @return whether the timer tag was a failure (then the task, if still running, has been killed) */
    boolean handle(Object tag) {
        if (!(tag instanceof Failure f)) {
            return false;
        }
        OaTask t = f.task();
        if (t.group.running == t && t.job.state() == GridJob.State.RUNNING) {
            grid.kill(t.job, false);                      // jobKilled follows: ClusterChains.failed
        }
        return true;
    }
}
