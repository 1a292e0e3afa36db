package org.gridsched.cli;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.apache.felix.service.command.CommandProcessor;
import org.gridsched.api.InputException;
import org.gridsched.launcher.BuildInfo;
import org.gridsched.launcher.Cli;
import org.gridsched.launcher.ControlChars;
import org.gridsched.launcher.FeatureCatalog;
import org.gridsched.launcher.PluginRegistry;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * The process entry point inside the exported executable jar: bnd's launcher publishes the command-line
 * arguments as a service property and runs this {@code main.thread} callable on the main thread, exiting
 * with its return value. It first starts the chosen features' bundles, then runs the command, or the shell.
 */
@Component(service = Callable.class, immediate = true, property = "main.thread=true")
public final class MainComponent implements Callable<Integer> {
    /** The internal first argument that makes this process a background server (see {@link Daemon}). */
    static final String DAEMON = "--daemon";
    private final PluginRegistry registry;
    private final BundleContext context;
    private final String[] args;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile CommandProcessor processor;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile GogoCommands commands;

    @Activate
    public MainComponent(@Reference PluginRegistry registry, BundleContext context,
            @Reference(target = "(launcher.arguments=*)", service = Object.class, name = "launcher") Map<String, Object> launcher) {
        this.registry = registry;
        this.context = context;
        Object a = launcher.get("launcher.arguments");
        this.args = a instanceof String[] s ? s : new String[0];
    }

    @Override
    public Integer call() {
        // numbers on the console, in report charts and in messages are written the same in every locale ("20,000 jobs",
        // "0.25 s"): the result files always were, and a German "29,791 s" beside them would read as 29.8 seconds
        java.util.Locale.setDefault(java.util.Locale.Category.FORMAT, java.util.Locale.ROOT);
        Path home = Path.of(System.getProperty("gridsched.home", ".")).toAbsolutePath().normalize();
        List<String> argv = new ArrayList<>(List.of(args));
        String features = System.getProperty("gridsched.features", "default");
        if (argv.size() >= 2 && argv.get(0).equals("--features")) {
            features = argv.get(1);
            argv.subList(0, 2).clear();
        } else if (argv.size() == 1 && argv.get(0).equals("--features")) {
            System.err.println("gridsched: --features needs the bundle sets to start, e.g. --features single-cluster"
                    + " (gridsched features lists them)");
            return 2;
        }
        if (argv.size() == 1 && argv.get(0).equals("--version")) {
            // before the features: the answer depends on the build only (bin/gridsched caches it per build)
            return execute(home, argv, System.out, System.err, System.console() != null);
        }
        awaitFolderWatchers();
        try {
            startFeatures(home, features);
        } catch (InputException e) {
            System.err.println("gridsched: error: " + ControlChars.escape(e.getMessage()));
            return 1;
        }
        commandStarts();
        if (argv.size() == 2 && argv.get(0).equals(DAEMON)) {
            return serve(home, Path.of(argv.get(1)));
        }
        if (!argv.isEmpty() && argv.get(0).equals("shell") && !wantsHelp(argv)) {
            if (processor == null || commands == null) {
                System.err.println("gridsched: the shell needs the Gogo bundles (org.apache.felix.gogo.runtime); they are not in this framework");
                return 1;
            }
            // the process's own streams: Gogo replaces System.out/err by per-thread streams that lead back to the
            // session, so handing those to the session would loop
            PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
            PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true);
            return new Shell(processor, commands, new FileInputStream(FileDescriptor.in), out, err).run(argv.subList(1, argv.size()));
        }
        // standard output that remembers why a write failed: a full disk or a closed output is then an error
        PrintStream stdout = CheckedOutput.of(new FileOutputStream(FileDescriptor.out), stdoutCharset());
        System.setOut(stdout);
        int status = CheckedOutput.status(execute(home, argv, stdout, System.err, System.console() != null), stdout, System.err);
        if (System.getProperty("gridsched.bundles") != null && System.getProperty("gridsched.storage.prepare") == null) {
            // A process of its own (bin/gridsched sets gridsched.bundles; the in-framework tests do not run this
            // component): the command has written and closed its results, so exit now. Returning would stop the
            // framework first (SCR deactivating every component, every bundle stopped: about 0.06 CPU seconds)
            // for nothing: its storage is a scratch folder that a shutdown hook removes, and the shutdown hooks
            // (that one, the output folders' guards) still run. Not when preparing a storage (org.gridsched.boot.Boot):
            // Equinox persists its state, and SCR its metadata cache, when the framework stops.
            System.out.flush();
            System.err.flush();
            stopFolderWatchers();
            System.exit(status);
        }
        return status;
    }

    /**
     * From here on a signal gets the JVM's handling (the output folders' shutdown hooks), no longer the quiet end of a
     * start-up ({@code org.gridsched.boot.StartupSignals}, on the class path: the system property, set under the lock
     * its handler takes, is what the two share).
     */
    private static void commandStarts() {
        synchronized (System.getProperties()) {
            System.setProperty("gridsched.command.started", "true");
        }
    }

    /** How long a command waits for FileInstall's first scan before it runs without it. */
    private static final long FOLDER_WATCHERS_MILLIS = 30_000;

    /**
     * Waits until FileInstall has started, and so has made its first scan of the plugin folders, so that a command sees
     * the plugin jars that are there when it starts ({@link FolderWatchersStart} says why the framework's start level
     * cannot tell).
     */
    private void awaitFolderWatchers() {
        try {
            if (!FolderWatchersStart.awaitFileInstall(fileInstall(), FOLDER_WATCHERS_MILLIS)) {
                System.err.println("gridsched: warning: the plugin folders' watcher (FileInstall) has not started after "
                        + FOLDER_WATCHERS_MILLIS / 1000 + " s; the command runs without the plugin jars it has not deployed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops FileInstall (transiently), whose folder watchers are threads in a native poll: the JVM's exit waits up to
     * 0.3 s for threads in native code to block (HotSpot's VM_Exit), which was half the wall time of an exit while
     * the framework still runs. Stopping the framework did this, and much more besides.
     */
    private void stopFolderWatchers() {
        org.osgi.framework.Bundle fileInstall = fileInstall();
        if (fileInstall != null) {
            try {
                fileInstall.stop(org.osgi.framework.Bundle.STOP_TRANSIENT);
            } catch (org.osgi.framework.BundleException | IllegalStateException e) {
                // the exit then waits, as it did
            }
        }
    }

    /** The FileInstall bundle (the plugin and configuration folders' watcher), or null if the framework has none. */
    private org.osgi.framework.Bundle fileInstall() {
        for (org.osgi.framework.Bundle b : context.getBundles()) {
            if (FolderWatchersStart.FILE_INSTALL.equals(b.getSymbolicName())) {
                return b;
            }
        }
        return null;
    }

    /** The character set Java chose for its standard output (the locale's; bin/gridsched makes it UTF-8). */
    private static java.nio.charset.Charset stdoutCharset() {
        for (String p : new String[] {"stdout.encoding", "sun.stdout.encoding"}) {
            String name = System.getProperty(p);
            if (name != null) {
                try {
                    return java.nio.charset.Charset.forName(name);
                } catch (IllegalArgumentException e) {
                    // not one this Java knows: the default, as below
                }
            }
        }
        return java.nio.charset.Charset.defaultCharset();
    }

    /** A command other than the shell, on the given streams (this process's, or a background server client's). */
    private int execute(Path home, List<String> argv, PrintStream out, PrintStream err, boolean interactive) {
        if (argv.size() == 1 && argv.get(0).equals("--version")) {
            out.println(version());
            return 0;
        }
        if (wantsHelp(argv)) {
            return new Cli(registry, out, err, interactive, home).run(argv.toArray(String[]::new));
        }
        if (!argv.isEmpty() && argv.get(0).equals("features") && commands != null) {
            try {
                commands.commands().features(out);
                return 0;
            } catch (InputException e) {
                err.println("gridsched: error: " + ControlChars.escape(e.getMessage()));
                return 1;
            }
        }
        if (!argv.isEmpty() && argv.get(0).equals("shell")) {
            err.println("gridsched: the shell does not run in the background server; run it with GRIDSCHED_DAEMON=0");
            return 1;
        }
        return new Cli(registry, out, err, interactive, home).run(argv.toArray(String[]::new));
    }

    /** {@code CMD --help} (or {@code -h}): Cli prints every command's usage, shell and features included. */
    private static boolean wantsHelp(List<String> argv) {
        return argv.size() >= 2 && (argv.contains("--help") || argv.contains("-h"));
    }

    /**
     * Internal ({@code bin/gridsched} starts it): serves commands from {@code dir} until idle ({@link Daemon}).
     * The plugin, configuration and feature folders it watches for changes are those this process was given.
     */
    private int serve(Path home, Path dir) {
        List<Path> watched = new ArrayList<>();
        for (String d : System.getProperty("felix.fileinstall.dir", "").split(",")) {
            if (!d.isBlank()) {
                watched.add(Path.of(d.trim()));
            }
        }
        watched.add(home.resolve("features"));
        long idle = Long.getLong("gridsched.daemon.idle", 600) * 1000;
        try {
            return new Daemon(dir, (a, out, err, interactive) -> execute(home, a, out, err, interactive), idle,
                    () -> FolderSignature.of(watched), MainComponent::exitWithin).serve();
        } catch (java.io.IOException e) {
            System.err.println("gridsched: the background server in " + dir + " stopped: " + e.getMessage());
            return 1;
        }
    }

    /** How long a server stopping for a cancelled command may take before it halts (a process of its own: 2 s). */
    static final long EXIT_MILLIS = 1500;

    /**
     * Ends the server's process with {@code status} as a signal ends a process of its own: its shutdown hooks run
     * (the output folders' guards say "interrupted" and remove staged results, Equinox saves its state), but for at
     * most {@link #EXIT_MILLIS}. While they run, the cancelled command's worker threads still compute (a matrix keeps
     * every core busy): issue 27 saw 9-60 s on a large matrix, and 1.0-1.6 s were measured on bot-table2-row1 on a
     * loaded 2-core machine. Past the limit the process halts; what a guard did not remove, the next run into
     * that folder does.
     */
    static void exitWithin(int status) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(EXIT_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            Runtime.getRuntime().halt(status);
        }, "gridsched-exit-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        Runtime.getRuntime().exit(status);
    }

    /**
     * {@code gridsched VERSION (commit C)}: the version and git commit the application was built from, as the
     * launcher's {@link BuildInfo} knows them (the same that summary.json records).
     */
    static String version() {
        return "gridsched " + BuildInfo.version() + " (commit " + BuildInfo.commit() + ")";
    }

    /**
     * Installs the chosen features' bundles from the bundle folder ({@code gridsched.bundles}); a framework
     * without one (the in-framework tests, which list every bundle) already has them all.
     */
    private void startFeatures(Path home, String features) {
        String dir = System.getProperty("gridsched.bundles");
        if (dir == null || dir.isBlank()) {
            return;
        }
        Path bundles = Path.of(dir);
        if (!Files.isDirectory(bundles)) {
            throw new InputException(dir, 0, "gridsched.bundles", "no bundle folder; build with 'mvn -DskipTests install'");
        }
        FeatureCatalog catalog = FeatureCatalog.load(home.resolve("features"));
        List<String> chosen = new ArrayList<>();
        for (String f : features.split(",")) {
            if (!f.isBlank()) {
                chosen.add(f.trim());
            }
        }
        new FeatureInstaller(context).install(catalog, chosen, bundles);
    }
}
