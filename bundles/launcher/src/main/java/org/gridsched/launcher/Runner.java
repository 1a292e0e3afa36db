package org.gridsched.launcher;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.engine.Moldable;
import org.gridsched.engine.Numbers;
import org.gridsched.engine.Platform;
import org.gridsched.engine.PluginArgumentException;
import org.gridsched.engine.PluginDecision;
import org.gridsched.engine.PluginDecisionException;
import org.gridsched.engine.ProgressListener;
import org.gridsched.engine.ResultWriter;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationFailure;
import org.gridsched.engine.SimulationResult;
import org.gridsched.engine.report.CollectorSections;
import org.gridsched.engine.report.SummarySection;
import org.gridsched.engine.report.RunReport;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.gridsched.report.Reports;

/** Turns a {@link RunProfile} into a simulation: looks the plugins up by name, runs, writes the results. */
public final class Runner {

    /**
     * What a finished run left behind.
     *
     * @param report what {@code summary.json} holds, as records
     */
    public record Outcome(SimulationResult result, Path outputDir, RunReport report) {
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
        return (finished, fraction, now) -> {
            if (m != null && m.cancelled() || OutputFolder.stopping()) {
                throw new RunMonitor.Cancelled(); // (stopping: the process is being stopped, its staged files removed)
            }
            if (m != null) {
                m.progress(finished, fraction, now);
            }
            if (bar != null) {
                bar.progress(finished, fraction, now);
            }
        };
    }

    /** Where a run writes: the profile's output, else {@code WORKSPACE/results/NAME} (see {@link #workspace}). */
    public static Path outputDir(RunProfile p, Path home) {
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
        MatrixAxes.Axes axes = p.matrix != null ? MatrixAxes.parse(p.matrix, p, p.name) : null;
        Experiments experiments = axes != null ? registry.experiments("matrix") : null;
        if (axes == null && p.reference && p.choice(Kind.REALLOCATION) == null) {
            throw new InputException(null, 0, "reference", "a reference run compares reallocation with none; give --realloc (\"realloc\" in the profile)");
        }
        try (OutputFolder folder = claim(dir, p)) {
            Path stage = folder.staging();
            Outcome outcome = null;
            // what the run says of its results ("results in DIR") is said once they are there: a run that fails before
            // its commit (the run after its reference, the move into place) must not have named a folder it never filled
            ByteArrayOutputStream said = new ByteArrayOutputStream();
            PrintStream later = new PrintStream(said, true, StandardCharsets.UTF_8);
            if (axes != null) {
                MatrixAxes.checkPlugins(this, p, axes);
                experiments.runMatrix(this, p, axes, stage, err);
            } else if (!p.reference) {
                outcome = execute(p, stage, null, dir, later);
            } else {
                Outcome reference = execute(p.withoutReallocation(), stage.resolve("reference"), null, dir.resolve("reference"), later);
                outcome = execute(p, stage, reference.result(), dir, later);
            }
            RuntimeException reportFailure = p.report ? report(stage, dir, later) : null;
            folder.commit();
            out.print(said.toString(StandardCharsets.UTF_8));
            out.flush();
            if (reportFailure != null) {
                // the results are kept: the run took its time and its summary said where they are
                throw new InputException(dir.toString(), 0, null, "the run's results are in this folder, but its report could not be"
                        + " written (" + String.valueOf(reportFailure.getMessage() != null ? reportFailure.getMessage() : reportFailure)
                        .replace(stage.toString(), dir.toString()) + "); write it later with"
                        + " 'gridsched report " + dir + "'");
            }
            if (axes != null) {
                out.println(p.name + ": matrix results in " + dir.resolve("matrix.csv") + " and " + dir.resolve("tables.md"));
                return null;
            }
            return new Outcome(outcome.result(), dir, outcome.report());
        }
    }

    /** How a run's report is written; a test replaces it by one that fails as a full disk does. */
    interface ReportStep {
        void write(Path stage, Path shown, PrintStream out);
    }

    static volatile ReportStep reportStep = ReportCommand::afterRun;

    /**
     * Writes the report of the staged run; a report that fails (a full disk, an unreadable chart font) is removed from
     * the staging folder and returned, so that the run's own results are still committed.
     */
    private RuntimeException report(Path stage, Path dir, PrintStream to) {
        try {
            reportStep.write(stage, dir, to);
            return null;
        } catch (RuntimeException e) {
            try {
                Reports.removeFrom(stage);
            } catch (IOException x) {
                e.addSuppressed(x);
            }
            return e;
        }
    }

    /**
     * Claims the run's output folder ({@link OutputFolder#claim}). An error about it names what gave the folder, as
     * {@code run --check} does: the option ({@code --out: cannot write ...}); else it stays the profile's
     * {@code output}, which the command names the profile of ({@link Cli#inProfile}).
     */
    static OutputFolder claim(Path dir, RunProfile p) {
        try {
            return OutputFolder.claim(dir, p.name, OutputRecord.originOf(p), p.force);
        } catch (InputException e) {
            String key = "output: ";
            if (p.outputOption == null || e.source() != null || !"output".equals(e.field()) || !e.getMessage().startsWith(key)) {
                throw e;
            }
            InputException named = new InputException(null, 0, p.outputOption, e.getMessage().substring(key.length()));
            named.initCause(e);
            throw named;
        }
    }

    /** A study's profile: the study writes into the output folder's staging folder, committed when it has finished. */
    private void runStudy(RunProfile p, Path dir) {
        if (p.reference || p.report) {
            throw new InputException(null, 0, p.reference ? "reference" : "report", "applies to one simulation; a study's profile (\"study\")"
                    + " runs many and writes its own tables");
        }
        long t0 = System.nanoTime();
        try (OutputFolder folder = claim(dir, p)) {
            new StudyRun(registry, out, err, terminal).run(p, folder.staging(), monitor);
            folder.commit();
        }
        out.printf("%s: study '%s' done in %.1f s; results in %s (%s)%n", p.name, p.study().name(), (System.nanoTime() - t0) / 1e9, dir,
                String.join(", ", written(dir)));
    }

    /** The gridsched home the runner resolves the workspace against. */
    Path home() {
        return home;
    }

    /** {@code run --check} ({@link ProfileCheck}); returns what the profile runs, for the "ok" line. */
    String check(RunProfile p) {
        return new ProfileCheck(this, registry, out, err, terminal).check(p);
    }

    /**
     * What {@code run} does before it simulates, for {@code run --check}: the workload opened (a generator checks its
     * options' values, a reader its file's header), the platform found, every plugin created with its options (which
     * checks their values) and the simulation assembled; nothing is simulated or written. A trace is then read
     * through, as the run would read it, so that one with too many lines its reader skips ({@code
     * max_skipped_fraction}), or with no job at all, fails the check instead of the run (a generator's jobs need no
     * reading: its options were checked).
     */
    void assemble(RunProfile p) {
        PluginUse use = new PluginUse(registry);
        RunInputs inputs = new RunInputs(registry, err);
        try (JobSource source = inputs.openWorkload(p, use)) {
            simulation(p, RunInputs.platform(p, source), null, use, new CollectorSections());
            readThrough(p, source, inputs);
        }
    }

    /** For {@code run --check} of a matrix: each trace it names is read through as in {@link #assemble}. */
    void readThrough(RunProfile workload) {
        RunInputs inputs = new RunInputs(registry, err);
        try (JobSource source = inputs.openWorkload(workload, new PluginUse(registry))) {
            readThrough(workload, source, inputs);
        }
    }

    private static void readThrough(RunProfile p, JobSource source, RunInputs inputs) {
        if (p.generator != null || !p.choices(Kind.CONTROLLER, Math.max(1, p.clusters.size())).isEmpty()) {
            return; // a controller's jobs count in the run too (a workflow's tasks, with a trace of no job): not known here
        }
        JobRecord job = new JobRecord();
        long read = 0;
        while (source.next(job)) {
            read++;
        }
        inputs.checkSkipped(p, source.report(), read, source);
    }

    /**
     * Checks, without running anything, that a plugin of that kind and name is available and takes these options.
     *
     * @param field where the choice came from, for the error message
     */
    void check(Kind kind, String name, Map<String, ?> options, String field) {
        PluginRegistry.Entry e = registry.entry(kind, name, field);
        String clash = registry.clash(kind, name);
        if (clash != null) {
            warnOnce(clash);
        }
        try {
            e.options(kind.owner(e.name()), options);
        } catch (InputException x) {
            throw new InputException(null, 0, field, x.getMessage());
        }
    }

    /**
     * A failure during the run, naming the plugin whose code threw (when one did), so that a user knows which
     * plugin to look at: "at t=12 s, during the end of job 7: the batch policy 'mine' (org.example 0.1.0) failed: ...".
     */
    static SimulationFailure withCulprit(SimulationFailure f, PluginUse use) {
        Throwable cause = f.getCause() != null ? f.getCause() : f;
        if (cause instanceof PluginDecision d) {
            // the engine's finding about a plugin's decision names its role; the run knows which plugin that is
            RuntimeException named = use.naming(d);
            if (named == d) {
                return f;
            }
            SimulationFailure failure = new SimulationFailure(f.time(), f.during(), named.getMessage(), named);
            failure.setStackTrace(f.getStackTrace());
            return failure;
        }
        PluginRegistry.Entry culprit = use.culprit(cause);
        if (culprit == null) {
            return f;
        }
        SimulationFailure named = new SimulationFailure(f.time(), f.during(), "the " + culprit.kind().label() + " '" + culprit.name() + "' ("
                + culprit.provenance() + ") failed: " + cause, cause);
        named.setStackTrace(f.getStackTrace());
        return named;
    }

    /** Warnings already said by this command: a matrix builds many runs (on several threads), each would say them again. */
    private final java.util.Set<String> warningsSaid = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A warning (a name several plugins give, say), said once per command. */
    private void warnOnce(String warning) {
        if (warningsSaid.add(warning)) {
            err.println("gridsched: warning: " + warning);
        }
    }

    /**
     * One run, written to {@code dir}; compared with {@code reference} when given.
     *
     * @param print print the human summary (off for the many runs of a matrix, which run in parallel)
     */
    public Outcome execute(RunProfile p, Path dir, SimulationResult reference, boolean print) {
        return execute(p, dir, reference, print ? dir : null, out);
    }

    /**
     * @param shown where the results will be once the run is committed, for the printed summary; null prints
     *              nothing (the many runs of a matrix, which run in parallel)
     * @param to    where the summary goes
     */
    private Outcome execute(RunProfile p, Path dir, SimulationResult reference, Path shown, PrintStream to) {
        boolean print = shown != null;
        PluginUse use = new PluginUse(registry);
        RunInputs inputs = new RunInputs(registry, err);
        try (JobSource source = inputs.openWorkload(p, use)) {
            Platform platform = RunInputs.platform(p, source);
            Map<String, Object> runInfo = p.describe(platform);
            if (p.generator != null) {
                runInfo.put("workload_source", source.describe());
            }
            ProgressBar bar = p.progress ? new ProgressBar(err, terminal, p.name) : null;
            CollectorSections sections = new CollectorSections();
            Simulation sim = simulation(p, platform, monitored(bar), use, sections);
            if (print) {
                use.clashes.forEach(this::warnOnce);
            }
            if (use.configured) {
                // only then: without configuration every option is in the profile (run) or its plugin's default
                runInfo.put("plugin_options", use.options);
            }
            SimulationResult result;
            try {
                result = sim.run(source);
            } catch (SimulationFailure f) {
                throw withCulprit(f, use);
            } catch (InputException e) {
                throw use.named(e); // the engine passes plugins' InputExceptions on as they are
            } catch (PluginDecisionException | PluginArgumentException e) {
                throw use.naming((PluginDecision) e); // found after the last event (jobs a policy lost or left waiting)
            } finally {
                if (bar != null) {
                    bar.finish();
                }
            }
            RunInputs.Skipped skipped = inputs.checkSkipped(p, result, source);
            if (skipped != null && print) {
                err.println(skipped.of(p.name));
            } else if (skipped != null) {
                // the runs of a matrix or study, in parallel: said once for each workload and what it skipped (runs that
                // read the same trace the same way skip the same lines), not once per run, nor never
                warnOnce(p.name + ": " + skipped.counts() + " in each run that reads " + ControlChars.escape(source.describe())
                        + "; the first:" + skipped.firstLines());
            }
            warnAboutEstimates(p, platform, result);
            warnAboutCounters(p, platform, result);
            Object idle = result.failures().get("trace_events_without_effect");
            if (print && idle != null) {
                err.println("gridsched: warning: " + idle + " failure event(s) of the trace took no processor down (all of theirs"
                        + " were off or switching, claimed, or down until the event's end already), e.g. " + ControlChars.escape(((List<?>) result.failures()
                        .get("trace_events_without_effect_examples")).stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")))
                        + "; not counted as failures (summary.json: trace_events_without_effect)");
            }
            if (print && p.localFraction > 0 && result.localJobs() == 0) {
                // local users are drawn among jobs with a home cluster (one trace per cluster, or a generator that
                // gives homes): without any, the option did nothing, silently
                err.println("gridsched: warning: local_fraction " + Numbers.format(p.localFraction) + " made no job local: only jobs"
                        + " with a home cluster can be (one trace per cluster, the i-th the workload of the i-th cluster; "
                        + (p.generator != null ? "generator '" + p.generator + "' gives none" : "a single trace gives none") + ")");
            }
            RunReport report = ResultWriter.report(result, runInfo, sections).withPlugins(use.provenance);
            for (SummarySection s : sections(p, platform, result, reference)) {
                report = report.withSection(s);
            }
            if (bar != null) {
                bar.writing(result.jobs().size());
            }
            if (OutputFolder.stopping()) {
                throw new RunMonitor.Cancelled(); // the process is being stopped: write nothing into its removed staging folder
            }
            ResultWriter.write(result, report, dir);
            if (print) {
                new RunSummary(to).printSummary(p, result, report, shown, written(dir));
                if (!report.sections().isEmpty()) {
                    registry.experiments("reference").printSections(report, to);
                }
            }
            return new Outcome(result, dir, report);
        }
    }


    /**
     * The warnings of {@link Defaults#warningsWhenEstimatesAreAsked} for the batch policies of the clusters that a plugin
     * asked for estimates during the run. No plugin declares whether it uses estimates, so the engine notes which
     * clusters were asked: a random or round-robin broker asks none and is not misled by EASY's, while MCT, OLB, the
     * carbon-aware broker, a reallocation algorithm or a plugin of someone else's that asks them is told, once per
     * command (a matrix's runs too).
     */
    private void warnAboutEstimates(RunProfile p, Platform platform, SimulationResult result) {
        Map<String, String> warnings = Defaults.warningsWhenEstimatesAreAsked(Kind.BATCH);
        for (int c = 0; c < platform.size(); c++) {
            String warning = warnings.get(p.batchOf(c).name());
            if (warning != null && result.estimatesAskedOf(c)) {
                warnOnce(warning);
            }
        }
    }

    /**
     * The warnings of {@link Defaults#warningsFromCounters} for the counters the clusters' batch policies reported above
     * 0 (multifactor's jobs with no user that its per-user limits did not apply to, say), the count summed over the
     * clusters with that policy: what the run did differently from what its options say is said, once per command, not
     * left to a line of summary.json.
     */
    private void warnAboutCounters(RunProfile p, Platform platform, SimulationResult result) {
        Map<String, Map<String, String>> warnings = Defaults.warningsFromCounters(Kind.BATCH);
        Map<String, Long> sums = new java.util.LinkedHashMap<>();
        Map<String, String> texts = new java.util.LinkedHashMap<>();
        for (int c = 0; c < platform.size(); c++) {
            Map<String, String> ofPolicy = warnings.getOrDefault(p.batchOf(c).name(), Map.of());
            for (Map.Entry<String, Long> counter : result.policyCounters(c).entrySet()) {
                String warning = ofPolicy.get(counter.getKey());
                if (warning != null && counter.getValue() > 0) {
                    String key = p.batchOf(c).name() + " " + counter.getKey();
                    sums.merge(key, counter.getValue(), Long::sum);
                    texts.put(key, warning);
                }
            }
        }
        sums.forEach((key, n) -> warnOnce(texts.get(key).replace("{n}", Long.toString(n))));
    }

    /**
     * What the experiments bundle adds to a run's report (its comparison with the reference, theory's predictions). A
     * run with a reference needs the bundle; without it, a run outside the application (plain Java, the launcher's
     * tests) has no theory section, where the application, which always runs the bundle, has one when theory applies.
     */
    private List<SummarySection> sections(RunProfile p, Platform platform, SimulationResult result, SimulationResult reference) {
        if (reference == null && !registry.hasExperiments()) {
            return List.of();
        }
        return registry.experiments("reference").sections(p, platform, result, reference);
    }

    /**
     * Builds the simulation: looks up every plugin the profile chose, kind by kind (a batch policy per cluster),
     * then lets each kind wire its plugins in.
     */
    Simulation simulation(RunProfile p, Platform platform, ProgressListener progress, PluginUse use, CollectorSections sections) {
        try {
            return assembled(p, platform, progress, use, sections);
        } catch (InputException e) {
            // a bad value from a configuration file names that file, not the profile; a plugin's own error names the plugin
            throw use.named(use.attributed(e));
        } catch (RuntimeException e) {
            if (e instanceof PluginDecision d) {
                throw use.naming(d); // a controller that created no controller: the engine's finding, in its words
            }
            PluginRegistry.Entry culprit = use.culprit(e);
            if (culprit == null) {
                throw e;
            }
            throw new PluginFailure(culprit, "while the run was set up", e);
        }
    }

    private Simulation assembled(RunProfile p, Platform platform, ProgressListener progress, PluginUse use, CollectorSections sections) {
        RunAssembly run = new RunAssembly(platform, RunInputs.runInfo(platform), new Simulation.Settings(), sections);
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
    static void energy(RunProfile p, Platform platform, Simulation.Settings settings) {
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
        return openWorkload(p, new PluginUse(registry));
    }

    JobSource openWorkload(RunProfile p, PluginUse use) {
        return new RunInputs(registry, err).openWorkload(p, use);
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
}
