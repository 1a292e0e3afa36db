package org.gridsched.engine;

import org.gridsched.api.SimTime;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.Router;

/**
 * Where a job goes and at what size: the meta-scheduler's routing (checked), and the size of a moldable
 * job on the cluster it goes to (the earliest estimated completion there). Also the completion estimates
 * the grid views offer.
 */
final class Placement {
    private final Simulation sim;
    private final Request request = new Request();
    Router router;
    /**
     * Per cluster, whether a plugin (a broker, a reallocation algorithm, a controller) asked it for an estimate: a
     * warning about a policy whose estimates are no guarantee (EASY's) concerns only runs that used them.
     */
    final boolean[] estimated;

    Placement(Simulation sim) {
        this.sim = sim;
        this.estimated = new boolean[sim.clusters.length];
    }

    /** The cluster of an arriving job: the only one, or the router's choice (checked). */
    int route(SimJob job) {
        if (router == null) {
            return 0;
        }
        request.job = job;
        int c = router.route(request);
        ClusterRuntime[] clusters = sim.clusters;
        if (c < 0 || c >= clusters.length || clusters[c].spec.processors() < request.processors()) {
            throw new PluginDecisionException(PluginDecision.Decider.META_SCHEDULER, null,
                    "sent job " + job.id() + " (" + request.processors() + " processors) to cluster index " + c + ", which "
                    + (c < 0 || c >= clusters.length
                            ? "does not exist" : "has only " + clusters[c].spec.processors() + " processors"));
        }
        return c;
    }

    /** A moldable job takes the size with the earliest estimated completion on the cluster it goes to. */
    void sizeFor(ClusterRuntime c, SimJob job) {
        if (job.shape != null) {
            int n = bestSize(c, job); // walltime by Amdahl's law from its one-processor work
            job.keepOriginal();
            job.procs = n;
            job.refRequested = SimJob.duration(job.shape.work1() / Moldable.speedup(job.shape.type().parallelFraction(), n));
            job.refRuntime = SimJob.duration(job.shape.runtimeRatio() * job.refRequested);
        }
    }

    private int bestSize(ClusterRuntime c, SimJob job) {
        int max = Math.min(job.shape.type().limit(), c.spec.processors());
        return Moldable.choose(max, n -> moldableCompletion(c, job, n), sim.settings.moldable);
    }

    /** Estimated completion of a moldable job on n processors of a cluster (what its size search minimises). */
    private double moldableCompletion(ClusterRuntime c, SimJob job, int n) {
        double requested = SimJob.duration(SimJob.duration(job.shape.work1() / Moldable.speedup(job.shape.type().parallelFraction(), n))
                / sim.relativeSpeed(c.index)); // as sizeFor and SimJob.assign will compute it
        return SimTime.add(c.scheduler.estimateStart(n, requested), requested);
    }

    /**
     * The completion the cluster's policy would give a job submitted there now: a moldable job at its
     * best size there; +infinity where a rigid job does not fit.
     *
     * @param moldable the engine's job behind the request, if known, else null
     */
    double estimateCompletion(int cluster, JobRequest job, SimJob moldable) {
        return estimate(cluster, job, moldable, true);
    }

    /** The start of {@link #estimateCompletion}: the same estimate without the job's duration. */
    double estimateStart(int cluster, JobRequest job, SimJob moldable) {
        return estimate(cluster, job, moldable, false);
    }

    private double estimate(int cluster, JobRequest job, SimJob moldable, boolean completion) {
        ClusterRuntime c = sim.clusters[cluster];
        estimated[cluster] = true;
        if (moldable == null && job instanceof Request r) {
            moldable = r.job;
        }
        int n;
        double requested;
        if (moldable != null && moldable.shape != null) {
            n = bestSize(c, moldable);
            requested = SimJob.duration(SimJob.duration(moldable.shape.work1() / Moldable.speedup(moldable.shape.type().parallelFraction(), n))
                    / sim.relativeSpeed(c.index));
        } else if (job.processors() > c.spec.processors()) {
            return Double.POSITIVE_INFINITY;
        } else {
            n = job.processors();
            requested = SimJob.duration(job.requestedTime() / sim.relativeSpeed(c.index)); // as SimJob.assign computes it
        }
        double start = c.scheduler.estimateStart(n, requested);
        if (sim.power != null && sim.power.managed(cluster)) {
            start = sim.power.estimateWithSwitchOn(cluster, n, requested, start);
        }
        return completion ? SimTime.add(start, requested) : start;
    }

    /** The arriving job as the router sees it; one instance, refilled per arrival. */
    private static final class Request implements JobRequest {
        SimJob job;

        @Override
        public long id() {
            return job.id();
        }

        @Override
        public double submitTime() {
            return job.submitTime();
        }

        /** A moldable job fits any cluster: its size is chosen there. */
        @Override
        public int processors() {
            return job.shape != null ? 1 : job.procs;
        }

        /** For a moldable job, the requested time on one processor. */
        @Override
        public double requestedTime() {
            return job.shape != null ? job.shape.work1() : job.refRequested;
        }
    }
}
