package org.gridsched.api.batch;

import java.util.BitSet;
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
     * Starts a waiting job now on processors the policy chose: for each {@code i}, the {@code counts[i]}
     * lowest-numbered free processors of {@code pools[i]} (processor ids from 0; the pools must not
     * overlap, and the counts add up to {@link QueuedJob#processors()}). A policy with partitions uses it
     * to keep a job inside its partition and off processors it has promised to other jobs.
     *
     * @throws IllegalStateException    if the job is not waiting here or a pool has fewer free processors
     * @throws IllegalArgumentException if the pools overlap, name processors the cluster does not have, or
     *                                  the counts do not add up
     * @since 1.3
     */
    default void start(QueuedJob job, BitSet[] pools, int[] counts) {
        throw new UnsupportedOperationException(name() + " cannot start a job on chosen processors");
    }

    /**
     * Processors of {@code pool} (ids from 0) not used by a running job or held by a reservation.
     *
     * @since 1.3
     */
    default int freeProcessors(BitSet pool) {
        throw new UnsupportedOperationException(name() + " cannot count free processors by id");
    }

    /**
     * Gives a job up without running it: a job just submitted that no configuration of this policy can
     * run here (it fits no partition, say). The job ends REJECTED, counted in {@code summary.json} under
     * {@code rejected_by_reason} with {@code reason}; the policy must not keep it in its queue.
     *
     * @param reason a snake_case word, e.g. {@code no_partition}
     * @throws IllegalStateException    if the job is not waiting here
     * @throws IllegalArgumentException if the reason is not a snake_case word
     * @since 1.3
     */
    default void reject(QueuedJob job, String reason) {
        throw new UnsupportedOperationException(name() + " cannot reject jobs");
    }

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
