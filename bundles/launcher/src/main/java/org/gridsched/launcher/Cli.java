package org.gridsched.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.engine.Platform;
import org.gridsched.engine.report.ClusterReport;
import org.gridsched.engine.report.RunReport;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * The {@code gridsched} command line. Plain Java: the OSGi main component hands it the live plugin
 * registry; tests hand it one filled by hand. Exit codes: 0 success, 1 bad input or failed run, 2 bad
 * usage.
 */
public final class Cli {
    static final String USAGE = """
            usage: gridsched [--features NAME,...] <command> [options]

            commands:
              simulate   run one simulation from options
                           --workload FILE[,FILE...] | --generator NAME   the jobs: SWF trace(s), merged in time
                                                                when several, or a generator:
                                                                {generator}
                           --clock zero|unix                    several traces: each starts at 0 (default), or
                                                                aligned on their UnixStartTime headers
                           --local-fraction F                   one trace per cluster: this seeded fraction of jobs
                                                                goes straight to its own cluster, never moved
                           --reference-speed S                  speed the traces were recorded at (default 1)
                           --moldable none|binary|exhaustive    parallel trace jobs become moldable (thesis types
                                                                t1-t4, Amdahl); servers pick the size
                           --platform NAME:PROCS[:SPEED][,...]  default: one cluster sized by the trace's MaxProcs
                           --batch NAME                         local batch policy (default easy):
                                                                {batch}
                           --meta NAME                          meta-scheduler choosing each job's cluster (default mct):
                                                                {meta}
                           --out DIR                            output folder (default workspace/results/NAME)
                           --reader NAME                        workload reader (default: chosen by file name):
                                                                {reader}
                           --seed N  --name NAME  --strict  --no-kill  --quiet
                           --collectors a,b                     metric collectors (default jobs,utilization):
                                                                {collector}
                           --controllers a,b                    grid controllers taking part in the run (default none):
                                                                {controller}
                           --workload-option KEY=VALUE          reader or generator option (repeatable)
                           --batch-option KEY=VALUE             batch policy option (repeatable)
                           --meta-option KEY=VALUE              meta-scheduler option (repeatable)
                           --realloc none|NAME                  move waiting jobs between clusters periodically:
                                                                {realloc}
                           --heuristic NAME                     which job reallocation handles next:
                                                                {heuristic}
                           --heuristic-option KEY=VALUE         selection heuristic option (repeatable)
                           --realloc-option KEY=VALUE           period (3600), threshold (60), limit (0 = all)
                           --reference                          also run without reallocation; fill "comparison"
                           --max-skipped-fraction F             fail when more than this share of the jobs is skipped (0.5)
                           --report                             also write report.html (see report)
              run PROFILE.json [--out DIR] [--force] [--seed N] [--quiet] [--report]
                         run a JSON run profile (see runconfigs/); --force clears an --out holding other results;
                         --report (profile key "report": true) also writes the report at the end; a profile with
                         "study" runs that experiment plugin (e.g. ocean-atmosphere-repartition-study.json)
              run --check PROFILE.json...
                         check profiles without running anything: keys and values, plugin names and options (per
                         cluster, per matrix value, a study's), workload files; one line each, exit 1 if one is wrong
              matrix PROFILE.json [--list | --cell I | --cells I-J | --merge DIR] [--out DIR] [--threads N] [--seed N] [--quiet]
                         a profile's matrix as numbered cells: --list prints them; --cell(s) runs those into DIR/cells/KEY
                         (complete cells are skipped: a killed sweep resumes); --merge DIR writes matrix.csv and tables.md
                         from the cells, byte for byte those of 'run'; with none of the four: every cell left, then the merge
              slurm PROFILE.json [--per-task K] [--max-running M] [--partition P] [--time T] [--cpus-per-task C]
                                 [--max-array-size N] [--out DIR] [--seed N] [--submit]
                         writes Slurm job arrays running the matrix's cells, K per task, and a merge job after them, into
                         DIR/slurm; --submit submits them and prints the job ids (see README, Sweeps on Slurm)
              theory PROFILE.json [--out DIR] [--seed N] [--quiet]
                         run a random-brokering profile and print queueing theory beside the simulation
              generate PROFILE.json --swf FILE [--seed N] [--force]
                         write the profile's workload (any generator or reader) as an SWF trace (.gz: compressed);
                         an existing FILE is replaced only with --force, and never when it is one of the profile's inputs
              report DIR [--diff OTHER] [--no-images]
                         validate a run's schedule and write DIR/report.html (self-contained: Gantt charts, queue and
                         utilization over time, wait and slowdown distributions; --diff: job by job against another
                         run of the same workload), DIR/report-images/*.png and Batsim's DIR/schedule.json; of a
                         matrix folder: box plots of its metrics and its tables
              validate DIR
                         check a run's schedule (no processor used twice at once, no start before submission,
                         placement, dependencies, co-allocated parts together); exit 1 naming the jobs when invalid
              plugins    list every discovered plugin with its bundle, version, options and configured values,
                         then the problems found (bundles that do not resolve, components that fail)
              features   the bundle sets of features/ and the state of their bundles
              shell      [-c "COMMANDS" | SCRIPT]  the long-running Gogo shell: plugins, run, runs, cancel,
                         await, features; hot deploy from workspace/plugins
              bench      [--data DIR] [--jobs N] [--policies fcfs,cbf,easy] [--runs K]
                         jobs/s and peak heap per policy on the shared traces and a generated workload
              bench startup [--runs N] [--against SCRIPT]   (bin/gridsched only)
                         whole-process times of --version, plugins and 20,000-job simulations, min/median
              help       this text
              --version  the version and the git commit the application was built from

            The plugin names are those this installation discovered (gridsched plugins lists them with their options).
            --features starts only those bundle sets of features/ (default: default, everything).
            errors name the file, line and field; add --debug to see a stack trace.
            """;

    private final PluginRegistry registry;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    private final Path home;

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

    /**
     * {@link #USAGE} with each {@code {kind}} placeholder replaced by the names of the plugins of that kind the
     * registry holds, wrapped at the placeholder's indentation: the usage cannot name a plugin that is not there
     * or miss one that is (kinds by {@link PluginRegistry.Kind}'s profile key: batch, meta, realloc, ...).
     */
    String usage() {
        StringBuilder sb = new StringBuilder();
        for (String line : USAGE.split("\n", -1)) {
            String t = line.strip();
            PluginRegistry.Kind kind = t.startsWith("{") && t.endsWith("}") ? kindByKey(t.substring(1, t.length() - 1)) : null;
            if (kind == null) {
                sb.append(line).append('\n');
                continue;
            }
            String indent = line.substring(0, line.indexOf('{'));
            java.util.Set<String> names = registry.names(kind);
            StringBuilder row = new StringBuilder(indent);
            if (names.isEmpty()) {
                row.append("(none discovered)");
            }
            int i = 0;
            for (String n : names) {
                String item = n + (++i < names.size() ? ", " : "");
                if (row.length() > indent.length() && row.length() + item.length() > 118) {
                    sb.append(row.toString().stripTrailing()).append('\n');
                    row = new StringBuilder(indent);
                }
                row.append(item);
            }
            sb.append(row).append('\n');
        }
        return sb.substring(0, sb.length() - 1);
    }

    private static PluginRegistry.Kind kindByKey(String key) {
        for (PluginRegistry.Kind k : PluginRegistry.Kind.values()) {
            if (k.key().equals(key)) {
                return k;
            }
        }
        throw new IllegalStateException("Cli.USAGE names no plugin kind '" + key + "'");
    }

    /** The usage text of one command (its lines of {@link #USAGE}), or null for an unknown one. */
    static String helpFor(String command) {
        return helpIn(USAGE, command);
    }

    /** The lines of one command in a usage text, or null for an unknown one. */
    static String helpIn(String usage, String command) {
        StringBuilder sb = new StringBuilder();
        boolean in = false;
        for (String line : usage.split("\n")) {
            String t = line.strip();
            int indent = line.length() - line.stripLeading().length();
            if (indent == 2 && !t.isEmpty()) { // a command's first line; its other lines are indented further
                in = t.equals(command) || t.startsWith(command + " ");
            } else if (indent < 2 || t.isEmpty()) {
                in = false;
            }
            if (in) {
                sb.append(line.substring(2)).append('\n');
            }
        }
        return sb.length() == 0 ? null : "usage: gridsched " + sb.toString().stripLeading();
    }

    /** The options a command's usage names (words starting with --). */
    static List<String> optionsOf(String command) {
        return optionsIn(helpFor(command));
    }

    /** The options (words starting with --) a help text names, in order, once each; none for null. */
    static List<String> optionsIn(String help) {
        List<String> options = new ArrayList<>();
        if (help != null) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("--[a-z][a-z-]*").matcher(help);
            while (m.find()) {
                if (!options.contains(m.group())) {
                    options.add(m.group());
                }
            }
        }
        return options;
    }

    /** A usage problem: wrong command or option. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
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
                String help = helpIn(usage(), command);
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
                    runner(runProfile(args));
                }
                case "plugins" -> plugins(args);
                case "generate" -> generate(args);
                case "theory" -> theory(args);
                case "matrix" -> new SweepCommands(registry, out, err, terminal, home).matrix(args);
                case "slurm" -> new SweepCommands(registry, out, err, terminal, home).slurm(args);
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
        } catch (OutOfMemoryError e) {
            err.println("gridsched: failed: out of memory; give Java more heap, e.g. GRIDSCHED_JAVA_OPTS=-Xmx8g");
            return 1;
        } catch (RuntimeException e) {
            err.println("gridsched: failed: " + e);
            if (debug) {
                e.printStackTrace(err);
            } else {
                err.println("(run again with --debug for the stack trace)");
            }
            return 1;
        }
    }

    RunProfile simulateProfile(List<String> args) {
        RunProfile p = new RunProfile();
        p.name = "simulate";
        p.optionsFrom = "command line";
        Map<String, Object> workloadOptions = new LinkedHashMap<>();
        // the plugin kinds' options: --KIND NAME and --KIND-option KEY=VALUE (one, per cluster), --KIND a,b (many)
        Map<Kind, List<String>> names = new EnumMap<>(Kind.class);
        Map<Kind, Map<String, Object>> kindOptions = new EnumMap<>(Kind.class);
        java.util.Set<String> given = new java.util.HashSet<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            Kind kind = kindOf(a);
            if (!a.endsWith("-option") && !given.add(a)) {
                throw new UsageException("simulate: " + a + " is given twice; give it once");
            }
            if (kind != null && a.equals(kind.option())) {
                String v = value(args, ++i, a);
                if (kind.choosing() == Kind.Choosing.MANY) {
                    List<String> list = new ArrayList<>();
                    for (String n : v.split(",")) {
                        list.add(n.trim());
                    }
                    names.put(kind, list);
                } else {
                    names.put(kind, List.of(v));
                }
                continue;
            }
            if (kind != null) {
                keyValue(value(args, ++i, a), kindOptions.computeIfAbsent(kind, k -> new LinkedHashMap<>()), a);
                continue;
            }
            switch (a) {
                case "--workload" -> {
                    List<Path> files = new ArrayList<>();
                    List<String> asGiven = new ArrayList<>();
                    for (String f : value(args, ++i, a).split(",")) {
                        files.add(Path.of(f.trim()));
                        asGiven.add(f.trim());
                    }
                    p.workloadFiles = files;
                    p.workloadFilesAsGiven = asGiven;
                }
                case "--clock" -> p.clock = value(args, ++i, a);
                case "--local-fraction" -> p.localFraction = doubleValue(args, ++i, a);
                case "--max-skipped-fraction" -> p.maxSkippedFraction = doubleValue(args, ++i, a);
                case "--reference-speed" -> p.referenceSpeed = doubleValue(args, ++i, a);
                case "--moldable" -> p.moldable = value(args, ++i, a);
                case "--platform" -> {
                    Platform.parse(value(args, ++i, a), "--platform").clusters().forEach(c ->
                            p.clusters.add(new RunProfile.ClusterEntry(c.name(), c.processors(), c.speed(), null)));
                }
                case "--reference" -> p.reference = true;
                case "--out" -> p.output = folder(value(args, ++i, a), a);
                case "--force" -> p.force = true;
                case "--seed" -> p.seed = longValue(args, ++i, a);
                case "--name" -> p.name = value(args, ++i, a);
                case "--strict" -> p.strict = true;
                case "--no-kill" -> p.killAtRequestedTime = false;
                case "--quiet" -> {
                    p.progress = false;
                    p.quiet = true;
                }
                case "--report" -> p.report = true;
                case "--workload-option" -> keyValue(value(args, ++i, a), workloadOptions, a);
                default -> throw new UsageException("simulate: unknown option '" + a + "'" + Suggest.didYouMean(a, optionsOf("simulate")));
            }
        }
        p.reader = names.containsKey(Kind.READER) ? names.get(Kind.READER).get(0) : null;
        p.generator = names.containsKey(Kind.GENERATOR) ? names.get(Kind.GENERATOR).get(0) : null;
        if (p.workloadFiles.isEmpty() == (p.generator == null)) {
            throw new UsageException("simulate: give exactly one of --workload FILE and --generator NAME");
        }
        p.workloadOptions = workloadOptions;
        for (Kind kind : Kind.values()) {
            Map<String, Object> options = kindOptions.getOrDefault(kind, Map.of());
            List<String> chosen = names.get(kind);
            switch (kind.choosing()) {
                case WORKLOAD, EXPERIMENT -> {
                    // above; an experiment is a profile's, never a simulate option
                }
                case MANY -> {
                    if (chosen != null) {
                        List<RunProfile.Choice> list = new ArrayList<>();
                        chosen.forEach(n -> list.add(RunProfile.Choice.of(n)));
                        p.choose(kind, list);
                    }
                }
                default -> {
                    String name = chosen != null ? chosen.get(0) : null;
                    if (name == null && !options.isEmpty()) {
                        // options alone go to the kind's default, if it has one
                        RunProfile.Choice d = p.choice(kind);
                        if (d == null) {
                            throw new UsageException("simulate: " + kind.option() + "-option needs " + kind.option() + " NAME");
                        }
                        name = d.name();
                    }
                    if (name != null && kind.choosing() == Kind.Choosing.ONE_OR_NONE && name.equals("none")) {
                        if (!options.isEmpty()) {
                            throw new UsageException("simulate: " + kind.option() + "-option needs " + kind.option() + " NAME");
                        }
                        p.choose(kind, List.of());
                    } else if (name != null) {
                        p.choose(kind, new RunProfile.Choice(name, options));
                    }
                }
            }
        }
        boolean heuristicGiven = names.containsKey(Kind.HEURISTIC) || kindOptions.containsKey(Kind.HEURISTIC);
        if (heuristicGiven && p.choice(Kind.REALLOCATION) == null) {
            throw new UsageException("simulate: " + Kind.HEURISTIC.option() + " chooses how a reallocation picks jobs; it has no effect without "
                    + Kind.REALLOCATION.option() + " NAME");
        }
        return p;
    }

    /**
     * The plugin kind a {@code simulate} option is about: {@code --KIND} (its {@link Kind#option()}), or
     * {@code --KIND-option} for kinds chosen one at a time; null for other options.
     */
    private static Kind kindOf(String option) {
        for (Kind k : Kind.values()) {
            if (!k.inRuns()) {
                continue;
            }
            if (option.equals(k.option())) {
                return k;
            }
            boolean single = k.choosing() != Kind.Choosing.MANY && k.choosing() != Kind.Choosing.WORKLOAD;
            if (single && option.equals(k.option() + "-option")) {
                return k;
            }
        }
        return null;
    }

    /** Runs a profile; with {@code --quiet} its summary and warnings go nowhere (errors still reach stderr). */
    private void runner(RunProfile p) {
        PrintStream silent = new PrintStream(java.io.OutputStream.nullOutputStream(), false, java.nio.charset.StandardCharsets.UTF_8);
        new Runner(registry, p.quiet ? silent : out, p.quiet ? silent : err, terminal, home).run(p);
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
                case "--out" -> p.output = folder(value(args, ++i, a), a);
                case "--force" -> p.force = true;
                case "--seed" -> p.seed = longValue(args, ++i, a);
                case "--quiet" -> {
                    p.progress = false;
                    p.quiet = true;
                }
                case "--reference" -> p.reference = true;
                case "--report" -> p.report = true;
                default -> throw new UsageException(command + ": unknown option '" + a + "'" + Suggest.didYouMean(a, optionsOf(command)));
            }
        }
        return p;
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
            throw new InputException(null, 0, "matrix", "theory compares one run with queueing theory; give a profile without \"matrix\"");
        }
        if (p.clusters.isEmpty()) {
            throw new InputException(null, 0, "platform", "theory needs the profile to list its clusters");
        }
        java.util.List<org.gridsched.engine.ClusterSpec> specs = new java.util.ArrayList<>();
        p.clusters.forEach(c -> specs.add(new org.gridsched.engine.ClusterSpec(c.name(), c.processors(), c.speed())));
        try {
            BrokeringTheory.of(p, new org.gridsched.engine.Platform(specs));
        } catch (BrokeringTheory.NotApplicable e) {
            throw new InputException(null, 0, null, "queueing theory does not apply to '" + p.name + "': " + e.getMessage());
        }
        Runner.Outcome o = new Runner(registry, out, err, terminal, home).run(p);
        out.println();
        out.println("theory: " + o.theory());
        out.printf("%-10s %-24s %14s %14s %10s%n", "element", "metric", "simulated", "theory", "difference");
        RunReport report = o.report();
        for (int i = 0; i < report.clusters().size(); i++) {
            ClusterReport sim = report.clusters().get(i);
            for (Map.Entry<String, Double> t : report.theory().clusters().get(i).toMap().entrySet()) {
                double theory = t.getValue();
                Object s = sim.metric(t.getKey());
                if (t.getKey().equals("load")) {
                    out.printf("%-10s %-24s %14s %14.6g%n", sim.name(), "load", "", theory);
                } else if (s instanceof Number n) {
                    double v = n.doubleValue();
                    String diff = theory == 0 ? "" : String.format("%+9.2f%%", 100 * (v - theory) / theory);
                    out.printf("%-10s %-24s %14.6g %14.6g %10s%n", sim.name(), t.getKey(), v, theory, diff);
                } else {
                    out.printf("%-10s %-24s %14s %14.6g   (add the collector that measures it)%n", sim.name(), t.getKey(), "-", theory);
                }
            }
        }
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
                case "--swf" -> swf = folder(value(args, ++i, a), a);
                case "--seed" -> p.seed = longValue(args, ++i, a);
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
            long n = SwfOutput.write(source, swf);
            out.printf("%s: wrote %,d jobs from %s to %s%n", p.name, n, source.describe(), swf);
        }
    }

    private void plugins(List<String> args) {
        if (!args.isEmpty()) {
            throw new UsageException("plugins takes no options");
        }
        printPlugins(registry, out);
    }

    /**
     * Every plugin by kind, with its bundle, its parameters and their defaults (or configured values), then the
     * problems the framework found (bundles that do not resolve, components that fail).
     */
    public static void printPlugins(PluginRegistry registry, PrintStream out) {
        Kind last = null;
        for (PluginRegistry.Entry plain : registry.all()) {
            PluginRegistry.Entry e = registry.withConfiguration(plain);
            if (e.kind() != last) {
                last = e.kind();
                out.println(last.plural() + ":");
            }
            printPlugin(e, out);
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

    /** One plugin (with its configuration): its line, its parameters with their values, configuration hints. */
    static void printPlugin(PluginRegistry.Entry e, PrintStream out) {
        out.printf("  %-12s %s  [%s]%n", e.name(), e.plugin().description(), e.provenance());
        for (Parameter p : e.plugin().parameters()) {
            Object configured = e.configured().get(p.name());
            String dflt = p.defaultValue().isEmpty() ? "(required)" : p.defaultValue();
            String value = configured == null ? dflt : configured + " (configured; default " + dflt + ")";
            out.printf("  %12s   %s = %s   %s%n", "", p.name(), value, p.description());
        }
        if (e.configurationPid() != null && !e.plugin().parameters().isEmpty()) {
            out.printf("  %12s   (defaults can be set in workspace/config/%s.cfg)%n", "", e.configurationPid());
        }
        for (String k : e.unknownConfiguredKeys()) {
            out.printf("  %12s   warning: configuration %s sets '%s', which is not a parameter of %s (ignored)%n",
                    "", e.configurationPid(), k, e.name());
        }
    }

    /**
     * A folder or file named on the command line; an empty name is refused, since it would mean the current folder
     * (an --out "" once made --force empty it).
     */
    static Path folder(String value, String option) {
        if (value.isBlank()) {
            throw new UsageException(option + " needs a folder or file name; an empty one is not taken for the current folder");
        }
        return Path.of(value);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size() || args.get(i).startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    private static double doubleValue(List<String> args, int i, String option) {
        String v = value(args, i, option);
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a number, got '" + v + "'");
        }
    }

    private static long longValue(List<String> args, int i, String option) {
        String v = value(args, i, option);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a whole number, got '" + v + "'");
        }
    }

    /** KEY=VALUE; numbers and booleans become numbers and booleans, like in a profile. */
    private static void keyValue(String kv, Map<String, Object> into, String option) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
            throw new UsageException(option + " expects KEY=VALUE, got '" + kv + "'");
        }
        String v = kv.substring(eq + 1);
        Object value = v;
        if (v.equals("true") || v.equals("false")) {
            value = Boolean.parseBoolean(v);
        } else {
            try {
                value = v.matches("-?\\d+") ? (Object) Long.parseLong(v) : (Object) Double.parseDouble(v);
            } catch (NumberFormatException e) {
                value = v;
            }
        }
        into.put(kv.substring(0, eq), value);
    }
}
