package org.gridsched.api.batch;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/** The cluster a {@link BatchScheduler} controls, as the simulator exposes it. */
@ProviderType
public interface Cluster {

    /** Name from the platform description, e.g. {@code "bordeaux"}. */
    String name();

    /** Number of identical processors. */
    int processors();

    /** Relative speed; runtimes and requested times seen here are already divided by it. */
    double speed();

    /** Current simulated time, in seconds. */
    double now();

    /** Processors not used by a running job. */
    int freeProcessors();

    /**
     * Starts a waiting job now on the lowest-numbered free processors.
     *
     * @throws IllegalStateException if the job is not waiting here or fewer than
     *                               {@link QueuedJob#processors()} processors are free
     */
    void start(QueuedJob job);

    /**
     * Asks for a call to {@link BatchScheduler#wakeUp()} at simulated time {@code time}, after the job
     * arrivals at that time. A policy that plans starts ahead (reservations) needs it: the instant a
     * reservation begins need not coincide with any job arrival or end.
     *
     * @throws IllegalArgumentException if {@code time} is in the past
     */
    void wakeUpAt(double time);

    /**
     * The reservations of this cluster that its policy did not make and that are not over (end &gt; now),
     * sorted by start: claims and parts of jobs started by controllers. Empty on platforms without
     * controllers. A policy that honours them never starts a job whose requested span would overlap
     * processors they hold; it is told of every change by {@link BatchScheduler#reservationsChanged()}.
     *
     * @since 1.1
     */
    List<Reservation> reservations();
}
