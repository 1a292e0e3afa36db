package org.gridsched.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * Everything one simulation run needs, whether it came from a JSON profile ({@link ProfileParser}) or from
 * {@code gridsched simulate} options ({@link Cli}): each command-line option has a profile key.
 */
public final class RunProfile {

    /** A plugin chosen by name, with its options. */
    public record Choice(String name, Map<String, Object> options) {
        public Choice {
            options = options == null ? Map.of() : Map.copyOf(new LinkedHashMap<>(options));
        }

        public static Choice of(String name) {
            return new Choice(name, Map.of());
        }

        Object describe() {
            if (options.isEmpty()) {
                return name;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name);
            m.put("options", new java.util.TreeMap<>(options));
            return m;
        }
    }

    /** One cluster; {@code batch} null means the profile-wide policy. */
    public record ClusterEntry(String name, int processors, double speed, Choice batch) {
    }

    public String name = "run";
    /**
     * The profile file it was read from (absolute, normalised); null for a run from the command line. With the name, it
     * says which run owns an output folder ({@link OutputRecord#originOf}).
     */
    public Path profileFile;
    /** The profile file as the command line named it, for error messages; null for a run from the command line. */
    public String profileSource;
    /**
     * The option that gave the output folder ({@code --out}), which an error about the folder names; null when the
     * profile gives it ({@code "output"}, or by default its name), whose file and key such an error names instead.
     */
    public String outputOption;
    /** Where the plugins' options given here come from, as summary.json's run.plugin_options names it. */
    public String optionsFrom = "profile";
    /** Empty: one cluster sized by the trace header (MaxProcs). */
    public List<ClusterEntry> clusters = new ArrayList<>();
    /**
     * The plugins chosen by kind (profile-wide; a cluster's own batch policy is in {@link #clusters}). A kind not
     * here takes its default ({@code defaults.json}); an empty list chooses none.
     */
    private final Map<Kind, List<Choice>> chosen = new EnumMap<>(Kind.class);
    /** Also run the reference (no reallocation) and compare. */
    public boolean reference;
    /** Non-dedicated platform: the fraction of jobs their cluster's local users submit directly (one trace per cluster). */
    public double localFraction;
    /** A run whose workload lost more than this share of its jobs (skipped lines and jobs) fails. */
    public double maxSkippedFraction = DEFAULT_MAX_SKIPPED_FRACTION;
    public static final double DEFAULT_MAX_SKIPPED_FRACTION = 0.5;
    /** Moldable jobs: "none" (rigid), "binary" or "exhaustive" search of the size by the servers. */
    public String moldable = "none";
    /**
     * The network links between the platform's clusters, as the profile's {@code links} key declares them (a list of
     * {from, to, bandwidth, latency, symmetric}; see {@code org.gridsched.engine.Links}), or null: moving data is free.
     */
    public Object links;
    /** Processors held over time windows ({@code reservations}; see {@link ReservationsKey}), or null. */
    public Object reservations;
    /** The power model ({@code power}; see {@link EnergyKeys}), or null: no energy measured. */
    public Object power;
    /** Carbon intensities ({@code carbon}; see {@link EnergyKeys}), or null; files relative to {@link #carbonBase}. */
    public Object carbon;
    public java.nio.file.Path carbonBase;
    /** Processor failures ({@code failures}; see {@link FailuresKey}), or null; files relative to {@link #carbonBase}. */
    public Object failures;
    /** Power management ({@code power_management}; see {@link EnergyKeys#management}), or null. */
    public Object powerManagement;
    /** The speed the workload's runtimes were recorded at (1 = the speed-1 clusters). */
    public double referenceSpeed = 1.0;
    /** An experiment matrix (see {@link MatrixAxes}; run by the experiments bundle); null for a single run. */
    public Map<String, Object> matrix;
    /** The matrix's workload axis: name → a profile holding only that workload; empty = the profile's own. */
    public Map<String, RunProfile> matrixWorkloads = new java.util.LinkedHashMap<>();

    /** Takes the workload of another profile (files, clock, reader, generator, options). */
    public void useWorkloadOf(RunProfile w) {
        workloadFiles = w.workloadFiles;
        workloadFilesAsGiven = w.workloadFilesAsGiven;
        clock = w.clock;
        reader = w.reader;
        generator = w.generator;
        workloadOptions = w.workloadOptions;
    }
    /** A trace file (with an optional reader name) or a generator. */
    /** Trace files; several are merged in time (one per cluster's users, say). Empty with a generator. */
    public List<Path> workloadFiles = List.of();
    /**
     * The trace files as the profile or command line wrote them (relative to the profile's folder, say), for
     * summary.json's {@code run.workload.path}: the resolved paths would name the checkout, and the same profile
     * in another folder would give another summary. Empty: the file names are shown.
     */
    public List<String> workloadFilesAsGiven = List.of();
    /** How several traces' clocks are aligned: "zero" (each starts at 0) or "unix" (UnixStartTime). */
    public String clock = "zero";
    public String reader;
    public String generator;
    public Map<String, Object> workloadOptions = Map.of();
    public long seed = 1;
    public boolean killAtRequestedTime = true;
    public boolean strict = false;
    public boolean progress = true;
    /** Write report.html (and images, schedule.json) at the end: "report" key, --report (not a result: not in summary.json). */
    public boolean report;
    /** {@code --quiet}: no progress, no summary, no warnings; only errors are printed. */
    public boolean quiet = false;
    /** Null: {@code workspace/results/NAME} under the gridsched home. */
    public Path output;
    /** Clear an output folder that holds other results instead of refusing it (--force). */
    public boolean force;

    /** Chooses the plugins of a kind (an empty list: none), replacing its default. */
    public void choose(Kind kind, List<Choice> choices) {
        chosen.put(kind, List.copyOf(choices));
    }

    /** Chooses one plugin of a kind, replacing its default; null chooses none. */
    public void choose(Kind kind, Choice choice) {
        choose(kind, choice == null ? List.of() : List.of(choice));
    }

    /** Whether the profile chose plugins of that kind itself (rather than leaving it to the default). */
    public boolean chose(Kind kind) {
        return chosen.containsKey(kind);
    }

    /**
     * The plugins of a kind a run on {@code clusterCount} clusters uses, profile-wide: the profile's choice, else
     * the kind's default for such a platform. A kind chosen only with another ({@link Kind#onlyWith}) is empty
     * without it.
     */
    public List<Choice> choices(Kind kind, int clusterCount) {
        if (kind.onlyWith() != null && choices(kind.onlyWith(), clusterCount).isEmpty()) {
            return List.of();
        }
        if (chosen.containsKey(kind)) {
            return chosen.get(kind);
        }
        return clusterCount > 1 ? Defaults.choicesOnSeveralClusters(kind) : Defaults.choices(kind);
    }

    /** The first of {@link #choices}, or null. */
    public Choice choice(Kind kind, int clusterCount) {
        List<Choice> c = choices(kind, clusterCount);
        return c.isEmpty() ? null : c.get(0);
    }

    /** The profile-wide choice of a kind whatever the platform, or null (e.g. the batch policy). */
    public Choice choice(Kind kind) {
        return choice(kind, 1);
    }

    /** The study this profile is (instead of one simulation), or null. */
    public Choice study() {
        List<Choice> c = chosen.get(Kind.STUDY);
        return c == null || c.isEmpty() ? null : c.get(0);
    }

    /** The batch policy of cluster {@code i}: its own choice, else the profile-wide one. */
    public Choice batchOf(int i) {
        return clusters.isEmpty() || clusters.get(i).batch() == null ? choice(Kind.BATCH) : clusters.get(i).batch();
    }

    /** The same run without reallocation, named NAME-reference: the baseline of a comparison. */
    public RunProfile withoutReallocation() {
        RunProfile r = oneRun();
        r.name = name + "-reference";
        r.chosen.remove(Kind.REALLOCATION);
        return r;
    }

    /**
     * The same single run (the settings of one simulation, without {@code matrix}, {@code reference} and
     * {@code output}): what an experiment matrix varies cell by cell.
     */
    public RunProfile oneRun() {
        RunProfile r = new RunProfile();
        r.name = name;
        r.profileFile = profileFile;
        r.optionsFrom = optionsFrom;
        r.clusters = clusters;
        r.links = links;
        r.reservations = reservations;
        r.power = power;
        r.carbon = carbon;
        r.carbonBase = carbonBase;
        r.failures = failures;
        r.powerManagement = powerManagement;
        r.chosen.putAll(chosen);
        r.workloadFiles = workloadFiles;
        r.workloadFilesAsGiven = workloadFilesAsGiven;
        r.clock = clock;
        r.reader = reader;
        r.generator = generator;
        r.workloadOptions = workloadOptions;
        r.seed = seed;
        r.killAtRequestedTime = killAtRequestedTime;
        r.strict = strict;
        r.progress = progress;
        r.report = report;
        r.quiet = quiet;
        r.localFraction = localFraction;
        r.maxSkippedFraction = maxSkippedFraction;
        r.referenceSpeed = referenceSpeed;
        r.moldable = moldable;
        return r;
    }

    /**
     * The seed of one consumer of randomness in the run (generator, meta-scheduler, ...): the run's seed
     * mixed with the consumer's name (SplitMix64 finaliser), so that streams are independent and adding a
     * consumer does not shift the others.
     */
    public long seedFor(String consumer) {
        long z = seed + consumer.hashCode() * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * The effective settings, as recorded in summary.json (deterministic: no times, no absolute paths).
     *
     * @param actual the platform used, which may come from the trace header
     */
    public Map<String, Object> describe(org.gridsched.engine.Platform actual) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        List<Object> platform = new ArrayList<>();
        for (int i = 0; i < actual.size(); i++) {
            var c = actual.get(i);
            Choice b = batchOf(i);
            Map<String, Object> cm = new LinkedHashMap<>();
            cm.put("name", c.name());
            cm.put("processors", c.processors());
            cm.put("speed", c.speed());
            cm.put(Kind.BATCH.profileKey(), b.describe());
            platform.add(cm);
        }
        m.put("platform", platform);
        boolean workloadDescribed = false;
        for (Kind kind : Kind.values()) {
            switch (kind.choosing()) {
                case PER_CLUSTER, EXPERIMENT -> {
                    // described with each cluster of the platform; an experiment's runs describe themselves
                }
                case WORKLOAD -> {
                    if (!workloadDescribed) {
                        m.put("workload", describeWorkload());
                        workloadDescribed = true;
                    }
                }
                case ONE, ONE_OR_NONE -> {
                    Choice c = choice(kind, actual.size());
                    if (c != null) {
                        m.put(kind.profileKey(), c.describe());
                    }
                }
                case MANY -> {
                    // kinds that run by default are always shown (even when none is chosen), others when chosen
                    List<Choice> list = choices(kind, actual.size());
                    if (!list.isEmpty() || !Defaults.choices(kind).isEmpty()) {
                        List<Object> cs = new ArrayList<>();
                        list.forEach(c -> cs.add(c.describe()));
                        m.put(kind.profileKey(), cs);
                    }
                }
            }
        }
        if (localFraction > 0) {
            m.put("local_fraction", localFraction);
        }
        if (!moldable.equals("none")) {
            m.put("moldable", moldable);
        }
        if (referenceSpeed != 1.0) {
            m.put("reference_speed", referenceSpeed);
        }
        if (power != null) {
            m.put(EnergyKeys.POWER, power);
        }
        if (carbon != null) {
            m.put(EnergyKeys.CARBON, carbon);
        }
        if (powerManagement != null) {
            m.put(EnergyKeys.MANAGEMENT, powerManagement);
        }
        if (failures != null) {
            m.put(FailuresKey.KEY, failures);
        }
        m.put("seed", seed);
        m.put("kill_at_requested_time", killAtRequestedTime);
        m.put("strict", strict);
        m.put("build", BuildInfo.current());
        return m;
    }

    private Map<String, Object> describeWorkload() {
        Map<String, Object> w = new LinkedHashMap<>();
        if (!workloadFiles.isEmpty()) {
            List<String> names = new ArrayList<>();
            List<String> paths = new ArrayList<>();
            List<String> digests = new ArrayList<>();
            for (int i = 0; i < workloadFiles.size(); i++) {
                Path f = workloadFiles.get(i);
                names.add(f.getFileName().toString());
                paths.add(i < workloadFilesAsGiven.size() ? workloadFilesAsGiven.get(i) : f.getFileName().toString());
                digests.add(WorkloadDigests.sha256(f));
            }
            boolean one = workloadFiles.size() == 1;
            w.put(one ? "file" : "files", one ? names.get(0) : names);
            if (!one) {
                w.put("clock", clock);
            }
            if (reader != null) {
                w.put("reader", reader);
            }
            // where the trace was and which bytes it held: a result can be traced to its exact input
            w.put(one ? "path" : "paths", one ? paths.get(0) : paths);
            w.put("sha256", one ? digests.get(0) : digests);
        } else {
            w.put("generator", generator);
        }
        w.put("options", new java.util.TreeMap<>(workloadOptions));
        return w;
    }
}
