package org.gridsched.experiments;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.gridsched.api.InputException;
import org.gridsched.launcher.Cli;
import org.gridsched.launcher.MatrixAxes;
import org.gridsched.launcher.PluginRegistry;
import org.gridsched.launcher.ProfileParser;
import org.gridsched.launcher.RunProfile;
import org.gridsched.launcher.Runner;
import org.gridsched.launcher.Suggest;

/** The commands {@code matrix} (a matrix's cells: list, run some, merge) and {@code slurm} (the same as job arrays). */
final class SweepCommands {
    private final PluginRegistry registry;
    private final boolean terminal;
    private final Path home;
    private Runner runner;
    private PrintStream out;
    private PrintStream err;

    SweepCommands(PluginRegistry registry, PrintStream out, PrintStream err, boolean terminal, Path home) {
        this.registry = registry;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
        this.home = home;
        this.runner = new Runner(registry, out, err, terminal, home);
    }

    /** The profile's file (first argument) and the options after it, each given once. */
    private record Args(Path profile, java.util.Map<String, String> options) {
        String get(String option) {
            return options.get(option);
        }

        boolean has(String option) {
            return options.containsKey(option);
        }
    }

    private static Args args(String command, List<String> args, Set<String> flags, String example) {
        if (args.isEmpty() || args.get(0).startsWith("--")) {
            throw new Cli.UsageException(command + ": give the profile file first, e.g. gridsched " + command + " " + example);
        }
        java.util.Map<String, String> options = new java.util.LinkedHashMap<>();
        Set<String> known = new HashSet<>(Cli.optionsOf(command));
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (!known.contains(a)) {
                throw new Cli.UsageException(command + ": unknown option '" + a + "'" + Suggest.didYouMean(a, Cli.optionsOf(command)));
            }
            if (options.containsKey(a)) {
                throw new Cli.UsageException(command + ": " + a + " is given twice; give it once");
            }
            if (flags.contains(a)) {
                options.put(a, "");
            } else {
                if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
                    throw new Cli.UsageException(a + " needs a value");
                }
                options.put(a, args.get(++i));
            }
        }
        return new Args(Path.of(args.get(0)), options);
    }

    private static int positive(Args a, String option, int dflt) {
        String v = a.get(option);
        if (v == null) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new Cli.UsageException(option + " needs a whole number of at least 1, got '" + v + "'");
    }

    private RunProfile profile(Args a) {
        RunProfile p = ProfileParser.parse(a.profile());
        if (a.has("--seed")) {
            try {
                p.seed = Long.parseLong(a.get("--seed"));
            } catch (NumberFormatException e) {
                throw new Cli.UsageException("--seed needs a whole number, got '" + a.get("--seed") + "'");
            }
            Cli.seedOptionApplies(p);
        }
        if (p.matrix == null) {
            throw new InputException(a.profile().toString(), 0, "matrix", "this profile has no \"matrix\"; matrix and slurm run the cells of"
                    + " a matrix (run a single profile with 'gridsched run " + a.profile() + "')");
        }
        return p;
    }

    /**
     * {@code matrix PROFILE [--list | --cell I | --cells I-J | --merge DIR] [--out DIR] [--threads N] [--seed N] [--quiet |
     * --no-progress]}.
     */
    void matrix(List<String> list) {
        Args a = args("matrix", list, Set.of("--list", "--quiet", "--no-progress"), "runconfigs/brokering-load-sweep.json --list");
        List<String> modes = a.options().keySet().stream().filter(List.of("--list", "--cell", "--cells", "--merge")::contains).toList();
        if (modes.size() > 1) {
            throw new Cli.UsageException("matrix: " + String.join(" and ", modes) + " do different things; give one of them");
        }
        RunProfile p = profile(a);
        if (a.has("--no-progress")) { // warnings and the tables still print
            p.progress = false;
        }
        if (a.has("--quiet")) { // nothing but errors, which reach the user as exceptions
            p.progress = false;
            PrintStream silent = new PrintStream(java.io.OutputStream.nullOutputStream(), true, java.nio.charset.StandardCharsets.UTF_8);
            out = silent;
            err = silent;
            runner = new Runner(registry, out, err, terminal, home);
        }
        Path dir = Runner.outputDir(p, home);
        if (a.has("--out")) {
            dir = Cli.folder(a.get("--out"), "--out");
        }
        if (a.has("--merge")) {
            Path m = Cli.folder(a.get("--merge"), "--merge");
            if (a.has("--out") && !m.toAbsolutePath().normalize().equals(dir.toAbsolutePath().normalize())) {
                throw new Cli.UsageException("matrix: --merge " + m + " and --out " + dir + " name different folders; --merge DIR alone names it");
            }
            dir = m;
        }
        Sweep sweep = new Sweep(runner, out, err, p, a.profile(), Sweep.fingerprint(a.profile(), p.seed), dir);
        int threads = positive(a, "--threads", Math.max(1, Runtime.getRuntime().availableProcessors()));
        if (a.has("--list")) {
            sweep.list();
        } else if (a.has("--merge")) {
            sweep.merge();
        } else if (a.has("--cell") || a.has("--cells")) {
            String option = a.has("--cell") ? "--cell" : "--cells";
            int[] r = sweep.range(a.get(option), option);
            sweep.run(r[0], r[1], threads);
        } else {
            sweep.run(0, sweep.cells().size() - 1, threads);
            sweep.merge();
        }
    }

    /** {@code slurm PROFILE [--out DIR] [--per-task K] [--max-running M] [--partition P] ... [--submit]}. */
    void slurm(List<String> list) {
        Args a = args("slurm", list, Set.of("--submit"), "runconfigs/brokering-load-sweep.json --per-task 4 --max-running 50");
        RunProfile p = profile(a);
        Path dir = (a.has("--out") ? Cli.folder(a.get("--out"), "--out") : Runner.outputDir(p, home)).toAbsolutePath().normalize();
        String unusable = SlurmSweep.unusableFolder(dir);
        if (unusable != null) {
            String why = "the sweep's folder " + org.gridsched.launcher.ControlChars.escape(dir.toString()) + " " + unusable
                    + "; choose a folder without it";
            if (a.has("--out")) {
                throw new Cli.UsageException("slurm: --out: " + why);
            }
            throw new InputException(a.profile().toString(), 0, "output", why + " (or give --out)");
        }
        Sweep sweep = new Sweep(runner, out, err, p, a.profile(), Sweep.fingerprint(a.profile(), p.seed), dir);
        MatrixAxes.checkPlugins(runner, p, MatrixAxes.parse(p.matrix, p, p.name)); // fail here, not in a thousand tasks
        int perTask = positive(a, "--per-task", 1);
        int maxRunning = a.has("--max-running") ? positive(a, "--max-running", 0) : 0;
        int cpus = positive(a, "--cpus-per-task", 1);
        int maxArray;
        String source;
        if (a.has("--max-array-size")) {
            maxArray = positive(a, "--max-array-size", 0);
            source = "from --max-array-size";
        } else {
            Object[] m = SlurmSweep.maxArraySize();
            maxArray = (Integer) m[0];
            source = (String) m[1];
        }
        for (String o : List.of("--partition", "--time")) {
            if (a.has(o) && !a.get(o).matches("[A-Za-z0-9_.:,+-]+")) {
                throw new Cli.UsageException(o + " '" + a.get(o) + "' is not a Slurm " + o.substring(2) + " (letters, digits and _.:,+- only)");
            }
        }
        // sbatch's time formats (man sbatch, --time); anything else would only fail when the jobs are submitted
        if (a.has("--time") && !a.get("--time").matches("\\d+(:\\d+){0,2}|\\d+-\\d+(:\\d+){0,2}|(?i:unlimited|infinite)")) {
            throw new Cli.UsageException("--time '" + a.get("--time") + "' is not a Slurm time limit: MINUTES, MINUTES:SECONDS,"
                    + " HOURS:MINUTES:SECONDS, DAYS-HOURS[:MINUTES[:SECONDS]] or UNLIMITED");
        }
        Path gridsched = home.resolve("bin").resolve("gridsched").toAbsolutePath().normalize();
        SlurmSweep.Settings s = new SlurmSweep.Settings(p.name, gridsched, a.profile().toAbsolutePath().normalize(), dir, sweep.cells().size(),
                perTask, maxRunning, a.get("--partition"), a.get("--time"), cpus, a.has("--seed") ? p.seed : null, maxArray, source);
        sweep.folder.claim(); // refused now if it holds other results, not in every task
        Path folder = SlurmSweep.write(s);
        out.printf("%s: %d cells, %d per task: %d array task%s in %d array%s (MaxArraySize %d, %s)%s%n", p.name, s.cells(), perTask, s.tasks(),
                s.tasks() == 1 ? "" : "s", s.arrays().size(), s.arrays().size() == 1 ? "" : "s", maxArray, source,
                maxRunning > 0 ? ", at most " + maxRunning + " running per array" : "");
        out.println("  scripts: " + folder.resolve("cells.sbatch") + ", " + folder.resolve("merge.sbatch") + ", " + folder.resolve("submit.sh"));
        out.println("  results: " + dir.resolve("matrix.csv") + ", " + dir.resolve("tables.md") + " (cells under " + dir.resolve(Sweep.CELLS)
                + ", logs under " + folder.resolve("logs") + ")");
        if (!Files.isExecutable(gridsched)) {
            err.println("gridsched: warning: " + gridsched + " is not an executable here; the tasks run it");
        }
        if (a.has("--submit")) {
            SlurmSweep.submit(s, out);
        } else {
            out.println("  submit with: bash " + folder.resolve("submit.sh") + "   (or add --submit)");
        }
    }
}
