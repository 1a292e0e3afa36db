package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command runs after FileInstall's first scan of the plugin folders, however late the framework's start-level thread
 * gets to FileInstall. A command that found the framework at FileInstall's start level 2 and FileInstall not yet starting
 * took its start as done and ran without the plugin jars: the plugin jar's broker was missing from {@code plugins} (once
 * in CI, 2 runs out of 100 on a loaded host). Equinox reports level 2 as soon as it begins raising to it, before it
 * starts that level's bundles; here a bundle of level 2 installed before FileInstall holds the raise for two seconds in
 * that window, which made the same command miss the jar every time.
 */
class FolderWatchersAppTest {
    private static final String SLOW_START = "org.gridsched.fixture.slowstart";

    @Test
    void aCommandSeesThePluginJarsWhileTheRaiseToFileInstallsStartLevelIsStillStartingOtherBundles(@TempDir Path tmp) throws Exception {
        Path prepared = Launch.launcherProperties();
        assumeTrue(prepared != null, "needs the prepared layout of the application (the tests start java -jar: gridsched.apptest.launch=jar)");
        Path slowStart = App.HOME.resolve("bundles/fixtures/slow-start/target/gridsched-fixture-slow-start-1.0.0.jar");
        assertTrue(Files.isRegularFile(slowStart), "the fixture bundle is built before the application tests: " + slowStart);

        Properties launch = new Properties();
        try (Reader in = Files.newBufferedReader(prepared, StandardCharsets.UTF_8)) {
            launch.load(in);
        }
        // installed first, so started first of the bundles of level 2 (Equinox starts a level's bundles in install order)
        launch.setProperty("launch.bundles", slowStart + "," + launch.getProperty("launch.bundles"));
        launch.setProperty("launch.runbundles.attrs", launch.getProperty("launch.runbundles.attrs") + "," + SLOW_START + ";version=1.0.0;startlevel=2");
        Path properties = tmp.resolve("launcher.properties");
        try (Writer out = Files.newBufferedWriter(properties, StandardCharsets.UTF_8)) {
            launch.store(out, "the prepared launcher properties with a slow bundle of start level 2 before FileInstall");
        }
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Files.copy(PluginProblemsAppTest.fixture("swap-v2", "2.0.0"), plugins.resolve("swap.jar"));

        List<String> cmd = Launch.commandWith(properties, List.of("-Dgridsched.fixture.slowstart.millis=2000"), plugins,
                Files.createDirectories(tmp.resolve("config")), List.of("plugins"));
        App.Result r = App.exec(cmd, null, java.util.Map.of(), null, 120);

        assertEquals(0, r.exit(), r.all());
        // the fixture ran in the window: the framework already at level 2, FileInstall not yet started
        assertTrue(r.err().contains("fixture slow-start: framework start level 2, FileInstall not started"), r.all());
        assertTrue(r.out().contains("[org.gridsched.fixture.swap 2.0.0]"), "the plugin jar's broker is listed:\n" + r.all());
    }
}
