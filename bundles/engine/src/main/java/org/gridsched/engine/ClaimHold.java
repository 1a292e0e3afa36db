package org.gridsched.engine;

import org.gridsched.api.control.Claim;

/** A controller's claim: a {@link Hold} whose processors are taken from its start until it ends. */
final class ClaimHold extends Hold implements Claim {
    /** The processors taken at the start, as [from, to) pairs; null before. */
    int[] runs;
    boolean over;
    /** Declared by the run profile (a maintenance window), not by a controller: no controller is told of it. */
    boolean declared;
    /** What the profile declared, for messages; null for a controller's claim. */
    DeclaredReservation reservation;
    /** The place among the run's controllers of the one that claimed it; -1 for a declared one. */
    final int owner;
    /** A declared reservation for these groups (sorted): their jobs may run inside it; null for any other claim. */
    int[] groups;
    /** Of a group reservation: its processors no job inside uses. */
    java.util.BitSet idle;
    /** Processors of the claim no job uses, since {@link #idleSince} (for the claimed idle time). */
    int idleCount;
    double idleSince;

    /** Whether jobs of {@code group} may run inside. */
    boolean admits(int group) {
        return groups != null && java.util.Arrays.binarySearch(groups, group) >= 0;
    }

    /** A controller's claim ({@code owner} its place among the run's), or a declared one ({@code owner} -1). */
    ClaimHold(int cluster, String clusterName, int processors, double start, double end, int owner) {
        super(cluster, clusterName, processors, start, end, null);
        this.owner = owner;
    }

    @Override
    public int cluster() {
        return cluster;
    }

    @Override
    public boolean active() {
        return runs != null && !over;
    }

    @Override
    public boolean over() {
        return over;
    }

    @Override
    public String toString() {
        if (reservation == null) {
            return "claim of " + super.toString();
        }
        // "the reservation 'maintenance' (reservations[1]: 4 processors of c over [20, 50))"
        return "the reservation '" + reservation.name() + "' (" + (reservation.key() == null ? "" : reservation.key() + ": ")
                + super.toString() + ")";
    }
}
