package org.gridsched.engine;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;

/**
 * Job arrivals. The workload is read lazily: one record at a time is pending, as an arrival event at its
 * submit time. An arriving job is checked (impossible jobs are rejected), may be drawn as a local user's
 * job (non-dedicated platforms) or given a moldable shape, then is offered to the controllers and, if none
 * takes it, routed to a cluster and submitted there. Jobs submitted by controllers, released from their
 * dependencies or re-queued after a kill arrive the same way, without the workload's draws.
 */
final class Arrivals {
    private final Simulation sim;
    private final JobRecord rec = new JobRecord();
    private JobSource source;
    private boolean pending;
    private double lastSubmit = Double.NEGATIVE_INFINITY;
    final LocalUsers localUsers;
    private final SplittableRandom moldableDraws;
    private final int maxProcessors;

    Arrivals(Simulation sim) {
        this.sim = sim;
        this.localUsers = new LocalUsers(sim.settings.localFraction, sim.settings.localSeed, sim.clusters);
        this.moldableDraws = new SplittableRandom(sim.settings.moldableSeed);
        this.maxProcessors = sim.platform.maxProcessors();
    }

    void open(JobSource s) {
        source = s;
        readNext();
    }

    /** Whether the workload has records left to arrive. */
    boolean hasMore() {
        return pending;
    }

    private void readNext() {
        pending = source.next(rec);
        if (pending) {
            sim.events.pushArrival(SimTime.of(rec.submitTime), Simulation.ARRIVAL, null); // the instant SimJob keeps
        }
    }

    /** An arrival event: the pending workload record (null payload), or a job already created. */
    void handle(Object payload, int arg) {
        if (payload != null) {
            arrive((SimJob) payload);
            return;
        }
        if (rec.submitTime < lastSubmit) {
            throw new InputException(source.describe(), rec.line, "submit time",
                    "job " + rec.id + " is submitted at " + Numbers.format(rec.submitTime)
                            + ", before the previous job (" + Numbers.format(lastSubmit) + "); workloads must be in submission order");
        }
        if (sim.reallocation != null && lastSubmit == Double.NEGATIVE_INFINITY) {
            sim.reallocation.firstArrival(rec.submitTime);
        }
        lastSubmit = rec.submitTime;
        String invalid = invalid(rec);
        if (invalid != null) {
            reject("invalid_job", invalid);
        } else if (rec.processors <= maxProcessors || (sim.settings.moldable != null && rec.processors > 1)) {
            fromWorkload(false); // a moldable job fits any cluster at some size
        } else if (!(rec.components > 1 && fromWorkload(true))) {
            reject("wider_than_platform", "job " + rec.id + " needs " + rec.processors + " processors but the largest cluster has "
                    + maxProcessors + (rec.components > 1 ? " and no controller took its " + rec.components + " components in charge" : ""));
        }
        readNext();
    }

    /**
     * Creates the job of the pending record and sends it on its way.
     *
     * @param onlyIfTaken a co-allocated job wider than every cluster: only a controller can run it, so it
     *                    is offered to them and dropped (false returned) if none takes it
     */
    private boolean fromWorkload(boolean onlyIfTaken) {
        SimJob job = new SimJob(rec.id, sim.jobs.size(), rec.submitTime, rec.runtime, rec.requestedTime,
                rec.processors, rec.home, rec.components);
        job.submitter(rec);
        if (onlyIfTaken) {
            if (!sim.observers.offer(job)) {
                return false;
            }
            sim.jobs.add(job);
            return true;
        }
        if (sim.settings.moldable != null && rec.processors > 1) {
            Moldable.Type type = Moldable.draw(sim.settings.moldableTypes, moldableDraws);
            job.shape = new Moldable.Shape(type,
                    rec.requestedTime * Moldable.speedup(type.parallelFraction(), rec.processors), rec.runtime / rec.requestedTime);
        }
        job.local = localUsers.isLocal(rec, job.shape != null);
        if (job.local) {
            sim.jobs.add(job);
            submit(job, rec.home);
        } else if (!sim.observers.offer(job)) {
            int c = sim.placement.route(job);
            sim.jobs.add(job);
            submit(job, c);
        } else {
            sim.jobs.add(job); // in a controller's charge
        }
        return true;
    }

    /**
     * A job created during the run (by a controller, or released from its dependencies) or re-queued after
     * a kill arrives now. A local users' job goes back to its home cluster, as it came the first time.
     */
    void arrive(SimJob job) {
        job.state = SimJob.WAITING;
        if (job.local) {
            submit(job, job.home());
            return;
        }
        if (sim.observers.offer(job)) {
            return;
        }
        if (job.shape == null && job.procs > maxProcessors) {
            throw new IllegalStateException(job + " (" + job.procs + " processors) arrived, no controller took it in charge, "
                    + "and it is wider than the largest cluster (" + maxProcessors + ")");
        }
        submit(job, sim.placement.route(job));
    }

    /** Gives a job to a cluster's batch policy as a new submission there. */
    void submit(SimJob job, int cluster) {
        ClusterRuntime c = sim.clusters[cluster];
        job.taken = false;
        sim.placement.sizeFor(c, job);
        job.assign(cluster, sim.relativeSpeed(cluster), c.submitted++);
        sim.observers.submitted(job, sim.now);
        if (!sim.groupReservations.admit(c, job)) {
            c.scheduler.jobSubmitted(job);
        }
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
        double max = Simulation.MAX_TIME;
        if (rec.runtime > max || rec.requestedTime > max || Math.abs(rec.submitTime) > max) {
            return "job " + rec.id + " has submit time " + rec.submitTime + ", runtime " + rec.runtime + ", requested time "
                    + rec.requestedTime + "; times must be at most " + Numbers.format(max) + " s (about 317 years)";
        }
        if (rec.processors <= 0) {
            return "job " + rec.id + " needs " + rec.processors + " processors; it must be positive";
        }
        if (rec.components < 1 || rec.components > rec.processors) {
            return "job " + rec.id + " has " + rec.components + " components for " + rec.processors
                    + " processors; it needs between 1 and its processor count";
        }
        if (Double.isNaN(rec.submitTime) || Double.isInfinite(rec.submitTime)) {
            return "job " + rec.id + " has submit time " + rec.submitTime;
        }
        return null;
    }

    /** An impossible job: an error naming where it is in strict mode, else skipped and counted. */
    private void reject(String reason, String problem) {
        if (sim.settings.strict) {
            throw new InputException(source.describe(), rec.line, reason.equals("wider_than_platform") ? "processors" : "job", problem);
        }
        source.report().skip(reason, fileNamesOnly(source.describe()), rec.line, problem);
    }

    private static final Pattern ABSOLUTE_PATH = Pattern.compile("/[^,()\\s]+");

    /**
     * A source's description with every absolute path of an existing file cut to the file's name, as
     * {@code run.workload.file} names it: {@code summary.json} keeps skipped lines, and the same run in
     * another checkout must give the same summary.
     */
    static String fileNamesOnly(String description) {
        Matcher m = ABSOLUTE_PATH.matcher(description);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String name = m.group();
            try {
                Path p = Path.of(name);
                if (Files.isRegularFile(p)) {
                    name = p.getFileName().toString();
                }
            } catch (InvalidPathException e) {
                // not a path: kept as it is
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(name));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
