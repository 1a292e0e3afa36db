package org.gridsched.engine;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.QueuedJob;

/**
 * Standing reservations for groups of users (Maui's and Slurm's reservations with an access list): processors a
 * run profile reserves over windows for the jobs of some groups. Every batch policy sees such a reservation as
 * any other ({@link org.gridsched.api.batch.Cluster#reservations()}) and plans around it; the engine itself
 * runs the groups' jobs inside it, so a policy needs to know nothing of groups to honour it.
 *
 * <p>A job of an admitted group goes inside when the reservation is open, has enough idle processors for it,
 * and the job's requested end is not after the window's end (it leaves the processors as it found them): at its
 * submission, before its cluster's policy sees it; or, if it was already waiting in the policy's queue, when the
 * window opens or a job inside ends (the policy is asked to cancel it, in queue order). Otherwise it waits for
 * the rest of the machine like any job. Jobs inside never enter a policy's plan. Runs that do not kill jobs at
 * their requested time let no job inside: one that overran would hold the processors after the window.
 */
final class GroupReservations {
    private final Simulation sim;
    /** Per cluster, its group reservations in profile order (few: a list is enough). */
    private final List<List<ClaimHold>> byCluster = new ArrayList<>();
    /** Jobs started inside, per cluster. */
    final long[] started;

    GroupReservations(Simulation sim, int clusters) {
        this.sim = sim;
        this.started = new long[clusters];
        for (int i = 0; i < clusters; i++) {
            byCluster.add(new ArrayList<>());
        }
    }

    void add(ClaimHold claim) {
        byCluster.get(claim.cluster).add(claim);
    }

    /** Whether any cluster has one (their counts go to the summary only then). */
    boolean any(int cluster) {
        return !byCluster.get(cluster).isEmpty();
    }

    /** A job submitted to {@code c}: started inside a reservation of its group if one has room (true). */
    boolean admit(ClusterRuntime c, SimJob job) {
        List<ClaimHold> claims = byCluster.get(c.index);
        if (claims.isEmpty() || !sim.settings.killAtRequestedTime) {
            return false;
        }
        for (ClaimHold claim : claims) {
            if (fits(claim, job)) {
                startInside(c, job, claim);
                return true;
            }
        }
        return false;
    }

    /** A reservation opened: the queued jobs of its groups that fit go inside. */
    void opened(ClaimHold claim) {
        pull(claim);
    }

    /** A job inside ended: the room it left may take queued jobs of the groups. */
    void ended(SimJob job) {
        ClaimHold claim = job.inside;
        job.inside = null;
        if (claim.active()) {
            pull(claim);
        }
    }

    private void pull(ClaimHold claim) {
        if (!sim.settings.killAtRequestedTime || claim.idleCount == 0) {
            return;
        }
        ClusterRuntime c = sim.clusters[claim.cluster];
        for (QueuedJob q : new ArrayList<>(c.scheduler.waiting())) {
            SimJob job = (SimJob) q;
            if (job.state == SimJob.WAITING && !job.taken && fits(claim, job) && c.scheduler.cancel(job)) {
                startInside(c, job, claim);
                if (claim.idleCount == 0) {
                    return;
                }
            }
        }
    }

    private boolean fits(ClaimHold claim, SimJob job) {
        return claim.active() && claim.admits(job.group()) && job.procs <= claim.idleCount
                && SimTime.add(sim.now, job.requested) <= claim.end;
    }

    private void startInside(ClusterRuntime c, SimJob job, ClaimHold claim) {
        job.inside = claim;
        started[c.index]++;
        sim.execution.startInside(job, sim.claims.lend(claim, job.procs));
    }
}
