package org.gridsched.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.api.workload.WorkloadReader;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.MergedJobSource;
import org.gridsched.engine.Moldable;
import org.gridsched.engine.Platform;
import org.gridsched.engine.ProgressListener;
import org.gridsched.engine.Numbers;
import org.gridsched.engine.ResultWriter;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.gridsched.engine.report.CollectorSections;
import org.gridsched.engine.report.Comparison;
import org.gridsched.engine.report.JobCounts;
import org.gridsched.engine.report.RunReport;
import org.gridsched.launcher.PluginRegistry.Kind;

/** Turns a {@link RunProfile} into a simulation: looks the plugins up by name, runs, writes the results. */
public final class Runner {

    /**
     * What a finished run left behind.
     *
     * @param report what {@code summary.json} holds, as records
     */
    public record Outcome(SimulationResult result, Path outputDir, RunReport report) {
        /** What the queueing-theory model is, when it applies to the run; else null. */
        public String theory() {
            return report.theory() == null ? null : report.theory().model();
        }
    }

    /** The queueing-theory companion of the run, or null when theory does not apply. */
    static BrokeringTheory theory(RunProfile p, Platform platform) {
        try {
            return BrokeringTheory.of(p, platform);
        } catch (BrokeringTheory.NotApplicable e) {
            return null;
        }
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

    /** Where a run writes: the profile's output, else {@code WORKSPACE/results/NAME} (see {@link #workspace}). */
    static Path outputDir(RunProfile p, Path home) {
        return p.output != null ? inWorkspace(p.output, home) : workspace(home).resolve("results").resolve(p.name);
    }

    /**
     * A path into {@code home/workspace/} (the profiles of runconfigs/ name {@code ../workspace/results/NAME}) leads
     * into the workspace: the same folder in a checkout, the user's workspace in an installed release (whose
     * installation folder is never written). Any other path is returned as it is.
     */
    static Path inWorkspace(Path path, Path home) {
        Path workspace = workspace(home);
        Path own = home.resolve("workspace").toAbsolutePath().normalize();
        if (workspace.equals(own)) {
            return path;
        }
        Path abs = path.toAbsolutePath().normalize();
        return abs.startsWith(own) ? workspace.resolve(own.relativize(abs)) : path;
    }

    /**
     * The workspace (default outputs, plugins, configuration): {@code -Dgridsched.workspace}, which an installed
     * release's {@code bin/gridsched} sets to a folder in the user's home (never inside the installation), else a
     * checkout's {@code home/workspace}.
     */
    static Path workspace(Path home) {
        String w = System.getProperty("gridsched.workspace");
        return w == null || w.isBlank() ? home.resolve("workspace") : Path.of(w).toAbsolutePath().normalize();
    }

    /**
     * Runs a profile into its output folder, which is checked and locked first and receives the results only
     * when the run has finished ({@link OutputFolder}).
     */
    public Outcome run(RunProfile p) {
        if (!(p.maxSkippedFraction >= 0 && p.maxSkippedFraction <= 1)) {
            throw new InputException(null, 0, "max_skipped_fraction", "must be between 0 and 1, got " + p.maxSkippedFraction);
        }
        Path dir = outputDir(p, home);
        if (p.study() != null) {
            runStudy(p, dir);
            return null;
        }
        Matrix.Axes axes = p.matrix != null ? Matrix.parse(p.matrix, p, p.name) : null;
        if (axes == null && p.reference && p.choice(Kind.REALLOCATION) == null) {
            throw new InputException(null, 0, "reference", "a reference run compares reallocation with none; give --realloc (\"realloc\" in the profile)");
        }
        try (OutputFolder folder = OutputFolder.claim(dir, p.name, OutputRecord.originOf(p), p.force)) {
            Path stage = folder.staging();
            Outcome outcome = null;
            if (axes != null) {
                new Matrix(this, err).run(p, axes, stage);
            } else if (!p.reference) {
                outcome = execute(p, stage, null, dir);
            } else {
                Outcome reference = execute(p.withoutReallocation(), stage.resolve("reference"), null, dir.resolve("reference"));
                outcome = execute(p, stage, reference.result(), dir);
            }
            if (p.report) {
                ReportCommand.afterRun(stage, dir, out);
            }
            folder.commit();
            if (axes != null) {
                out.println(p.name + ": matrix results in " + dir.resolve("matrix.csv") + " and " + dir.resolve("tables.md"));
                return null;
            }
            return new Outcome(outcome.result(), dir, outcome.report());
        }
    }

    /** A study's profile: the study writes into the output folder's staging folder, committed when it has finished. */
    private void runStudy(RunProfile p, Path dir) {
        if (p.reference || p.report) {
            throw new InputException(null, 0, p.reference ? "reference" : "report", "applies to one simulation; a study's profile (\"study\")"
                    + " runs many and writes its own tables");
        }
        long t0 = System.nanoTime();
        try (OutputFolder folder = OutputFolder.claim(dir, p.name, OutputRecord.originOf(p), p.force)) {
            new StudyRun(registry, out, err, terminal).run(p, folder.staging(), monitor);
            folder.commit();
        }
        out.printf("%s: study '%s' done in %.1f s; results in %s (%s)%n", p.name, p.study().name(), (System.nanoTime() - t0) / 1e9, dir,
                String.join(", ", written(dir)));
    }

    /**
     * Checks a profile without running anything ({@code run --check}): every plugin it chooses (per cluster, per
     * matrix value, the workload's reader or generator, a study) is available and takes its options, the workload's
     * files exist, a study accepts its options; the output folder is not touched.
     *
     * @return what the profile runs, for the "ok" line
     */
    String check(RunProfile p) {
        if (p.study() != null) {
            new StudyRun(registry, out, err, terminal).check(p);
            return "study '" + p.study().name() + "'";
        }
        if (!(p.maxSkippedFraction >= 0 && p.maxSkippedFraction <= 1)) {
            throw new InputException(null, 0, "max_skipped_fraction", "must be between 0 and 1, got " + p.maxSkippedFraction);
        }
        if (!List.of("none", "binary", "exhaustive").contains(p.moldable)) {
            throw new InputException(null, 0, "moldable", "expected none, binary or exhaustive, got '" + p.moldable + "'");
        }
        if (!List.of("zero", "unix").contains(p.clock)) {
            throw new InputException(null, 0, "clock", "expected zero or unix, got '" + p.clock + "'");
        }
        int clusters = Math.max(1, p.clusters.size());
        if (!p.clusters.isEmpty()) { // the links name the platform's clusters (a matrix's platforms: checked per run)
            ReservationsKey.of(p.reservations, profilePlatform(p));
            energy(p, profilePlatform(p), new Simulation.Settings());
        }
        for (Kind kind : Kind.values()) {
            switch (kind.choosing()) {
                case WORKLOAD, EXPERIMENT -> {
                    // below; none chosen (a study's profile returned above)
                }
                case PER_CLUSTER -> {
                    for (int i = 0; i < clusters; i++) {
                        RunProfile.Choice c = p.batchOf(i);
                        check(kind, c.name(), c.options(), p.clusters.isEmpty() || p.clusters.get(i).batch() == null ? kind.profileKey()
                                : "platform[" + i + "]." + kind.profileKey());
                    }
                }
                default -> {
                    for (RunProfile.Choice c : p.choices(kind, clusters)) {
                        check(kind, c.name(), c.options(), kind.profileKey());
                    }
                }
            }
        }
        List<RunProfile> workloads = p.matrixWorkloads.isEmpty() ? List.of(p) : List.copyOf(p.matrixWorkloads.values());
        for (RunProfile w : workloads) {
            checkWorkload(w);
        }
        if (p.matrix != null) {
            Matrix.Axes axes = Matrix.parse(p.matrix, p, p.name);
            new Matrix(this, err).checkPlugins(p, axes);
            return "matrix";
        }
        if (p.reference && p.choice(Kind.REALLOCATION) == null) {
            throw new InputException(null, 0, "reference", "a reference run compares reallocation with none; give --realloc (\"realloc\" in the profile)");
        }
        return p.reference ? "a run and its reference" : "one run";
    }

    /** The workload's generator, or its files (they exist) and their reader, take the workload's options. */
    private void checkWorkload(RunProfile w) {
        if (w.generator != null) {
            check(Kind.GENERATOR, w.generator, w.workloadOptions, Kind.GENERATOR.profileKey());
            return;
        }
        for (int i = 0; i < w.workloadFiles.size(); i++) {
            Path f = w.workloadFiles.get(i);
            String shown = i < w.workloadFilesAsGiven.size() ? w.workloadFilesAsGiven.get(i) : f.toString();
            if (!java.nio.file.Files.isRegularFile(f)) {
                throw new InputException(f.toString(), 0, "workload", "no such workload file ('" + shown + "' in the profile)");
            }
            String reader = w.reader != null ? w.reader : registry.readerFor(f, "workload").name();
            check(Kind.READER, reader, w.workloadOptions, Kind.READER.profileKey());
        }
    }

    /**
     * Checks, without running anything, that a plugin of that kind and name is available and takes these options.
     *
     * @param field where the choice came from, for the error message
     */
    void check(Kind kind, String name, Map<String, ?> options, String field) {
        PluginRegistry.Entry e = registry.entry(kind, name, field);
        try {
            e.options(kind.owner(e.name()), options);
        } catch (InputException x) {
            throw new InputException(null, 0, field, x.getMessage());
        }
    }

    /**
     * One run, written to {@code dir}; compared with {@code reference} when given.
     *
     * @param print print the human summary (off for the many runs of a matrix, which run in parallel)
     */
    Outcome execute(RunProfile p, Path dir, SimulationResult reference, boolean print) {
        return execute(p, dir, reference, print ? dir : null);
    }

    /**
     * @param shown where the results will be once the run is committed, for the printed summary; null prints
     *              nothing (the many runs of a matrix, which run in parallel)
     */
    private Outcome execute(RunProfile p, Path dir, SimulationResult reference, Path shown) {
        boolean print = shown != null;
        PluginUse use = new PluginUse();
        try (JobSource source = openWorkload(p, use)) {
            Platform platform = platform(p, source);
            Map<String, Object> runInfo = p.describe(platform);
            if (p.generator != null) {
                runInfo.put("workload_source", source.describe());
            }
            ProgressBar bar = p.progress ? new ProgressBar(err, terminal, p.name) : null;
            CollectorSections sections = new CollectorSections();
            Simulation sim = simulation(p, platform, monitored(bar), use, sections);
            if (use.configured) {
                // only then: without configuration every option is in the profile (run) or its plugin's default
                runInfo.put("plugin_options", use.options);
            }
            SimulationResult result;
            try {
                result = sim.run(source);
            } finally {
                if (bar != null) {
                    bar.finish();
                }
            }
            checkSkipped(p, result, source, shown != null);
            RunReport report = ResultWriter.report(result, runInfo, sections).withPlugins(use.provenance);
            if (reference != null) {
                report = report.withComparison(Comparison.of(result.jobs(), reference.jobs(), result.reallocations()));
            }
            BrokeringTheory theory = theory(p, platform);
            if (theory != null) {
                report = report.withTheory(theory.predictions());
            }
            if (bar != null) {
                bar.writing(result.jobs().size());
            }
            ResultWriter.write(result, report, dir);
            if (print) {
                printSummary(p, result, report, shown, written(dir));
                if (report.comparison() != null) {
                    printComparison(report.comparison());
                }
            }
            return new Outcome(result, dir, report);
        }
    }

    /**
     * The plugins one run uses, looked up once when the run is built: the run keeps these instances to its end
     * even if their bundles are updated or removed meanwhile (see docs/plugin-guide.md). Records which bundle
     * and version supplied each, for {@code summary.json}.
     */
    final class PluginUse {
        final Map<String, String> provenance = new TreeMap<>();
        /**
         * Every option of every plugin used, with its value and source ({@link PluginRegistry.Entry#effectiveOptions}),
         * by "kind name"; a cluster whose batch policy has other options than another cluster's with the same
         * policy adds " (cluster N)".
         */
        final Map<String, Object> options = new TreeMap<>();
        /** Whether a configured value reached a plugin; only then does summary.json get {@link #options}. */
        boolean configured;

        PluginRegistry.Entry entry(Kind kind, String name, String field) {
            PluginRegistry.Entry e = registry.entry(kind, name, field);
            provenance.put(kind.key() + " " + name, e.provenance());
            return e;
        }

        /** Checks a plugin's options and records each one's value and source; {@code cluster} -1 for none. */
        PluginOptions options(RunProfile p, Kind kind, PluginRegistry.Entry e, Map<String, ?> given, int cluster) {
            PluginOptions checked = e.options(kind.owner(e.name()), given);
            Map<String, Object> effective = e.effectiveOptions(given, p.optionsFrom);
            String key = kind.key() + " " + e.name();
            if (options.containsKey(key) && !options.get(key).equals(effective)) {
                key += " (cluster " + (cluster + 1) + ")";
            }
            options.put(key, effective);
            configured |= e.usesConfiguration(given);
            return checked;
        }

        /** Looks a chosen plugin up and checks its options. */
        RunAssembly.Use use(RunProfile p, Kind kind, RunProfile.Choice choice, int cluster) {
            PluginRegistry.Entry e = entry(kind, choice.name(), kind.profileKey());
            PluginOptions options = options(p, kind, e, choice.options(), cluster);
            String role = kind.seedRole(e.name());
            return new RunAssembly.Use(e, options, role == null ? 0 : p.seedFor(role), cluster);
        }
    }

    /**
     * Builds the simulation: looks up every plugin the profile chose, kind by kind (a batch policy per cluster),
     * then lets each kind wire its plugins in.
     */
    Simulation simulation(RunProfile p, Platform platform, ProgressListener progress, PluginUse use, CollectorSections sections) {
        RunAssembly run = new RunAssembly(platform, runInfo(platform), new Simulation.Settings(), sections);
        for (Kind kind : Kind.values()) {
            List<RunAssembly.Use> uses = new ArrayList<>();
            switch (kind.choosing()) {
                case WORKLOAD -> {
                    continue; // opened with the workload, before the platform is known
                }
                case EXPERIMENT -> {
                    continue; // a study's profile never comes here ({@link #run})
                }
                case PER_CLUSTER -> {
                    for (int i = 0; i < platform.size(); i++) {
                        uses.add(use.use(p, kind, p.batchOf(i), i));
                    }
                }
                default -> {
                    for (RunProfile.Choice c : p.choices(kind, platform.size())) {
                        uses.add(use.use(p, kind, c, -1));
                    }
                }
            }
            run.chose(kind, uses);
            if (platform.size() > 1) {
                Map<String, String> warnings = Defaults.warningsOnSeveralClusters(kind);
                uses.stream().map(RunAssembly.Use::name).distinct().filter(warnings::containsKey)
                        .forEach(name -> err.println("gridsched: warning: " + warnings.get(name)));
            }
        }
        for (Kind kind : Kind.values()) {
            if (!run.chosen(kind).isEmpty()) {
                kind.wire(run, run.chosen(kind));
            }
        }
        Simulation.Settings settings = run.settings();
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
        settings.reservations = ReservationsKey.of(p.reservations, platform);
        energy(p, platform, settings);
        settings.strict = p.strict;
        settings.progress = progress;
        return run.build();
    }

    /** The profile's power model and carbon intensities ({@link EnergyKeys}) into the settings. */
    private static void energy(RunProfile p, Platform platform, Simulation.Settings settings) {
        settings.power = EnergyKeys.power(p.power, platform);
        settings.carbon = EnergyKeys.carbon(p.carbon, p.carbonBase, platform);
        settings.failures = FailuresKey.of(p.failures, p.carbonBase, platform, p.seedFor("failures"));
        settings.powerTimeouts = EnergyKeys.management(p.powerManagement, platform);
        if (settings.powerTimeouts != null && settings.power == null) {
            throw new InputException(null, 0, EnergyKeys.MANAGEMENT, "switching processors off needs a power model (\"power\" in the profile)");
        }
        if (settings.carbon != null && settings.power == null) {
            throw new InputException(null, 0, EnergyKeys.CARBON, "carbon intensities need a power model (\"power\" in the profile)");
        }
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
        PluginRegistry.Entry e = use.entry(Kind.GENERATOR, p.generator, Kind.GENERATOR.profileKey());
        WorkloadGenerator generator = (WorkloadGenerator) e.plugin();
        Map<String, Object> options = new LinkedHashMap<>(p.workloadOptions);
        if (!options.containsKey(WorkloadGenerator.MACHINE_SIZE) && !p.clusters.isEmpty()
                && generator.parameters().stream().anyMatch(x -> x.name().equals(WorkloadGenerator.MACHINE_SIZE))) {
            // jobs sized for the platform (its largest cluster), not for the generator's default machine
            options.put(WorkloadGenerator.MACHINE_SIZE, p.clusters.stream().mapToInt(RunProfile.ClusterEntry::processors).max().getAsInt());
        }
        return generator.open(use.options(p, Kind.GENERATOR, e, options, -1), p.seed);
    }

    /**
     * A workload of which nothing could be simulated, or that lost more than {@code max_skipped_fraction} of
     * its jobs, is an error (a binary file or a non-gzip {@code .gz} read leniently used to give "0 jobs
     * simulated" and success); the first skipped lines are shown either way.
     */
    private void checkSkipped(RunProfile p, SimulationResult r, JobSource source, boolean print) {
        long skipped = r.workload().skippedTotal();
        long total = skipped + r.simulated();
        StringBuilder first = new StringBuilder();
        int shown = 0;
        for (var e : r.workload().skippedExamples().entrySet()) {
            for (var x : e.getValue()) {
                if (shown++ < 5) {
                    first.append(String.format("%n  %s:%d: %s (%s)", x.source(), x.line(), x.detail(), e.getKey()));
                }
            }
        }
        if (r.simulated() == 0) {
            throw new InputException(source.describe(), 0, "workload", (skipped == 0 ? "holds no job"
                    : "no job could be read: " + String.format("%,d", skipped) + " skipped " + r.workload().skipped() + "; the first:" + first));
        }
        if (total > 0 && skipped > p.maxSkippedFraction * total) {
            throw new InputException(source.describe(), 0, "max_skipped_fraction", String.format("%,d of %,d jobs were skipped %s,"
                    + " more than max_skipped_fraction %s allows (is it the right file and reader?); the first:%s", skipped, total,
                    r.workload().skipped(), Numbers.format(p.maxSkippedFraction), first));
        }
        if (print && skipped > 0) {
            err.printf("%s: %,d job(s) skipped %s; the first:%s%n", p.name, skipped, r.workload().skipped(), first);
        }
    }

    /**
     * The load a generated workload offers the platform: its work (runtime x processors, at the reference
     * speed) over the platform's processors times the span of the submissions; NaN with fewer than two jobs.
     */
    static double offeredLoad(SimulationResult r) {
        double work = 0;
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        for (var j : r.jobs()) {
            work += j.runtime() * j.processors();
            first = Math.min(first, j.submitTime());
            last = Math.max(last, j.submitTime());
        }
        int processors = 0;
        for (int c = 0; c < r.platform().size(); c++) {
            processors += r.platform().get(c).processors();
        }
        return last > first ? work / (processors * (last - first)) : Double.NaN;
    }

    /**
     * The generator's {@code load} option beside the load the jobs offer: the generator aims at it, but a finite sample
     * of very variable arrivals scatters around it (the quickstart asks 0.85 and its 20,000 jobs offer 0.81), and
     * without both numbers a user sees a contradiction.
     */
    private static String targetLoad(RunProfile p) {
        Object load = p.workloadOptions.get("load");
        if (load instanceof Number n) {
            return String.format(" (the generator's target: %.2f)", n.doubleValue());
        }
        if (load instanceof String s) {
            try {
                return String.format(" (the generator's target: %.2f)", Double.parseDouble(s.trim()));
            } catch (NumberFormatException e) {
                return ""; // "native": no target
            }
        }
        return "";
    }

    private JobSource openTrace(RunProfile p, Path file, PluginUse use) {
        String readerName = p.reader != null ? p.reader : registry.readerFor(file, "workload").name();
        PluginRegistry.Entry entry = use.entry(Kind.READER, readerName, Kind.READER.profileKey());
        WorkloadReader reader = (WorkloadReader) entry.plugin();
        Map<String, Object> options = new LinkedHashMap<>(p.workloadOptions);
        if (p.strict && !options.containsKey("strict")
                && reader.parameters().stream().anyMatch(x -> x.name().equals("strict"))) {
            options.put("strict", true); // a strict run is strict about malformed lines too
        }
        PluginOptions opts = use.options(p, Kind.READER, entry, options, -1);
        try {
            return reader.open(file, opts);
        } catch (NoSuchFileException e) {
            throw new InputException(file.toString(), 0, null, "no such workload file");
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, null, e.getMessage());
        }
    }

    /** The clusters the profile lists (not empty), with the links it declares between them. */
    private static Platform profilePlatform(RunProfile p) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (RunProfile.ClusterEntry c : p.clusters) {
            specs.add(new ClusterSpec(c.name(), c.processors(), c.speed()));
        }
        return new Platform(specs).withLinks(p.links);
    }

    /** The profile's platform, or one cluster sized by the trace header when none is given. */
    static Platform platform(RunProfile p, JobSource source) {
        if (!p.clusters.isEmpty()) {
            return profilePlatform(p);
        }
        for (String key : List.of("MaxProcs", "MaxNodes")) {
            String v = source.header().get(key);
            if (v != null) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\s*(\\d+)").matcher(v);
                if (m.find() && Long.parseLong(m.group(1)) > 0) {
                    return new Platform(List.of(new ClusterSpec("cluster", Integer.parseInt(m.group(1)), 1.0))).withLinks(p.links);
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

    /**
     * The console summary for people: counts, then the collectors' times as seconds and as {@code 2d 03:12:45},
     * wait percentiles (from the jobs, nearest rank), each line wrapped under 100 columns.
     */
    private void printSummary(RunProfile p, SimulationResult r, RunReport report, Path dir, List<String> files) {
        JobCounts jobs = report.jobs();
        String policies = p.clusters.isEmpty() || p.clusters.stream().allMatch(c -> c.batch() == null)
                ? p.choice(Kind.BATCH).name() : "per-cluster policies";
        print(ConsoleText.wrap(p.name + ": ", List.of(String.format("%,d jobs simulated on %s with %s", jobs.simulated(),
                r.platform(), policies), String.format("%.2f s (%,.0f jobs/s)", r.wallSeconds(),
                jobs.simulated() / Math.max(r.wallSeconds(), 1e-9)))));
        if (p.generator != null) {
            out.printf("  generated workload: offered load %.2f of the platform's processors%s%n", offeredLoad(r), targetLoad(p));
        }
        List<String> counts = new ArrayList<>();
        counts.add(String.format("read %,d", jobs.read()));
        if (jobs.skipped() > 0) {
            counts.add(String.format("skipped %,d %s", jobs.skipped(), jobs.skippedByReason()));
        }
        if (!jobs.repairedByReason().isEmpty()) {
            counts.add("repaired " + jobs.repairedByReason());
        }
        if (jobs.killed() > 0) {
            counts.add(String.format("killed at requested time %,d", jobs.killed()));
        }
        if (jobs.controllerKills() > 0) {
            counts.add(String.format("killed by controllers %,d", jobs.controllerKills()));
        }
        if (jobs.requeued() > 0) {
            counts.add(String.format("re-queued %,d", jobs.requeued()));
        }
        if (jobs.rejected() > 0) {
            counts.add(String.format("rejected %,d %s", jobs.rejected(), jobs.rejectedByReason()));
        }
        if (jobs.multiCluster() > 0) {
            counts.add(String.format("on several clusters %,d", jobs.multiCluster()));
        }
        if (counts.size() > 1) {
            print(ConsoleText.wrap("  ", counts));
        }
        List<String> times = new ArrayList<>();
        metric(report, "makespan").ifPresent(v -> times.add("makespan " + ConsoleText.duration(v)));
        if (report.metric("utilization") instanceof Number u) {
            times.add(String.format("utilization %.1f %%", 100 * u.doubleValue()));
        }
        print(ConsoleText.wrap("  ", times));
        List<String> waits = new ArrayList<>();
        metric(report, "mean_wait").ifPresent(v -> waits.add("mean " + ConsoleText.duration(v)));
        double[] w = new double[r.jobs().size()];
        int n = 0;
        for (var j : r.jobs()) {
            if (!Double.isNaN(j.startTime())) {
                w[n++] = j.startTime() - j.submitTime();
            }
        }
        ConsoleText.sortedPrefix(w, n);
        for (int q : new int[] {50, 95, 99}) {
            if (n > 0) {
                waits.add("p" + q + " " + ConsoleText.duration(ConsoleText.percentile(w, n, q)));
            }
        }
        metric(report, "max_wait").ifPresent(v -> waits.add("max " + ConsoleText.duration(v)));
        print(ConsoleText.wrap("  wait: ", waits));
        List<String> others = new ArrayList<>();
        metric(report, "mean_response_time").ifPresent(v -> others.add("mean response " + ConsoleText.duration(v)));
        metric(report, "mean_slowdown").ifPresent(v -> others.add(String.format("mean slowdown %.2f", v)));
        metric(report, "mean_bounded_slowdown").ifPresent(v -> others.add(String.format("bounded %.2f", v)));
        print(ConsoleText.wrap("  ", others));
        out.println("  results in " + dir + " (" + String.join(", ", files) + ")");
    }

    /** What a run wrote into its folder (files, then folders with a '/'), for the summary's last line. */
    static List<String> written(Path dir) {
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(dir)) {
            return s.map(f -> f.getFileName() + (java.nio.file.Files.isDirectory(f) ? "/" : ""))
                    .filter(n -> !OutputFolder.bookkeeping(n)).sorted().toList();
        } catch (java.io.IOException e) {
            return List.of("jobs.csv", "summary.json");
        }
    }

    private static java.util.OptionalDouble metric(RunReport report, String key) {
        return report.metric(key) instanceof Number v && !Double.isNaN(v.doubleValue())
                ? java.util.OptionalDouble.of(v.doubleValue()) : java.util.OptionalDouble.empty();
    }

    /** Lines of a summary; one with nothing after its indentation is left out. */
    private void print(List<String> lines) {
        if (!(lines.size() == 1 && lines.get(0).endsWith(": ")) && !lines.get(0).isBlank()) {
            lines.forEach(out::println);
        }
    }

    private void printComparison(Comparison c) {
        if (c.jobsImpacted() == 0) {
            // the shares of impacted jobs are 0/0: say what happened instead of printing NaN
            out.printf("  against the reference without reallocation: no job impacted (every job ended as without"
                    + " reallocation), reallocations %.2f %% of jobs%n", c.reallocationsPercent());
        } else {
            out.printf("  against the reference without reallocation: %.2f %% of jobs impacted, reallocations %.2f %% of jobs,"
                    + " %.2f %% of impacted jobs finish earlier, relative average response time %.3f%n",
                    c.jobsImpactedPercent(), c.reallocationsPercent(), c.impactedFinishingEarlierPercent(),
                    c.relativeAverageResponseTime());
        }
        out.printf("  starvation: at most %d moves of one job; longest wait %.0f s (%.0f s without reallocation)%n",
                c.maxMovesPerJob(), c.longestWait(), c.referenceLongestWait());
    }
}
