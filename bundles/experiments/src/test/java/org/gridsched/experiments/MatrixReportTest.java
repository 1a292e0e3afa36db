package org.gridsched.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.launcher.CliHarness;
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

    private CliHarness cli;

    @BeforeEach
    void plugins() {
        cli = new CliHarness(tmp).experiments(new MatrixExperiments()).add(
                new ConservativePolicy(), new EasyPolicy(), new LublinGenerator(), new JobMetricsCollector(), new UtilizationCollector());
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
        assertEquals(0, cli.run("run", profile.toString(), "--out", dir.toString()), cli.err());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<title>gridsched matrix report: matrix-out</title>"), "named as its folder, not the staging one");
        assertTrue(html.contains("\"title\":\"mean_wait by batch\",\"metric\":\"mean_wait\",\"labels\":[\"cbf\",\"easy\"]"), html);
        assertTrue(Files.isRegularFile(dir.resolve("report-images/box-mean_wait-by-batch.png")));
    }

}
