package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/gridsched's background server (issue 17) as a user meets it: the same output and exit status as a process
 * of its own, relative paths from the caller's folder, hot deploy, an interrupted or killed command writes nothing,
 * concurrent commands. One prepared copy of the application; each test has its own plugin folder (so its own
 * servers: the folder is part of what a server must share with a command).
 */
class DaemonAppTest {
    @TempDir
    static Path tmp;
    static Path home;

    /** A command long enough to be interrupted (about a minute of conservative backfilling). */
    static final String[] LONG_RUN = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=3000000",
            "--platform", "c:1024", "--batch", "cbf", "--quiet", "--out"};

    @BeforeAll
    static void prepare() throws Exception {
        assertTrue(Files.isRegularFile(App.JAR), "the application is not built: " + App.JAR + " (bin/gridsched builds it)");
        home = App.copyOfApplication(tmp, "daemon-home");
        App.Result r = StartupTest.gridsched(home, Map.of(), "--version");
        assertEquals(0, r.exit(), r.all());
    }

    @AfterAll
    static void stopServers() throws Exception {
        gridsched(tmp.resolve("any"), home, Map.of(), "daemon", "stop");
    }

    /** {@code bin/gridsched ARGS} from folder DIR with the server on (idle servers stop after 60 s). */
    static App.Result gridsched(Path plugins, Path dir, Map<String, String> env, String... args) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        return App.exec(StartupTest.command(home, args), dir, environment(plugins, env), null, 300);
    }

    static Map<String, String> environment(Path plugins, Map<String, String> env) {
        return StartupTest.environment(home, Map.of("GRIDSCHED_DAEMON", "1", "GRIDSCHED_DAEMON_IDLE", "60",
                "GRIDSCHED_PLUGINS", plugins.toString()), env);
    }

    static Process start(Path plugins, Path dir, Path out, Path err, String... args) throws IOException {
        Files.createDirectories(dir);
        ProcessBuilder pb = new ProcessBuilder(StartupTest.command(home, args)).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(new File("/dev/null"));
        pb.environment().putAll(environment(plugins, Map.of()));
        return pb.start();
    }

    /** The live server processes of this home for the plugin folder PLUGINS (named in their key files). */
    static List<Long> servers(Path plugins) throws IOException {
        Path daemons = home.resolve("runconfigs/target/daemons");
        if (!Files.isDirectory(daemons)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(daemons)) {
            return dirs.filter(d -> {
                try {
                    return Files.readString(d.resolve("key")).contains("\nplugins " + plugins + "\n");
                } catch (IOException e) {
                    return false;
                }
            }).map(d -> d.resolve("port")).filter(Files::isRegularFile).map(p -> {
                try {
                    return Long.parseLong(Files.readString(p).strip().split(" ")[2]);
                } catch (IOException | RuntimeException e) {
                    return -1L;
                }
            }).filter(pid -> pid > 0 && alive(pid)).toList();
        }
    }

    static void waitFor(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "timed out waiting for " + what);
            Thread.sleep(50);
        }
    }

    @Test
    void aServerAnswersAsAProcessOfItsOwnWouldWithPathsFromTheCallersFolder() throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins-same"));
        App.Result alone = gridsched(plugins, tmp.resolve("w0"), Map.of("GRIDSCHED_DAEMON", "0"), "plugins");
        assertEquals(0, alone.exit(), alone.all());
        App.Result first = gridsched(plugins, tmp.resolve("w0"), Map.of(), "plugins");
        App.Result second = gridsched(plugins, tmp.resolve("w0"), Map.of(), "plugins");
        assertEquals(alone, first);
        assertEquals(alone, second);
        assertEquals(1, servers(plugins).size(), "the second command used the first one's server");

        // the same relative output folder, from two folders: a server's paths are its caller's
        String[] small = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=2000", "--platform", "c:128",
                "--batch", "easy", "--seed", "3", "--out", "results"};
        App.Result viaServer = gridsched(plugins, tmp.resolve("w1"), Map.of(), small);
        App.Result ownProcess = gridsched(plugins, tmp.resolve("w2"), Map.of("GRIDSCHED_DAEMON", "0"), small);
        assertEquals(0, viaServer.exit(), viaServer.all());
        assertEquals(withoutTiming(ownProcess.out()), withoutTiming(viaServer.out()));
        for (String f : List.of("jobs.csv", "summary.json")) {
            assertArrayEquals(Files.readAllBytes(tmp.resolve("w2/results").resolve(f)), Files.readAllBytes(tmp.resolve("w1/results").resolve(f)), f);
        }
        // and again in the same server, which now has a run behind it: nothing of the first run leaks into the second
        App.Result again = gridsched(plugins, tmp.resolve("w1"), Map.of(), small);
        assertEquals(0, again.exit(), again.all());
        for (String f : List.of("jobs.csv", "summary.json")) {
            assertArrayEquals(Files.readAllBytes(tmp.resolve("w2/results").resolve(f)), Files.readAllBytes(tmp.resolve("w1/results").resolve(f)), f);
        }

        // errors: the same words and exit status
        App.Result bad = gridsched(plugins, tmp.resolve("w1"), Map.of(), "simulate", "--bogus");
        App.Result badAlone = gridsched(plugins, tmp.resolve("w1"), Map.of("GRIDSCHED_DAEMON", "0"), "simulate", "--bogus");
        assertEquals(2, bad.exit(), bad.all());
        assertEquals(badAlone, bad);

        App.Result status = gridsched(plugins, tmp.resolve("w1"), Map.of(), "daemon", "status");
        assertEquals(0, status.exit(), status.all());
        assertTrue(status.out().contains("background server(s) for " + home), status.all());
        App.Result wrong = gridsched(plugins, tmp.resolve("w1"), Map.of("GRIDSCHED_DAEMON", "yes"), "plugins");
        assertEquals(2, wrong.exit(), wrong.all());
        assertTrue(wrong.err().contains("GRIDSCHED_DAEMON is 'yes'; use 1 (default) or 0"), wrong.all());
    }

    @Test
    void aCommandWithItsOutputClosedOrFullEndsAsWithoutAServer() throws Exception {
        // 'gridsched plugins >&-' waited for ever: the relay for the closed output could not start, and the server
        // waited for it to read; a process of its own loses what it writes there and goes on
        Path plugins = Files.createDirectories(tmp.resolve("plugins-closed"));
        Path dir = Files.createDirectories(tmp.resolve("w-closed"));
        for (String closed : List.of(">&-", "2>&-", ">&- 2>&-")) {
            for (String daemon : List.of("1", "0")) {
                List<String> cmd = new java.util.ArrayList<>(List.of("bash", "-c", "\"$@\" " + closed + "; echo \"status $?\"", "_"));
                cmd.addAll(StartupTest.command(home, "run", "no-such-profile.json"));
                App.Result r = App.exec(cmd, dir, environment(plugins, Map.of("GRIDSCHED_DAEMON", daemon)), null, 60);
                assertTrue(r.out().contains("status 1"), closed + ", GRIDSCHED_DAEMON=" + daemon + ": the command's own status: " + r.all());
                assertEquals(!closed.contains("2>&-"), r.err().contains("no-such-profile.json: no such run profile"), closed + ": " + r.all());
            }
        }
        // output that cannot be written is an error, with or without a server: a closed output, a full disk
        for (String to : List.of(">&-", ">/dev/full")) {
            for (String daemon : List.of("1", "0")) {
                List<String> cmd = new java.util.ArrayList<>(List.of("bash", "-c", "\"$@\" " + to + "; echo \"status $?\" >&2", "_"));
                cmd.addAll(StartupTest.command(home, "plugins"));
                App.Result r = App.exec(cmd, dir, environment(plugins, Map.of("GRIDSCHED_DAEMON", daemon)), null, 60);
                assertTrue(r.err().contains("gridsched: error: the standard output could not be written ("
                        + (to.equals(">&-") ? "Bad file descriptor" : "No space left on device") + ")"), to + ", GRIDSCHED_DAEMON=" + daemon + ": " + r.all());
                assertTrue(r.err().endsWith("status 1\n"), to + ", GRIDSCHED_DAEMON=" + daemon + ": " + r.all());
            }
        }
    }

    @Test
    void commandsStartingTogetherStartNoMoreServersThanAllowed() throws Exception {
        // four commands at once, none finding a server: each counted the servers with a port (none yet) and started
        // one; the servers still starting now count, and a command without room runs in a process of its own
        Path plugins = Files.createDirectories(tmp.resolve("plugins-max"));
        Path dir = Files.createDirectories(tmp.resolve("w-max"));
        List<Process> started = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ProcessBuilder pb = new ProcessBuilder(StartupTest.command(home, "plugins")).directory(dir.toFile())
                    .redirectOutput(tmp.resolve("max-out-" + i).toFile()).redirectError(tmp.resolve("max-err-" + i).toFile())
                    .redirectInput(new File("/dev/null"));
            pb.environment().putAll(environment(plugins, Map.of("GRIDSCHED_DAEMON_MAX", "2")));
            started.add(pb.start());
        }
        for (int i = 0; i < started.size(); i++) {
            assertTrue(started.get(i).waitFor(120, TimeUnit.SECONDS), "command " + i + " ends");
            assertEquals(0, started.get(i).exitValue(), Files.readString(tmp.resolve("max-err-" + i)));
            assertTrue(Files.readString(tmp.resolve("max-out-" + i)).startsWith("batch policies:"), "command " + i + " answered");
        }
        assertTrue(servers(plugins).size() <= 2, "at most GRIDSCHED_DAEMON_MAX servers: " + servers(plugins));
    }

    @Test
    void aPluginDroppedAfterTheServerStartedIsSeenByTheNextCommand() throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins-drop"));
        App.Result before = gridsched(plugins, tmp.resolve("w3"), Map.of(), "plugins");
        assertEquals(0, before.exit(), before.all());
        assertFalse(before.out().contains("FailingBroker"), before.all());
        List<Long> running = servers(plugins);
        Path fixture = App.HOME.resolve("bundles/itest/target/fixtures/gridsched-fixture-failing.jar");
        if (!Files.isRegularFile(fixture)) {
            fixture = App.HOME.resolve("bundles/fixtures/failing/target/gridsched-fixture-failing-1.0.0.jar");
        }
        Files.copy(fixture, plugins.resolve("failing.jar"));
        App.Result after = gridsched(plugins, tmp.resolve("w3"), Map.of(), "plugins");
        assertEquals(0, after.exit(), after.all());
        assertTrue(after.out().contains("FailingBroker") && after.out().contains("always fails to activate"), after.all());
        assertEquals(after.out(), gridsched(plugins, tmp.resolve("w3"), Map.of("GRIDSCHED_DAEMON", "0"), "plugins").out());
        waitFor(() -> running.stream().noneMatch(DaemonAppTest::alive),
                "the server that saw the folder before the drop to stop");
    }

    @Test
    void anInterruptedOrKilledCommandWritesNothingAndItsServerEnds() throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins-interrupt"));
        Path dir = tmp.resolve("w4");
        Path out = dir.resolve("long");
        Process p = startLongRun(plugins, dir, out, "w4");
        List<Long> running = servers(plugins);
        assertEquals(1, running.size());
        new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the command ends");
        String err = Files.readString(tmp.resolve("w4.err"));
        assertEquals(130, p.exitValue(), err);
        assertTrue(err.contains("gridsched: interrupted; no results written to " + out), err);
        assertFalse(Files.exists(out.resolve("summary.json")) || Files.exists(out.resolve("jobs.csv")), "nothing written");
        waitFor(() -> !alive(running.get(0)), "the server to end");

        // a client killed outright: its server notices the lost connection and ends as the process would have
        Process q = startLongRun(plugins, dir, out, "w5");
        List<Long> second = servers(plugins);
        assertEquals(1, second.size());
        q.destroyForcibly();
        waitFor(() -> !alive(second.get(0)), "the server to end");
        assertFalse(Files.exists(out.resolve("summary.json")), "nothing written");
        // and the folder is free for the next run
        App.Result next = gridsched(plugins, dir, Map.of(), "simulate", "--generator", "lublin99", "--workload-option", "jobs=500",
                "--platform", "c:128", "--quiet", "--out", out.toString());
        assertEquals(0, next.exit(), next.all());
        assertTrue(Files.exists(out.resolve("summary.json")));
    }

    @Test
    void aSecondCommandWhileTheFirstRunsGetsAServerOfItsOwn() throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins-two"));
        Path dir = tmp.resolve("w6");
        Path out = dir.resolve("long");
        Process p = startLongRun(plugins, dir, out, "w6");
        try {
            App.Result plugins2 = gridsched(plugins, dir, Map.of(), "plugins");
            assertEquals(0, plugins2.exit(), plugins2.all());
            assertTrue(plugins2.out().contains("cbf"), plugins2.all());
            assertEquals(2, servers(plugins).size());
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** {@link #LONG_RUN} into OUT from DIR, its output in tmp/NAME.out and .err, once it has claimed its output folder. */
    private static Process startLongRun(Path plugins, Path dir, Path out, String name) throws Exception {
        Process p = start(plugins, dir, tmp.resolve(name + ".out"), tmp.resolve(name + ".err"), concat(LONG_RUN, out.toString()));
        waitFor(() -> Files.exists(out.resolve(".gridsched.lock")), "the run to claim its output folder " + out);
        return p;
    }

    /** The console summary without the run's wall time and speed ("; 0.05 s (40,699 jobs/s)"). */
    private static String withoutTiming(String summary) {
        return summary.replaceAll("; [0-9.]+ s \\([0-9,]+ jobs/s\\)", "; TIME");
    }

    private static String[] concat(String[] a, String last) {
        String[] all = java.util.Arrays.copyOf(a, a.length + 1);
        all[a.length] = last;
        return all;
    }
}
