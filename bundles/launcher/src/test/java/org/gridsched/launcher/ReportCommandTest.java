package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report}, {@code validate} and a run's {@code --report}, on a registry filled by hand. */
class ReportCommandTest {
    @TempDir
    Path tmp;

    private CliHarness cli;

    @BeforeEach
    void plugins() {
        cli = new CliHarness(tmp).add(new ConservativePolicy(), new EasyPolicy(), new LublinGenerator(), new JobMetricsCollector(),
                new UtilizationCollector());
    }

    private static List<String> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    private static final String[] SIMULATE = {"simulate", "--generator", "lublin99", "--workload-option", "jobs=2000",
        "--platform", "c:128", "--batch", "cbf", "--seed", "3", "--quiet"};

    private String[] simulate(String... more) {
        String[] a = java.util.Arrays.copyOf(SIMULATE, SIMULATE.length + more.length);
        System.arraycopy(more, 0, a, SIMULATE.length, more.length);
        return a;
    }

    @Test
    void aRunWritesItsReportOnlyWhenAsked() throws Exception {
        assertEquals(0, cli.run(simulate("--out", tmp.resolve("plain").toString())), cli.err());
        assertEquals(0, cli.run(simulate("--out", tmp.resolve("quiet").toString(), "--report")), cli.err());
        assertEquals("", cli.out(), "--quiet prints nothing, the report's line neither");
        String[] loud = java.util.Arrays.stream(simulate("--out", tmp.resolve("rep").toString(), "--report"))
                .filter(a -> !a.equals("--quiet")).toArray(String[]::new);
        assertEquals(0, cli.run(loud), cli.err());
        assertTrue(cli.out().contains("  report: " + tmp.resolve("rep").resolve("report.html") + " (schedule valid)"), cli.out());
        List<String> plain = files(tmp.resolve("plain"));
        assertEquals(List.of(".gridsched-run", "jobs.csv", "summary.json"), plain);
        // the record is created as the results are (the umask's permissions), not readable by its owner only
        assertEquals(Files.getPosixFilePermissions(tmp.resolve("plain/jobs.csv")), Files.getPosixFilePermissions(tmp.resolve("plain/.gridsched-run")));
        for (String f : List.of("jobs.csv", "summary.json")) {
            assertEquals(-1, Files.mismatch(tmp.resolve("plain").resolve(f), tmp.resolve("rep").resolve(f)), f + ": the report changes no result");
        }
        List<String> withReport = files(tmp.resolve("rep"));
        assertTrue(withReport.containsAll(List.of("report.html", "schedule.json", "report-images/gantt-c.png", "report-images/over-time.png")),
                withReport.toString());
        assertFalse(Files.readString(tmp.resolve("rep/report.html")).contains(tmp.toString()), "no absolute path of the staging folder");
    }

    @Test
    void aReportThatCannotBeWrittenKeepsTheRunsResults() throws Exception {
        Path dir = tmp.resolve("full");
        Runner.ReportStep real = Runner.reportStep;
        java.util.concurrent.atomic.AtomicReference<String> saidBeforeCommit = new java.util.concurrent.atomic.AtomicReference<>();
        Runner.reportStep = (stage, shown, out) -> {
            saidBeforeCommit.set(cli.out());
            // what a full disk does half-way: some of the report written, then an error naming the staging folder
            try {
                Files.writeString(stage.resolve("report.html"), "<html>half");
                Files.createDirectories(stage.resolve("report-images"));
                Files.writeString(stage.resolve("report-images/gantt-c.png"), "half");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            throw new org.gridsched.api.InputException(stage.resolve("report.html").toString(), 0, null, "cannot write: No space left on device");
        };
        try {
            String[] loud = java.util.Arrays.stream(simulate("--out", dir.toString(), "--report")).filter(a -> !a.equals("--quiet"))
                    .toArray(String[]::new);
            assertEquals(1, cli.run(loud), "the failed report is an error");
        } finally {
            Runner.reportStep = real;
        }
        assertTrue(cli.out().contains("results in " + dir), "the summary said where the results are: " + cli.out());
        assertFalse(saidBeforeCommit.get().contains("results in"), "said only once they are there: " + saidBeforeCommit.get());
        assertEquals(List.of(".gridsched-run", "jobs.csv", "summary.json"), files(dir), "the results are kept, no half report");
        String err = cli.err();
        assertTrue(err.contains("its report could not be written") && err.contains("No space left on device")
                && err.contains("'gridsched report " + dir + "'"), err);
        assertFalse(err.contains(".gridsched-partial"), "the error names the run's folder, not its staging folder: " + err);
        assertEquals(0, cli.run("report", dir.toString(), "--no-images"), cli.err());
        assertTrue(Files.isRegularFile(dir.resolve("report.html")));
    }

    @Test
    void reportAndValidateCommands() throws Exception {
        Path dir = tmp.resolve("r");
        assertEquals(0, cli.run(simulate("--out", dir.toString())));
        assertEquals(0, cli.run("validate", dir.toString()));
        assertTrue(cli.out().startsWith(dir.resolve("jobs.csv") + ": valid schedule of 2,000 jobs"), cli.out());
        assertEquals(0, cli.run("report", dir.toString(), "--no-images"));
        assertTrue(Files.isRegularFile(dir.resolve("report.html")) && !Files.exists(dir.resolve("report-images")));
        // an injected overlap: job 2 takes job 1's processors and times
        List<String> rows = new java.util.ArrayList<>(Files.readAllLines(dir.resolve("jobs.csv")));
        List<String> header = List.of(rows.get(0).split(","));
        String[] one = rows.get(1).split(",", -1);
        String[] two = rows.get(2).split(",", -1);
        for (String col : List.of("starting_time", "finish_time", "allocated_resources")) {
            two[header.indexOf(col)] = one[header.indexOf(col)];
        }
        two[header.indexOf("requested_number_of_resources")] = one[header.indexOf("requested_number_of_resources")];
        two[header.indexOf("submission_time")] = one[header.indexOf("submission_time")];
        rows.set(2, String.join(",", two));
        Files.write(dir.resolve("jobs.csv"), rows);
        assertEquals(1, cli.run("validate", dir.toString()));
        assertTrue(cli.out().contains("INVALID schedule") && cli.out().contains("overlap: 1") && cli.out().contains("job 1 (line 2) and job 2 (line 3) both hold"), cli.out());
        assertEquals(1, cli.run("report", dir.toString(), "--no-images"), "an invalid schedule's report is written, the exit code says so");
        assertTrue(Files.readString(dir.resolve("report.html")).contains("Invalid schedule"));
    }

    @Test
    void usageErrors() {
        assertEquals(2, cli.run("report"));
        assertEquals(2, cli.run("report", "x", "--diff"));
        assertEquals(2, cli.run("report", "x", "--no-image"));
        assertTrue(cli.err().contains("did you mean '--no-images'?"), cli.err());
        assertEquals(2, cli.run("validate"));
        assertEquals(1, cli.run("validate", tmp.resolve("none").toString()));
        assertTrue(cli.err().contains("none: no such folder"), cli.err());
    }
}
