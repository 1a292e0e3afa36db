package org.gridsched.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;

import org.gridsched.api.SimTime;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.Reservation;

/**
 * One cluster during a run: its processors, its scheduler, the {@link Cluster} view the scheduler uses, and
 * the reservations its policy did not make (claims, parts of jobs started by controllers).
 *
 * <p>On runs with controllers it also keeps the jobs its policy started, to tell whether a claim or a
 * multi-cluster part can be honoured; runs without controllers skip that bookkeeping.
 */
final class ClusterRuntime implements Cluster {
    final int index;
    final ClusterSpec spec;
    final ProcessorPool pool;
    private final Simulation sim;
    BatchScheduler scheduler;
    long submitted;
    private final boolean tracked;
    /** Jobs started by the policy, when tracked; each knows its slot. */
    private final List<SimJob> running = new ArrayList<>();
    /**
     * When tracked: per processor, the job the policy last started on it. A job that ended stays until another starts
     * there, so {@link #policyJobOn} checks what it reads. A failure finds the jobs it kills here instead of testing
     * every running job (a million failures on a 1,024-processor cluster running a few hundred jobs).
     */
    private final SimJob[] startedOn;
    /** Reservations not over, sorted by start (then creation). */
    private final List<Hold> holds = new ArrayList<>();
    /** What {@link #reservations()} gives: a view, made once (every decision of a policy asks for it). */
    private final List<Reservation> holdsView = Collections.unmodifiableList(holds);

    ClusterRuntime(int index, ClusterSpec spec, Simulation sim, boolean tracked) {
        this.index = index;
        this.spec = spec;
        this.pool = new ProcessorPool(spec.processors());
        this.sim = sim;
        this.tracked = tracked;
        this.startedOn = tracked ? new SimJob[spec.processors()] : null;
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public int processors() {
        return spec.processors();
    }

    @Override
    public double speed() {
        return spec.speed();
    }

    @Override
    public double now() {
        return sim.now;
    }

    @Override
    public int freeProcessors() {
        return pool.freeCount();
    }

    @Override
    public void start(QueuedJob queued) {
        SimJob job = waitingHere(queued, "started");
        if (job.procs > pool.freeCount()) {
            throw new PluginDecisionException(PluginDecision.Decider.BATCH_POLICY, this, "started " + job + ", which needs "
                    + job.procs + " processors, at t=" + Numbers.format(sim.now) + " s when only " + pool.freeCount() + " are free");
        }
        sim.execution.start(this, job);
    }

    @Override
    public void start(QueuedJob queued, BitSet[] pools, int[] counts) {
        SimJob job = waitingHere(queued, "started");
        int sum = 0;
        for (int c : counts) {
            sum += c;
        }
        if (sum != job.procs) {
            throw new PluginArgumentException(PluginDecision.Decider.BATCH_POLICY, this, "started " + job + ", which needs " + job.procs
                    + " processors, on processor pools whose counts add up to " + sum);
        }
        try {
            job.runs = pool.allocate(pools, counts, spec.processors());
        } catch (IllegalArgumentException e) {
            // the pool's own words ("processor pool {3, 4}, which overlaps ..."), as the policy's error, of the type the API documents
            throw new PluginArgumentException(PluginDecision.Decider.BATCH_POLICY, this, "started " + job + " with " + e.getMessage());
        } catch (IllegalStateException e) {
            throw new PluginDecisionException(PluginDecision.Decider.BATCH_POLICY, this, "started " + job + " at t=" + Numbers.format(sim.now)
                    + " s on " + e.getMessage());
        }
        sim.execution.started(this, job);
    }

    @Override
    public int freeProcessors(BitSet processors) {
        return pool.freeIn(processors);
    }

    @Override
    public void reject(QueuedJob queued, String reason) {
        SimJob job = waitingHere(queued, "rejected");
        if (reason == null || !reason.matches("[a-z0-9_]+")) {
            throw new PluginArgumentException(PluginDecision.Decider.BATCH_POLICY, this, "rejected " + job + " with the reason "
                    + (reason == null ? "null" : "'" + reason + "'") + ", which is not a snake_case word (such as no_partition)");
        }
        job.state = SimJob.REJECTED;
        job.rejectedFromQueue = true;
        sim.policyRejections.merge(reason, 1L, Long::sum);
        sim.observers.rejected(job, sim.now);
        if (job.hasChildren() && sim.control != null) {
            sim.control.released(job);
        }
    }

    /** The job the policy {@code did} something to ("started"), which must be waiting in this cluster's queue. */
    private SimJob waitingHere(QueuedJob queued, String did) {
        if (!(queued instanceof SimJob job) || job.cluster != index || job.state != SimJob.WAITING || job.taken) {
            throw new PluginDecisionException(PluginDecision.Decider.BATCH_POLICY, this, did + " " + queued
                    + ", which is not waiting here");
        }
        return job;
    }

    @Override
    public void wakeUpAt(double time) {
        if (time < sim.now || Double.isNaN(time)) {
            throw new PluginArgumentException(PluginDecision.Decider.BATCH_POLICY, this, "asked to be woken up at t="
                    + (Double.isNaN(time) ? "NaN" : Numbers.format(time) + " s") + ", before now (t=" + Numbers.format(sim.now) + " s)");
        }
        if (inWakeUp) {
            guardWakeUpLoop(time);
        }
        sim.events.push(sim.requestedInstant(time), Simulation.WAKE_UP, null, index);
    }

    /**
     * Wake-ups asked for from a wake-up, in a row, while no job started, ended or arrived anywhere: a policy that asks
     * again each time it is woken, for nothing, would keep the run going for ever (at one instant, or with simulated
     * time running on after the last job). Far more than any policy needs between two jobs' events.
     */
    static final int WAKE_UP_LOOP = 1_000_000;
    private boolean inWakeUp;
    private long loopStamp = -1;
    private int loopWakeUps;
    private double loopSince;

    /** Handles a wake-up event: the scheduler's {@code wakeUp()}, knowing that wake-ups it asks for meanwhile are asked from one. */
    void wokenUp() {
        inWakeUp = true;
        try {
            scheduler.wakeUp();
        } finally {
            inWakeUp = false;
        }
    }

    private void guardWakeUpLoop(double time) {
        long stamp = sim.execution.starts + sim.execution.finished + sim.jobs.size();
        if (stamp != loopStamp) {
            loopStamp = stamp;
            loopWakeUps = 0;
            loopSince = sim.now;
        } else if (++loopWakeUps >= WAKE_UP_LOOP) {
            String when = loopSince == sim.now ? "at t=" + Numbers.format(sim.now) + " s, " + String.format(java.util.Locale.ROOT, "%,d", loopWakeUps) + " times"
                    : String.format(java.util.Locale.ROOT, "%,d", loopWakeUps) + " times since t=" + Numbers.format(loopSince) + " s";
            throw new PluginDecisionException(PluginDecision.Decider.BATCH_POLICY, this,
                    "asked to be woken up again from each wake-up, " + when + ", with no job started, ended or submitted meanwhile ("
                    + scheduler.waitingJobs() + " waiting here): it would run for"
                    + " ever (a policy bug: ask for a wake-up only for an instant when something can start)");
        }
    }

    @Override
    public List<Reservation> reservations() {
        return holds.isEmpty() ? List.of() : holdsView;
    }

    // --- jobs started by the policy (tracked on controlled runs only) ---

    void running(SimJob job) {
        if (tracked) {
            job.runningSlot = running.size();
            running.add(job);
            int[] runs = job.runs;
            for (int i = 0; i < runs.length; i += 2) {
                Arrays.fill(startedOn, runs[i], runs[i + 1], job);
            }
        }
    }

    /** The job of {@link #runningJobs} running on processor p, or null (tracked runs only). */
    SimJob policyJobOn(int p) {
        SimJob j = startedOn[p];
        if (j == null) {
            return null;
        }
        int slot = j.runningSlot;
        if (slot >= running.size() || running.get(slot) != j) {
            return null; // it ended; nobody the policy started is there since
        }
        int[] runs = j.runs;
        for (int i = 0; i < runs.length; i += 2) {
            if (p >= runs[i] && p < runs[i + 1]) {
                return j;
            }
        }
        return null; // it ran there before a kill, and runs elsewhere now
    }

    void notRunning(SimJob job) {
        if (tracked) {
            SimJob last = running.remove(running.size() - 1);
            if (last != job) {
                int slot = job.runningSlot;
                running.set(slot, last);
                last.runningSlot = slot;
            }
        }
    }

    /** The jobs the policy started that are running (tracked runs only). */
    List<SimJob> runningJobs() {
        return running;
    }

    /** The reservations not over (claims, multi-cluster parts, failures). */
    List<Hold> holdList() {
        return holds;
    }

    // --- reservations ---

    void add(Hold h) {
        int i = holds.size();
        while (i > 0 && holds.get(i - 1).start() > h.start()) {
            i--;
        }
        holds.add(i, h);
        sim.reactions.reservationsChanged(this);
    }

    void remove(Hold h) {
        if (holds.remove(h)) {
            sim.reactions.reservationsChanged(this);
        }
    }

    /** A part of a job started by a controller: held from now until its requested end. */
    void holdForeign(SimJob job, int part) {
        add(new Hold(index, spec.name(), job.partProcessors(part), sim.now, SimTime.add(sim.now, job.requested), job));
    }

    void extendForeign(SimJob job, double end) {
        for (Hold h : holds) {
            if (h.job == job) {
                h.end = end;
            }
        }
        sim.reactions.reservationsChanged(this);
    }

    void dropForeign(SimJob job) {
        if (holds.removeIf(h -> h.job == job)) {
            sim.reactions.reservationsChanged(this);
        }
    }

    /**
     * Whether {@code n} more processors can be held over [from, to) without taking any that a running job
     * (until its requested end) or a reservation holds. Occupancy only falls between reservation starts,
     * so it is checked at {@code from} and at each reservation start inside the window.
     */
    boolean canHold(int n, double from, double to) {
        if (!tracked) {
            throw new IllegalStateException("claims and multi-cluster starts need a run with a controller");
        }
        if (!fitsAt(n, from)) {
            return false;
        }
        for (Hold h : holds) {
            if (h.start() > from && h.start() < to && !fitsAt(n, h.start())) {
                return false;
            }
        }
        return true;
    }

    private boolean fitsAt(int n, double t) {
        int used = n;
        for (SimJob j : running) {
            // an overrun job (killing off) holds its processors until it really ends
            double requestedEnd = SimTime.add(j.start, j.requested);
            if (requestedEnd > t || (requestedEnd <= sim.now && j.runtime > j.requested)) {
                used += j.procs;
            }
        }
        for (Hold h : holds) {
            if (h.start() <= t && t < h.end) {
                used += h.processors();
            }
        }
        return used <= spec.processors();
    }

    @Override
    public String toString() {
        return "cluster " + spec.name();
    }
}
