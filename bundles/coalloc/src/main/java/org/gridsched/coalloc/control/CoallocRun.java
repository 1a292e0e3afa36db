package org.gridsched.coalloc.control;

import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.control.Claim;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.Part;
import org.gridsched.coalloc.placement.PlacementPolicy;

/**
 * One run of the co-allocation controller: takes the global jobs (at least {@code min_components}
 * components) into its placement queue and applies Wait-X / RPP to each; leaves every other job to its
 * cluster. Each job gets a timer at its deadline, set when it arrives, and one at each try.
 */
final class CoallocRun implements Controller {
    /** Why a global job that the placement policy cannot place even on the empty grid is rejected at its arrival. */
    static final String WIDER_THAN_GRID = "wider_than_grid";

    private final GridOperations grid;
    private final CoallocSettings s;
    private final PlacementPolicy placement;
    private final Deadlines deadlines;
    private final LocalJobs locals;
    private final int[] sizes;
    private final int largest;
    /** The job holding each active claim (claims are few: one per component of each claimed job). */
    private final java.util.Map<Claim, GlobalJob> claimOwners = new java.util.IdentityHashMap<>();

    CoallocRun(GridOperations grid, CoallocSettings settings, PlacementPolicy placement, long seed) {
        this.grid = grid;
        this.s = settings;
        this.placement = placement;
        this.deadlines = new Deadlines(seed, settings.dMin(), settings.dMax());
        this.locals = new LocalJobs(grid.clusterCount());
        this.sizes = new int[grid.clusterCount()];
        int max = 0;
        for (int c = 0; c < sizes.length; c++) {
            sizes[c] = grid.processors(c);
            max = Math.max(max, sizes[c]);
        }
        this.largest = max;
    }

    @Override
    public boolean jobArrived(GridJob job) {
        if (job.tag() instanceof LocalJobs.Home home) { // a local job killed and re-queued by global priority
            job.tag(null);
            grid.send(job, home.cluster());
            return true;
        }
        int n = job.components();
        if (n < s.minComponents()) {
            return false;
        }
        if (job.processors() % n != 0) {
            throw new InputException(null, 0, "components", "job " + job.id() + " has " + n + " components for "
                    + job.processors() + " processors; co-allocated components must be equal");
        }
        int size = job.processors() / n;
        if (size > largest) {
            throw new InputException(null, 0, "components", "job " + job.id() + " has components of " + size
                    + " processors, wider than every cluster (the largest has " + largest + ")");
        }
        double now = grid.now();
        GlobalJob g = new GlobalJob(job, size, now, now + deadlines.offset(job.id()));
        job.tag(g);
        if (new Request(g, sizes.clone(), sizes).placeWith(placement) == null) {
            // it fits nowhere even on the empty grid (more processors than the grid, or more components of this size
            // than the clusters hold): no try can place it, and GP's kills at its deadline would be for nothing
            fail(g, WIDER_THAN_GRID);
            return true;
        }
        // set first, so that at D it comes before the ends of the job's claims (equal times: in scheduling order)
        grid.timer(g.deadline, g.atDeadline);
        plan(g, TrySchedule.first(now, g.deadline, s.lp(), s.ignore()));
        return true;
    }

    private void plan(GlobalJob g, double t) {
        if (t >= g.deadline) {
            g.tryAtDeadline = true;
        } else {
            grid.timer(t, g);
        }
    }

    @Override
    public void timer(Object tag) {
        if (tag instanceof GlobalJob g) {
            tryBefore(g);
        } else if (tag instanceof GlobalJob.Deadline d) {
            atDeadline(d.job());
        }
    }

    /** A try before the deadline: a success claims the processors until D. */
    private void tryBefore(GlobalJob g) {
        if (g.outcome != GlobalJob.Outcome.WAITING) {
            return;
        }
        g.tries++;
        List<Part> parts = place(g, false);
        if (parts != null && s.claimAtDeadline()) {
            g.placed(grid.now(), parts); // nothing is held: local jobs may take these processors until D
            return;
        }
        if (parts != null) {
            Claim[] claims = claim(parts, untilDeadline(g));
            if (claims != null) {
                g.claimed(grid.now(), claims);
                for (Claim c : claims) {
                    claimOwners.put(c, g);
                }
                return;
            }
        }
        if (g.tries < s.mp()) {
            plan(g, TrySchedule.next(grid.now(), g.deadline, s.lp()));
        } else if (!s.globalPriority()) {
            fail(g, "placement_failed");
        } // under GP it waits for its deadline
    }

    private void atDeadline(GlobalJob g) {
        if (g.outcome == GlobalJob.Outcome.CLAIMED) {
            for (Claim c : g.claims) {
                claimOwners.remove(c);
            }
            grid.start(g.job, g.claims); // every component at D, in its claims
            g.started(grid.now(), g.how);
            return;
        }
        if (g.outcome == GlobalJob.Outcome.PLACED) {
            claimPlaced(g);
            return;
        }
        if (g.outcome != GlobalJob.Outcome.WAITING) {
            return;
        }
        if (g.tryAtDeadline) {
            g.tries++;
            List<Part> parts = place(g, false);
            if (parts != null && grid.start(g.job, parts)) {
                g.started(grid.now(), "try_at_deadline");
                return;
            }
        }
        if (s.globalPriority()) {
            new GlobalPriority(grid, locals, s.requeueKilled()).start(g, this::place, s.killThenFail() ? this::placeFirst : null);
            if (g.outcome == GlobalJob.Outcome.FAILED) {
                grid.reject(g.job, g.how);
            }
        } else {
            fail(g, "placement_failed");
        }
    }

    /**
     * {@code claim: at_deadline}: the job claims, at its deadline, the clusters its try chose. On idle
     * processors it simply starts; otherwise GP kills local jobs there (if that is enough) and LP gives up.
     */
    private void claimPlaced(GlobalJob g) {
        List<Part> parts = g.parts;
        if (grid.start(g.job, parts)) {
            g.started(grid.now(), "claimed_at_deadline");
        } else if (s.globalPriority()) {
            new GlobalPriority(grid, locals, s.requeueKilled()).startOnPlaced(g, parts, "claimed_at_deadline_kills",
                    "claim_failed_at_deadline");
            if (g.outcome == GlobalJob.Outcome.FAILED) {
                grid.reject(g.job, g.how);
            }
        } else {
            fail(g, "claim_failed_at_deadline");
        }
    }

    /** Placement on the idle processors, or (GP at the deadline) on the idle and the local jobs' processors. */
    List<Part> place(GlobalJob g, boolean withLocalJobs) {
        int[] available = new int[sizes.length];
        for (int c = 0; c < available.length; c++) {
            available[c] = grid.freeProcessors(c) + (withLocalJobs ? locals.processors(c) : 0);
        }
        return new Request(g, available, sizes).placeWith(placement);
    }

    /** The first {@code k} components of the job on the idle and the local jobs' processors (GP's {@code kill_then_fail}). */
    List<Part> placeFirst(GlobalJob g, int k) {
        int[] available = new int[sizes.length];
        for (int c = 0; c < available.length; c++) {
            available[c] = grid.freeProcessors(c) + locals.processors(c);
        }
        return new Request(g, available, sizes, k).placeWith(placement);
    }

    /**
     * The claims' duration: now + duration must not fall short of D by a rounding error, or the claims would
     * end just before the job's start.
     */
    private double untilDeadline(GlobalJob g) {
        double now = grid.now();
        double d = g.deadline - now;
        while (now + d < g.deadline) {
            d = Math.nextUp(d);
        }
        return d;
    }

    /** One claim per part from now for {@code duration}; all or none. */
    private Claim[] claim(List<Part> parts, double duration) {
        Claim[] claims = new Claim[parts.size()];
        for (int i = 0; i < claims.length; i++) {
            claims[i] = grid.claim(parts.get(i).cluster(), parts.get(i).processors(), grid.now(), duration);
            if (claims[i] == null) { // idle processors another claim or part will need before D: give up this try
                for (int k = 0; k < i; k++) {
                    grid.release(claims[k]);
                }
                return null;
            }
        }
        return claims;
    }

    /**
     * A failure (or switched-off processors) broke one of a claimed job's claims: its other claims are released, the
     * job goes back to the placement queue and tries again at once, a try like the others (counted against mp; a job
     * that runs out of tries fails, or under GP waits for its deadline). Its claimed-idle time so far stays counted.
     */
    @Override
    public void claimBroken(Claim claim) {
        GlobalJob g = claimOwners.remove(claim);
        if (g == null || g.outcome != GlobalJob.Outcome.CLAIMED) {
            return;
        }
        for (Claim c : g.claims) {
            claimOwners.remove(c);
            if (!c.over()) {
                grid.release(c);
            }
        }
        g.claimBroken(grid.now());
        tryBefore(g);
    }

    private void fail(GlobalJob g, String reason) {
        g.failed(grid.now(), reason);
        grid.reject(g.job, reason);
    }

    @Override
    public void jobStarted(GridJob job) {
        if (!(job.tag() instanceof GlobalJob)) {
            locals.started(job);
        }
    }

    @Override
    public void jobEnded(GridJob job) {
        locals.stopped(job);
    }

    @Override
    public void jobKilled(GridJob job) {
        locals.stopped(job);
    }
}
