package org.gridsched.engine;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.metrics.Report;
import org.gridsched.api.workload.WorkloadReport;

/** What a run produced: every job with its outcome, the workload's counts, and the collectors' metrics. */
public final class SimulationResult {
    private final Platform platform;
    private final List<SimJob> jobs;
    private final WorkloadReport workload;
    private final long simulated;
    private final long killed;
    private final Map<String, Object> overall = new LinkedHashMap<>();
    private final List<Map<String, Object>> perCluster = new ArrayList<>();
    private final Map<String, String> keyOwner = new LinkedHashMap<>();
    /** Extra files by name: collectors' texts, and the engine's own files kept as built (no copy of a large one). */
    private final Map<String, CharSequence> files = new LinkedHashMap<>();
    private final double wallSeconds;
    private final long[] simulatedPerCluster;
    private final long[] killedPerCluster;
    private long reallocations;
    private long reallocationEvents;
    private MergedJobSource merged;

    SimulationResult(Simulation sim, WorkloadReport workload, double wallSeconds) {
        this.platform = sim.platform;
        this.jobs = Collections.unmodifiableList(sim.jobs);
        this.workload = workload;
        this.simulated = sim.execution.finished;
        this.killed = sim.execution.walltimeKills;
        this.controllerKills = sim.execution.controllerKills;
        this.requeues = sim.execution.requeues;
        this.multiClusterJobs = sim.execution.multiCluster;
        this.claimedIdleSeconds = sim.claims.idleSeconds.clone();
        this.localJobs = sim.arrivals.localUsers.count;
        Map<String, Long> rejected = sim.control == null ? new LinkedHashMap<>() : new LinkedHashMap<>(sim.control.rejected);
        sim.policyRejections.forEach((reason, n) -> rejected.merge(reason, n, Long::sum));
        this.rejectedByReason = rejected;
        this.wallSeconds = wallSeconds;
        this.estimated = sim.placement.estimated.clone();
        for (int i = 0; i < platform.size(); i++) {
            perCluster.add(new LinkedHashMap<>());
        }
        for (ClusterRuntime c : sim.clusters) {
            Map<String, Long> counters = new LinkedHashMap<>(c.scheduler.counters());
            if (sim.groupReservations.any(c.index)) {
                counters.put("started_in_group_reservations", sim.groupReservations.started[c.index]);
            }
            policyCounters.add(Collections.unmodifiableMap(counters));
        }
        if (sim.energy != null || sim.failures != null || sim.power != null) {
            double[] window = window(sim); // one pass over the jobs for the three
            energy(sim, window);
            failures(sim, window);
            if (sim.failures != null || sim.power != null) {
                // the simulation's last event may come long after the last job (a failure model's next event, a
                // policy's wake-up for the far end of the off processors' hold): off periods end with the energy window
                files.put("unavailable.csv", kept(Outages.csv(sim, window[1])));
            }
        }
        simulatedPerCluster = sim.execution.finishedOn.clone();
        killedPerCluster = sim.execution.walltimeKillsOn.clone();
        List<Simulation.NamedCollector> collectors = sim.collectors;
        for (Simulation.NamedCollector nc : collectors) {
            nc.collector().report(new Report() {
                @Override
                public void overall(String key, Object value) {
                    checkMetric(nc.name(), key, value);
                    claim(nc.name(), "", key);
                    overall.put(key, value);
                }

                @Override
                public void cluster(int cluster, String key, Object value) {
                    checkMetric(nc.name(), key, value);
                    claim(nc.name(), "cluster " + cluster + " ", key);
                    perCluster.get(cluster).put(key, value);
                }

                @Override
                public void file(String fileName, String content) {
                    if (!fileName.matches("[A-Za-z0-9._-]+") || fileName.equals("jobs.csv") || fileName.equals("summary.json")) {
                        throw new IllegalStateException("metric collector '" + nc.name() + "' may not write a file named '" + fileName + "'");
                    }
                    claim(nc.name(), "file ", fileName);
                    files.put(fileName, content);
                }
            });
        }
    }

    /** Energy (and carbon) per cluster and over the platform, over [first submission, last end]; null without a power model. */
    private List<Map<String, Object>> energyPerCluster;
    private Map<String, Object> energyOverall;
    private boolean carbon;

    private void energy(Simulation sim, double[] window) {
        EnergyMeter meter = sim.energy;
        if (meter == null) {
            return;
        }
        double from = window[0];
        double to = window[1];
        carbon = meter.carbon();
        energyPerCluster = new ArrayList<>();
        energyOverall = new LinkedHashMap<>();
        for (int c = 0; c < platform.size(); c++) {
            Map<String, Object> m = meter.cluster(c, platform.get(c).processors(), from, to, sim.failures, sim.power);
            energyPerCluster.add(Collections.unmodifiableMap(m));
            for (Map.Entry<String, Object> e : m.entrySet()) {
                energyOverall.merge(e.getKey(), e.getValue(), (a, b) -> a instanceof Long x ? (Object) (x + (Long) b)
                        : (Object) ((Double) a + (Double) b));
            }
        }
        energyOverall.put("energy_window_start", from);
        energyOverall.put("energy_window_end", to);
        if (sim.power != null) {
            files.put("power.csv", kept(sim.power.timeline));
        }
        files.put("energy.csv", EnergySeries.csv(sim, from, to));
    }

    private List<Map<String, Object>> failuresPerCluster;
    private Map<String, Object> failuresOverall;

    /**
     * Failures, kills, lost and unavailable processor-seconds and availability over [first submission, last end]. The
     * failures counted are those whose outage overlaps that window, as the unavailable processor-seconds are clipped to
     * it; the others (a trace's events after the last job's end, say) are counted apart, only when there are any.
     */
    private void failures(Simulation sim, double[] window) {
        Failures f = sim.failures;
        if (f == null) {
            return;
        }
        failuresPerCluster = new ArrayList<>();
        failuresOverall = new LinkedHashMap<>();
        long failures = 0;
        long outside = 0;
        long kills = 0;
        double lost = 0;
        double unavailable = 0;
        double capacity = 0;
        for (int c = 0; c < platform.size(); c++) {
            Map<String, Object> m = new LinkedHashMap<>();
            double down = f.downSeconds(c, window[0], window[1]);
            double cap = platform.get(c).processors() * (window[1] - window[0]);
            long within = f.failuresWithin(c, window[0], window[1]);
            m.put("failures", within);
            if (f.failures[c] > within) { // only then: summaries of runs whose failures all fall in the window unchanged
                m.put("failures_outside_window", f.failures[c] - within);
            }
            m.put("failure_kills", f.kills[c]);
            m.put("lost_processor_seconds", f.lostSeconds[c]);
            m.put("unavailable_processor_seconds", down);
            m.put("availability", cap > 0 ? 1 - down / cap : 1.0);
            failuresPerCluster.add(Collections.unmodifiableMap(m));
            failures += within;
            outside += f.failures[c] - within;
            kills += f.kills[c];
            lost += f.lostSeconds[c];
            unavailable += down;
            capacity += cap;
        }
        failuresOverall.put("failures", failures);
        if (outside > 0) {
            failuresOverall.put("failures_outside_window", outside);
        }
        failuresOverall.put("failure_kills", kills);
        failuresOverall.put("failed_jobs", f.failedJobs);
        failuresOverall.put("failure_resubmissions", f.resubmissions);
        failuresOverall.put("lost_processor_seconds", lost);
        failuresOverall.put("unavailable_processor_seconds", unavailable);
        failuresOverall.put("availability", capacity > 0 ? 1 - unavailable / capacity : 1.0);
        if (f.withoutEffect > 0) { // only then: summaries of earlier failure runs unchanged
            failuresOverall.put("trace_events_without_effect", f.withoutEffect);
            failuresOverall.put("trace_events_without_effect_examples", List.copyOf(f.withoutEffectExamples));
        }
        if (sim.claims.broken > 0 || sim.claims.shrunk > 0) { // only then: summaries of earlier failure runs unchanged
            failuresOverall.put("claims_broken", sim.claims.broken);
            failuresOverall.put("reservations_started_short", sim.claims.shrunk);
        }
        files.put("availability.csv", kept(f.timeline));
    }

    /**
     * A file the engine built, kept as it is: a builder grown by doubling may hold up to twice its text, so it is
     * trimmed to its length (one copy, where a string of it would also have been one) before the result keeps it.
     */
    private static CharSequence kept(CharSequence text) {
        if (text instanceof StringBuilder sb) {
            sb.trimToSize();
        }
        return text;
    }

    /** [first submission, last end] of the jobs that ran; [0, 0] if none did. */
    private static double[] window(Simulation sim) {
        double from = Double.POSITIVE_INFINITY;
        double to = Double.NEGATIVE_INFINITY;
        for (SimJob j : sim.jobs) {
            if (j.finish == j.finish) {
                from = Math.min(from, j.submit);
                to = Math.max(to, j.finish);
            }
        }
        return from > to ? new double[] {0, 0} : new double[] {from, to};
    }

    private final boolean[] estimated;

    /**
     * Whether a plugin of the run (a meta-scheduler, a reallocation algorithm, a controller) asked the cluster's batch
     * policy for a completion or start estimate ({@code Grid.estimateCompletion}, {@code estimateStart}).
     */
    public boolean estimatesAskedOf(int cluster) {
        return estimated[cluster];
    }

    /** Whether the run had processor failures: summary.json then has their metrics. */
    public boolean hasFailures() {
        return failuresOverall != null;
    }

    /** Failure metrics over the platform, or an empty map. */
    public Map<String, Object> failures() {
        return failuresOverall == null ? Map.of() : Collections.unmodifiableMap(failuresOverall);
    }

    /** Failure metrics of one cluster, or an empty map. */
    public Map<String, Object> failures(int cluster) {
        return failuresPerCluster == null ? Map.of() : failuresPerCluster.get(cluster);
    }

    /** Whether the run had a power model: jobs.csv then has {@code consumed_energy}, summary.json the energy. */
    public boolean hasEnergy() {
        return energyOverall != null;
    }

    /** Whether the run had carbon-intensity series: jobs.csv then has a {@code carbon} column. */
    public boolean hasCarbon() {
        return carbon;
    }

    /** Energy and carbon over the platform ({@code energy_joules}, ...), or an empty map without a power model. */
    public Map<String, Object> energy() {
        return energyOverall == null ? Map.of() : Collections.unmodifiableMap(energyOverall);
    }

    /** Energy and carbon of one cluster, or an empty map without a power model. */
    public Map<String, Object> energy(int cluster) {
        return energyPerCluster == null ? Map.of() : energyPerCluster.get(cluster);
    }

    /**
     * A metric is a named number, text, boolean, list or map of those (what summary.json holds): another object would be
     * written as its {@code toString()}, which may differ from run to run ({@code java.lang.Object@61afa06b}).
     */
    private static void checkMetric(String collector, String key, Object value) {
        if (key == null || key.isBlank()) {
            throw new IllegalStateException("metric collector '" + collector + "' reports a metric without a name");
        }
        String bad = unwritable(value);
        if (bad != null) {
            throw new IllegalStateException("metric collector '" + collector + "' reports '" + key + "' as a " + bad
                    + "; a metric is a number, text, boolean, or a list or map of those");
        }
    }

    /** The class of what summary.json cannot hold in {@code v}, or null if it can hold all of it. */
    private static String unwritable(Object v) {
        if (v == null || v instanceof Number || v instanceof CharSequence || v instanceof Boolean || v instanceof Enum<?>) {
            return null;
        }
        if (v instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!(e.getKey() instanceof String || e.getKey() instanceof Number)) {
                    return "map with a key of " + (e.getKey() == null ? "null" : e.getKey().getClass().getName());
                }
                String bad = unwritable(e.getValue());
                if (bad != null) {
                    return bad;
                }
            }
            return null;
        }
        if (v instanceof Collection<?> c) {
            for (Object x : c) {
                String bad = unwritable(x);
                if (bad != null) {
                    return bad;
                }
            }
            return null;
        }
        return v.getClass().getName();
    }

    /** Two collectors writing the same key would silently overwrite each other: refuse it. */
    private void claim(String collector, String scope, String key) {
        String previous = keyOwner.putIfAbsent(scope + key, collector);
        if (previous != null && !previous.equals(collector)) {
            throw new IllegalStateException("metric collectors '" + previous + "' and '" + collector
                    + "' both report '" + key + "'");
        }
    }

    private final long localJobs;
    private final long controllerKills;
    private final long requeues;
    private final long multiClusterJobs;
    private final double[] claimedIdleSeconds;
    /** Per cluster, what its batch policy counted ({@link org.gridsched.api.batch.BatchScheduler#counters()}). */
    private final List<Map<String, Long>> policyCounters = new ArrayList<>();
    private final Map<String, Long> rejectedByReason;

    /** Jobs given up by controllers without running, by reason (empty when none). */
    public Map<String, Long> rejectedByReason() {
        return Collections.unmodifiableMap(rejectedByReason);
    }

    /** Jobs given up by controllers without running. */
    public long rejected() {
        long n = 0;
        for (long v : rejectedByReason.values()) {
            n += v;
        }
        return n;
    }


    /** Jobs killed for good by a controller. */
    public long controllerKills() {
        return controllerKills;
    }

    /** Kills by a controller after which the job arrived again. */
    public long requeues() {
        return requeues;
    }

    void merged(MergedJobSource source) {
        this.merged = source;
    }

    /** The merged workload the jobs came from (which trace, which id there), or null for a single source. */
    public MergedJobSource mergedSource() {
        return merged;
    }

    /** Jobs that ran on parts of several clusters at once. */
    public long multiClusterJobs() {
        return multiClusterJobs;
    }

    /** Processor-seconds of a cluster claimed by controllers and used by no job. */
    /** What the batch policy of a cluster counted over the run; empty for most policies. */
    public Map<String, Long> policyCounters(int cluster) {
        return policyCounters.get(cluster);
    }

    public double claimedIdleSeconds(int cluster) {
        return claimedIdleSeconds[cluster];
    }

    /** Jobs submitted by local users straight to their home cluster. */
    public long localJobs() {
        return localJobs;
    }

    void reallocations(long moves, long events) {
        this.reallocations = moves;
        this.reallocationEvents = events;
    }

    /** Moves of jobs to another cluster by reallocation. */
    public long reallocations() {
        return reallocations;
    }

    /** Reallocation events that took place. */
    public long reallocationEvents() {
        return reallocationEvents;
    }

    /**
     * Extra output files by file name (collectors', availability.csv, unavailable.csv, energy.csv, power.csv), as
     * strings: a copy of the texts, made at each call.
     */
    public Map<String, String> files() {
        Map<String, String> texts = new LinkedHashMap<>();
        files.forEach((name, text) -> texts.put(name, text.toString()));
        return Collections.unmodifiableMap(texts);
    }

    /** The extra files' texts as kept, for {@link ResultWriter} to write without copying them first. */
    Map<String, CharSequence> fileTexts() {
        return Collections.unmodifiableMap(files);
    }

    public Platform platform() {
        return platform;
    }

    /** Jobs in arrival order. */
    public List<SimJob> jobs() {
        return jobs;
    }

    public WorkloadReport workload() {
        return workload;
    }

    public long simulated() {
        return simulated;
    }

    public long killed() {
        return killed;
    }

    /** Metrics over the whole platform, in the order collectors reported them. */
    public Map<String, Object> overall() {
        return Collections.unmodifiableMap(overall);
    }

    public Map<String, Object> cluster(int i) {
        return Collections.unmodifiableMap(perCluster.get(i));
    }

    /** Wall-clock seconds the event loop took. */
    public double wallSeconds() {
        return wallSeconds;
    }

    public long killedOn(int cluster) {
        return killedPerCluster[cluster];
    }

    public long simulatedOn(int cluster) {
        return simulatedPerCluster[cluster];
    }
}
