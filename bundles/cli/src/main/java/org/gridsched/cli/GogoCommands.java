package org.gridsched.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import org.gridsched.launcher.PluginRegistry;
import org.gridsched.launcher.RunManager;
import org.gridsched.launcher.ShellCommands;
import org.gridsched.launcher.ShellHelp;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The {@code gridsched:} commands of the Gogo shell. Gogo prints through the session's standard output, which it
 * redirects per command; the work is in the plain-Java {@link ShellCommands}.
 */
@Component(service = GogoCommands.class, property = {
        "osgi.command.scope=gridsched",
        "osgi.command.function=plugins",
        "osgi.command.function=run",
        "osgi.command.function=runs",
        "osgi.command.function=cancel",
        "osgi.command.function=await",
        "osgi.command.function=features" })
public final class GogoCommands {
    private final ShellCommands commands;
    /** Told when a background run ends; the interactive shell prints a line. */
    private volatile Consumer<RunManager.Run> finished = r -> { };

    @Activate
    public GogoCommands(@Reference PluginRegistry registry, BundleContext context) {
        Path home = Path.of(System.getProperty("gridsched.home", ".")).toAbsolutePath().normalize();
        this.commands = new ShellCommands(registry, home, name -> state(context, name), r -> finished.accept(r));
    }

    @Deactivate
    void deactivate() {
        commands.close();
    }

    ShellCommands commands() {
        return commands;
    }

    void onFinish(Consumer<RunManager.Run> listener) {
        this.finished = listener;
    }

    private static String state(BundleContext context, String symbolicName) {
        String best = null;
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                String s = switch (b.getState()) {
                    case Bundle.ACTIVE -> "active";
                    case Bundle.RESOLVED -> "resolved (not started)";
                    case Bundle.STARTING -> "starting";
                    case Bundle.STOPPING -> "stopping";
                    default -> "installed (not resolved)";
                };
                if (best == null || s.equals("active")) {
                    best = s + " " + b.getVersion();
                }
            }
        }
        return best == null ? null : best.startsWith("active") ? "active" : best;
    }

    /** {@code plugins [NAME]}: every plugin (or one) with its bundle, parameters and defaults, then any problems. */
    public void plugins(String... args) {
        if (!help("plugins", args)) {
            switch (args.length) {
                case 0 -> commands.plugins(System.out);
                case 1 -> commands.plugin(args[0], System.out);
                default -> throw new IllegalArgumentException("plugins takes at most one plugin name (" + ShellHelp.of("plugins").lines().findFirst().orElse("") + ")");
            }
        }
    }

    /** {@code run PROFILE [--out DIR] [--seed N] [--reference]}: starts a run in the background. */
    public void run(String... args) {
        if (!help("run", args)) {
            commands.run(List.of(besideTheScript(args)), System.out);
        }
    }

    /** The folder of the script the shell is running ({@code gridsched shell FILE}), else null. */
    private volatile java.nio.file.Path scriptFolder;

    void scriptFolder(java.nio.file.Path folder) {
        scriptFolder = folder;
    }

    /**
     * A script's profile named by a relative path that does not exist from the current folder but does beside the
     * script: that one, so that a script runs the profiles beside it from any folder (runconfigs/bot-table2.gosh, in
     * a checkout or an installed release). A path that exists from the current folder is taken as it is.
     */
    private String[] besideTheScript(String[] args) {
        java.nio.file.Path folder = scriptFolder;
        if (folder == null || args.length == 0 || args[0].startsWith("-")) {
            return args;
        }
        try {
            java.nio.file.Path given = java.nio.file.Path.of(args[0]);
            java.nio.file.Path beside = folder.resolve(given);
            if (!given.isAbsolute() && !java.nio.file.Files.exists(given) && java.nio.file.Files.isRegularFile(beside)) {
                String[] resolved = args.clone();
                resolved[0] = beside.toString();
                return resolved;
            }
        } catch (java.nio.file.InvalidPathException e) {
            // not a path: the run command says what is wrong with it
        }
        return args;
    }

    /** {@code runs [ID]}: runs with their state and progress; one run in detail. */
    public void runs(String... args) {
        if (!help("runs", args)) {
            commands.runs(List.of(args), System.out);
        }
    }

    /** {@code cancel ID}: stops a run; it writes no results. */
    public void cancel(String id) {
        if (!help("cancel", id)) {
            commands.cancel(id, System.out);
        }
    }

    /** {@code await [ID]}: waits for a run (or all) to end and prints how it ended. */
    public void await(String... args) throws InterruptedException {
        if (!help("await", args)) {
            commands.await(List.of(args), System.out);
        }
    }

    /** {@code features}: the named bundle sets in features/ and their state. */
    public void features(String... args) {
        if (!help("features", args)) {
            commands.features(System.out);
        }
    }

    /** Prints the command's help when its arguments ask for it ({@code --help}, {@code -h}). */
    private static boolean help(String command, String... args) {
        if (!ShellHelp.asked(List.of(args))) {
            return false;
        }
        System.out.print(ShellHelp.of(command));
        return true;
    }
}
