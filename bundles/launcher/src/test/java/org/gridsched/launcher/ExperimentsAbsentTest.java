package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gridsched.batch.FcfsPolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.workload.synthetic.SyntheticGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without the experiments bundle the launcher still runs one simulation; what needs the bundle says so. */
class ExperimentsAbsentTest {
    @TempDir
    Path tmp;

    @Test
    void aMatrixAReferenceAndTheMatrixCommandNameTheMissingBundle() throws Exception {
        PluginRegistry registry = new PluginRegistry();
        registry.add(new FcfsPolicy());
        registry.add(new SyntheticGenerator());
        registry.add(new JobMetricsCollector());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Cli cli = new Cli(registry, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, tmp);
        Path profile = tmp.resolve("m.json");
        Files.writeString(profile, """
                {"name": "m", "platform": "c:8", "batch": "fcfs", "collectors": ["jobs"], "progress": false, "output": "out",
                 "workload": {"generator": "synthetic", "options": {"jobs": 50}},
                 "matrix": {"batch": ["fcfs"], "metrics": ["mean_wait"]}}
                """);
        assertEquals(0, cli.run("run", "--check", profile.toString()), "a matrix is read and checked by the launcher alone");
        assertEquals(1, cli.run("run", profile.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("matrix: needs the bundle org.gridsched.experiments"), err.toString());
        assertEquals(1, cli.run("matrix", profile.toString(), "--list"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("matrix: needs the bundle org.gridsched.experiments"), err.toString());
        assertEquals(0, cli.run("simulate", "--generator", "synthetic", "--workload-option", "jobs=50", "--platform", "c:8", "--batch", "fcfs",
                "--collectors", "jobs", "--quiet", "--out", tmp.resolve("one").toString()), err.toString());
        assertTrue(Files.isRegularFile(tmp.resolve("one/summary.json")), "one run needs no experiments");
    }
}
