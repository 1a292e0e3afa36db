package org.gridsched.bot;

import org.gridsched.api.control.GridJob;

/**
 * The tasks of one bag placed at one provider with one planned start: a job of that provider's queue
 * ("a set of tasks submitted to a provider is a job as well"). Its record carries the bag's global
 * expected completion as the provider last heard it, which the coordinated order sorts by.
 */
final class BagPart {
    final Bag bag;
    final int provider;
    final int tasks;
    /** Requested time on the provider's processors (the estimate there, divided by its speed). */
    final double duration;
    /** The provider's queue order (submission order there). */
    final long order;
    double start;
    double end;
    /** The bag's global expected completion as this provider knows it (told by the metascheduler). */
    double knownGlobalCompletion;
    GridJob job;
    boolean arrived;
    boolean running;
    boolean ended;

    BagPart(Bag bag, int provider, int tasks, double duration, long order) {
        this.bag = bag;
        this.provider = provider;
        this.tasks = tasks;
        this.duration = duration;
        this.order = order;
    }

    @Override
    public String toString() {
        return bag + " part at provider " + provider + ": " + tasks + " tasks over [" + start + ", " + end + ")";
    }
}
