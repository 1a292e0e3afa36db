package org.gridsched.apptest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the application tests start the built application in a process of its own: as bin/gridsched starts it after its
 * first call (issue 17), from the jar's extracted layout, on a copy of the framework storage prepared for the default
 * features, with the class-data-sharing archive of its training run. Measured on the quickstart: 1.3 s and 1.9 s of CPU
 * against 2.0 s and 3.4 s for {@code java -jar gridsched.jar}, which the tests used to start several hundred times.
 *
 * <p>It is prepared once per test JVM, by bin/gridsched itself (a call of {@code --version}), on a copy of the built
 * application in a temporary folder: the repository's own prepared files are never touched, and no test of the
 * start-up path (StartupTest, DaemonAppTest, which work on copies of their own) can change it under the others. When
 * preparing fails, the tests start {@code java -jar} as before, after one warning on the standard error naming why.
 * {@code -Dgridsched.apptest.launch=jar} (or the environment variable {@code GRIDSCHED_APPTEST_LAUNCH=jar}) makes
 * every test start {@code java -jar}, the path of an unprepared build; StartupTest and ReleaseAppTest keep it covered.
 *
 * <p>The test says which JIT compilers a process gets, on bin/gridsched's rule ({@code GRIDSCHED_JIT=auto}): C1 only
 * ({@link Jit#QUICK}; {@link App#run}, {@link App#command}) for the many short processes (a command's errors, plugins,
 * small simulations: the quickstart 1.0 s and 1.4 s of CPU instead of 1.3 s and 2.1 s), C1 then C2 ({@link Jit#FULL};
 * {@link App#runLong}, the goldens) for simulations of many jobs, which C1 alone runs up to 1.7x slower. Results never
 * depend on the compilers: only the time they take does.
 */
final class Launch {
    private static final String MAIN = "org.gridsched.boot.Boot";

    /** The JIT compilers of a process: C1 only, or C1 then C2 (the JVM's default). */
    enum Jit {
        QUICK, FULL
    }

    /** What bin/gridsched prepared in the copy; null when starting from the jar. */
    private record Prepared(Path home, String classpath, Path launcherProperties, Path storage, Path scratch, Path archive) {
    }

    private static Prepared prepared;
    private static boolean tried;

    private Launch() {
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The command that starts the application of App.HOME with the given JIT compilers, JVM options (before gridsched's
     * own system properties), plugin and configuration folders and arguments.
     */
    static List<String> command(Jit jit, List<String> jvmOptions, Path plugins, Path config, List<String> args) {
        return command(prepared(), jit, jvmOptions, plugins, config, args);
    }

    /** As {@link #command}, but always {@code java -jar gridsched.jar}: the path of an unprepared build, and of the release. */
    static List<String> jarCommand(Jit jit, Path plugins, Path config, List<String> args) {
        return command(null, jit, List.of(), plugins, config, args);
    }

    /** The launcher properties of the prepared copy (bnd's launcher reads them), or null when the tests start {@code java -jar}. */
    static Path launcherProperties() {
        Prepared p = prepared();
        return p == null ? null : p.launcherProperties();
    }

    /**
     * As {@link #command} (C1 only), but with launcher properties of the test's own and no prepared storage: bnd's
     * launcher installs every bundle they name, in their order. Only when {@link #launcherProperties} is not null.
     */
    static List<String> commandWith(Path launcherProperties, List<String> jvmOptions, Path plugins, Path config, List<String> args) {
        Prepared p = prepared();
        return command(new Prepared(p.home(), p.classpath(), launcherProperties, null, null, p.archive()), Jit.QUICK, jvmOptions, plugins,
                config, args);
    }

    private static List<String> command(Prepared p, Jit jit, List<String> jvmOptions, Path plugins, Path config, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java());
        if (p != null) {
            cmd.add("-XX:SharedArchiveFile=" + p.archive());
            cmd.add("-Xshare:auto");
        }
        if (jit == Jit.QUICK) {
            cmd.add("-XX:TieredStopAtLevel=1");
        }
        cmd.addAll(jvmOptions);
        cmd.add("-Dgridsched.home=" + App.HOME);
        cmd.add("-Dgridsched.bundles=" + (p == null ? App.HOME : p.home()).resolve("runconfigs/target/bundles"));
        cmd.add("-Dfelix.fileinstall.dir=" + plugins + "," + config);
        if (p == null) {
            cmd.addAll(List.of("-jar", App.JAR.toString()));
        } else {
            cmd.addAll(List.of("-cp", p.classpath(), "-Dlauncher.properties=" + p.launcherProperties()));
            // the prepared storage holds the default features' bundles only (as bin/gridsched, which passes it then only)
            if (p.storage() != null && defaultFeatures(jvmOptions, args)) {
                cmd.addAll(List.of("-Dgridsched.storage=" + p.storage(), "-Dgridsched.storage.scratch=" + p.scratch()));
            }
            cmd.add(MAIN);
        }
        cmd.addAll(args);
        return cmd;
    }

    /** The features started are the default ones: neither a {@code --features} first argument nor a system property names others. */
    private static boolean defaultFeatures(List<String> jvmOptions, List<String> args) {
        for (String o : jvmOptions) {
            if (o.startsWith("-Dgridsched.features=") && !o.equals("-Dgridsched.features=default")) {
                return false;
            }
        }
        return args.size() < 2 || !args.get(0).equals("--features") || args.get(1).equals("default");
    }

    private static synchronized Prepared prepared() {
        if (!tried) {
            tried = true;
            String how = System.getProperty("gridsched.apptest.launch", System.getenv().getOrDefault("GRIDSCHED_APPTEST_LAUNCH", "prepared"));
            if (how.equals("prepared")) {
                prepared = prepare();
            } else if (!how.equals("jar")) {
                throw new IllegalArgumentException("gridsched.apptest.launch is '" + how + "'; use prepared or jar");
            }
        }
        return prepared;
    }

    private static Prepared prepare() {
        Path base = null;
        try {
            base = Files.createTempDirectory("gridsched-apptest-launch");
            Path toRemove = base;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(toRemove), "gridsched-apptest-launch-cleanup"));
            Path home = App.copyOfApplication(base, "app");
            App.Result r = StartupTest.gridsched(home, Map.of("GRIDSCHED_PREPARED_LAYOUT", "1"), "--version");
            Path prep = home.resolve("runconfigs/target/prepared");
            Path classpath = prep.resolve("app/classpath");
            List<String> missing = new ArrayList<>();
            for (Path f : List.of(classpath, prep.resolve("app/launcher.properties"), prep.resolve("storage"), prep.resolve("gridsched.jsa"))) {
                if (!Files.exists(f)) {
                    missing.add(home.relativize(f).toString());
                }
            }
            if (r.exit() != 0 || !missing.isEmpty()) {
                warn("bin/gridsched --version in a copy of the application " + (r.exit() != 0 ? "exited " + r.exit() : "prepared no " + missing)
                        + ": " + r.all().strip());
                return null;
            }
            return new Prepared(home, Files.readString(classpath).strip(), prep.resolve("app/launcher.properties"), prep.resolve("storage"),
                    home.resolve("runconfigs/target/frameworks"), prep.resolve("gridsched.jsa"));
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            warn("cannot prepare a copy of the application" + (base == null ? "" : " in " + base) + ": " + e);
            return null;
        }
    }

    private static void warn(String why) {
        System.err.println("apptest: WARNING: the tests start java -jar gridsched.jar (slower): " + why);
    }

    private static void deleteQuietly(Path dir) {
        try {
            Golden.deleteTree(dir);
        } catch (RuntimeException e) {
            System.err.println("apptest: cannot remove " + dir + ": " + e);
        }
    }
}
