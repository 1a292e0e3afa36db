package org.gridsched.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.gridsched.api.InputException;

/**
 * What the shell's {@code gridsched:} commands do: plugins, run, runs, cancel, wait, features. Plain Java; the
 * Gogo command component in the cli bundle only forwards to it.
 */
public final class ShellCommands implements AutoCloseable {
    private final PluginRegistry registry;
    private final Path home;
    private final RunManager manager;
    private final Function<String, String> bundleState;
    private final java.util.Set<Long> reported = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * @param bundleState the state of a bundle by symbolic name ("active", "resolved", ...; null when not
     *                    installed), for {@code features}
     * @param onFinish    told when a background run ends (the interactive shell prints a line)
     */
    public ShellCommands(PluginRegistry registry, Path home, Function<String, String> bundleState,
            java.util.function.Consumer<RunManager.Run> onFinish) {
        this.registry = registry;
        this.home = home;
        this.bundleState = bundleState;
        this.manager = new RunManager(registry, home, Runtime.getRuntime().availableProcessors(), onFinish);
    }

    public RunManager manager() {
        return manager;
    }

    public void plugins(PrintStream out) {
        Cli.printPlugins(registry, out, home);
    }

    /** {@code plugins NAME}: the plugins of that name (one per kind that has it) with their options. */
    public void plugin(String name, PrintStream out) {
        Cli.printPlugin(registry, name, out, home);
    }

    /** Every plugin's name, sorted, once (for completion and suggestions). */
    public List<String> pluginNames() {
        return Cli.pluginNames(registry);
    }

    /** {@code run PROFILE [--out DIR] [--force] [--seed N] [--reference]}: starts it in the background; prints its id. */
    public RunManager.Run run(List<String> args, PrintStream out) {
        List<String> rest = new ArrayList<>(args);
        rest.remove("--quiet");
        RunProfile p;
        try {
            p = new Cli(registry, out, out, false, home).runProfile(rest);
        } catch (Cli.UsageException e) {
            throw new InputException(null, 0, null, e.getMessage() + " (usage: run PROFILE [--out DIR] [--force] [--seed N] [--reference])");
        }
        if (p.output != null && !p.output.isAbsolute()) {
            p.output = Path.of("").toAbsolutePath().resolve(p.output);
        }
        RunManager.Run r = manager.submit(p);
        out.println("run " + r.id() + " started: " + r.name() + " -> " + r.output() + " ('runs' shows its progress)");
        return r;
    }

    /** {@code runs}: a table of all runs; {@code runs ID}: one run with what it printed. */
    public void runs(List<String> args, PrintStream out) {
        if (!args.isEmpty()) {
            RunManager.Run r = manager.get(id(args.get(0)));
            out.println(line(r));
            out.println("  output: " + r.output());
            if (!r.message().isEmpty()) {
                out.println("  " + r.message());
            }
            printLog(r, out);
            return;
        }
        List<RunManager.Run> all = manager.runs();
        if (all.isEmpty()) {
            out.println("no runs yet; start one with: run PROFILE [--out DIR]");
            return;
        }
        out.printf("%4s  %-10s %9s %12s %9s  %s%n", "id", "state", "progress", "jobs done", "elapsed", "name");
        for (RunManager.Run r : all) {
            out.println(line(r));
        }
    }

    private static String line(RunManager.Run r) {
        double f = r.fraction();
        String pct = Double.isNaN(f) ? "-" : String.format("%.0f %%", 100 * f);
        String tail = r.state() == RunManager.State.FAILED || r.state() == RunManager.State.CANCELLED ? "  (" + r.message() + ")" : "";
        double pending = r.cancelPendingSeconds();
        String state = r.state().toString();
        if (!Double.isNaN(pending)) {
            state = "cancelling";
            tail = "  (" + cancelPending(pending) + ")";
        }
        return String.format("%4d  %-10s %9s %,12d %8.1fs  %s%s", r.id(), state, pct, r.jobsFinished(), r.elapsedSeconds(), r.name(), tail);
    }

    /**
     * What a pending cancel is waiting for. A run checks for a cancel every few hundred events; past a few seconds
     * it is inside a plugin's call that has not returned, which only the plugin (or ending the shell) can end.
     */
    private static String cancelPending(double seconds) {
        String asked = String.format("cancel asked %.0f s ago", seconds);
        return seconds < STUCK_SECONDS ? asked + "; it stops at its next progress check"
                : asked + " and not yet seen: the run is inside a plugin's call that has not returned (see where with: jstack "
                        + ProcessHandle.current().pid() + "); leaving the shell ends it";
    }

    /** Seconds after which a cancel not yet seen means that the run is stuck in a plugin's call. */
    static final double STUCK_SECONDS = 5;

    /** {@code cancel ID} */
    public void cancel(String id, PrintStream out) {
        RunManager.Run r = manager.get(id(id));
        double pending = r.cancelPendingSeconds();
        if (!Double.isNaN(pending)) {
            out.println("run " + r.id() + " (" + r.name() + "): " + cancelPending(pending));
        } else if (manager.cancel(r.id())) {
            out.println("run " + r.id() + " (" + r.name() + "): cancelling; it stops within moments and writes no results");
        } else {
            out.println("run " + r.id() + " (" + r.name() + ") has already ended: " + r.state());
        }
    }

    /**
     * {@code await [ID]}: waits for one run, or for every run not yet reported (those still going and those that
     * ended since: a run that failed before {@code await} was typed is reported too); prints how each ended.
     */
    public void await(List<String> args, PrintStream out) throws InterruptedException {
        List<RunManager.Run> which = args.isEmpty()
                ? manager.runs().stream().filter(r -> !reported.contains(r.id())).toList()
                : List.of(manager.get(id(args.get(0))));
        for (RunManager.Run r : which) {
            r.await(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
            report(r, out);
        }
    }

    /** How a run ended, with what it printed; once per run, however many times it is awaited. */
    public void report(RunManager.Run r, PrintStream out) {
        if (!reported.add(r.id())) {
            return;
        }
        printLog(r, out);
        out.println("run " + r.id() + " (" + r.name() + ") " + r.state()
                + (r.message().isEmpty() ? "" : ": " + r.message())
                + String.format(" after %.1f s", r.elapsedSeconds()));
    }

    /** What the run printed, ending with a newline. */
    private static void printLog(RunManager.Run r, PrintStream out) {
        String log = r.log();
        if (!log.isBlank()) {
            out.print(log.endsWith("\n") ? log : log + "\n");
        }
    }

    /** {@code features}: each feature, what it includes, its bundles and their state in this framework. */
    public void features(PrintStream out) {
        FeatureCatalog catalog = FeatureCatalog.load(home.resolve("features"));
        for (FeatureCatalog.Feature f : catalog.all()) {
            List<String> bundles = catalog.bundlesOf(List.of(f.name()));
            long active = bundles.stream().filter(b -> "active".equals(bundleState.apply(b))).count();
            out.printf("%s: %s%n", f.name(), f.description());
            if (!f.includes().isEmpty()) {
                out.printf("  includes %s%n", String.join(", ", f.includes()));
            }
            out.printf("  %d of %d bundles active%n", active, bundles.size());
            for (String b : f.bundles()) {
                String s = bundleState.apply(b);
                out.printf("    %-44s %s%n", b, s == null ? "not installed" : s);
            }
        }
    }

    private static long id(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new InputException(null, 0, "ID", "expected a run id (a number from 'runs'), got '" + text + "'");
        }
    }

    @Override
    public void close() {
        manager.close();
    }
}
