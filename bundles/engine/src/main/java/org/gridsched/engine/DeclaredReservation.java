package org.gridsched.engine;

/**
 * Processors of a cluster that a run profile reserves over [start, end): a maintenance window (all of them) or part
 * of the machine. The engine holds them like a controller's claim, so that every batch policy plans around them
 * ({@link org.gridsched.api.batch.Cluster#reservations()}) and no job of the policy runs on them. A reservation for
 * groups of users (a standing reservation) lets the jobs of those groups run inside it ({@link GroupReservations}).
 * Times are seconds in the workload's time base.
 *
 * @param name   what the profile calls it, for messages
 * @param groups the SWF group numbers whose jobs may run inside, sorted; empty for nobody (maintenance)
 */
public record DeclaredReservation(String name, int cluster, int processors, double start, double end, int[] groups) {

    /** A reservation nobody's jobs may use (a maintenance window). */
    public DeclaredReservation(String name, int cluster, int processors, double start, double end) {
        this(name, cluster, processors, start, end, new int[0]);
    }

    public DeclaredReservation {
        groups = groups.clone();
        java.util.Arrays.sort(groups);
    }
}
