package org.gridsched.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.control.Claim;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.JobSpec;
import org.gridsched.api.control.Part;

/**
 * What controllers do to a run: submit jobs (held until the jobs they depend on have ended), send jobs in
 * their charge to a cluster or start them on parts of several clusters, claim processors, kill, set timers.
 * Each controller gets its own facade ({@link Facade}) so that its timers come back to it.
 */
final class ControlOperations {
    /** A controller's timer: whose (the facade knows its controller once created), and its tag. */
    record Timer(Facade facade, Object tag) {
        void fire() {
            facade.owner.timer(tag);
        }
    }

    private final Simulation sim;
    /** Jobs submitted with dependencies and not released yet. */
    private long held;
    /** Jobs given up by controllers, by reason, in the order reasons first occurred. */
    final java.util.Map<String, Long> rejected = new java.util.LinkedHashMap<>();

    ControlOperations(Simulation sim) {
        this.sim = sim;
    }

    List<Controller> create(List<Function<GridOperations, Controller>> factories) {
        List<Controller> list = new ArrayList<>();
        for (Function<GridOperations, Controller> f : factories) {
            Facade facade = new Facade();
            facade.owner = f.apply(facade);
            if (facade.owner == null) {
                throw new IllegalStateException("a grid controller created no controller");
            }
            list.add(facade.owner);
        }
        return list;
    }

    /** A parent ended for good: each child whose last parent this was arrives at the later of now and its submit time. */
    void released(SimJob parent) {
        ControlState state = parent.control();
        for (int i = 0; i < state.childCount; i++) {
            SimJob child = state.children[i];
            if (--child.control().pendingParents == 0 && child.state == SimJob.HELD) {
                held--;
                sim.events.pushArrival(Math.max(sim.now, child.submitTime()), Simulation.ARRIVAL, child);
            }
        }
        state.children = null;
        state.childCount = 0;
    }

    /** At the end of a run nothing may be left held or in a controller's charge. */
    void checkNothingLeft() {
        if (held > 0) {
            throw new IllegalStateException(held + " job(s) still wait for jobs that never ended (a dependency on a job that was never started?)");
        }
        for (SimJob j : sim.jobs) {
            if (j.taken && j.state == SimJob.WAITING) {
                throw new IllegalStateException(j + " was taken in charge by a controller and never sent, started or rejected");
            }
        }
    }

    private SimJob job(GridJob g) {
        if (!(g instanceof SimJob j)) {
            throw new IllegalArgumentException(g + " is not a job of this run");
        }
        return j;
    }

    private SimJob takenJob(GridJob g) {
        SimJob j = job(g);
        if (!j.taken || j.state != SimJob.WAITING) {
            throw new IllegalStateException(j + " is not waiting in a controller's charge");
        }
        return j;
    }

    private void checkCluster(int c) {
        if (c < 0 || c >= sim.clusters.length) {
            throw new IllegalArgumentException("cluster index " + c + " does not exist (0.." + (sim.clusters.length - 1) + ")");
        }
    }

    /** The operations as one controller sees them. */
    final class Facade extends GridState implements GridOperations {
        Controller owner;

        Facade() {
            super(ControlOperations.this.sim);
        }

        @Override
        public GridJob submit(JobSpec spec, List<GridJob> after) {
            SimJob job = new SimJob(spec.id(), sim.jobs.size(), Math.max(spec.submitTime(), sim.now),
                    spec.runtime(), spec.requestedTime(), spec.processors(), -1, 1);
            sim.jobs.add(job);
            if (!after.isEmpty()) {
                long[] ids = new long[after.size()];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = job(after.get(i)).id();
                }
                job.control().dependencies = ids;
            }
            for (GridJob g : after) {
                SimJob parent = job(g);
                if (parent.state != SimJob.DONE && parent.state != SimJob.KILLED) {
                    parent.control().addChild(job);
                    job.control().pendingParents++;
                }
            }
            if (job.hasParents()) {
                job.state = SimJob.HELD;
                held++;
            } else {
                sim.events.pushArrival(job.submitTime(), Simulation.ARRIVAL, job);
            }
            return job;
        }

        @Override
        public void send(GridJob g, int cluster) {
            SimJob j = takenJob(g);
            checkCluster(cluster);
            if (j.shape == null && j.procs > sim.clusters[cluster].spec.processors()) {
                throw new IllegalArgumentException(j + " needs " + j.procs + " processors; " + sim.clusters[cluster] + " has "
                        + sim.clusters[cluster].spec.processors());
            }
            sim.arrivals.submit(j, cluster);
        }

        @Override
        public boolean start(GridJob g, List<Part> parts) {
            SimJob j = takenJob(g);
            if (parts.isEmpty()) {
                throw new IllegalArgumentException("a start needs at least one part");
            }
            int[] perCluster = new int[sim.clusters.length];
            double slowest = Double.POSITIVE_INFINITY;
            for (Part p : parts) {
                checkCluster(p.cluster());
                perCluster[p.cluster()] += p.processors();
                slowest = Math.min(slowest, sim.relativeSpeed(p.cluster()));
            }
            double requestedEnd = SimTime.add(sim.now, SimJob.duration(j.refRequested / slowest)); // as SimJob.assign computes it
            for (int c = 0; c < perCluster.length; c++) {
                if (perCluster[c] > 0 && (perCluster[c] > sim.clusters[c].pool.freeCount()
                        || !sim.clusters[c].canHold(perCluster[c], sim.now, requestedEnd))) {
                    return false;
                }
            }
            int[] clusters = new int[parts.size()];
            int[][] runs = new int[parts.size()][];
            for (int i = 0; i < clusters.length; i++) {
                clusters[i] = parts.get(i).cluster();
                runs[i] = sim.clusters[clusters[i]].pool.allocate(parts.get(i).processors());
            }
            sim.execution.startForeign(j, JobAllocation.of(clusters, runs));
            return true;
        }

        @Override
        public void start(GridJob g, Claim... claims) {
            SimJob j = takenJob(g);
            if (claims.length == 0) {
                throw new IllegalArgumentException("a start needs at least one claim");
            }
            for (Claim c : claims) {
                if (!(c instanceof ClaimHold h) || !h.active()) {
                    throw new IllegalStateException(c + " is not an active claim at t=" + Numbers.format(sim.now));
                }
            }
            int[] clusters = new int[claims.length];
            int[][] runs = new int[claims.length][];
            for (int i = 0; i < claims.length; i++) {
                clusters[i] = claims[i].cluster();
                runs[i] = sim.claims.use(claims[i]);
            }
            sim.execution.startForeign(j, JobAllocation.of(clusters, runs));
            for (Claim c : claims) {
                sim.claims.handedOver(c);
            }
        }

        @Override
        public Claim claim(int cluster, int processors, double from, double duration) {
            checkCluster(cluster);
            return sim.claims.claim(cluster, processors, from, duration);
        }

        @Override
        public void release(Claim claim) {
            sim.claims.release(claim);
        }

        @Override
        public void kill(GridJob g, boolean requeue) {
            sim.execution.kill(job(g), requeue);
        }

        @Override
        public void reject(GridJob g, String reason) {
            SimJob j = job(g);
            if (!(j.taken && j.state == SimJob.WAITING) && j.state != SimJob.HELD) {
                throw new IllegalStateException(j + " is neither in a controller's charge nor held; only such jobs can be rejected");
            }
            if (reason == null || !reason.matches("[a-z0-9_]+")) {
                throw new IllegalArgumentException("a rejection reason is a snake_case word, got '" + reason + "'");
            }
            if (j.state == SimJob.HELD) {
                held--;
            }
            j.state = SimJob.REJECTED;
            j.taken = false;
            rejected.merge(reason, 1L, Long::sum);
            sim.observers.rejected(j, sim.now);
            if (j.hasChildren()) {
                released(j);
            }
        }

        @Override
        public void timer(double time, Object tag) {
            if (!(time >= sim.now) || Double.isInfinite(time)) {
                throw new IllegalArgumentException("a timer must be at a finite time not before now (" + sim.now + "), got " + time);
            }
            sim.events.push(sim.requestedInstant(time), Simulation.TIMER, new Timer(this, tag), 0);
        }

        @Override
        public int claimedIdle(int cluster) {
            checkCluster(cluster);
            return sim.claims.idle(cluster);
        }

        @Override
        public List<GridJob> waiting(int cluster) {
            checkCluster(cluster);
            List<GridJob> list = new ArrayList<>();
            for (QueuedJob q : sim.clusters[cluster].scheduler.waiting()) {
                list.add((SimJob) q);
            }
            return list;
        }
    }
}
