package org.gridsched.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.ReallocationAlgorithm;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.api.workload.WorkloadReader;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.MergedJobSource;
import org.gridsched.engine.Moldable;
import org.gridsched.engine.Platform;
import org.gridsched.engine.ProgressListener;
import org.gridsched.engine.ResultWriter;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.gridsched.launcher.PluginRegistry.Kind;

/** Turns a {@link RunProfile} into a simulation: looks the plugins up by name, runs, writes the results. */
public final class Runner {

    /**
     * What a finished run left behind.
     *
     * @param theory what the queueing-theory model is, when it applies to the run; else null
     */
    public record Outcome(SimulationResult result, Path outputDir, Map<String, Object> summary, String theory) {
    }

    /** The queueing-theory companion of the run, or null when theory does not apply. */
    static BrokeringTheory theory(RunProfile p, Platform platform) {
        try {
            return BrokeringTheory.of(p, platform);
        } catch (BrokeringTheory.NotApplicable e) {
            return null;
        }
    }

    /** Puts the predictions beside the simulated values: clusters.NAME.theory and run.theory_model. */
    @SuppressWarnings("unchecked")
    private static void addTheory(Map<String, Object> summary, BrokeringTheory theory, Platform platform) {
        Map<String, Object> clusters = (Map<String, Object>) summary.get("clusters");
        for (int i = 0; i < platform.size(); i++) {
            ((Map<String, Object>) clusters.get(platform.get(i).name())).put("theory", theory.forCluster(i));
        }
        ((Map<String, Object>) summary.get("run")).put("theory_model", theory.describe());
    }

    private final PluginRegistry registry;
    private RunMonitor monitor;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    private final Path home;

    /**
     * @param home     the gridsched home; default outputs go to {@code home/workspace/results/NAME}
     * @param terminal whether standard error is a terminal (progress bar drawn in place)
     */
    public Runner(PluginRegistry registry, PrintStream out, PrintStream err, boolean terminal, Path home) {
        this.registry = registry;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
        this.home = home;
    }

    /** Reports this runner's progress to {@code monitor}, which can also cancel it. */
    public Runner monitoredBy(RunMonitor monitor) {
        this.monitor = monitor;
        return this;
    }

    /** The progress bar (may be null) plus the monitor, which stops the run when cancelled. */
    private ProgressListener monitored(ProgressBar bar) {
        RunMonitor m = monitor;
        if (m == null) {
            return bar;
        }
        return (finished, fraction, now) -> {
            if (m.cancelled()) {
                throw new RunMonitor.Cancelled();
            }
            m.progress(finished, fraction, now);
            if (bar != null) {
                bar.progress(finished, fraction, now);
            }
        };
    }

    /** Where a run writes: the profile's output, else {@code home/workspace/results/NAME}. */
    static Path outputDir(RunProfile p, Path home) {
        return p.output != null ? p.output : home.resolve("workspace").resolve("results").resolve(p.name);
    }

    public Outcome run(RunProfile p) {
        Path dir = outputDir(p, home);
        if (p.matrix != null) {
            Matrix.Axes axes = Matrix.parse(p.matrix, p, p.name);
            new Matrix(this, err).run(p, axes, dir);
            out.println(p.name + ": matrix results in " + dir.resolve("matrix.csv") + " and " + dir.resolve("tables.md"));
            return null;
        }
        if (!p.reference) {
            return execute(p, dir, null, true);
        }
        if (p.realloc == null) {
            throw new InputException(null, 0, "reference", "a reference run compares reallocation with none; give --realloc (\"realloc\" in the profile)");
        }
        RunProfile ref = p.withoutReallocation();
        Outcome reference = execute(ref, dir.resolve("reference"), null, true);
        return execute(p, dir, reference.result(), true);
    }

    /**
     * One run, written to {@code dir}; compared with {@code reference} when given.
     *
     * @param print print the human summary (off for the many runs of a matrix, which run in parallel)
     */
    Outcome execute(RunProfile p, Path dir, SimulationResult reference, boolean print) {
        PluginUse use = new PluginUse();
        try (JobSource source = openWorkload(p, use)) {
            Platform platform = platform(p, source);
            Map<String, Object> runInfo = p.describe(platform);
            if (p.generator != null) {
                runInfo.put("workload_source", source.describe());
            }
            ProgressBar bar = p.progress ? new ProgressBar(err, terminal, p.name) : null;
            Simulation sim = simulation(p, platform, monitored(bar), use);
            SimulationResult result;
            try {
                result = sim.run(source);
            } finally {
                if (bar != null) {
                    bar.finish();
                }
            }
            Map<String, Object> summary = ResultWriter.summary(result, runInfo);
            summary.put("plugins", new LinkedHashMap<>(use.provenance));
            if (reference != null) {
                summary.put("comparison", Comparison.of(result.jobs(), reference.jobs(), result.reallocations()));
            }
            BrokeringTheory theory = theory(p, platform);
            if (theory != null) {
                addTheory(summary, theory, platform);
            }
            ResultWriter.write(result, summary, dir);
            if (print) {
                printSummary(p, result, dir);
                if (reference != null) {
                    printComparison((Map<?, ?>) summary.get("comparison"));
                }
            }
            return new Outcome(result, dir, summary, theory == null ? null : theory.describe());
        }
    }

    /**
     * The plugins one run uses, looked up once when the run is built: the run keeps these instances to its end
     * even if their bundles are updated or removed meanwhile (see docs/plugin-guide.md). Records which bundle
     * and version supplied each, for {@code summary.json}.
     */
    final class PluginUse {
        final Map<String, String> provenance = new TreeMap<>();

        PluginRegistry.Entry entry(Kind kind, String name, String field) {
            PluginRegistry.Entry e = registry.entry(kind, name, field);
            provenance.put(kind.key() + " " + name, e.provenance());
            return e;
        }
    }

    /** Builds the simulation: a batch scheduler per cluster and the collectors, all looked up by name. */
    Simulation simulation(RunProfile p, Platform platform, ProgressListener progress, PluginUse use) {
        Map<String, BatchPolicy> policies = new HashMap<>();
        Map<String, PluginOptions> policyOptions = new HashMap<>();
        for (int i = 0; i < platform.size(); i++) {
            ClusterSpec c = platform.get(i);
            RunProfile.Choice choice = p.batchOf(i);
            PluginRegistry.Entry e = use.entry(Kind.BATCH, choice.name(), "batch");
            policies.put(c.name(), (BatchPolicy) e.plugin());
            policyOptions.put(c.name(), e.options("batch policy '" + e.name() + "'", choice.options()));
        }
        RunInfo info = runInfo(platform);
        List<Simulation.NamedCollector> collectors = new ArrayList<>();
        for (RunProfile.Choice choice : p.collectors) {
            PluginRegistry.Entry e = use.entry(Kind.COLLECTOR, choice.name(), "collectors");
            PluginOptions opts = e.options("metric collector '" + e.name() + "'", choice.options());
            collectors.add(new Simulation.NamedCollector(e.name(), ((MetricCollector) e.plugin()).create(info, opts)));
        }
        Simulation.Settings settings = new Simulation.Settings();
        if (platform.size() > 1 && policies.values().stream().anyMatch(b -> b.name().equals("easy"))) {
            err.println("gridsched: warning: EASY gives no completion-time guarantee; meta-schedulers that use estimates"
                    + " (mct, olb) see its queue-order plan, which backfilling and later arrivals can change");
        }
        if (p.realloc != null) {
            PluginRegistry.Entry a = use.entry(Kind.REALLOCATION, p.realloc.name(), "realloc");
            SelectionHeuristic heuristic = (SelectionHeuristic) use.entry(Kind.HEURISTIC, p.heuristic.name(), "heuristic").plugin();
            ReallocationAlgorithm algorithm = (ReallocationAlgorithm) a.plugin();
            PluginOptions opts = a.options("reallocation '" + a.name() + "'", p.realloc.options());
            settings.reallocation = grid -> algorithm.create(grid, heuristic, opts);
        }
        RunProfile.Choice metaChoice = p.meta != null ? p.meta : platform.size() > 1 ? RunProfile.Choice.of("mct") : null;
        if (metaChoice != null) {
            PluginRegistry.Entry e = use.entry(Kind.META, metaChoice.name(), "meta");
            MetaScheduler meta = (MetaScheduler) e.plugin();
            PluginOptions opts = e.options("meta-scheduler '" + e.name() + "'", metaChoice.options());
            long seed = p.seedFor("meta");
            settings.router = grid -> meta.create(grid, opts, seed);
        }
        settings.killAtRequestedTime = p.killAtRequestedTime;
        settings.localFraction = p.localFraction;
        settings.localSeed = p.seedFor("local");
        settings.referenceSpeed = p.referenceSpeed;
        settings.moldable = switch (p.moldable) {
            case "none" -> null;
            case "binary" -> Moldable.Search.BINARY;
            case "exhaustive" -> Moldable.Search.EXHAUSTIVE;
            default -> throw new InputException(null, 0, "moldable", "expected none, binary or exhaustive, got '" + p.moldable + "'");
        };
        settings.moldableSeed = p.seedFor("moldable");
        settings.strict = p.strict;
        settings.progress = progress;
        return new Simulation(platform,
                cluster -> policies.get(cluster.name()).create(cluster, policyOptions.get(cluster.name())), collectors, settings);
    }

    JobSource openWorkload(RunProfile p) {
        return openWorkload(p, new PluginUse());
    }

    JobSource openWorkload(RunProfile p, PluginUse use) {
        if (!p.workloadFiles.isEmpty()) {
            if (p.workloadFiles.size() == 1) {
                return openTrace(p, p.workloadFiles.get(0), use);
            }
            MergedJobSource.Clock clock = switch (p.clock) {
                case "zero" -> MergedJobSource.Clock.ZERO;
                case "unix" -> MergedJobSource.Clock.UNIX;
                default -> throw new InputException(null, 0, "clock", "expected zero or unix, got '" + p.clock + "'");
            };
            List<JobSource> sources = new ArrayList<>();
            try {
                for (Path f : p.workloadFiles) {
                    sources.add(openTrace(p, f, use));
                }
                return new MergedJobSource(sources, clock);
            } catch (RuntimeException e) {
                sources.forEach(JobSource::close);
                throw e;
            }
        }
        PluginRegistry.Entry e = use.entry(Kind.GENERATOR, p.generator, "workload.generator");
        return ((WorkloadGenerator) e.plugin()).open(e.options("workload generator '" + e.name() + "'", p.workloadOptions), p.seed);
    }

    private JobSource openTrace(RunProfile p, Path file, PluginUse use) {
        String readerName = p.reader != null ? p.reader : registry.readerFor(file, "workload").name();
        PluginRegistry.Entry entry = use.entry(Kind.READER, readerName, "workload.reader");
        WorkloadReader reader = (WorkloadReader) entry.plugin();
        Map<String, Object> options = new LinkedHashMap<>(p.workloadOptions);
        if (p.strict && !options.containsKey("strict")
                && reader.parameters().stream().anyMatch(x -> x.name().equals("strict"))) {
            options.put("strict", true); // a strict run is strict about malformed lines too
        }
        PluginOptions opts = entry.options("workload reader '" + reader.name() + "'", options);
        try {
            return reader.open(file, opts);
        } catch (NoSuchFileException e) {
            throw new InputException(file.toString(), 0, null, "no such workload file");
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, null, e.getMessage());
        }
    }

    /** The profile's platform, or one cluster sized by the trace header when none is given. */
    static Platform platform(RunProfile p, JobSource source) {
        if (!p.clusters.isEmpty()) {
            List<ClusterSpec> specs = new ArrayList<>();
            for (RunProfile.ClusterEntry c : p.clusters) {
                specs.add(new ClusterSpec(c.name(), c.processors(), c.speed()));
            }
            return new Platform(specs);
        }
        for (String key : List.of("MaxProcs", "MaxNodes")) {
            String v = source.header().get(key);
            if (v != null) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\s*(\\d+)").matcher(v);
                if (m.find() && Long.parseLong(m.group(1)) > 0) {
                    return new Platform(List.of(new ClusterSpec("cluster", Integer.parseInt(m.group(1)), 1.0)));
                }
            }
        }
        throw new InputException(source.describe(), 0, "platform",
                "no platform given and the workload header has no MaxProcs; give one, e.g. --platform cluster:128");
    }

    static RunInfo runInfo(Platform platform) {
        return new RunInfo() {
            @Override
            public int clusterCount() {
                return platform.size();
            }

            @Override
            public String clusterName(int c) {
                return platform.get(c).name();
            }

            @Override
            public int clusterProcessors(int c) {
                return platform.get(c).processors();
            }

            @Override
            public double clusterSpeed(int c) {
                return platform.get(c).speed();
            }
        };
    }

    private void printSummary(RunProfile p, SimulationResult r, Path dir) {
        Map<String, Object> m = r.overall();
        long skipped = r.workload().skippedTotal();
        String policies = p.clusters.isEmpty() || p.clusters.stream().allMatch(c -> c.batch() == null) ? p.batch.name() : "per-cluster policies";
        out.printf("%s: %,d jobs simulated on %s with %s in %.2f s (%,.0f jobs/s)%n", p.name, r.simulated(),
                r.platform(), policies, r.wallSeconds(), r.simulated() / Math.max(r.wallSeconds(), 1e-9));
        StringBuilder counts = new StringBuilder();
        if (skipped > 0) {
            counts.append(String.format(", skipped %,d %s", skipped, r.workload().skipped()));
        }
        if (!r.workload().repaired().isEmpty()) {
            counts.append(", repaired ").append(r.workload().repaired());
        }
        if (r.killed() > 0) {
            counts.append(String.format(", killed at requested time %,d", r.killed()));
        }
        if (counts.length() > 0) {
            out.printf("  read %,d%s%n", r.workload().read(), counts);
        }
        Map<String, String> parts = new LinkedHashMap<>();
        put(parts, "makespan", m.get("makespan"), "%.0f s");
        put(parts, "mean wait", m.get("mean_wait"), "%.1f s");
        put(parts, "median wait", m.get("median_wait"), "%.1f s");
        put(parts, "max wait", m.get("max_wait"), "%.0f s");
        put(parts, "mean response", m.get("mean_response_time"), "%.1f s");
        put(parts, "mean slowdown", m.get("mean_slowdown"), "%.2f");
        put(parts, "mean bounded slowdown", m.get("mean_bounded_slowdown"), "%.2f");
        if (m.get("utilization") instanceof Number u) {
            parts.put("utilization", String.format("%.1f %%", 100 * u.doubleValue()));
        }
        if (!parts.isEmpty()) {
            StringBuilder sb = new StringBuilder(" ");
            parts.forEach((k, v) -> sb.append(' ').append(k).append(' ').append(v).append(';'));
            sb.setLength(sb.length() - 1);
            out.println(sb);
        }
        out.println("  results: " + dir.resolve("jobs.csv") + ", " + dir.resolve("summary.json"));
    }

    private void printComparison(Map<?, ?> c) {
        out.printf("  against the reference without reallocation: %.2f %% of jobs impacted, reallocations %.2f %% of jobs,"
                + " %.2f %% of impacted jobs finish earlier, relative average response time %.3f%n",
                c.get("jobs_impacted_percent"), c.get("reallocations_percent"), c.get("impacted_finishing_earlier_percent"),
                c.get("relative_average_response_time"));
    }

    private static void put(Map<String, String> parts, String label, Object v, String fmt) {
        if (v instanceof Number n && !Double.isNaN(n.doubleValue())) {
            parts.put(label, String.format(fmt, n.doubleValue()));
        }
    }
}
