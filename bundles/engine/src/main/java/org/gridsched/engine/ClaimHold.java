package org.gridsched.engine;

import org.gridsched.api.control.Claim;

/** A controller's claim: a {@link Hold} whose processors are taken from its start until it ends. */
final class ClaimHold extends Hold implements Claim {
    /** The processors taken at the start, as [from, to) pairs; null before. */
    int[] runs;
    double takenAt;
    boolean over;
    /** Declared by the run profile (a maintenance window), not by a controller: no controller is told of it. */
    boolean declared;

    ClaimHold(int cluster, int processors, double start, double end) {
        super(cluster, processors, start, end, null);
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
        return "claim of " + super.toString();
    }
}
