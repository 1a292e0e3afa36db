package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: Ctrl-C (SIGINT) or SIGTERM stops a long run within 2 s of the signal, in a process of its own and
 * through the background server, with the exit status docs/semantics.md gives (128 + the signal's number) and
 * no results. One prepared copy of the application, so that its servers are this test's own.
 */
// runs alone, after the other classes (apptest pom: execution "alone"): a signal must take effect within 2 s
class InterruptAppTest {
    @TempDir
    static Path tmp;
    static Path home;
    static Path plugins;

    /** Minutes of conservative backfilling: still simulating whenever the signal comes. */
    static final String[] LONG_RUN = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=3000000",
            "--platform", "c:1024", "--batch", "cbf", "--out"};

    @BeforeAll
    static void prepare() throws Exception {
        assertTrue(Files.isRegularFile(App.JAR), "the application is not built: " + App.JAR + " (bin/gridsched builds it)");
        home = App.copyOfApplication(tmp, "interrupt-home");
        plugins = Files.createDirectories(tmp.resolve("plugins"));
        App.Result r = App.exec(StartupTest.command(home, "--version"), home, environment("0"), null, 300);
        assertEquals(0, r.exit(), r.all());
    }

    @AfterAll
    static void stopServers() throws Exception {
        App.exec(StartupTest.command(home, "daemon", "stop"), home, environment("1"), null, 60);
    }

    static Map<String, String> environment(String daemon) {
        return StartupTest.environment(home, Map.of("GRIDSCHED_DAEMON", daemon, "GRIDSCHED_DAEMON_IDLE", "60",
                "GRIDSCHED_PLUGINS", plugins.toString()));
    }

    /** The exit status docs/semantics.md gives for a run stopped by SIGNAL ("130 after SIGINT"). */
    static int documentedStatus(String signal) throws Exception {
        String doc = Files.readString(App.HOME.resolve("docs/semantics.md")).replaceAll("\\s+", " ");
        Matcher m = Pattern.compile("(\\d+) after " + signal + "\\b").matcher(doc);
        assertTrue(m.find(), "docs/semantics.md gives the exit status after " + signal);
        return Integer.parseInt(m.group(1));
    }

    /** A matrix of 1,000 runs on every core (issue 27: SIGTERM through a server took 9-60 s on a large matrix). */
    static final String[] LONG_MATRIX = {"run", App.HOME.resolve("runconfigs/bot-table2-row1.json").toString(), "--quiet", "--out"};

    @ParameterizedTest(name = "{0} with GRIDSCHED_DAEMON={1}: {2}")
    @CsvSource({"INT, 0, run", "TERM, 0, run", "INT, 1, run", "TERM, 1, run", "INT, 0, matrix", "TERM, 1, matrix"})
    void aSignalStopsALongRunWithinTwoSecondsAndWritesNothing(String signal, String daemon, String what) throws Exception {
        Path out = tmp.resolve("out-" + signal + daemon + what);
        Path err = tmp.resolve("err-" + signal + daemon + what);
        String[] command = what.equals("matrix") ? LONG_MATRIX : LONG_RUN;
        ProcessBuilder pb = new ProcessBuilder(StartupTest.command(home, concat(command, out.toString()))).directory(home.toFile())
                .redirectOutput(tmp.resolve("stdout-" + signal + daemon + what).toFile()).redirectError(err.toFile())
                .redirectInput(new File("/dev/null"));
        pb.environment().putAll(environment(daemon));
        Process p = pb.start();
        try {
            // the run has claimed its folder, then simulates for a while: the signal comes in the middle
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.exists(out.resolve(".gridsched.lock"))) {
                assertTrue(p.isAlive() && System.nanoTime() < end, "the run starts: " + Files.readString(err));
                Thread.sleep(50);
            }
            Thread.sleep(3000);
            assertTrue(p.isAlive(), "still running when signalled: " + Files.readString(err));
            long signalled = System.nanoTime();
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            boolean ended = p.waitFor(2, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - signalled) / 1e9;
            assertTrue(ended, "ended within 2 s of SIG" + signal + " (" + seconds + " s)");
            String text = Files.readString(err);
            assertEquals(documentedStatus("SIG" + signal), p.exitValue(), text);
            assertTrue(text.contains("gridsched: interrupted; no results written to " + out), text);
            for (String f : new String[] {"summary.json", "jobs.csv", "matrix.csv", "tables.md"}) {
                assertFalse(Files.exists(out.resolve(f)), "no partial results: " + f);
            }
            // a matrix's runs on other threads stop too, and write nothing after the staging folder is cleared (they
            // staged cells into it again, and the message said the folder was removed)
            assertFalse(Files.exists(out.resolve(".gridsched-partial")), "no staged results");
            // the run created the folder: it is removed, as after a failed run, instead of left empty
            assertFalse(Files.exists(out), "no empty folder left behind");
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
    }

    /**
     * A signal while the framework starts (Equinox, SCR, the features) ends the process at once with one line, instead
     * of the stack traces of the start-up threads that the shutdown cut short; the framework copy it leaves is removed
     * by the next process. The signal comes as soon as the process has made its framework copy, long before the command.
     */
    @Test
    void aSignalDuringStartUpEndsTheProcessWithOneLineAndTheNextProcessRemovesItsCopy() throws Exception {
        Path out = tmp.resolve("out-startup");
        Path err = tmp.resolve("err-startup");
        ProcessBuilder pb = new ProcessBuilder(StartupTest.command(home, "run", App.HOME.resolve("runconfigs/quickstart.json").toString(),
                "--out", out.toString())).directory(home.toFile()).redirectOutput(tmp.resolve("stdout-startup").toFile())
                .redirectError(err.toFile()).redirectInput(new File("/dev/null"));
        pb.environment().putAll(environment("0"));
        Process p = pb.start();
        Path scratch = home.resolve("runconfigs/target/frameworks");
        try {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.exists(scratch.resolve("fw." + p.pid() + ".lock"))) {
                assertTrue(p.isAlive() && System.nanoTime() < end, "the process starts: " + Files.readString(err));
                Thread.sleep(1);
            }
            assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "ended at once");
            assertEquals(documentedStatus("SIGINT"), p.exitValue());
            assertEquals("gridsched: interrupted while starting; nothing was run\n", Files.readString(err));
            assertFalse(Files.exists(out), "nothing was run");
        } finally {
            p.destroyForcibly();
            p.waitFor();
        }
        App.Result next = App.exec(StartupTest.command(home, "plugins"), home, environment("0"), null, 120);
        assertEquals(0, next.exit(), next.all());
        assertFalse(Files.exists(scratch.resolve("fw." + p.pid())), "the next process removed the copy");
        assertFalse(Files.exists(scratch.resolve("fw." + p.pid() + ".lock")));
    }

    private static String[] concat(String[] a, String last) {
        String[] all = java.util.Arrays.copyOf(a, a.length + 1);
        all[a.length] = last;
        return all;
    }
}
