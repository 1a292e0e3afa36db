package org.gridsched.api.control;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * One run's controller. The engine calls it on the simulation thread, in event order, after its own
 * state is updated and before the batch policies react; every method has a default that does nothing,
 * so a controller overrides only what it needs. Controllers are asked in the order the profile lists
 * them.
 */
@ConsumerType
public interface Controller {

    /**
     * A job arrives: from the workload at its submit time, submitted by a controller, or released when the
     * last job it depends on ended.
     *
     * @return true to take the job in charge: the engine then neither routes it nor gives it to any
     *         cluster, and the controller must later {@link GridOperations#send send} or
     *         {@link GridOperations#start start} it; false to let the next controller, then the
     *         meta-scheduler, have it
     */
    default boolean jobArrived(GridJob job) {
        return false;
    }

    /** A job has started on {@link GridJob#allocation()}. */
    default void jobStarted(GridJob job) {
    }

    /** A job has ended: completed, or stopped at its requested time. Its processors are free again. */
    default void jobEnded(GridJob job) {
    }

    /** A running job has been killed ({@link GridOperations#kill}); its processors are free again. */
    default void jobKilled(GridJob job) {
    }

    /** A timer set with {@link GridOperations#timer} is due. */
    default void timer(Object tag) {
    }

    /** The processors of a claim have been taken at its start time (now). */
    default void claimStarted(Claim claim) {
    }

    /** A claim reached its end unused and its processors are free again. */
    default void claimExpired(Claim claim) {
    }

    /**
     * A claim was broken: a processor failure hit one of its processors while it was active, or too few processors
     * were up and free at its start (failed or switched off since it was accepted). It is cancelled, not shrunk: it
     * is {@link Claim#over() over}, its processors that did not fail are free again, and no job can start in it; a
     * controller that still needs processors claims again. Told to every controller, as {@link #claimStarted} is;
     * never called on runs without failures or power management. Since control 1.1 (baselined as a minor change).
     */
    default void claimBroken(Claim claim) {
    }
}
