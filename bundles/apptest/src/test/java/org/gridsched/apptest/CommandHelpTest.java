package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gridsched CMD --help} prints CMD's usage and exits 0 for every command, doing nothing else (issue 24). */
class CommandHelpTest {
    @TempDir
    Path tmp;

    @Test
    void everyCommandPrintsItsHelpAndExitsZero() throws Exception {
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path config = Files.createDirectories(tmp.resolve("config"));
        // features and shell are answered before the other commands (which already did this): each way of asking
        for (List<String> command : List.of(List.of("features", "--help"), List.of("features", "-h"), List.of("shell", "--help"),
                List.of("shell", "-h"), List.of("--features", "single-cluster", "shell", "--help"), List.of("plugins", "--help"))) {
            App.Result r = App.run(plugins, config, null, command.toArray(String[]::new));
            String name = command.get(command.size() - 2);
            assertEquals(0, r.exit(), command + ":\n" + r.all());
            assertTrue(r.out().startsWith("usage: gridsched " + name), command + ":\n" + r.all());
            assertEquals("", r.err(), command.toString());
            assertFalse(r.out().contains("bundles active"), "features --help must not run features:\n" + r.all());
        }
    }

    @Test
    void daemonHelpNamesItsSubcommands() throws Exception {
        for (String help : List.of("--help", "-h", "help")) {
            App.Result r = App.exec(List.of("bash", App.HOME.resolve("bin/gridsched").toString(), "daemon", help), tmp, Map.of(), null, 60);
            assertEquals(0, r.exit(), r.all());
            assertTrue(r.out().startsWith("usage: gridsched daemon [status | stop]"), r.all());
            assertTrue(r.out().contains("GRIDSCHED_DAEMON=0"), r.all());
        }
    }
}
