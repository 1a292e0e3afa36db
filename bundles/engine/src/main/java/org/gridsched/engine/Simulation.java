package org.gridsched.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.grid.Router;
import org.gridsched.api.metrics.Collector;
import org.gridsched.api.workload.JobSource;

/**
 * One discrete-event simulation run: a small loop over typed events, each kind with one handler.
 *
 * <p>Semantics (see docs/semantics.md): events are job arrivals (from the workload in order, or submitted
 * by controllers), job ends, overruns, scheduler wake-ups, reallocation events, controller timers and claim
 * starts and ends. At equal times arrivals are handled first; other equal-time events in the order they
 * were scheduled (so equal-time ends in the order the jobs started). A job still running at its requested
 * time is killed there unless {@link Settings#killAtRequestedTime} is off.
 *
 * <p>The work is done by collaborators, one concern each: {@link Arrivals} (admission, local users,
 * routing), {@link Placement} (routing, moldable sizing), {@link Execution} (starts, ends, kills),
 * {@link ReallocationProtocol}, {@link Claims}, {@link ControlOperations} (controllers: submissions,
 * dependencies, multi-cluster starts) and {@link Observers} (collectors, listener, controllers).
 */
public final class Simulation {

    /**
     * The largest time (submit, runtime, requested) a job may have, in seconds: beyond it, the double-precision
     * clock could no longer tell a microsecond apart (at 1e30 a whole job's runtime vanishes). Public so that
     * readers whose inputs do not pass through {@link Arrivals} (workflow tasks) enforce the same bound.
     */
    public static final double MAX_TIME = org.gridsched.api.SimTime.MAX_JOB_TIME;

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
        /** Processors the run profile reserves (maintenance windows); every policy plans around them. */
        public List<DeclaredReservation> reservations = List.of();
        /** Creates the run's grid controllers, asked in this order; optional. */
        public List<Function<GridOperations, Controller>> controllers = List.of();
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
        /**
         * The power model of each cluster, in platform order, or null: no energy is measured and the results are
         * those of a run without (jobs.csv's {@code consumed_energy} empty, no energy in summary.json).
         */
        public List<PowerModel> power;
        /** The carbon intensity of each cluster's electricity, in platform order, or null; needs {@link #power}. */
        public List<CarbonSeries> carbon;
        /**
         * Power management: per cluster in platform order, the seconds a processor stays idle (with an empty queue)
         * before it is switched off, or null for a cluster whose processors stay on; null for none. Needs {@link #power}.
         */
        public List<Double> powerTimeouts;
        /** Processor failures (traces, models) and what happens to the jobs they hit, or null: processors never fail. */
        public FailureSpec failures;
    }

    /** A collector with the name it was registered under, for error messages. */
    public record NamedCollector(String name, Collector collector) {
    }

    /** Handles one kind of event. */
    interface Handler {
        void handle(Object payload, int arg);
    }

    static final byte ARRIVAL = 0;
    static final byte END = 1;
    static final byte OVERRUN = 2;
    static final byte WAKE_UP = 3;
    static final byte REALLOCATE = 4;
    static final byte TIMER = 5;
    static final byte CLAIM_START = 6;
    static final byte CLAIM_END = 7;
    static final byte FAILURE = 8;
    static final byte REPAIR = 9;
    static final byte POWER_CHECK = 10;
    static final byte SWITCHED = 11;

    final Platform platform;
    final Settings settings;
    final ClusterRuntime[] clusters;
    final EventQueue events = new EventQueue();
    /** Every job of the run in creation order: the output order. */
    final List<SimJob> jobs = new ArrayList<>();
    double now;
    final List<NamedCollector> collectors;
    final PolicyReactions reactions = new PolicyReactions();
    final Observers observers;
    final Placement placement;
    final Execution execution;
    final Arrivals arrivals;
    final Claims claims;
    final GroupReservations groupReservations;
    final ReallocationProtocol reallocation;
    final ControlOperations control;
    /** Energy and carbon, or null on runs without a power model. */
    final EnergyMeter energy;
    /** Jobs batch policies rejected from their queues ({@link org.gridsched.api.batch.Cluster#reject}), by reason. */
    final java.util.Map<String, Long> policyRejections = new java.util.LinkedHashMap<>();
    private final Handler[] handlers = new Handler[12];
    /** Power management (switching idle processors off and on), or null. */
    final PowerManager power;
    /** Processor failures and repairs, or null on runs without. */
    final Failures failures;

    /**
     * @param schedulers creates the batch scheduler of each cluster, given its {@link Cluster} view
     */
    public Simulation(Platform platform, Function<Cluster, BatchScheduler> schedulers,
            List<NamedCollector> collectors, Settings settings) {
        this.platform = platform;
        this.settings = settings == null ? new Settings() : settings;
        if (platform.size() != 1 && this.settings.router == null) {
            throw new InputException(null, 0, "platform", "a platform of " + platform.size()
                    + " clusters needs a meta-scheduler to decide where jobs go (--meta NAME, or \"meta\" in the profile)");
        }
        if (!(this.settings.referenceSpeed > 0)) {
            throw new InputException(null, 0, "reference_speed", "must be positive, got " + this.settings.referenceSpeed);
        }
        if (this.settings.localFraction < 0 || this.settings.localFraction > 1) {
            throw new InputException(null, 0, "local_fraction", "must be between 0 and 1, got " + this.settings.localFraction);
        }
        if (this.settings.carbon != null && !this.settings.carbon.isEmpty() && this.settings.power == null) {
            throw new InputException(null, 0, "carbon", "carbon intensities need a power model (\"power\" in the profile)");
        }
        energy = this.settings.power == null ? null : new EnergyMeter(this.settings.power, this.settings.carbon, platform.size());
        boolean controlled = this.settings.controllers != null && !this.settings.controllers.isEmpty();
        boolean reserved = !this.settings.reservations.isEmpty();
        clusters = new ClusterRuntime[platform.size()];
        for (int i = 0; i < clusters.length; i++) {
            clusters[i] = new ClusterRuntime(i, platform.get(i), this, controlled || reserved || this.settings.failures != null);
            clusters[i].scheduler = schedulers.apply(clusters[i]);
        }
        this.collectors = List.copyOf(collectors);
        observers = new Observers(this.collectors, this.settings.listener, reactions);
        placement = new Placement(this);
        execution = new Execution(this);
        arrivals = new Arrivals(this);
        claims = new Claims(this);
        groupReservations = new GroupReservations(this, clusters.length);
        for (DeclaredReservation r : this.settings.reservations) {
            claims.declare(r);
        }
        if (this.settings.powerTimeouts != null && this.settings.power == null) {
            throw new InputException(null, 0, "power_management", "switching processors off needs a power model (\"power\" in the profile)");
        }
        power = this.settings.powerTimeouts == null ? null : new PowerManager(this, this.settings.powerTimeouts);
        failures = this.settings.failures == null ? null : new Failures(this, this.settings.failures);
        placement.router = this.settings.router == null ? null
                : this.settings.router.apply(new GridView(this, PluginDecision.Decider.META_SCHEDULER));
        if (this.settings.router != null && placement.router == null) { // every job would go to the first cluster
            throw new IllegalStateException("the meta-scheduler gave no router");
        }
        GridView reallocationView = new GridView(this, PluginDecision.Decider.REALLOCATION);
        reallocation = this.settings.reallocation == null ? null
                : new ReallocationProtocol(this, this.settings.reallocation.apply(reallocationView));
        reallocationView.reallocation = reallocation;
        control = controlled ? new ControlOperations(this) : null;
        if (controlled) {
            observers.controllers(control.create(this.settings.controllers));
        }
        handlers[ARRIVAL] = arrivals::handle;
        handlers[END] = execution::end;
        handlers[OVERRUN] = execution::overrun;
        handlers[WAKE_UP] = (p, cluster) -> clusters[cluster].wokenUp();
        handlers[REALLOCATE] = (p, a) -> reallocation.handle(arrivals.hasMore());
        handlers[TIMER] = (tag, a) -> observers.timer(tag);
        handlers[CLAIM_START] = claims::activate;
        handlers[CLAIM_END] = claims::expire;
        if (failures != null) {
            handlers[FAILURE] = failures::fail;
            handlers[REPAIR] = failures::repair;
        }
        if (power != null) {
            handlers[POWER_CHECK] = power::check;
            handlers[SWITCHED] = power::switched;
        }
    }

    public Platform platform() {
        return platform;
    }

    /** Runs the whole workload to the last event. */
    public SimulationResult run(JobSource source) {
        long wallStart = System.nanoTime();
        SimulationListener listener = settings.listener;
        ProgressListener progress = settings.progress;
        arrivals.open(source);
        long handled = 0;
        EventQueue q = events;
        PowerManager power = this.power;
        while (q.next()) {
            now = q.time;
            int kind = q.kind;
            try {
                handlers[kind].handle(q.payload, q.arg);
                if (power != null) {
                    power.afterEvent();
                }
                if (listener != null) {
                    listener.eventHandled(now);
                }
            } catch (InputException | SimulationFailure e) {
                throw e; // a workload's bad line names its file and line; a failure is said once
            } catch (RuntimeException e) {
                throw new SimulationFailure(now, during(kind, q.payload, q.arg), problem(e), e);
            }
            // also after every reallocation event: one may take seconds (a heuristic over thousands of waiting
            // jobs), and the progress call is where a monitored run sees that it is cancelled
            if (progress != null && ((++handled & 0xff) == 0 || kind == REALLOCATE)) {
                progress.progress(execution.finished, source.progress(), now);
            }
        }
        checkNothingLeft();
        if (progress != null) {
            progress.progress(execution.finished, 1.0, now);
        }
        SimulationResult result = new SimulationResult(this, source.report(), (System.nanoTime() - wallStart) / 1e9);
        if (reallocation != null) {
            result.reallocations(reallocation.moves, reallocation.events);
        }
        if (source instanceof MergedJobSource merged) {
            result.merged(merged);
        }
        return result;
    }

    /**
     * A failure in words: the engine's own checks of what plugins do ("the meta-scheduler sent job 51 to cluster index
     * 7") are sentences for the user, without Java's class name; anything else keeps its class, which may tell what went
     * wrong (a NullPointerException in a plugin).
     */
    public static String problem(RuntimeException e) {
        StackTraceElement[] trace = e.getStackTrace();
        boolean engineCheck = e instanceof PluginDecision || e.getClass() == IllegalStateException.class && e.getMessage() != null
                && trace.length > 0 && trace[0].getClassName().startsWith("org.gridsched.engine.");
        return engineCheck ? e.getMessage() : e.toString();
    }

    /** The event being handled, in words, for {@link SimulationFailure}. */
    private String during(int kind, Object payload, int arg) {
        return switch (kind) {
            case ARRIVAL -> payload instanceof SimJob j ? "the submission of " + j : "the submission of a job from the workload";
            case END -> "the end of " + payload;
            case OVERRUN -> payload + " reaching its requested time";
            case WAKE_UP -> "a wake-up of the batch policy of " + clusters[arg];
            case REALLOCATE -> "a reallocation";
            case TIMER -> "a controller's timer";
            case CLAIM_START -> "the start of " + (((ClaimHold) payload).declared ? "" : "a controller's ") + payload;
            case CLAIM_END -> "the end of " + (((ClaimHold) payload).declared ? "" : "a controller's ") + payload;
            case FAILURE -> "a failure";
            case REPAIR -> "a repair";
            case POWER_CHECK -> "the power manager's check of " + clusters[arg];
            case SWITCHED -> "the end of a switch of processors on or off";
            default -> "an event of kind " + kind;
        };
    }

    /** With no event left, a waiting or held job can never start: a policy or controller bug. */
    private void checkNothingLeft() {
        for (ClusterRuntime c : clusters) {
            int waiting = c.scheduler.waitingJobs();
            if (waiting > 0) {
                throw new PluginDecisionException(PluginDecision.Decider.BATCH_POLICY, c, "left " + waiting
                        + " job(s) waiting with nothing running at t=" + Numbers.format(now) + " (a policy bug)");
            }
        }
        if (control != null) {
            control.checkNothingLeft();
        }
        checkNoJobLost();
    }

    /**
     * A job given to a cluster's policy that the policy neither started, rejected nor counts as waiting (it dropped
     * it): jobs.csv would list it as completed without a start. A pass over the jobs at the end of the run, only when
     * not every job ended for good (on a million jobs a pass costs a few per cent of a fast run).
     */
    private void checkNoJobLost() {
        if (execution.finished == jobs.size()) {
            return;
        }
        int[] lost = new int[clusters.length];
        List<List<Long>> first = new ArrayList<>();
        for (int c = 0; c < clusters.length; c++) {
            first.add(new ArrayList<>());
        }
        for (SimJob j : jobs) {
            if (j.state == SimJob.WAITING && j.cluster >= 0 && !j.taken && !j.inTransit) {
                if (lost[j.cluster]++ < 5) {
                    first.get(j.cluster).add(j.id());
                }
            }
        }
        for (int c = 0; c < clusters.length; c++) {
            if (lost[c] > 0) {
                List<Long> ids = first.get(c);
                throw new PluginDecisionException(PluginDecision.Decider.BATCH_POLICY, clusters[c], "lost " + lost[c]
                        + " job(s) submitted to it: it never started or rejected them, and does not count them as waiting (job"
                        + (lost[c] > 1 ? "s " : " ") + ids.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                        + (lost[c] > ids.size() ? " and " + (lost[c] - ids.size()) + " more" : "") + "; a policy bug)");
            }
        }
    }

    /** A cluster's speed relative to the speed the workload was recorded at. */
    /**
     * When an instant a plugin asks for (a wake-up, a timer) happens: at its nearest tick ({@link SimTime}), but
     * never now when it asked for a later instant (then one tick later), so that a plugin whose own arithmetic
     * is a few ulps off cannot wake itself at the same instant forever.
     */
    double requestedInstant(double time) {
        double t = SimTime.of(time);
        return t <= now && time > now ? SimTime.add(now, SimTime.RESOLUTION) : t;
    }

    double relativeSpeed(int cluster) {
        return clusters[cluster].spec.speed() / settings.referenceSpeed;
    }
}
