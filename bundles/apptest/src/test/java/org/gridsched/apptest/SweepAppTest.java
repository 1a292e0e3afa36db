package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sweeps of the exported application (issue 14): a reallocation study and a matrix of metrics with replications,
 * run as cells and merged, give the one-shot run's files byte for byte; a sweep killed (SIGKILL) midway resumes with
 * only its unfinished cells; one stopped by SIGINT or SIGTERM says how many cells are complete and how to resume.
 */
class SweepAppTest {
    @TempDir
    Path tmp;

    static Path resource(String name) {
        try {
            return Path.of(SweepAppTest.class.getResource("/sweep/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private App.Result run(String... args) throws IOException, InterruptedException {
        return App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, args);
    }

    /** Every file under a folder, by relative path, with its bytes. */
    static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(dir.relativize(p).toString(), Files.readAllBytes(p));
            }
        }
        return m;
    }

    /**
     * The sweep's folder holds the one-shot run's files, byte for byte (matrix.csv, tables.md, every run under runs/,
     * the folder's marker), and besides them only its cells (where the runs are too).
     */
    static void assertSameResults(Path oneShot, Path sweep) throws IOException {
        Map<String, byte[]> expected = files(oneShot);
        Map<String, byte[]> actual = files(sweep);
        actual.keySet().removeIf(k -> k.startsWith("cells/") || k.startsWith("slurm/"));
        assertTrue(expected.containsKey("matrix.csv") && expected.size() > 10, expected.keySet().toString());
        assertEquals(expected.keySet(), actual.keySet(), "the same files");
        expected.forEach((k, v) -> assertArrayEquals(v, actual.get(k), k + " differs from the one-shot run's"));
    }

    @Test
    void cellsRunSeparatelyAndMergedGiveTheOneShotResultsOfAStudyAndOfAMatrixWithReplications() throws Exception {
        for (String name : List.of("study-sweep.json", "metrics-sweep.json")) {
            Path profile = resource(name);
            Path oneShot = tmp.resolve(name + "-one-shot");
            Path sweep = tmp.resolve(name + "-sweep");
            App.Result r = run("run", profile.toString(), "--out", oneShot.toString());
            assertEquals(0, r.exit(), r.all());
            App.Result list = run("matrix", profile.toString(), "--list");
            assertEquals(0, list.exit(), list.all());
            int n = (int) list.out().lines().filter(l -> !l.startsWith("#")).count();
            assertEquals(name.startsWith("study") ? 6 : 12, n, list.out());
            // the numbers again at the end, where a long list leaves them in view
            assertTrue(list.out().endsWith(name.startsWith("study") ? "# study-sweep: 6 cells, 18 runs (1 reference + 2 reallocation runs a cell)\n"
                    : "# metrics-sweep: 12 cells, 12 runs (one a cell)\n"), list.out());
            // the last cells first, one by one; then the rest as a range
            for (int i = n - 1; i >= n - 2; i--) {
                r = run("matrix", profile.toString(), "--out", sweep.toString(), "--cell", "" + i);
                assertEquals(0, r.exit(), r.all());
            }
            r = run("matrix", profile.toString(), "--out", sweep.toString(), "--cells", "0-" + (n - 3), "--threads", "2");
            assertEquals(0, r.exit(), r.all());
            r = run("matrix", profile.toString(), "--merge", sweep.toString());
            assertEquals(0, r.exit(), r.all());
            assertSameResults(oneShot, sweep);
        }
    }

    @Test
    void aSweepKilledMidwayResumesWithOnlyItsUnfinishedCells() throws Exception {
        Path profile = resource("study-sweep.json");
        Path sweep = tmp.resolve("sweep");
        List<String> cmd = App.command(tmp.resolve("plugins"), tmp.resolve("config"),
                "matrix", profile.toString(), "--out", sweep.toString(), "--threads", "1");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("killed.log").toFile())
                .redirectInput(new File("/dev/null")).start();
        Path cells = sweep.resolve("cells");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        // killed once two cells are complete and the third has started
        while (complete(cells) < 2 || !anyPartial(cells)) {
            assertTrue(p.isAlive(), "the sweep ended before it could be killed: " + Files.readString(tmp.resolve("killed.log")));
            assertTrue(System.nanoTime() < deadline, "no cell completed in 120 s: " + Files.readString(tmp.resolve("killed.log")));
            Thread.sleep(20);
        }
        p.destroyForcibly(); // SIGKILL: no shutdown hook cleans anything up
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        int done = complete(cells);
        assertTrue(done >= 2 && done < 6, done + " cells complete");
        assertTrue(anyPartial(cells), "the cell that was running is partially written");

        App.Result merge = run("matrix", profile.toString(), "--merge", sweep.toString());
        assertEquals(1, merge.exit(), merge.all());
        assertTrue(merge.err().contains((6 - done) + " of 6 cells are not complete:"), merge.all());
        assertTrue(merge.err().contains("partially written (stopped before the end): "), merge.all());
        assertFalse(Files.exists(sweep.resolve("matrix.csv")));

        App.Result resumed = run("matrix", profile.toString(), "--out", sweep.toString(), "--threads", "2");
        assertEquals(0, resumed.exit(), resumed.all());
        Matcher m = Pattern.compile("study-sweep: cells 0-5: (\\d+) to run \\((\\d+) already complete, skipped\\) on 2 threads, (\\d+) runs"
                + " \\(1 reference \\+ 2 reallocation runs a cell\\), into ").matcher(resumed.err());
        assertTrue(m.find(), resumed.all());
        assertEquals(6 - done, Integer.parseInt(m.group(1)), resumed.all());
        assertEquals(done, Integer.parseInt(m.group(2)), resumed.all());
        assertEquals(3 * (6 - done), Integer.parseInt(m.group(3)), "the runs of the cells to run: " + resumed.all());
        assertTrue(resumed.out().contains("study-sweep: merged 6 cells into "), resumed.all());

        App.Result oneShot = run("run", profile.toString(), "--out", tmp.resolve("one-shot").toString());
        assertEquals(0, oneShot.exit(), oneShot.all());
        assertSameResults(tmp.resolve("one-shot"), sweep);
    }

    @Test
    void aSweepStoppedBySigintOrSigtermStartsNoFurtherCellAndFailsNone() throws Exception {
        Path profile = resource("study-sweep.json");
        for (String signal : List.of("INT", "TERM")) {
            Path sweep = tmp.resolve("sweep-" + signal);
            Path log = tmp.resolve("stopped-" + signal + ".log");
            List<String> cmd = App.command(tmp.resolve("plugins"), tmp.resolve("config"),
                    "matrix", profile.toString(), "--out", sweep.toString(), "--threads", "1");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(new File("/dev/null")).start();
            Path cells = sweep.resolve("cells");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (complete(cells) < 2 || !anyPartial(cells)) {
                assertTrue(p.isAlive(), "the sweep ended before it could be stopped: " + Files.readString(log));
                assertTrue(System.nanoTime() < deadline, "no cell completed in 120 s: " + Files.readString(log));
                Thread.sleep(20);
            }
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), Files.readString(log));
            String text = Files.readString(log);
            assertEquals(signal.equals("INT") ? 130 : 143, p.exitValue(), text);
            // (it used to start every remaining cell, each failing at once and saying FAILED)
            assertFalse(text.contains("FAILED"), text);
            assertTrue(text.contains("gridsched: interrupted; no results written to " + cells), text);
            int done = complete(cells);
            assertTrue(done >= 2 && done < 6, done + " cells complete: " + text);
            try (Stream<Path> s = Files.list(cells)) {
                assertEquals(done, s.count(), "no folder of a cell that was not complete: " + text);
            }
            // how far it got and how to go on (it used to name only the cell it removed), after that cell's line
            String resume = "study-sweep: stopped; cells 0-5: " + done + " of 6 complete, in " + cells
                    + "; run the same command again to resume (complete cells are skipped)";
            assertTrue(text.contains(resume), text);
            assertTrue(text.indexOf(resume) > text.indexOf("gridsched: interrupted; no results written to " + cells), text);

            App.Result resumed = run("matrix", profile.toString(), "--out", sweep.toString(), "--threads", "2");
            assertEquals(0, resumed.exit(), resumed.all());
            assertTrue(resumed.err().contains("study-sweep: cells 0-5: " + (6 - done) + " to run (" + done + " already complete, skipped)"),
                    resumed.all());
            if (signal.equals("INT")) {
                App.Result oneShot = run("run", profile.toString(), "--out", tmp.resolve("one-shot").toString());
                assertEquals(0, oneShot.exit(), oneShot.all());
            }
            assertSameResults(tmp.resolve("one-shot"), sweep);
        }
    }

    private static int complete(Path cells) throws IOException {
        if (!Files.isDirectory(cells)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(cells)) {
            return (int) s.filter(c -> Files.isRegularFile(c.resolve("cell.json"))).count();
        }
    }

    private static boolean anyPartial(Path cells) throws IOException {
        if (!Files.isDirectory(cells)) {
            return false;
        }
        try (Stream<Path> s = Files.list(cells)) {
            return s.anyMatch(c -> !Files.exists(c.resolve("cell.json")) && Files.isDirectory(c.resolve(".gridsched-partial/runs")));
        }
    }
}
