package org.gridsched.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
    /** Empty: one cluster sized by the trace header (MaxProcs). */
    public List<ClusterEntry> clusters = new ArrayList<>();
    public Choice batch = Choice.of("easy");
    /** The meta-scheduler deciding where jobs go; with several clusters and none given, MCT. */
    public Choice meta;
    /** The reallocation algorithm moving waiting jobs between clusters; null = none. */
    public Choice realloc;
    /** The selection heuristic driving the reallocation algorithm. */
    public Choice heuristic = Choice.of("mct");
    /** Also run the reference (no reallocation) and compare. */
    public boolean reference;
    /** Non-dedicated platform: the fraction of jobs their cluster's local users submit directly (one trace per cluster). */
    public double localFraction;
    /** Moldable jobs: "none" (rigid), "binary" or "exhaustive" search of the size by the servers. */
    public String moldable = "none";
    /** The speed the workload's runtimes were recorded at (1 = the speed-1 clusters). */
    public double referenceSpeed = 1.0;
    /** An experiment matrix (see {@link Matrix}); null for a single run. */
    public Map<String, Object> matrix;
    /** The matrix's workload axis: name → a profile holding only that workload; empty = the profile's own. */
    public Map<String, RunProfile> matrixWorkloads = new java.util.LinkedHashMap<>();

    /** Takes the workload of another profile (files, clock, reader, generator, options). */
    void useWorkloadOf(RunProfile w) {
        workloadFiles = w.workloadFiles;
        clock = w.clock;
        reader = w.reader;
        generator = w.generator;
        workloadOptions = w.workloadOptions;
    }
    /** A trace file (with an optional reader name) or a generator. */
    /** Trace files; several are merged in time (one per cluster's users, say). Empty with a generator. */
    public List<Path> workloadFiles = List.of();
    /** How several traces' clocks are aligned: "zero" (each starts at 0) or "unix" (UnixStartTime). */
    public String clock = "zero";
    public String reader;
    public String generator;
    public Map<String, Object> workloadOptions = Map.of();
    public List<Choice> collectors = new ArrayList<>(List.of(Choice.of("jobs"), Choice.of("utilization")));
    public long seed = 1;
    public boolean killAtRequestedTime = true;
    public boolean strict = false;
    public boolean progress = true;
    /** Null: {@code workspace/results/NAME} under the gridsched home. */
    public Path output;

    /** The batch policy of cluster {@code i}: its own choice, else the profile-wide one. */
    public Choice batchOf(int i) {
        return clusters.isEmpty() || clusters.get(i).batch() == null ? batch : clusters.get(i).batch();
    }

    /** The same run without reallocation, named NAME-reference: the baseline of a comparison. */
    public RunProfile withoutReallocation() {
        RunProfile r = new RunProfile();
        r.name = name + "-reference";
        r.clusters = clusters;
        r.batch = batch;
        r.meta = meta;
        r.workloadFiles = workloadFiles;
        r.clock = clock;
        r.reader = reader;
        r.generator = generator;
        r.workloadOptions = workloadOptions;
        r.collectors = collectors;
        r.seed = seed;
        r.killAtRequestedTime = killAtRequestedTime;
        r.strict = strict;
        r.progress = progress;
        r.localFraction = localFraction;
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
            cm.put("batch", b.describe());
            platform.add(cm);
        }
        m.put("platform", platform);
        if (meta != null) {
            m.put("meta", meta.describe());
        } else if (actual.size() > 1) {
            m.put("meta", "mct");
        }
        if (realloc != null) {
            m.put("realloc", realloc.describe());
            m.put("heuristic", heuristic.describe());
        }
        Map<String, Object> w = new LinkedHashMap<>();
        if (!workloadFiles.isEmpty()) {
            if (workloadFiles.size() == 1) {
                w.put("file", workloadFiles.get(0).getFileName().toString());
            } else {
                List<String> names = new ArrayList<>();
                workloadFiles.forEach(f -> names.add(f.getFileName().toString()));
                w.put("files", names);
                w.put("clock", clock);
            }
            if (reader != null) {
                w.put("reader", reader);
            }
        } else {
            w.put("generator", generator);
        }
        w.put("options", new java.util.TreeMap<>(workloadOptions));
        m.put("workload", w);
        List<Object> cs = new ArrayList<>();
        for (Choice c : collectors) {
            cs.add(c.describe());
        }
        m.put("collectors", cs);
        if (localFraction > 0) {
            m.put("local_fraction", localFraction);
        }
        if (!moldable.equals("none")) {
            m.put("moldable", moldable);
        }
        if (referenceSpeed != 1.0) {
            m.put("reference_speed", referenceSpeed);
        }
        m.put("seed", seed);
        m.put("kill_at_requested_time", killAtRequestedTime);
        m.put("strict", strict);
        return m;
    }
}
