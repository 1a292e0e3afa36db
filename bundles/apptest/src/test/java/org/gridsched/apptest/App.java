package org.gridsched.apptest;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Runs the exported application in its own process, as bin/gridsched does (see {@link Launch}), and captures what it prints. */
final class App {
    static final Path HOME = Path.of(System.getProperty("gridsched.home", "../..")).toAbsolutePath().normalize();
    static final Path JAR = HOME.resolve("runconfigs/target/gridsched.jar");

    record Result(int exit, String out, String err) {
        String all() {
            return out + err;
        }
    }

    private App() {
    }

    /** The built application with ARGS and the given plugin and config folders, at most 120 s (a short process: C1 only). */
    static Result run(Path plugins, Path config, String stdin, String... args) throws IOException, InterruptedException {
        return run(120, plugins, config, stdin, args);
    }

    /** The built application with ARGS and the given plugin and config folders, at most {@code timeoutSeconds} (C1 only). */
    static Result run(long timeoutSeconds, Path plugins, Path config, String stdin, String... args) throws IOException, InterruptedException {
        return exec(command(plugins, config, args), null, Map.of(), stdin, timeoutSeconds);
    }

    /** A simulation of many jobs: the built application with both JIT compilers (see {@link Launch}), at most {@code timeoutSeconds}. */
    static Result runLong(long timeoutSeconds, Path plugins, Path config, String... args) throws IOException, InterruptedException {
        return exec(Launch.command(Launch.Jit.FULL, List.of(), plugins, config, List.of(args)), null, Map.of(), null, timeoutSeconds);
    }

    /**
     * The command that starts the built application with ARGS and the given plugin and config folders, as bin/gridsched
     * starts it once it has prepared the build, with C1 only (see {@link Launch}).
     */
    static List<String> command(Path plugins, Path config, String... args) {
        return Launch.command(Launch.Jit.QUICK, List.of(), plugins, config, List.of(args));
    }

    /** The script, features and built application in BASE/NAME (modification times kept); it has no sources, so the script never rebuilds it. */
    static Path copyOfApplication(Path base, String name) throws IOException {
        Path home = Files.createDirectories(base.resolve(name));
        for (String f : List.of("bin/gridsched", "bin/daemon-client.sh", "bin/bench-startup", "runconfigs/cds-training.json",
                "runconfigs/target/gridsched.jar", "runconfigs/target/gridsched-boot.jar")) {
            copy(HOME.resolve(f), home.resolve(f));
        }
        for (String dir : List.of("features", "runconfigs/target/bundles")) {
            try (Stream<Path> files = Files.list(HOME.resolve(dir))) {
                for (Path f : files.toList()) {
                    copy(f, home.resolve(dir).resolve(f.getFileName().toString()));
                }
            }
        }
        return home;
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
    }

    static Result exec(List<String> cmd, Path dir, Map<String, String> env, String stdin, long timeoutSeconds)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("gridsched-app", ".out");
        Path err = Files.createTempFile("gridsched-app", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            if (dir != null) {
                pb.directory(dir.toFile());
            }
            pb.environment().putAll(env);
            if (stdin == null) {
                pb.redirectInput(new File("/dev/null"));
            }
            Process p = pb.start();
            if (stdin != null) {
                try (var in = p.getOutputStream()) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                }
            }
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("timed out after " + timeoutSeconds + " s: " + cmd + "\n" + Files.readString(out) + Files.readString(err));
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
