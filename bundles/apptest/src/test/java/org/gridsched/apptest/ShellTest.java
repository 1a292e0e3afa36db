package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gridsched shell} in its three modes, and features, through the real executable jar. */
class ShellTest {
    @TempDir
    static Path tmp;
    static Path plugins;
    static Path config;

    @BeforeAll
    static void folders() throws Exception {
        assertTrue(Files.isRegularFile(App.JAR), "the application is not built: " + App.JAR);
        plugins = Files.createDirectories(tmp.resolve("plugins"));
        config = Files.createDirectories(tmp.resolve("config"));
    }

    @Test
    void commandsRunNonInteractivelyAndWaitForTheRunsTheyStarted() throws Exception {
        Path out = tmp.resolve("qs");
        App.Result r = App.run(plugins, config, null, "shell", "-c",
                "run " + App.HOME.resolve("runconfigs/quickstart.json") + " --out " + out + "; runs");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("run 1 started: quickstart -> " + out), r.all());
        assertTrue(r.out().contains("quickstart: 20,000 jobs simulated"), r.all());
        assertTrue(r.out().contains("run 1 (quickstart) finished"), r.all());
        assertTrue(Files.isRegularFile(out.resolve("summary.json")));
    }

    @Test
    void helpOfACommandWorksInEveryStatementOfALine() throws Exception {
        App.Result r = App.run(plugins, config, null, "shell", "-c", "help run; runs");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("usage: run PROFILE.json") && r.out().contains("no runs yet"), "the help was lost:\n" + r.all());
    }

    @Test
    void aScriptStopsAtItsFirstErrorNamingTheLine() throws Exception {
        Path script = tmp.resolve("steps.gosh");
        Files.writeString(script, "# a comment\nplugins\nrun no-such-profile.json\nfeatures\n");
        App.Result r = App.run(plugins, config, null, "shell", script.toString());
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.out().contains("batch policies:"), r.all());
        assertTrue(r.err().contains("error: " + script + ":3: ") && r.err().contains("no such run profile"), r.all());
        assertFalse(r.out().contains("single-cluster"), "features after the error must not run:\n" + r.all());
    }

    @Test
    void aScriptFindsTheProfilesBesideItFromAnyFolder() throws Exception {
        // runconfigs/bot-table2.gosh named runconfigs/..., which only worked from a checkout's top folder
        Path folder = Files.createDirectories(tmp.resolve("scripts"));
        Files.writeString(folder.resolve("q.json"), "{\"name\": \"q\", \"platform\": \"c:64\", \"batch\": \"easy\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 100}}}");
        Path out = tmp.resolve("beside");
        Path script = folder.resolve("steps.gosh");
        Files.writeString(script, "run q.json --out " + out + "\nawait\n");
        assertFalse(Files.exists(Path.of("q.json")), "the test's own folder has no q.json");
        App.Result r = App.run(plugins, config, null, "shell", script.toString());
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("run 1 (q) finished"), r.all());
        assertTrue(Files.isRegularFile(out.resolve("summary.json")));
    }

    @Test
    void interactiveShellReadsCommandsUntilExit() throws Exception {
        App.Result r = App.run(plugins, config, "plugins\nnonsense\nlb\nexit\n", "shell");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("gridsched> ") && r.out().contains("metric collectors:"), r.all());
        assertTrue(r.err().contains("Command not found: nonsense") && r.err().contains("'help' lists all"), r.all());
        assertTrue(r.out().contains("gridsched simulation engine"), "Gogo's own lb works:\n" + r.all());
    }

    @Test
    void aChosenFeatureSetStartsOnlyItsBundles() throws Exception {
        App.Result r = App.run(plugins, config, null, "--features", "single-cluster", "plugins");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("batch policies:") && r.out().contains("workload generators:"), r.all());
        assertFalse(r.out().contains("meta-schedulers:"), "the grid feature was not chosen:\n" + r.all());

        App.Result f = App.run(plugins, config, null, "--features", "single-cluster", "shell", "-c", "features");
        assertEquals(0, f.exit(), f.all());
        assertTrue(f.out().matches("(?s).*org\\.gridsched\\.meta\\s+not installed.*"), f.all());
        assertTrue(f.out().matches("(?s).*org\\.gridsched\\.batch\\s+active.*"), f.all());

        App.Result bad = App.run(plugins, config, null, "--features", "gird", "plugins");
        assertEquals(1, bad.exit(), bad.all());
        assertTrue(bad.err().contains("unknown feature 'gird'; features: batch, core, default, grid"), bad.all());
    }

    @Test
    void aJarInThePluginFolderIsThereForTheFirstCommand() throws Exception {
        // the failing fixture: installed before the command runs, and reported with its reason
        Path fixture = App.HOME.resolve("bundles/itest/target/fixtures/gridsched-fixture-failing.jar");
        Path own = Files.createDirectories(tmp.resolve("plugins-failing"));
        if (Files.isRegularFile(fixture)) {
            Files.copy(fixture, own.resolve("failing.jar"));
        } else {
            Files.copy(App.HOME.resolve("bundles/fixtures/failing/target/gridsched-fixture-failing-1.0.0.jar"), own.resolve("failing.jar"));
        }
        App.Result r = App.run(own, config, null, "plugins");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("problems:") && r.out().contains("FailingBroker") && r.out().contains("always fails to activate"), r.all());
        assertTrue(r.out().contains("cbf"), r.all());
    }
}
