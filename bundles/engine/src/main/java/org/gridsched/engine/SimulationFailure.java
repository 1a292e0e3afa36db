package org.gridsched.engine;

/**
 * A plugin (or the engine's own check of what a plugin did) failed while the simulation handled an event: says
 * when and during what, with the plugin's exception as the cause. Without it a user saw a bare
 * {@code NullPointerException} and could not tell which plugin threw, nor at which point of the run.
 */
public final class SimulationFailure extends RuntimeException {
    private final double time;
    private final String during;

    public SimulationFailure(double time, String during, String problem, Throwable cause) {
        super("at t=" + Numbers.format(time) + " s, during " + during + ": " + problem, cause);
        this.time = time;
        this.during = during;
    }

    /** The simulated instant of the event. */
    public double time() {
        return time;
    }

    /** The event being handled, in words ("the end of job 17"). */
    public String during() {
        return during;
    }

    /** The message alone: the class name would tell a user nothing. */
    @Override
    public String toString() {
        return getMessage();
    }
}
