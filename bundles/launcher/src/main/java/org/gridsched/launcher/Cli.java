package org.gridsched.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.workload.WorkloadReport;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * The {@code gridsched} command line. Plain Java: the OSGi main component hands it the live plugin
 * registry; tests hand it one filled by hand. Exit codes: 0 success, 1 bad input or failed run, 2 bad
 * usage.
 */
public final class Cli {

    private final PluginRegistry registry;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    private final Path home;

    /** Cancels the runs of this command line when it says so (null: never); see {@link CancellableCommand}. */
    private RunMonitor monitor;

    /** Runs and studies started by this command line report to {@code monitor}, which can cancel them. */
    public Cli monitoredBy(RunMonitor monitor) {
        this.monitor = monitor;
        return this;
    }

    public Cli(PluginRegistry registry, PrintStream out, PrintStream err, boolean terminal, Path home) {
        this.registry = registry;
        // everything a command prints passes here: input quoted in a message cannot act on the terminal
        this.out = ControlChars.escaping(out);
        this.err = ControlChars.escaping(err);
        this.terminal = terminal;
        this.home = home;
    }

    /** The commands, for "did you mean" (shell and features are answered by the application before this class). */
    static final List<String> COMMANDS = List.of("simulate", "run", "matrix", "slurm", "theory", "generate", "report", "validate", "plugins",
            "features", "shell", "bench", "help");

    /** {@link Usage#USAGE} with the registry's plugin names. */
    String usage() {
        return Usage.usage(registry);
    }

    /** The options a command's usage names (words starting with --). */
    public static List<String> optionsOf(String command) {
        return Usage.optionsIn(Usage.helpFor(command));
    }

    /** A usage problem: wrong command or option. */
    public static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public UsageException(String message) {
            super(message);
        }
    }

    public int run(String... argv) {
        List<String> args = new ArrayList<>(List.of(argv));
        boolean debug = args.remove("--debug");
        try {
            if (args.isEmpty() || List.of("help", "--help", "-h").contains(args.get(0))) {
                out.print(usage());
                return args.isEmpty() ? 2 : 0;
            }
            String command = args.remove(0);
            if (args.contains("--help") || args.contains("-h")) {
                String help = Usage.helpIn(usage(), command);
                if (help != null) {
                    out.print(help);
                    return 0;
                }
            }
            switch (command) {
                case "simulate" -> runner(simulateProfile(args));
                case "run" -> {
                    if (args.contains("--check")) {
                        return check(args);
                    }
                    RunProfile p = runProfile(args);
                    try {
                        runner(p);
                    } catch (InputException e) {
                        throw inProfile(e, args.get(0)); // the profile as given, as run --check names it
                    }
                }
                case "plugins" -> plugins(args);
                case "generate" -> generate(args);
                case "theory" -> theory(args);
                case "matrix", "slurm" -> registry.experiments(command).command(command, args, registry, out, err, terminal, home);
                case "bench" -> new Bench(registry, out, err, home).run(args);
                case "report" -> {
                    return ReportCommand.report(args, out);
                }
                case "validate" -> {
                    return ReportCommand.validate(args, out);
                }
                default -> throw new UsageException("unknown command '" + command + "'" + Suggest.didYouMean(command, COMMANDS)
                        + "; commands: " + String.join(", ", COMMANDS));
            }
            return 0;
        } catch (UsageException e) {
            err.println("gridsched: " + e.getMessage());
            err.println("run 'gridsched help' for the options");
            return 2;
        } catch (InputException e) {
            err.println("gridsched: error: " + e.getMessage());
            if (debug) {
                e.printStackTrace(err);
            }
            return 1;
        } catch (RunMonitor.Cancelled e) {
            if (OutputFolder.stopping()) {
                return 130; // a signal: the output folder's guard has said what became of the results
            }
            // the caller cancelled (Python's Ctrl-C): the output folder keeps what it held before, as after a signal
            err.println("gridsched: interrupted; no results written");
            return 130;
        } catch (java.io.UncheckedIOException e) {
            if (OutputFolder.stopping()) {
                return 130; // the guard removed the staged files under the run: not a failure of its own
            }
            // a full disk, a folder gone: the message says what and where; the class name would add nothing
            err.println("gridsched: failed: " + ioProblem(e));
            if (debug) {
                e.printStackTrace(err);
            }
            return 1;
        } catch (OutOfMemoryError e) {
            err.println("gridsched: failed: out of memory; give Java more heap, e.g. GRIDSCHED_JAVA_OPTS=-Xmx8g");
            return 1;
        } catch (RuntimeException e) {
            if (OutputFolder.stopping()) {
                return 130;
            }
            // the engine's checks at the end of a run ("the batch policy of cluster a lost 3 job(s)") are sentences
            err.println("gridsched: failed: " + org.gridsched.engine.Simulation.problem(e));
            if (debug) {
                e.printStackTrace(err);
            } else {
                err.println("(run again with --debug for the stack trace)");
            }
            return 1;
        }
    }

    /** An input/output error in words: a wrapped exception's own message rather than its class name. */
    static String ioProblem(java.io.UncheckedIOException e) {
        java.io.IOException cause = e.getCause();
        if (e.getMessage() != null && !e.getMessage().equals(String.valueOf(cause))) {
            return e.getMessage();
        }
        if (cause instanceof java.nio.file.FileSystemException f && f.getFile() != null) {
            String reason = f.getReason() != null ? f.getReason()
                    : f instanceof java.nio.file.NoSuchFileException ? "no such file or folder"
                    : f instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : f instanceof java.nio.file.FileAlreadyExistsException ? "already exists" : "cannot be used";
            return f.getFile() + ": " + reason;
        }
        return cause.getMessage() != null ? cause.getMessage() : "input/output error";
    }

    /**
     * An error about one of the profile's values that names no file (a plugin's name or option, a section's key: the
     * plugins and sections do not know the file) names the profile, as {@code run --check} does: the output folder's
     * too when the profile gives it ("P: output: cannot write ..."); errors about other files keep their own, as does
     * one about the folder --out gives ({@link Runner#claim}).
     */
    static InputException inProfile(InputException e, String profile) {
        if (e.source() != null || "--out".equals(e.field())) {
            return e;
        }
        InputException named = new InputException(profile, 0, null, e.getMessage());
        named.initCause(e); // --debug shows where it came from
        return named;
    }

    RunProfile simulateProfile(List<String> args) {
        return SimulateOptions.profile(args);
    }

    /** Runs a profile; with {@code --quiet} its summary and warnings go nowhere (errors still reach stderr). */
    private void runner(RunProfile p) {
        PrintStream silent = new PrintStream(java.io.OutputStream.nullOutputStream(), false, java.nio.charset.StandardCharsets.UTF_8);
        new Runner(registry, p.quiet ? silent : out, p.quiet ? silent : err, terminal, home).monitoredBy(monitor).run(p);
    }

    RunProfile runProfile(List<String> args) {
        return runProfile("run", args);
    }

    /** The profile of {@code run} or {@code theory} (same arguments), errors naming the command. */
    RunProfile runProfile(String command, List<String> args) {
        if (args.isEmpty() || args.get(0).startsWith("--")) {
            throw new UsageException(command + ": give the profile file, e.g. gridsched " + command + " runconfigs/"
                    + (command.equals("theory") ? "brokering-paper-load0.5.json" : "quickstart.json"));
        }
        RunProfile p = ProfileParser.parse(Path.of(args.get(0)));
        java.util.Set<String> given = new java.util.HashSet<>();
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (!given.add(a)) {
                throw new UsageException(command + ": " + a + " is given twice; give it once");
            }
            switch (a) {
                case "--out" -> {
                    p.output = folder(SimulateOptions.value(args, ++i, a), a);
                    p.outputOption = a;
                }
                case "--force" -> p.force = true;
                case "--seed" -> p.seed = SimulateOptions.longValue(args, ++i, a);
                case "--quiet" -> {
                    p.progress = false;
                    p.quiet = true;
                }
                case "--no-progress" -> p.progress = false; // warnings and the summary still print (scripts, job logs)
                case "--reference" -> p.reference = true;
                case "--report" -> p.report = true;
                default -> {
                    if (!a.startsWith("-")) { // a second profile, not a misspelt option
                        throw new UsageException(command + ": takes one profile, got '" + args.get(0) + "' and '" + a + "'; give each its own '"
                                + command + "'" + (command.equals("run") ? " (or check them all with 'run --check FILES...', or vary them in a"
                                + " \"matrix\")" : ""));
                    }
                    throw new UsageException(command + ": unknown option '" + a + "'" + Suggest.didYouMean(a, optionsOf(command)));
                }
            }
        }
        if (given.contains("--seed")) {
            seedOptionApplies(p);
        }
        return p;
    }

    /**
     * {@code --seed} replaces the profile's seed; a matrix that lists its own {@code "seeds"} never reads that seed,
     * so the option would change nothing, and a user who gave it would believe the runs used it.
     */
    public static void seedOptionApplies(RunProfile p) {
        if (p.matrix != null && p.matrix.get("seeds") != null) {
            throw new UsageException("--seed: the profile's matrix lists its own seeds (matrix.seeds " + p.matrix.get("seeds")
                    + "), so --seed would change nothing; change matrix.seeds instead, or replace it with \"replications\""
                    + " (that many seeds derived from the profile's seed, which --seed sets)");
        }
    }

    /**
     * {@code run --check PROFILE...}: each profile parsed and checked as {@code run} would before running it, none run;
     * 1 if any is wrong (each error names its file).
     */
    private int check(List<String> args) {
        List<String> files = new ArrayList<>(args);
        files.remove("--check");
        if (files.isEmpty()) {
            throw new UsageException("run --check: give the profile files, e.g. gridsched run --check runconfigs/*.json");
        }
        for (String f : files) {
            if (f.startsWith("--")) {
                throw new UsageException("run --check: takes only profile files, got '" + f + "'");
            }
        }
        int wrong = 0;
        for (String f : files) {
            try {
                RunProfile p = ProfileParser.parse(Path.of(f));
                String what = new Runner(registry, out, err, terminal, home).check(p);
                out.println(f + ": ok (" + what + ")");
            } catch (InputException e) {
                wrong++;
                String m = e.getMessage();
                err.println("gridsched: error: " + (m.startsWith(f) ? m : f + ": " + m));
            }
        }
        if (files.size() > 1) {
            out.println((files.size() - wrong) + " of " + files.size() + " profiles ok");
        }
        return wrong == 0 ? 0 : 1;
    }

    /** Commands that simulate a profile themselves refuse a study's, which only 'run' runs. */
    static void notAStudy(RunProfile p, String command) {
        if (p.study() != null) {
            throw new InputException(p.profileFile == null ? null : p.profileFile.toString(), 0, PluginRegistry.Kind.STUDY.profileKey(),
                    command + " simulates one profile; a study's profile (\"study\") runs with 'gridsched run'");
        }
    }

    private void theory(List<String> args) {
        RunProfile p = runProfile("theory", args);
        notAStudy(p, "theory");
        if (p.matrix != null) {
            throw new InputException(p.profileSource, 0, "matrix", "theory compares one run with queueing theory; give a profile without \"matrix\"");
        }
        if (p.clusters.isEmpty()) {
            throw new InputException(p.profileSource, 0, "platform", "theory needs the profile to list its clusters");
        }
        registry.experiments("theory").theory(new Runner(registry, out, err, terminal, home).monitoredBy(monitor), p, out);
    }

    private void generate(List<String> args) {
        if (args.isEmpty() || args.get(0).startsWith("--")) {
            throw new UsageException("generate: give the profile file, e.g. gridsched generate runconfigs/quickstart.json --swf out.swf");
        }
        RunProfile p = ProfileParser.parse(Path.of(args.get(0)));
        notAStudy(p, "generate");
        Path swf = null;
        boolean force = false;
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--swf" -> swf = folder(SimulateOptions.value(args, ++i, a), a);
                case "--seed" -> p.seed = SimulateOptions.longValue(args, ++i, a);
                case "--force" -> force = true;
                default -> throw new UsageException("generate: unknown option '" + a + "'" + Suggest.didYouMean(a, optionsOf("generate")));
            }
        }
        if (swf == null) {
            throw new UsageException("generate: --swf FILE is required");
        }
        SwfOutput.check(swf, p, force);
        Runner runner = new Runner(registry, out, err, terminal, home);
        try (var source = runner.openWorkload(p)) {
            RunMonitor m = monitor;
            // a trace's skipped lines and repairs are said as a run says them, and a trace that loses more than
            // max_skipped_fraction (or every job) fails as its run would: they were dropped without a word
            RunInputs inputs = new RunInputs(registry, err);
            RunInputs.Skipped[] skipped = new RunInputs.Skipped[1];
            SwfOutput.Written w = SwfOutput.write(source, swf, () -> m != null && m.cancelled() || OutputFolder.stopping(),
                    written -> skipped[0] = inputs.checkSkipped(p, source.report(), written, source));
            if (skipped[0] != null) {
                err.println(skipped[0].of(p.name));
            }
            out.printf("%s: wrote %,d jobs from %s to %s%n", p.name, w.jobs(), source.describe(), swf);
            WorkloadReport report = source.report();
            if (report.skippedTotal() > 0 || !report.repaired().isEmpty()) {
                out.println("  " + String.join("; ", RunSummary.readCounts(report.read(), report.skippedTotal(), report.skipped(),
                        report.repaired())));
            }
            if (w.homes() > 0 || w.coallocated() > 0) {
                err.printf("gridsched: warning: %s: SWF has no field for a job's home cluster nor for co-allocation: %,d job(s)"
                        + " with a home cluster and %,d co-allocated job(s) are ordinary jobs in %s (the co-allocated ones of all"
                        + " their processors), so it does not simulate as the profile's workload%n", p.name, w.homes(),
                        w.coallocated(), swf);
            }
        }
    }

    private void plugins(List<String> args) {
        if (args.isEmpty()) {
            printPlugins(registry, out, home);
        } else if (args.size() == 1 && !args.get(0).startsWith("-")) {
            printPlugin(registry, args.get(0), out, home);
        } else {
            throw new UsageException("plugins takes at most one plugin name (plugins [NAME]), got " + String.join(" ", args));
        }
    }

    /** Every plugin's name, sorted, once (for suggestions, and the shell's completion). */
    static List<String> pluginNames(PluginRegistry registry) {
        return registry.all().stream().map(PluginRegistry.Entry::name).distinct().sorted().toList();
    }

    /** The plugins of that name (one per kind that has it), as {@link #printPlugins} shows them; an unknown name is an error. */
    static void printPlugin(PluginRegistry registry, String name, PrintStream out, Path home) {
        List<PluginRegistry.Entry> found = registry.all().stream().filter(e -> e.name().equals(name)).toList();
        if (found.isEmpty()) {
            throw new InputException(null, 0, null, "no plugin named '" + name + "'" + Suggest.didYouMean(name, pluginNames(registry))
                    + "; 'plugins' lists them all");
        }
        for (PluginRegistry.Entry plain : found) {
            PluginRegistry.Entry e = registry.withConfiguration(plain);
            out.println(e.kind().plural() + ":");
            printPlugin(e, out, home);
        }
    }

    /**
     * Every plugin by kind, with its bundle, its parameters and their defaults (or configured values), then the
     * problems the framework found (bundles that do not resolve, components that fail).
     */
    public static void printPlugins(PluginRegistry registry, PrintStream out, Path home) {
        Kind last = null;
        for (PluginRegistry.Entry plain : registry.all()) {
            PluginRegistry.Entry e = registry.withConfiguration(plain);
            if (e.kind() != last) {
                last = e.kind();
                out.println(last.plural() + ":");
            }
            printPlugin(e, out, home);
        }
        if (last == null) {
            out.println("no plugins found (are the plugin bundles installed and started?)");
        }
        List<String> problems = registry.problems();
        if (!problems.isEmpty()) {
            out.println("problems:");
            problems.forEach(p -> out.println("  " + p));
        }
    }

    /**
     * Where a plugin's configuration file goes: the workspace's {@code config/} folder ({@code bin/gridsched} gives
     * FileInstall that folder), relative to the gridsched home in a checkout, absolute in an installed release, whose
     * workspace is in the user's home.
     */
    static Path configFile(Path home, String pid) {
        Path file = Runner.workspace(home).resolve("config").resolve(pid + ".cfg");
        Path root = home.toAbsolutePath().normalize();
        return file.startsWith(root) ? root.relativize(file) : file;
    }

    /** One plugin (with its configuration): its line, its parameters with their values, configuration hints. */
    static void printPlugin(PluginRegistry.Entry e, PrintStream out, Path home) {
        out.printf("  %-12s %s  [%s]%n", e.name(), e.plugin().description(), e.provenance());
        for (Parameter p : e.plugin().parameters()) {
            Object configured = e.configured().get(p.name());
            String dflt = p.defaultValue().isEmpty() ? "(required)" : p.defaultValue();
            String value = configured == null ? dflt : configured + " (configured; default " + dflt + ")";
            out.printf("  %12s   %s = %s   %s%n", "", p.name(), value, p.description());
        }
        String json = jsonOptionHint(e);
        if (json != null) {
            out.printf("  %12s   (%s)%n", "", json);
        }
        if (e.configurationPid() != null && !e.plugin().parameters().isEmpty()) {
            out.printf("  %12s   (defaults can be set in %s)%n", "", configFile(home, e.configurationPid()));
        }
        for (String k : e.unknownConfiguredKeys()) {
            // a run that uses the plugin refuses such a key (PluginUse.options): the same error here, not a warning of a
            // key ignored
            out.printf("  %12s   error: %s (every run that uses %s stops with this error: correct or remove the key)%n", "",
                    new InputException(e.configuredFrom(), 0, k, e.unknownOptionProblem()).getMessage(), e.label());
        }
    }

    /**
     * How {@code simulate} takes an object or list for a plugin whose options hold some (a default that is one, or a
     * description that shows one: <code>{"</code> or <code>[{</code>): {@code --batch-option 'shares={"3": 2}'}, the first such option with the example
     * its description gives; null for a plugin without such options or a kind {@code simulate} gives no options to.
     */
    static String jsonOptionHint(PluginRegistry.Entry e) {
        String flag = switch (e.kind().choosing()) {
            case WORKLOAD -> "--workload-option";
            case PER_CLUSTER, ONE, ONE_OR_NONE -> e.kind().option() + "-option";
            default -> null;
        };
        if (flag == null) {
            return null;
        }
        java.util.regex.Pattern example = java.util.regex.Pattern.compile("\\{\"[^{}]*\\}|\\[[^\\[\\]]*\\]");
        for (Parameter p : e.plugin().parameters()) {
            String d = p.defaultValue().strip();
            java.util.regex.Matcher m = example.matcher(p.description());
            String value = null;
            while (value == null && m.find()) {
                try {
                    Object v = ProfileParser.jsonValue(m.group());
                    value = v instanceof java.util.Map<?, ?> || v instanceof List<?> ? m.group() : null;
                } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
                    // not JSON: read on
                }
            }
            int object = p.description().indexOf("{\"");
            int list = p.description().indexOf("[{");
            boolean listFirst = list >= 0 && (object < 0 || list < object);
            if (value != null || d.startsWith("{") || d.startsWith("[") || object >= 0 || list >= 0) {
                return "on the command line an object or list is JSON, in single quotes: " + flag + " '" + p.name() + "="
                        + (value != null ? value : d.startsWith("[") || listFirst ? "[...]" : "{...}") + "'";
            }
        }
        return null;
    }

    /**
     * A folder or file named on the command line; an empty name is refused, since it would mean the current folder
     * (an --out "" once made --force empty it).
     */
    public static Path folder(String value, String option) {
        if (value.isBlank()) {
            throw new UsageException(option + " needs a folder or file name; an empty one is not taken for the current folder");
        }
        return Path.of(value);
    }

}
