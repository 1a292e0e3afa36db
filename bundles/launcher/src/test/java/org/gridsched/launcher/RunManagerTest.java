package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.gridsched.api.InputException;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Background runs of the shell, without a framework. */
class RunManagerTest {
    @TempDir
    Path tmp;

    private final PluginRegistry registry = new PluginRegistry();
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
    private ShellCommands shell;

    private ShellCommands shell() {
        List.of(new FcfsPolicy(), new ConservativePolicy(), new LublinGenerator(), new JobMetricsCollector(),
                new UtilizationCollector()).forEach(registry::add);
        shell = new ShellCommands(registry, tmp, name -> null, r -> { });
        return shell;
    }

    @AfterEach
    void close() {
        if (shell != null) {
            shell.close();
        }
    }

    private Path profile(String name, int jobs) throws Exception {
        Path p = tmp.resolve(name + ".json");
        Files.writeString(p, """
                {"name": "%s", "seed": 3, "batch": "cbf", "platform": [{"name": "c", "processors": 64}],
                 "workload": {"generator": "lublin99", "options": {"jobs": %d, "processors": 64}}}
                """.formatted(name, jobs));
        return p;
    }

    @Test
    void aRunFinishesInTheBackgroundAndReportsWhatItPrinted() throws Exception {
        ShellCommands s = shell();
        RunManager.Run r = s.run(List.of(profile("small", 2000).toString()), out);
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("run 1 started: small -> " + tmp.resolve("workspace/results/small")));
        assertEquals(RunManager.State.FINISHED, r.await(30, TimeUnit.SECONDS), r.message());
        assertEquals(1.0, r.fraction());
        assertEquals(2000, r.jobsFinished());
        assertTrue(r.log().contains("small: 2,000 jobs simulated"), r.log());
        assertTrue(Files.isRegularFile(r.output().resolve("summary.json")));
        s.runs(List.of(), out);
        assertTrue(printed.toString(StandardCharsets.UTF_8).matches("(?s).*\\n\\s+1\\s+finished\\s+100 %\\s+2,000 .*small.*"),
                printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void cancelStopsARunWithinMomentsAndNothingIsWritten() throws Exception {
        ShellCommands s = shell();
        RunManager.Run r = s.run(List.of(profile("big", 5_000_000).toString()), out);
        long t0 = System.nanoTime();
        while (r.jobsFinished() == 0 && System.nanoTime() - t0 < 20e9) {
            Thread.sleep(10);
        }
        s.cancel("1", out);
        assertEquals(RunManager.State.CANCELLED, r.await(5, TimeUnit.SECONDS));
        assertFalse(Files.exists(r.output().resolve("summary.json")));
        s.cancel("1", out);
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("has already ended: cancelled"), printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void twoActiveRunsNeverShareAnOutputFolderAndBadIdsAreClear() throws Exception {
        ShellCommands s = shell();
        Path p = profile("twice", 5_000_000);
        RunManager.Run first = s.run(List.of(p.toString()), out);
        InputException e = assertThrows(InputException.class, () -> s.run(List.of(p.toString()), out));
        assertTrue(e.getMessage().contains("run 1 (twice) is already writing to") && e.getMessage().contains("--out"), e.getMessage());
        RunManager.Run second = s.run(List.of(p.toString(), "--out", tmp.resolve("other").toString()), out);
        assertEquals(2, second.id());
        s.manager().cancel(first.id());
        s.manager().cancel(second.id());
        e = assertThrows(InputException.class, () -> s.cancel("7", out));
        assertTrue(e.getMessage().contains("no run 7"), e.getMessage());
        e = assertThrows(InputException.class, () -> s.runs(List.of("x"), out));
        assertTrue(e.getMessage().contains("expected a run id"), e.getMessage());
        e = assertThrows(InputException.class, () -> s.run(List.of("--out", "x"), out));
        assertTrue(e.getMessage().contains("usage: run PROFILE"), e.getMessage());
    }

    @Test
    void aFailedRunSaysWhy() throws Exception {
        ShellCommands s = shell();
        Path p = tmp.resolve("bad.json");
        Files.writeString(p, "{\"name\": \"bad\", \"batch\": \"sjf\", \"platform\": [{\"name\": \"c\", \"processors\": 8}],"
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10, \"processors\": 8}}}");
        RunManager.Run r = s.run(List.of(p.toString()), out);
        assertEquals(RunManager.State.FAILED, r.await(10, TimeUnit.SECONDS));
        assertTrue(r.message().contains("batch policy 'sjf' is not available; available: cbf, fcfs"), r.message());
    }

    /**
     * {@code await} without an id prints how every run ended that it has not yet reported, also one that ended before
     * it was called. Before, it took the runs still going at that moment: a run that failed quickly (a missing trace,
     * an option its plugin refuses when the run starts) printed nothing at {@code await} or not, depending on timing.
     */
    @Test
    void awaitReportsARunThatFailedBeforeItWasCalled() throws Exception {
        ShellCommands s = shell();
        Path p = tmp.resolve("quick.json");
        Files.writeString(p, "{\"name\": \"quick\", \"batch\": \"fcfs\", \"platform\": [{\"name\": \"c\", \"processors\": 8}],"
                + " \"workload\": {\"file\": \"missing.swf\"}}");
        RunManager.Run r = s.run(List.of(p.toString()), out);
        assertEquals(RunManager.State.FAILED, r.await(30, TimeUnit.SECONDS));
        printed.reset();
        s.await(List.of(), out);
        String said = printed.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("run 1 (quick) failed: ") && said.contains("missing.swf"), said);
        printed.reset();
        s.await(List.of(), out); // once per run
        s.await(List.of("1"), out);
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
    }

    /** A batch policy whose creation waits for the test: a run stuck in a plugin's call. */
    private static final class StuckPolicy implements org.gridsched.api.batch.BatchPolicy {
        final java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);

        @Override
        public String name() {
            return "stuck";
        }

        @Override
        public String description() {
            return "waits for the test";
        }

        @Override
        public org.gridsched.api.batch.BatchScheduler create(org.gridsched.api.batch.Cluster cluster,
                org.gridsched.api.PluginOptions options) {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new FcfsPolicy().create(cluster, options);
        }
    }

    /**
     * A cancel of a run inside a plugin's call that does not return shows as pending in 'runs' and 'cancel', and
     * past a few seconds says why and what ends it; the run stops once the call returns. Before, 'runs' showed it
     * running as if nothing had been asked, and a second 'cancel' said it was cancelling "within moments".
     */
    @Test
    void aPendingCancelIsShownAndAStuckPluginNamedAsTheCause() throws Exception {
        StuckPolicy stuck = new StuckPolicy();
        registry.add(stuck);
        ShellCommands s = shell();
        Path p = tmp.resolve("stuck.json");
        Files.writeString(p, "{\"name\": \"stuck\", \"batch\": \"stuck\", \"platform\": [{\"name\": \"c\", \"processors\": 8}],"
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10, \"processors\": 8}}}");
        RunManager.Run r = s.run(List.of(p.toString()), out);
        assertTrue(stuck.entered.await(30, TimeUnit.SECONDS));
        s.cancel("1", out);
        printed.reset();
        s.runs(List.of(), out);
        String table = printed.toString(StandardCharsets.UTF_8);
        assertTrue(table.matches("(?s).*\\n\\s+1\\s+cancelling .*stuck  \\(cancel asked \\d+ s ago; it stops at its next progress check\\)\\n"),
                table);
        long asked = System.nanoTime();
        while (System.nanoTime() - asked < (ShellCommands.STUCK_SECONDS + 0.5) * 1e9) {
            Thread.sleep(100);
        }
        printed.reset();
        s.cancel("1", out);
        String again = printed.toString(StandardCharsets.UTF_8);
        assertTrue(again.startsWith("run 1 (stuck): cancel asked ") && again.contains("not yet seen: the run is inside a"
                + " plugin's call that has not returned (see where with: jstack " + ProcessHandle.current().pid()
                + "); leaving the shell ends it"), again);
        stuck.release.countDown();
        assertEquals(RunManager.State.CANCELLED, r.await(10, TimeUnit.SECONDS));
        assertTrue(Double.isNaN(r.cancelPendingSeconds()));
        printed.reset();
        s.runs(List.of(), out);
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains(" cancelled "), printed.toString(StandardCharsets.UTF_8));
    }
}
