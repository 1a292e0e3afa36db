package org.gridsched.coalloc.control;

import java.util.List;
import java.util.function.BiFunction;

import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.Part;

/**
 * GP: a global job still unplaced at its deadline starts anyway, killing local jobs on the clusters its
 * placement chose, the most recently started first, until each has room. The placement is first tried on
 * idle processors only (no kill needed), then on idle processors plus those of running local jobs. With
 * {@code claim: at_deadline} a job placed by an earlier try claims the clusters of that try in the same way.
 *
 * <p>The engine lets batch policies react to the kills only when this controller's callback returns, so
 * a waiting local job cannot take the freed processors before the global job does. A local job that
 * started at this very instant for another reason (an end handled just before) can still be the most
 * recent; it is re-queued rather than lost (it had not run) and counted apart as collateral.
 */
final class GlobalPriority {
    private final GridOperations grid;
    private final LocalJobs locals;
    private final boolean requeue;

    GlobalPriority(GridOperations grid, LocalJobs locals, boolean requeue) {
        this.grid = grid;
        this.locals = locals;
        this.requeue = requeue;
    }

    /**
     * Starts the job now, or marks it failed (the caller rejects it). With {@code firstComponents} (GP's
     * {@code kill_then_fail}: the placement of the job's first k components on idle and local jobs' processors), a job
     * that does not fit even with every local job killed still kills for the most components that do fit, in the
     * placement policy's order, before it fails: the kills are not undone.
     */
    void start(GlobalJob g, BiFunction<GlobalJob, Boolean, List<Part>> placement,
            BiFunction<GlobalJob, Integer, List<Part>> firstComponents) {
        List<Part> parts = placement.apply(g, false);
        String how = "global_priority";
        if (parts == null) {
            parts = placement.apply(g, true);
            how = "global_priority_kills";
        }
        if (parts == null) {
            if (firstComponents != null) {
                for (int k = g.job.components() - 1; k >= 1; k--) {
                    List<Part> fitted = firstComponents.apply(g, k);
                    if (fitted != null) {
                        int[] need = Request.perCluster(fitted, grid.clusterCount());
                        for (int c = 0; c < need.length; c++) {
                            makeRoom(g, c, need[c]);
                        }
                        break;
                    }
                }
            }
            g.failed(grid.now(), "no_room_at_deadline");
            return;
        }
        startOn(g, parts, how);
    }

    /**
     * With {@code claim: at_deadline}: starts the job now on the clusters its try chose, killing local jobs
     * there; marks it failed, killing nobody, if even all local jobs of one of those clusters would not make
     * room (global jobs hold the rest). The job is not placed anew: the clusters were the try's choice.
     */
    void startOnPlaced(GlobalJob g, List<Part> parts, String how, String failure) {
        int[] need = Request.perCluster(parts, grid.clusterCount());
        for (int c = 0; c < need.length; c++) {
            if (need[c] > 0 && grid.freeProcessors(c) + locals.processors(c) < need[c]) {
                g.failed(grid.now(), failure);
                return;
            }
        }
        startOn(g, parts, how);
    }

    /** Kills on each part's cluster until it fits, then starts; the parts fit on idle and local jobs' processors. */
    private void startOn(GlobalJob g, List<Part> parts, String how) {
        int[] need = Request.perCluster(parts, grid.clusterCount());
        for (int c = 0; c < need.length; c++) {
            makeRoom(g, c, need[c]);
        }
        if (grid.start(g.job, parts)) {
            g.started(grid.now(), how);
        } else {
            g.failed(grid.now(), "start_refused");
        }
    }

    private void makeRoom(GlobalJob g, int cluster, int need) {
        while (grid.freeProcessors(cluster) < need) {
            GridJob victim = locals.latest(cluster);
            if (victim == null) {
                return; // the start will fail: the placement counted processors that are not the local jobs'
            }
            boolean collateral = victim.startTime() == grid.now();
            boolean again = requeue || collateral;
            grid.kill(victim, again);
            if (again) {
                victim.tag(new LocalJobs.Home(cluster)); // its new arrival goes back to this cluster (CoallocRun.jobArrived)
            }
            g.kills++;
            if (collateral) {
                g.collateral++;
            }
        }
    }
}
