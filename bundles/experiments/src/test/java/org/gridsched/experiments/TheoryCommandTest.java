package org.gridsched.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.launcher.CliHarness;
import org.gridsched.launcher.RandomBrokersForTests;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.workload.synthetic.SyntheticGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gridsched theory}: a profile theory does not apply to is an error naming its file and the key that keeps it from applying. */
class TheoryCommandTest {
    @TempDir
    Path tmp;

    private CliHarness cli;

    @BeforeEach
    void plugins() {
        cli = new CliHarness(tmp).experiments(new MatrixExperiments()).add(new FcfsPolicy(), new EasyPolicy(), new SyntheticGenerator(),
                new JobMetricsCollector(), new RandomBrokersForTests.Weighted());
    }

    /** The brokering profile, its workload options and top-level keys edited. */
    private Path profile(String name, String options, String more) throws Exception {
        Path f = tmp.resolve(name + ".json");
        Files.writeString(f, """
                {"name": "%s", "platform": "a:4,b:2", "batch": "fcfs", "meta": "random-weighted", "progress": false, "collectors": ["jobs"],
                 "workload": {"generator": "synthetic", "options": {"interarrival": 2, "mean_length": 3, "duration": 2000%s}}%s}
                """.formatted(name, options, more));
        return f;
    }

    private String error(Path profile) {
        assertEquals(1, cli.run("theory", profile.toString(), "--out", tmp.resolve("out").toString()), cli.err());
        assertFalse(cli.err().contains("Exception"), cli.err());
        return cli.err();
    }

    @Test
    void aProfileTheoryDoesNotApplyToNamesItsFileAndKey() throws Exception {
        Path ok = profile("ok", "", "");
        assertEquals(0, cli.run("theory", ok.toString(), "--out", tmp.resolve("ok").toString()), cli.err());
        assertTrue(cli.out().contains("theory: random brokering"), cli.out());

        Path p = profile("mct", "", "");
        Files.writeString(p, Files.readString(p).replace("\"random-weighted\"", "\"mct\""));
        assertTrue(error(p).contains(p + ": meta: queueing theory does not apply to 'mct': the meta-scheduler must be random-weighted"),
                cli.err());
        p = profile("easy", "", "");
        Files.writeString(p, Files.readString(p).replace("\"batch\": \"fcfs\"", "\"batch\": \"easy\""));
        assertTrue(error(p).contains(p + ": batch: queueing theory does not apply to 'easy': every cluster must run fcfs"), cli.err());
        // a law or parameter theory cannot model: said as an error of the profile, not a Java exception
        p = profile("law", ", \"length\": \"exponentail\"", "");
        assertTrue(error(p).contains(p + ": workload.options.length: queueing theory does not apply to 'law': unknown length law"
                + " 'exponentail'; valid values: exponential, constant"), cli.err());
        p = profile("alpha", ", \"length\": \"uniform\", \"alpha\": 5", "");
        assertTrue(error(p).contains(p + ": workload.options: queueing theory does not apply to 'alpha': uniform length: alpha must"
                + " satisfy 0 < alpha < 1, got 5.0"), cli.err());
        p = profile("m", "", ", \"matrix\": {\"batch\": [\"fcfs\"], \"metrics\": [\"mean_wait\"]}");
        assertTrue(error(p).contains(p + ": matrix: theory compares one run with queueing theory"), cli.err());
    }
}
