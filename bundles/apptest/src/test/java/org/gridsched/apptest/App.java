package org.gridsched.apptest;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the exported application in its own process, as bin/gridsched does, and captures what it prints. */
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

    /** {@code java -jar gridsched.jar ARGS} with the given plugin and config folders, at most 120 s. */
    static Result run(Path plugins, Path config, String stdin, String... args) throws IOException, InterruptedException {
        return run(120, plugins, config, stdin, args);
    }

    /** {@code java -jar gridsched.jar ARGS} with the given plugin and config folders, at most {@code timeoutSeconds}. */
    static Result run(long timeoutSeconds, Path plugins, Path config, String stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dgridsched.home=" + HOME, "-Dgridsched.bundles=" + HOME.resolve("runconfigs/target/bundles"),
                "-Dfelix.fileinstall.dir=" + plugins + "," + config, "-jar", JAR.toString()));
        cmd.addAll(List.of(args));
        return exec(cmd, null, Map.of(), stdin, timeoutSeconds);
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
