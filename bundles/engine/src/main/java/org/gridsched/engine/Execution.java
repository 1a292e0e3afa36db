package org.gridsched.engine;

import org.gridsched.api.SimTime;


/**
 * Running jobs: starts (by a batch policy on its cluster, or by a controller on parts of several clusters),
 * ends, overruns of the requested time and kills. Every part of a job starts and ends together.
 */
final class Execution {
    private final Simulation sim;
    long finished;
    /** Jobs started (a job started again after a requeue counts again). */
    long starts;
    /** Jobs stopped at their requested time. */
    long walltimeKills;
    /** Jobs killed for good by a controller, and kills followed by a new arrival. */
    long controllerKills;
    long requeues;
    long multiCluster;
    /** Jobs running now. */
    int running;
    /**
     * Jobs that ended (or were killed for good) per cluster, counted as they end rather than by a pass over every job at
     * the end (on a million jobs that pass cost a tenth of a fast run); a multi-cluster job counts once on each of its
     * clusters. Of those, the jobs stopped at their requested time.
     */
    final long[] finishedOn;
    final long[] walltimeKillsOn;

    Execution(Simulation sim) {
        this.sim = sim;
        this.finishedOn = new long[sim.clusters.length];
        this.walltimeKillsOn = new long[sim.clusters.length];
    }

    /** Counts a job that ended for good on each of its clusters. */
    private void countFinished(SimJob j) {
        finished++;
        if (j.multiPart == null) { // nearly every job: one cluster
            finishedOn[j.cluster]++;
            if (j.killed) {
                walltimeKillsOn[j.cluster]++;
            }
            return;
        }
        for (int p = 0, parts = j.parts(); p < parts; p++) {
            int c = j.partCluster(p);
            boolean seen = false;
            for (int q = 0; q < p && !seen; q++) {
                seen = j.partCluster(q) == c;
            }
            if (!seen) {
                finishedOn[c]++;
                if (j.killed) {
                    walltimeKillsOn[c]++;
                }
            }
        }
    }

    /** A batch policy starts a job of its queue on its cluster's lowest free processors. */
    void start(ClusterRuntime c, SimJob job) {
        job.runs = c.pool.allocate(job.procs);
        started(c, job);
    }

    /** A job of a group starts inside the group's reservation ({@link SimJob#inside}) on {@code runs}. */
    void startInside(SimJob job, int[] runs) {
        job.runs = runs;
        begin(job);
    }

    /** A policy's job has its processors ({@link SimJob#runs}): it begins. */
    void started(ClusterRuntime c, SimJob job) {
        c.running(job);
        begin(job);
    }

    /**
     * A controller starts a job on given processors of one or more clusters. It runs at the pace of its
     * slowest part; each part shows to its cluster's policy as a reservation until the requested end.
     */
    void startForeign(SimJob job, JobAllocation allocation) {
        double slowest = Double.POSITIVE_INFINITY;
        for (int p = 0; p < allocation.parts(); p++) {
            slowest = Math.min(slowest, sim.relativeSpeed(allocation.cluster(p)));
        }
        job.taken = false;
        job.foreign = true;
        job.keepOriginal();
        job.procs = allocation.totalProcessors();
        job.assign(allocation.cluster(0), slowest, job.submitOrder);
        job.runs = allocation.runs(0);
        job.multiPart = allocation.parts() > 1 ? allocation : null;
        if (allocation.spansClusters()) {
            multiCluster++;
        }
        // its reservations first, so that a policy reacting to the start sees them
        for (int p = 0; p < allocation.parts(); p++) {
            sim.clusters[allocation.cluster(p)].holdForeign(job, p);
        }
        sim.observers.submitted(job, sim.now);
        begin(job);
    }

    private void begin(SimJob job) {
        double now = sim.now;
        job.state = SimJob.RUNNING;
        running++;
        starts++;
        job.start = now;
        double end;
        if (job.runtime <= job.requested) {
            end = SimTime.add(now, job.runtime);
        } else if (sim.settings.killAtRequestedTime) {
            end = SimTime.add(now, job.requested);
            job.killed = true;
        } else {
            end = SimTime.add(now, job.runtime);
            sim.events.push(SimTime.add(now, job.requested), Simulation.OVERRUN, job, job.attempt);
        }
        sim.events.push(end, Simulation.END, job, job.attempt);
        sim.observers.started(job, now);
    }

    /** The END event; stale if the job was killed since it was scheduled. */
    void end(Object payload, int attempt) {
        SimJob job = (SimJob) payload;
        if (attempt != job.attempt) {
            return;
        }
        release(job);
        job.state = SimJob.DONE;
        job.finish = sim.now;
        countFinished(job);
        if (job.killed) {
            walltimeKills++;
        }
        sim.observers.ended(job, sim.now);
        afterEnd(job, sim.now < SimTime.add(job.start, job.requested));
    }

    /** The job reached its requested time and keeps running (killing is off). */
    void overrun(Object payload, int attempt) {
        SimJob job = (SimJob) payload;
        if (attempt != job.attempt) {
            return;
        }
        if (job.foreign) {
            for (int p = 0; p < job.parts(); p++) {
                sim.clusters[job.partCluster(p)].extendForeign(job, SimTime.add(sim.now, job.requested));
            }
        } else {
            sim.clusters[job.cluster].scheduler.jobOverran(job);
        }
    }

    /** A controller kills a running job now; with requeue it arrives again at once. */
    void kill(SimJob job, boolean requeue) {
        kill(job, requeue, false);
    }

    /** A kill by a controller, or by a failure ({@link Failures}, counted there rather than as a controller's). */
    void kill(SimJob job, boolean requeue, boolean byFailure) {
        if (job.state != SimJob.RUNNING) {
            throw new IllegalStateException(job + " is not running; only running jobs can be killed");
        }
        job.attempt++;
        job.control().kills++;
        if (requeue && sim.energy != null) {
            sim.energy.killedAttempt(job, sim.now); // the job forgets this attempt's start: energy.csv needs it
        }
        release(job);
        job.finish = sim.now;
        if (requeue) {
            if (!byFailure) {
                requeues++;
            }
            sim.observers.requeued(job, sim.now);
            boolean foreign = job.foreign;
            job.state = SimJob.WAITING;
            afterEnd(job, true, foreign);
            job.start = Double.NaN;
            job.finish = Double.NaN;
            job.killed = false;
            job.runs = null;
            job.multiPart = null;
            job.foreign = false;
            job.requestedSizeAgain();
            sim.events.pushArrival(sim.now, Simulation.ARRIVAL, job);
        } else {
            job.state = SimJob.KILLED;
            countFinished(job);
            if (!byFailure) {
                controllerKills++;
            }
            sim.observers.ended(job, sim.now);
            afterEnd(job, true);
        }
    }

    private void release(SimJob job) {
        running--;
        if (sim.energy != null) {
            sim.energy.ran(job, sim.now);
        }
        if (job.inside != null) {
            sim.claims.giveBack(job.inside, job.runs);
        } else if (job.multiPart == null) {
            sim.clusters[job.cluster].pool.release(job.runs);
        } else {
            for (int p = 0; p < job.multiPart.parts(); p++) {
                sim.clusters[job.multiPart.cluster(p)].pool.release(job.multiPart.runs(p));
            }
        }
    }

    private void afterEnd(SimJob job, boolean early) {
        afterEnd(job, early, job.foreign);
    }

    /**
     * The policies concerned react (a foreign job's clusters see their reservations change), then the jobs
     * waiting for this one are released if it ended for good.
     */
    private void afterEnd(SimJob job, boolean early, boolean foreign) {
        if (foreign) {
            for (int p = 0; p < job.parts(); p++) {
                sim.clusters[job.partCluster(p)].dropForeign(job);
            }
        } else if (job.inside != null) {
            sim.groupReservations.ended(job); // never in its policy's plan: the policy is not told
        } else {
            ClusterRuntime c = sim.clusters[job.cluster];
            c.notRunning(job);
            sim.reactions.jobEnded(c, job, early);
        }
        if (job.hasChildren() && job.state != SimJob.WAITING) {
            sim.control.released(job);
        }
    }
}
