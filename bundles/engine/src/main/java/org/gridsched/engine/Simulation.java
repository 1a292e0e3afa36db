package org.gridsched.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.gridsched.api.InputException;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.grid.Router;
import org.gridsched.api.grid.WaitingJob;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;

/**
 * One discrete-event simulation run.
 *
 * <p>Semantics (see docs/semantics.md): events are job arrivals (from the workload, in order) and job
 * ends. At equal times arrivals are handled before ends; equal-time ends are handled in the order the
 * jobs started. The batch scheduler of the cluster concerned reacts to each event as it is handled. A job
 * still running at its requested time is killed there unless {@link Settings#killAtRequestedTime} is off.
 */
public final class Simulation {

    /** Run-wide switches. */
    public static final class Settings {
        /** Kill a job at its requested time (default); otherwise it runs to completion. */
        public boolean killAtRequestedTime = true;
        /** Impossible jobs (wider than the platform) are errors instead of being skipped and counted. */
        public boolean strict = false;
        public ProgressListener progress;
        public SimulationListener listener;
        /**
         * Creates the meta-scheduler's router from the grid view; required when the platform has more than
         * one cluster, optional otherwise.
         */
        public Function<Grid, Router> router;
        /** Creates the periodic reallocation of waiting jobs between clusters; optional. */
        public Function<GridControl, Reallocator> reallocation;
        /**
         * Non-dedicated platforms: the fraction of jobs with a home cluster that its local users submit
         * straight to it, bypassing (and invisible to) the meta-scheduler; drawn per job with
         * {@link #localSeed}.
         */
        public double localFraction;
        public long localSeed;
        /** The speed the workload's runtimes were recorded at: on a cluster of speed s they take ×reference/s. */
        public double referenceSpeed = 1.0;
        /** Moldable jobs: how servers search the size (null: jobs are rigid). */
        public Moldable.Search moldable;
        public List<Moldable.Type> moldableTypes = Moldable.THESIS_TYPES;
        public long moldableSeed;
    }

    /** A collector with the name it was registered under, for error messages. */
    public record NamedCollector(String name, Collector collector) {
    }

    private final Platform platform;
    private final Settings settings;
    private final ClusterRuntime[] clusters;
    private final List<NamedCollector> collectors;
    private final EventQueue events = new EventQueue();
    private final List<SimJob> jobs = new ArrayList<>();
    double now;
    private long finished;
    private long killed;
    private final Router router;
    private final Reallocator reallocator;
    private final Request request = new Request();
    private final java.util.SplittableRandom localDraws;
    private final java.util.SplittableRandom moldableDraws;
    private long localJobs;
    private final List<SimJob> inTransit = new ArrayList<>();
    /** Jobs cancelled at least once in the current reallocation event. */
    private final List<SimJob> touched = new ArrayList<>();
    private long moves;
    private long reallocationEvents;
    private boolean reallocating;

    /**
     * @param schedulers creates the batch scheduler of each cluster, given its {@link Cluster} view
     */
    public Simulation(Platform platform, Function<Cluster, BatchScheduler> schedulers,
            List<NamedCollector> collectors, Settings settings) {
        this.platform = platform;
        this.settings = settings == null ? new Settings() : settings;
        this.collectors = List.copyOf(collectors);
        if (platform.size() != 1 && this.settings.router == null) {
            throw new InputException(null, 0, "platform", "a platform of " + platform.size()
                    + " clusters needs a meta-scheduler to decide where jobs go (--meta NAME, or \"meta\" in the profile)");
        }
        clusters = new ClusterRuntime[platform.size()];
        for (int i = 0; i < clusters.length; i++) {
            clusters[i] = new ClusterRuntime(i, platform.get(i), this);
            clusters[i].scheduler = schedulers.apply(clusters[i]);
        }
        localDraws = new java.util.SplittableRandom(this.settings.localSeed);
        moldableDraws = new java.util.SplittableRandom(this.settings.moldableSeed);
        if (!(this.settings.referenceSpeed > 0)) {
            throw new InputException(null, 0, "reference_speed", "must be positive, got " + this.settings.referenceSpeed);
        }
        if (this.settings.localFraction < 0 || this.settings.localFraction > 1) {
            throw new InputException(null, 0, "local_fraction", "must be between 0 and 1, got " + this.settings.localFraction);
        }
        GridView view = new GridView();
        router = this.settings.router == null ? null : this.settings.router.apply(view);
        reallocator = this.settings.reallocation == null ? null : this.settings.reallocation.apply(view);
    }

    /** The meta-scheduler's view of the clusters, with the server operations reallocation uses. */
    private final class GridView implements GridControl {
        @Override
        public double now() {
            return now;
        }

        @Override
        public int clusterCount() {
            return clusters.length;
        }

        @Override
        public String clusterName(int c) {
            return clusters[c].spec.name();
        }

        @Override
        public int processors(int c) {
            return clusters[c].spec.processors();
        }

        @Override
        public double speed(int c) {
            return clusters[c].spec.speed();
        }

        @Override
        public int freeProcessors(int c) {
            return clusters[c].pool.freeCount();
        }

        @Override
        public int waitingJobs(int c) {
            return clusters[c].scheduler.waitingJobs();
        }

        @Override
        public List<WaitingJob> waiting(int c) {
            List<WaitingJob> list = new ArrayList<>();
            for (org.gridsched.api.batch.QueuedJob q : clusters[c].scheduler.waiting()) {
                if (!((SimJob) q).local) { // local users' jobs are not the middleware's to move
                    list.add(new Waiting((SimJob) q));
                }
            }
            return list;
        }

        @Override
        public double currentCompletion(WaitingJob w) {
            SimJob j = ((Waiting) w).job;
            if (j.state != SimJob.WAITING || j.inTransit) {
                throw new IllegalStateException(j + " is not waiting in a queue");
            }
            return clusters[j.cluster].scheduler.plannedStart(j) + j.requested;
        }

        @Override
        public boolean cancel(WaitingJob w) {
            SimJob j = ((Waiting) w).job;
            requireEvent("cancel");
            if (j.state != SimJob.WAITING || j.inTransit || !clusters[j.cluster].scheduler.cancel(j)) {
                return false;
            }
            if (j.eventOrigin < 0) {
                j.eventOrigin = j.cluster;
                touched.add(j);
            }
            j.inTransit = true;
            inTransit.add(j);
            return true;
        }

        @Override
        public void submit(WaitingJob w, int c) {
            SimJob j = ((Waiting) w).job;
            requireEvent("submit");
            if (!j.inTransit) {
                throw new IllegalStateException("reallocation submitted " + j + ", which it had not cancelled");
            }
            ClusterRuntime target = clusters[c];
            if (j.moldType == null && j.procs > target.spec.processors()) {
                throw new IllegalStateException("reallocation sent " + j + " (" + j.procs + " processors) to " + target
                        + ", which has " + target.spec.processors());
            }
            int from = j.cluster;
            j.inTransit = false;
            inTransit.remove(j);
            sizeFor(target, j);
            j.assign(c, relativeSpeed(target), target.submitted++);
            if (c != j.eventOrigin) {
                j.moves++;
                moves++;
            }
            if (c != from) {
                for (int i = 0, n = collectors.size(); i < n; i++) {
                    collectors.get(i).collector().jobMoved(j, from, now);
                }
            }
            target.scheduler.jobSubmitted(j);
        }

        private void requireEvent(String what) {
            if (!reallocating) {
                throw new IllegalStateException("a job may be " + what + "led only during a reallocation event");
            }
        }

        @Override
        public double estimateCompletion(int c, JobRequest job) {
            SimJob moldable = job instanceof Request r ? r.job : job instanceof Waiting w ? w.job : null;
            if (moldable != null && moldable.moldType != null) {
                return moldableCompletion(clusters[c], moldable, bestSize(clusters[c], moldable));
            }
            ClusterSpec spec = clusters[c].spec;
            if (job.processors() > spec.processors()) {
                return Double.POSITIVE_INFINITY;
            }
            double requested = job.requestedTime() * settings.referenceSpeed / spec.speed();
            return clusters[c].scheduler.estimateStart(job.processors(), requested) + requested;
        }
    }

    /** A waiting job as reallocation sees it. */
    private static final class Waiting implements WaitingJob {
        final SimJob job;

        Waiting(SimJob job) {
            this.job = job;
        }

        @Override
        public long id() {
            return job.id;
        }

        @Override
        public double submitTime() {
            return job.submit;
        }

        @Override
        public int processors() {
            return job.procs;
        }

        @Override
        public double requestedTime() {
            return job.refRequested;
        }

        @Override
        public int cluster() {
            return job.cluster;
        }

        @Override
        public int moves() {
            return job.moves;
        }

        @Override
        public boolean stillWaiting() {
            return job.state == SimJob.WAITING;
        }

        @Override
        public String toString() {
            return job.toString();
        }
    }

    /** The arriving job as the router sees it; one instance, refilled per arrival. */
    private static final class Request implements JobRequest {
        SimJob job;

        @Override
        public long id() {
            return job.id;
        }

        @Override
        public double submitTime() {
            return job.submit;
        }

        /** A moldable job fits any cluster: its size is chosen there. */
        @Override
        public int processors() {
            return job.moldType != null ? 1 : job.procs;
        }

        /** For a moldable job, the requested time on one processor. */
        @Override
        public double requestedTime() {
            return job.moldType != null ? job.work1 : job.refRequested;
        }
    }

    public Platform platform() {
        return platform;
    }

    /** Runs the whole workload to the last job end. */
    public SimulationResult run(JobSource source) {
        long wallStart = System.nanoTime();
        SimulationListener listener = settings.listener;
        ProgressListener progress = settings.progress;
        JobRecord rec = new JobRecord();
        boolean more = source.next(rec);
        double lastSubmit = Double.NEGATIVE_INFINITY;
        long handled = 0;
        int maxProcs = platform.maxProcessors();
        while (more || !events.isEmpty()) {
            if (more && (events.isEmpty() || rec.submitTime <= events.peekTime())) {
                if (rec.submitTime < lastSubmit) {
                    throw new InputException(source.describe(), rec.line, "submit time",
                            "job " + rec.id + " is submitted at " + Numbers.format(rec.submitTime)
                                    + ", before the previous job (" + Numbers.format(lastSubmit) + "); workloads must be in submission order");
                }
                if (reallocator != null && lastSubmit == Double.NEGATIVE_INFINITY) {
                    events.push(rec.submitTime + reallocator.period(), null, EventQueue.REALLOCATE, -1);
                }
                lastSubmit = rec.submitTime;
                now = rec.submitTime;
                String invalid = invalid(rec);
                if (invalid != null) {
                    reject(source, rec, "invalid_job", invalid);
                } else if (rec.processors > maxProcs && !(settings.moldable != null && rec.processors > 1)) {
                    reject(source, rec, "wider_than_platform", "job " + rec.id + " needs " + rec.processors
                            + " processors but the largest cluster has " + maxProcs);
                } else {
                    arrive(rec, listener);
                }
                more = source.next(rec);
            } else {
                now = events.peekTime();
                SimJob job = events.peekJob();
                byte kind = events.peekKind();
                int cluster = events.peekCluster();
                events.pop();
                if (kind == EventQueue.END) {
                    end(job, listener);
                } else if (kind == EventQueue.WAKE_UP) {
                    clusters[cluster].scheduler.wakeUp();
                } else if (kind == EventQueue.REALLOCATE) {
                    reallocate(more);
                } else {
                    clusters[job.cluster].scheduler.jobOverran(job);
                }
            }
            if (listener != null) {
                listener.eventHandled(now);
            }
            if (progress != null && (++handled & 0xff) == 0) {
                progress.progress(finished, source.progress(), now);
            }
        }
        for (ClusterRuntime c : clusters) {
            int waiting = c.scheduler.waitingJobs();
            if (waiting > 0) {
                throw new IllegalStateException("the batch scheduler of " + c + " left " + waiting
                        + " job(s) waiting with nothing running at t=" + Numbers.format(now) + " (a policy bug)");
            }
        }
        if (progress != null) {
            progress.progress(finished, 1.0, now);
        }
        SimulationResult result = new SimulationResult(platform, jobs, source.report(), finished, killed, collectors,
                (System.nanoTime() - wallStart) / 1e9);
        result.reallocations(moves, reallocationEvents);
        result.localJobs(localJobs);
        return result;
    }

    /**
     * What is wrong with a job no simulation can run (readers skip these themselves; this guards against
     * any other source), or null.
     */
    private static String invalid(JobRecord rec) {
        if (!(rec.runtime > 0) || Double.isInfinite(rec.runtime)) {
            return "job " + rec.id + " has runtime " + rec.runtime + "; it must be positive";
        }
        if (!(rec.requestedTime > 0) || Double.isInfinite(rec.requestedTime)) {
            return "job " + rec.id + " has requested time " + rec.requestedTime + "; it must be positive";
        }
        if (rec.processors <= 0) {
            return "job " + rec.id + " needs " + rec.processors + " processors; it must be positive";
        }
        if (Double.isNaN(rec.submitTime) || Double.isInfinite(rec.submitTime)) {
            return "job " + rec.id + " has submit time " + rec.submitTime;
        }
        return null;
    }

    /** An impossible job: an error naming where it is in strict mode, else skipped and counted. */
    private void reject(JobSource source, JobRecord rec, String reason, String problem) {
        if (settings.strict) {
            throw new InputException(source.describe(), rec.line, reason.equals("wider_than_platform") ? "processors" : "job", problem);
        }
        source.report().skip(reason);
    }

    private void arrive(JobRecord rec, SimulationListener listener) {
        SimJob job = new SimJob(rec.id, jobs.size(), rec.submitTime, rec.runtime, rec.requestedTime, rec.processors);
        if (settings.moldable != null && rec.processors > 1) {
            job.moldType = Moldable.draw(settings.moldableTypes, moldableDraws);
            job.work1 = rec.requestedTime * Moldable.speedup(job.moldType.parallelFraction(), rec.processors);
            job.runtimeRatio = rec.runtime / rec.requestedTime;
        }
        boolean local = false;
        if (settings.localFraction > 0 && rec.home >= 0) {
            if (rec.home >= clusters.length) {
                throw new InputException(null, 0, "local_fraction", "job " + rec.id + " comes from workload " + (rec.home + 1)
                        + " but the platform has " + clusters.length + " clusters (one workload per cluster)");
            }
            local = localDraws.nextDouble() < settings.localFraction
                    && (job.moldType != null || rec.processors <= clusters[rec.home].spec.processors());
        }
        ClusterRuntime c = clusters[local ? rec.home : route(job)];
        job.local = local;
        if (local) {
            localJobs++;
        }
        jobs.add(job);
        sizeFor(c, job);
        job.assign(c.index, relativeSpeed(c), c.submitted++);
        for (int i = 0, n = collectors.size(); i < n; i++) {
            collectors.get(i).collector().jobSubmitted(job);
        }
        if (listener != null) {
            listener.jobSubmitted(job, now);
        }
        c.scheduler.jobSubmitted(job);
    }

    /** One reallocation event; the next comes one period later while anything is left to simulate. */
    private void reallocate(boolean moreArrivals) {
        reallocating = true;
        try {
            reallocator.reallocate();
        } finally {
            reallocating = false;
        }
        if (!inTransit.isEmpty()) {
            throw new IllegalStateException("the reallocation cancelled " + inTransit.get(0) + " (and " + (inTransit.size() - 1)
                    + " more) without submitting it again");
        }
        for (SimJob j : touched) {
            j.eventOrigin = -1;
        }
        touched.clear();
        reallocationEvents++;
        boolean busy = moreArrivals;
        for (ClusterRuntime c : clusters) {
            busy |= c.scheduler.waitingJobs() > 0;
        }
        if (busy) {
            events.push(now + reallocator.period(), null, EventQueue.REALLOCATE, -1);
        }
    }

    /** A cluster's speed relative to the speed the workload was recorded at. */
    private double relativeSpeed(ClusterRuntime c) {
        return c.spec.speed() / settings.referenceSpeed;
    }

    /** The cluster of an arriving job: the only one, or the router's choice (checked). */
    private int route(SimJob job) {
        if (router == null) {
            return 0;
        }
        request.job = job;
        int c = router.route(request);
        if (c < 0 || c >= clusters.length || clusters[c].spec.processors() < request.processors()) {
            throw new IllegalStateException("the meta-scheduler sent job " + job.id + " (" + request.processors()
                    + " processors) to cluster index " + c + ", which " + (c < 0 || c >= clusters.length
                            ? "does not exist" : "has only " + clusters[c].spec.processors() + " processors"));
        }
        return c;
    }

    /** A moldable job takes the size with the earliest estimated completion on the cluster it goes to. */
    private void sizeFor(ClusterRuntime c, SimJob job) {
        if (job.moldType != null) {
            job.resize(bestSize(c, job));
        }
    }

    private int bestSize(ClusterRuntime c, SimJob job) {
        int max = Math.min(job.moldType.limit(), c.spec.processors());
        return Moldable.choose(max, n -> moldableCompletion(c, job, n), settings.moldable);
    }

    /** Estimated completion of a moldable job on n processors of a cluster. */
    private double moldableCompletion(ClusterRuntime c, SimJob job, int n) {
        double requested = job.work1 / Moldable.speedup(job.moldType.parallelFraction(), n) / relativeSpeed(c);
        return c.scheduler.estimateStart(n, requested) + requested;
    }

    /** Called by {@link ClusterRuntime#start} once the request is validated. */
    void startJob(ClusterRuntime c, SimJob job) {
        job.allocation = c.pool.allocate(job.procs);
        job.state = SimJob.RUNNING;
        job.start = now;
        double end;
        if (job.runtime <= job.requested) {
            end = now + job.runtime;
        } else if (settings.killAtRequestedTime) {
            end = now + job.requested;
            job.killed = true;
        } else {
            end = now + job.runtime;
            events.push(now + job.requested, job, EventQueue.OVERRUN);
        }
        events.push(end, job, EventQueue.END);
        for (int i = 0, n = collectors.size(); i < n; i++) {
            collectors.get(i).collector().jobStarted(job);
        }
        if (settings.listener != null) {
            settings.listener.jobStarted(job, now);
        }
    }

    void wakeUp(ClusterRuntime c, double time) {
        events.push(time, null, EventQueue.WAKE_UP, c.index);
    }

    private void end(SimJob job, SimulationListener listener) {
        ClusterRuntime c = clusters[job.cluster];
        c.pool.release(job.allocation);
        job.state = SimJob.DONE;
        job.finish = now;
        finished++;
        if (job.killed) {
            killed++;
        }
        for (int i = 0, n = collectors.size(); i < n; i++) {
            collectors.get(i).collector().jobFinished(job);
        }
        if (listener != null) {
            listener.jobEnded(job, now);
        }
        c.scheduler.jobEnded(job, now < job.start + job.requested);
    }
}
