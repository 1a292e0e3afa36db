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
            Facade facade = new Facade(list.size());
            facade.owner = f.apply(facade);
            if (facade.owner == null) {
                throw PluginDecisionException.ofController(facade.index, "created no controller (its create returned null)");
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

    /**
     * At the end of a run nothing may be left held or in a controller's charge: the controller that submitted the first
     * job still held, or took the first job left in its charge, is at fault.
     */
    void checkNothingLeft() {
        if (held > 0) {
            SimJob first = sim.jobs.stream().filter(j -> j.state == SimJob.HELD).findFirst().orElseThrow();
            throw PluginDecisionException.ofController(first.control().controller, "submitted " + first + (held > 1 ? " (and "
                    + (held - 1) + " more)" : "") + ", which still waits for jobs that never ended (a dependency on a job that was never"
                    + " started?)");
        }
        for (SimJob j : sim.jobs) {
            if (j.taken && j.state == SimJob.WAITING) {
                throw PluginDecisionException.ofController(j.control().controller, "took " + j
                        + " in charge and never sent, started or rejected it");
            }
        }
    }

    /**
     * The operations as one controller sees them. Its misuses of them are findings about it ({@link PluginDecision}, the
     * controller's place among the run's), which the launcher words naming the controller.
     */
    final class Facade extends GridState implements GridOperations {
        Controller owner;
        /** The controller's place among the run's, in the order they were given. */
        final int index;

        Facade(int index) {
            super(ControlOperations.this.sim);
            this.index = index;
        }

        /** A finding about this controller where the API documents an IllegalStateException. */
        private PluginDecisionException refused(String what) {
            return PluginDecisionException.ofController(index, what);
        }

        /** A finding about this controller where the API documents an IllegalArgumentException. */
        private PluginArgumentException refusedArgument(String what) {
            return PluginArgumentException.ofController(index, what);
        }

        /** The job a controller {@code did} something to ("submitted a job after"), which must be one of this run's. */
        private SimJob job(GridJob g, String did) {
            if (!(g instanceof SimJob j)) {
                throw refusedArgument(did + " " + g + ", which is not a job of this run");
            }
            return j;
        }

        /** The job a controller {@code did} something to ("sent"), which must be waiting in a controller's charge. */
        private SimJob takenJob(GridJob g, String did) {
            SimJob j = job(g, did);
            if (!j.taken || j.state != SimJob.WAITING) {
                throw refused(did + " " + j + ", which is not waiting in a controller's charge");
            }
            return j;
        }

        private void checkCluster(int c, String did) {
            if (c < 0 || c >= sim.clusters.length) {
                throw refusedArgument(did + " cluster index " + c + ", which does not exist (0.." + (sim.clusters.length - 1) + ")");
            }
        }

        @Override
        public GridJob submit(JobSpec spec, List<GridJob> after) {
            SimJob job = new SimJob(spec.id(), sim.jobs.size(), Math.max(spec.submitTime(), sim.now),
                    spec.runtime(), spec.requestedTime(), spec.processors(), -1, 1);
            sim.jobs.add(job);
            if (!after.isEmpty()) {
                long[] ids = new long[after.size()];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = job(after.get(i), "submitted " + job + " after").id();
                }
                job.control().dependencies = ids;
                job.control().controller = index;
            }
            for (GridJob g : after) {
                SimJob parent = job(g, "submitted " + job + " after");
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
            SimJob j = takenJob(g, "sent");
            checkCluster(cluster, "sent " + j + " to");
            if (j.shape == null && j.procs > sim.clusters[cluster].spec.processors()) {
                throw refusedArgument("sent " + j + ", which needs " + j.procs + " processors, to " + sim.clusters[cluster] + ", which has "
                        + sim.clusters[cluster].spec.processors());
            }
            sim.arrivals.submit(j, cluster);
        }

        @Override
        public boolean start(GridJob g, List<Part> parts) {
            SimJob j = takenJob(g, "started");
            if (parts.isEmpty()) {
                throw refusedArgument("started " + j + " on no part (a start needs at least one)");
            }
            int[] perCluster = new int[sim.clusters.length];
            double slowest = Double.POSITIVE_INFINITY;
            for (Part p : parts) {
                checkCluster(p.cluster(), "started " + j + " on a part of");
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
            SimJob j = takenJob(g, "started");
            if (claims.length == 0) {
                throw refusedArgument("started " + j + " in no claim (a start needs at least one)");
            }
            // all checked before any is used: a refused start changes nothing
            ClaimHold[] holds = new ClaimHold[claims.length];
            for (int i = 0; i < claims.length; i++) {
                holds[i] = ownClaim(claims[i], "started " + j + " in", this::refused); // the API documents an IllegalStateException
                if (!holds[i].active()) {
                    throw refused("started " + j + " in " + holds[i] + ", which is not an active claim at t=" + Numbers.format(sim.now)
                            + " s");
                }
                for (int k = 0; k < i; k++) {
                    if (holds[k] == holds[i]) {
                        throw refused("started " + j + " in " + holds[i] + " twice (each claim is one part of the job)");
                    }
                }
            }
            int[] clusters = new int[claims.length];
            int[][] runs = new int[claims.length][];
            for (int i = 0; i < claims.length; i++) {
                clusters[i] = holds[i].cluster();
                runs[i] = sim.claims.use(holds[i]);
            }
            sim.execution.startForeign(j, JobAllocation.of(clusters, runs));
            for (Claim c : claims) {
                sim.claims.handedOver(c);
            }
        }

        @Override
        public Claim claim(int cluster, int processors, double from, double duration) {
            checkCluster(cluster, "claimed processors of");
            ClusterRuntime c = sim.clusters[cluster];
            if (processors <= 0 || processors > c.spec.processors()) {
                throw refusedArgument("claimed " + processors + " processors of " + c + ", which has " + c.spec.processors()
                        + " (a claim needs 1 to " + c.spec.processors() + ")");
            }
            if (!(from >= sim.now) || !(duration > 0) || Double.isInfinite(from + duration)) {
                throw refusedArgument("claimed processors from t=" + from + " s for " + duration + " s at t=" + Numbers.format(sim.now)
                        + " s (a claim must start now or later and last a positive finite time)");
            }
            return sim.claims.claim(cluster, processors, from, duration, index);
        }

        @Override
        public void release(Claim claim) {
            // one already over is no misuse (the API says release does nothing then); another's or a made-up one is
            sim.claims.release(ownClaim(claim, "released", this::refusedArgument));
        }

        /**
         * The claim a controller {@code did} something with ("released"), which must be one this controller made; else
         * {@code refusal} of the sentence, of the exception type the API documents for the call.
         */
        private ClaimHold ownClaim(Claim c, String did, Function<String, RuntimeException> refusal) {
            if (!(c instanceof ClaimHold h) || h.declared) {
                throw refusal.apply(did + " " + c + ", which is not a claim of this run (only claim() makes one)");
            }
            if (h.owner != index) {
                throw refusal.apply(did + " " + h + ", which another grid controller of the run made (a controller uses and"
                        + " releases only its own claims)");
            }
            return h;
        }

        @Override
        public void kill(GridJob g, boolean requeue) {
            SimJob j = job(g, "killed");
            if (j.state != SimJob.RUNNING) {
                throw refused("killed " + j + ", which is not running (only running jobs can be killed)");
            }
            sim.execution.kill(j, requeue);
        }

        @Override
        public void reject(GridJob g, String reason) {
            SimJob j = job(g, "rejected");
            if (!(j.taken && j.state == SimJob.WAITING) && j.state != SimJob.HELD) {
                throw refused("rejected " + j + ", which is neither in a controller's charge nor held (only such jobs can be rejected)");
            }
            if (reason == null || !reason.matches("[a-z0-9_]+")) {
                throw refusedArgument("rejected " + j + " with the reason " + (reason == null ? "null" : "'" + reason + "'")
                        + ", which is not a snake_case word (such as deadline_missed)");
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
                throw refusedArgument("set a timer at t=" + time + " s at t=" + Numbers.format(sim.now)
                        + " s (a timer must be at a finite time not before now)");
            }
            sim.events.push(sim.requestedInstant(time), Simulation.TIMER, new Timer(this, tag), 0);
        }

        @Override
        public int claimedIdle(int cluster) {
            checkCluster(cluster, "asked for the claimed idle processors of");
            return sim.claims.idle(cluster);
        }

        @Override
        public List<GridJob> waiting(int cluster) {
            checkCluster(cluster, "asked for the waiting jobs of");
            List<GridJob> list = new ArrayList<>();
            for (QueuedJob q : sim.clusters[cluster].scheduler.waiting()) {
                list.add((SimJob) q);
            }
            return list;
        }
    }
}
