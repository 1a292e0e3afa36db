package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gridsched.batch.EasyPolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An existing output folder on a read-only file system: {@code run --check} said "(a read-only file system)", the run
 * itself "permission denied"; a new folder there: the check said "... P is not writable (a read-only file system)", the
 * run "cannot create ...: read-only file system". Both now say the same, with the same prefix: the profile and its key
 * "output" (the run said only "output", even for a folder --out gave), or the option --out.
 *
 * <p>A read-only file system cannot be made by a test without privileges: the test runs when the environment variable
 * {@code GRIDSCHED_TEST_READ_ONLY_DIR} names an existing folder on one (as root: {@code mount -t tmpfs tmpfs D && mkdir
 * D/out && mount -o remount,ro D}, then D/out), and is skipped otherwise.
 */
class ReadOnlyOutputFolderTest {
    @TempDir
    Path tmp;

    @Test
    void theRunAndItsCheckGiveTheSameReason() throws IOException {
        String given = System.getenv("GRIDSCHED_TEST_READ_ONLY_DIR");
        assumeTrue(given != null && !given.isBlank(), "GRIDSCHED_TEST_READ_ONLY_DIR is not set");
        Path dir = Path.of(given);
        assumeTrue(Files.isDirectory(dir) && Files.getFileStore(dir).isReadOnly(), dir + " is no folder on a read-only file system");

        CliHarness cli = new CliHarness(tmp).add(new LublinGenerator(), new EasyPolicy(), new JobMetricsCollector(), new UtilizationCollector());
        Path profile = tmp.resolve("p.json");
        Files.writeString(profile, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": \"easy\", \"output\": \"" + dir + "\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
        // the same line, naming the profile and its key: the run said "output: ..." without the profile
        String expected = "gridsched: error: " + profile + ": output: cannot write into the output folder " + dir + " (a read-only file system)\n";
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertEquals(expected, cli.err());
        assertEquals(1, cli.run("run", profile.toString(), "--quiet"));
        assertEquals(expected, cli.err());

        Path created = dir.resolve("new");
        Files.writeString(profile, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": \"easy\", \"output\": \"" + created + "\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
        String notCreated = "cannot create the output folder " + created + ": " + dir + " is not writable (a read-only file system)\n";
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertEquals("gridsched: error: " + profile + ": output: " + notCreated, cli.err());
        assertEquals(1, cli.run("run", profile.toString(), "--quiet"));
        assertEquals("gridsched: error: " + profile + ": output: " + notCreated, cli.err());

        // the option that gave the folder, not the profile's key it replaces
        assertEquals(1, cli.run("run", tmp.resolve("p.json").toString(), "--quiet", "--out", created.toString()));
        assertEquals("gridsched: error: --out: " + notCreated, cli.err());
    }
}
