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
 * run "cannot create ...: read-only file system". Both now say the same.
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
        String expected = "output: cannot write into the output folder " + dir + " (a read-only file system)";
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertTrue(cli.err().contains(expected), cli.err());
        assertEquals(1, cli.run("run", profile.toString(), "--quiet"));
        assertTrue(cli.err().contains(expected), cli.err());

        Path created = dir.resolve("new");
        Files.writeString(profile, "{\"name\": \"p\", \"platform\": \"c:64\", \"batch\": \"easy\", \"output\": \"" + created + "\","
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 10}}}");
        String notCreated = "output: cannot create the output folder " + created + ": " + dir + " is not writable (a read-only file system)";
        assertEquals(1, cli.run("run", "--check", profile.toString()));
        assertTrue(cli.err().contains(notCreated), cli.err());
        assertEquals(1, cli.run("run", profile.toString(), "--quiet"));
        assertTrue(cli.err().contains(notCreated), cli.err());
    }
}
