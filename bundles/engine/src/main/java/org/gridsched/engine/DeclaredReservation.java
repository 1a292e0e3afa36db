package org.gridsched.engine;

/**
 * Processors of a cluster that a run profile reserves over [start, end): a maintenance window (all of them) or part
 * of the machine. The engine holds them like a controller's claim, so that every batch policy plans around them
 * ({@link org.gridsched.api.batch.Cluster#reservations()}) and no job of the policy runs on them. A reservation for
 * groups of users (a standing reservation) lets the jobs of those groups run inside it ({@link GroupReservations}).
 * Times are seconds in the workload's time base.
 *
 * @param name   what the profile calls it, for messages
 * @param key    the profile key it comes from ({@code reservations[1]}: one entry of the profile may repeat a window
 *               several times), for messages; null when no profile declared it
 * @param groups the SWF group numbers whose jobs may run inside, sorted; empty for nobody (maintenance)
 */
public record DeclaredReservation(String name, String key, int cluster, int processors, double start, double end, int[] groups) {

    /** A reservation nobody's jobs may use (a maintenance window), declared by no profile. */
    public DeclaredReservation(String name, int cluster, int processors, double start, double end) {
        this(name, null, cluster, processors, start, end, new int[0]);
    }

    /** A reservation for these groups' jobs, declared by no profile. */
    public DeclaredReservation(String name, int cluster, int processors, double start, double end, int[] groups) {
        this(name, null, cluster, processors, start, end, groups);
    }

    public DeclaredReservation {
        groups = groups.clone();
        java.util.Arrays.sort(groups);
    }

    /** The key errors name: the profile's entry, else the list's. */
    String where() {
        return key != null ? key : "reservations";
    }
}
