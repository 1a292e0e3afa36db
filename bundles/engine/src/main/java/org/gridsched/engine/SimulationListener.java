package org.gridsched.engine;

/**
 * Observes a run event by event, e.g. for invariant checks in tests or for tracing. Called on the
 * simulation thread after the engine has updated its state and before the scheduler reacts.
 */
public interface SimulationListener {
    default void jobSubmitted(SimJob job, double now) {
    }

    default void jobStarted(SimJob job, double now) {
    }

    default void jobEnded(SimJob job, double now) {
    }

    /** All reactions to the event at {@code now} are done (called after each handled event). */
    default void eventHandled(double now) {
    }
}
