package org.gridsched.engine;

import java.util.BitSet;
import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;
import org.gridsched.api.control.Claim;

/**
 * Controllers' claims: processors reserved ahead of time. A claim is accepted only if the cluster can
 * honour it ({@link ClusterRuntime#canHold}); at its start its processors are taken from the pool (claimed
 * and idle), and they come back at its end, when it is released, or go to a job started in it. Claimed
 * idle processor-seconds are counted per cluster (the "wasted time" of co-allocation).
 */
final class Claims {
    private final Simulation sim;
    final double[] idleSeconds;
    /** Controllers' claims broken by failures or switched-off processors, and profile reservations that started short. */
    long broken;
    long shrunk;
    private final int[] idleNow;

    Claims(Simulation sim) {
        this.sim = sim;
        this.idleSeconds = new double[sim.clusters.length];
        this.idleNow = new int[sim.clusters.length];
    }

    /** A claim of the run's {@code controller}-th controller, or null when the cluster cannot honour it. */
    Claim claim(int cluster, int processors, double from, double duration, int controller) {
        ClusterRuntime c = sim.clusters[cluster]; // the controller's facade checked the arguments, naming the controller
        // Rounded to the nearest ticks as a timer is: a controller that ends a claim at t and sets a timer at t
        // finds the claim over when the timer fires. The start is never before now (which is on the grid).
        double end = SimTime.of(from + duration);
        from = SimTime.of(from);
        if (end <= from) {
            end = SimTime.add(from, SimTime.RESOLUTION);
        }
        if (!c.canHold(processors, from, end)) {
            return null;
        }
        ClaimHold claim = new ClaimHold(cluster, c.spec.name(), processors, from, end, controller);
        if (from == sim.now) {
            take(claim);
            c.add(claim);
        } else {
            c.add(claim);
            sim.events.pushLast(from, Simulation.CLAIM_START, claim, 0);
        }
        sim.events.push(claim.end, Simulation.CLAIM_END, claim, 0);
        return claim;
    }

    /**
     * Holds the processors a run profile reserves (before any job arrives), as a claim nobody uses: every policy
     * plans around it, and its processors are taken from its start to its end.
     *
     */
    void declare(DeclaredReservation r) {
        ClusterRuntime c = sim.clusters[r.cluster()];
        double from = SimTime.of(r.start());
        double end = SimTime.of(r.end());
        if (!(from >= sim.now) || !(end > from) || Double.isInfinite(end)) {
            throw new InputException(null, 0, r.where(), "'" + r.name() + "' must start at 0 or later and end after it starts, got ["
                    + SimTime.format(r.start()) + ", " + SimTime.format(r.end()) + ")");
        }
        if (r.processors() < 1 || r.processors() > c.spec.processors() || !c.canHold(r.processors(), from, end)) {
            throw new InputException(null, 0, r.where(), "'" + r.name() + "' needs " + r.processors()
                    + " processors of " + c.spec.name() + " (" + c.spec.processors() + ") over [" + SimTime.format(from) + ", "
                    + SimTime.format(end) + "), which the reservations before it already hold in part");
        }
        ClaimHold claim = new ClaimHold(r.cluster(), c.spec.name(), r.processors(), from, end, -1);
        claim.declared = true;
        claim.reservation = r;
        if (r.groups().length > 0) {
            claim.groups = r.groups();
            sim.groupReservations.add(claim);
        }
        if (from == sim.now) {
            take(claim);
            c.add(claim);
        } else {
            c.add(claim);
            sim.events.pushLast(from, Simulation.CLAIM_START, claim, 0);
        }
        sim.events.push(end, Simulation.CLAIM_END, claim, 0);
    }

    /** CLAIM_START: the processors are taken. */
    void activate(Object payload, int arg) {
        ClaimHold claim = (ClaimHold) payload;
        if (claim.over) {
            return;
        }
        if (sim.clusters[claim.cluster].pool.freeCount() < claim.processors && (sim.failures != null || sim.power != null)) {
            // processors failed or were switched off after the claim was accepted (neither looks ahead at claims)
            claim = startShort(claim);
            if (claim == null) {
                return;
            }
        }
        take(claim);
        if (!claim.declared) {
            sim.observers.claimStarted(claim);
        } else if (claim.groups != null) {
            sim.groupReservations.opened(claim);
        }
    }

    private void take(ClaimHold claim) {
        ProcessorPool pool = sim.clusters[claim.cluster].pool;
        if (pool.freeCount() < claim.processors) {
            if (claim.declared) {
                // the profile's window meets a job that overran into it: the run cannot keep both, and the user chooses
                // (the event's description, "during the start of the reservation 'x' (...)", names the window)
                throw new IllegalStateException("only " + pool.freeCount() + " of its " + claim.processors + " processors are free: a job"
                        + " ran past its requested time (killing at the requested time is off) and a job is never stopped for a"
                        + " reservation; run with kill_at_requested_time true (without --no-kill), or declare a window no job runs into");
            }
            String why = " cannot start at t=" + Numbers.format(sim.now) + " s: only " + pool.freeCount() + " processors are free (a job"
                    + " ran past its requested time, which only happens when killing at the requested time is off)";
            // not the controller's fault, but its claim: the user learns which plugin's plan the overrun broke
            throw PluginDecisionException.ofController(claim.owner, "made the " + claim + ", which" + why);
        }
        claim.runs = pool.allocate(claim.processors);
        claim.idleSince = sim.now;
        claim.idleCount = claim.processors;
        idleNow[claim.cluster] += claim.processors;
        if (claim.groups != null) {
            claim.idle = new BitSet();
            for (int i = 0; i < claim.runs.length; i += 2) {
                claim.idle.set(claim.runs[i], claim.runs[i + 1]);
            }
        }
    }

    /**
     * A claim whose start finds fewer processors up and free than it holds. A controller's claim is broken: cancelled,
     * its owner told ({@link org.gridsched.api.control.Controller#claimBroken}). A profile's reservation (a maintenance
     * window, a group reservation) takes the processors that are free: it is replaced by one of that size over the
     * same window (none if no processor is free); the rest are down or off, out of service anyway.
     *
     * @return the claim to take now, or null
     */
    private ClaimHold startShort(ClaimHold claim) {
        ClusterRuntime c = sim.clusters[claim.cluster];
        int free = c.pool.freeCount();
        claim.over = true;
        sim.reactions.enterController();
        try {
            c.remove(claim);
            if (!claim.declared) {
                broken++;
                sim.observers.claimBroken(claim);
                return null;
            }
            shrunk++;
            if (free == 0) {
                return null;
            }
            ClaimHold smaller = new ClaimHold(claim.cluster, claim.clusterName, free, claim.start, claim.end, -1);
            smaller.declared = true;
            smaller.reservation = claim.reservation;
            smaller.groups = claim.groups;
            if (smaller.groups != null) {
                sim.groupReservations.add(smaller);
            }
            c.add(smaller);
            sim.events.push(smaller.end, Simulation.CLAIM_END, smaller, 0);
            return smaller;
        } finally {
            sim.reactions.exitController();
        }
    }

    /**
     * Active controllers' claims holding processors a failure takes down now: cancelled, their processors back in the
     * pool (the failure then takes its own). Their owners are told by {@link #toldBroken} once the failure is in place.
     */
    void breakFor(List<ClaimHold> claims) {
        for (ClaimHold claim : claims) {
            end(claim, true);
            broken++;
        }
    }

    void toldBroken(List<ClaimHold> claims) {
        for (ClaimHold claim : claims) {
            sim.observers.claimBroken(claim);
        }
    }

    /** A job of a group starts inside its reservation: it takes the lowest idle processors there. */
    int[] lend(ClaimHold claim, int n) {
        BitSet ids = new BitSet();
        for (int p = claim.idle.nextSetBit(0), k = 0; k < n; p = claim.idle.nextSetBit(p + 1), k++) {
            ids.set(p);
        }
        claim.idle.andNot(ids);
        idleChanges(claim, -n);
        return ProcessorPool.runs(ids);
    }

    /** A job inside a reservation ended: its processors go back to the reservation, or to the pool once it is over. */
    void giveBack(ClaimHold claim, int[] runs) {
        if (claim.over) {
            sim.clusters[claim.cluster].pool.release(runs);
            return;
        }
        int n = 0;
        for (int i = 0; i < runs.length; i += 2) {
            claim.idle.set(runs[i], runs[i + 1]);
            n += runs[i + 1] - runs[i];
        }
        idleChanges(claim, n);
    }

    private void idleChanges(ClaimHold claim, int delta) {
        idleSeconds[claim.cluster] += claim.idleCount * (sim.now - claim.idleSince);
        claim.idleSince = sim.now;
        claim.idleCount += delta;
        idleNow[claim.cluster] += delta;
    }

    /** CLAIM_END: a claim still unused gives its processors back. */
    void expire(Object payload, int arg) {
        ClaimHold claim = (ClaimHold) payload;
        if (!claim.over) {
            end(claim, true);
            if (!claim.declared) {
                sim.observers.claimExpired(claim);
            }
        }
    }

    /** A claim the controller's facade checked is one of its own. */
    void release(ClaimHold claim) {
        if (!claim.over) {
            end(claim, true);
        }
    }

    /**
     * A job starts in an active claim: its processors go to the job. The claim stays among its cluster's
     * reservations until {@link #handedOver} (after the job's own reservation is in place), so that a
     * policy never sees the processors as unreserved in between.
     */
    int[] use(ClaimHold claim) {
        assert claim.active() : claim + " is not active: the controller's facade checks the claims before any is used";
        claim.over = true;
        idleNow[claim.cluster] -= claim.idleCount;
        idleSeconds[claim.cluster] += claim.idleCount * (sim.now - claim.idleSince);
        return claim.runs;
    }

    /** The job started in a claim holds its processors now: the claim leaves the reservations. */
    void handedOver(Claim c) {
        sim.clusters[c.cluster()].remove((ClaimHold) c);
    }

    private void end(ClaimHold claim, boolean freeProcessors) {
        claim.over = true;
        if (claim.runs != null) {
            idleNow[claim.cluster] -= claim.idleCount;
            idleSeconds[claim.cluster] += claim.idleCount * (sim.now - claim.idleSince);
            if (freeProcessors) {
                // a group reservation's processors still used by jobs inside come back when those end
                sim.clusters[claim.cluster].pool.release(claim.idle == null ? claim.runs : ProcessorPool.runs(claim.idle));
            }
        }
        sim.clusters[claim.cluster].remove(claim);
    }

    int idle(int cluster) {
        return idleNow[cluster];
    }
}
