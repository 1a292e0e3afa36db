package org.gridsched.engine;

/**
 * Processors of a cluster that a run profile reserves over [start, end): a maintenance window (all of them) or part
 * of the machine. The engine holds them like a controller's claim, so that every batch policy plans around them
 * ({@link org.gridsched.api.batch.Cluster#reservations()}) and no job runs on them. Times are seconds in the
 * workload's time base.
 *
 * @param name what the profile calls it, for messages
 */
public record DeclaredReservation(String name, int cluster, int processors, double start, double end) {
}
