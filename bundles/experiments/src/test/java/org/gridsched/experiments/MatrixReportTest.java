package org.gridsched.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.launcher.Cli;
import org.gridsched.launcher.PluginRegistry;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A matrix run's {@code --report} (moved from the launcher's ReportCommandTest with the matrix). */
class MatrixReportTest {
    @TempDir
    Path tmp;

    private final PluginRegistry registry = new PluginRegistry();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void plugins() {
        registry.useExperiments(new MatrixExperiments());
        List.of(new ConservativePolicy(), new EasyPolicy(), new LublinGenerator(), new JobMetricsCollector(),
                new UtilizationCollector()).forEach(registry::add);
    }

    private int run(String... args) {
        out.reset();
        err.reset();
        return new Cli(registry, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, tmp).run(args);
    }

    @Test
    void aMatrixRunWritesItsBoxPlotsUnderItsOwnName() throws Exception {
        Path profile = tmp.resolve("m.json");
        Files.writeString(profile, """
                {"name": "m", "platform": [{"name": "c", "processors": 64}],
                 "workload": {"generator": "lublin99", "options": {"jobs": 500, "processors": 64}},
                 "report": true, "progress": false,
                 "matrix": {"batch": ["cbf", "easy"], "seeds": [1, 2], "metrics": ["mean_wait"]}}
                """);
        Path dir = tmp.resolve("matrix-out");
        assertEquals(0, run("run", profile.toString(), "--out", dir.toString()), err.toString());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<title>gridsched matrix report: matrix-out</title>"), "named as its folder, not the staging one");
        assertTrue(html.contains("\"title\":\"mean_wait by batch\",\"metric\":\"mean_wait\",\"labels\":[\"cbf\",\"easy\"]"), html);
        assertTrue(Files.isRegularFile(dir.resolve("report-images/box-mean_wait-by-batch.png")));
    }

}
