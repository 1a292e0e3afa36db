package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: values no study would use are refused at once, naming the option and the range it accepts (before,
 * each of them ran for ever), and what the console prints agrees with the README (quickstart load, a
 * reallocation that moved nothing) and keeps tables.md a table whatever the labels hold.
 */
class LimitsAppTest {
    @TempDir
    static Path tmp;

    /** Well under what an absurd value ran: it used to run until killed. */
    static final long REFUSED_WITHIN_SECONDS = 60;

    private static App.Result run(String... args) throws Exception {
        return App.run(REFUSED_WITHIN_SECONDS, tmp.resolve("no-plugins"), tmp.resolve("no-config"), null, args);
    }

    private static void assertRefused(App.Result r, Path out, String... named) {
        assertEquals(1, r.exit(), r.all());
        for (String s : named) {
            assertTrue(r.err().contains(s), "the error names " + s + ": " + r.err());
        }
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(Files.exists(out.resolve("summary.json")), "nothing written");
    }

    @Test
    void aReallocationPeriodBelowASecondIsRefused() throws Exception {
        Path out = tmp.resolve("period");
        App.Result r = run("simulate", "--generator", "lublin99", "--workload-option", "jobs=2000", "--platform", "a:128,b:64",
                "--realloc", "regular", "--realloc-option", "period=1e-9", "--quiet", "--out", out.toString());
        assertRefused(r, out, "period", "between 1 and 10^10 seconds", "got 1.0E-9");
        // the bound itself is legal
        App.Result one = run("simulate", "--generator", "lublin99", "--workload-option", "jobs=300", "--platform", "a:128,b:64",
                "--realloc", "regular", "--realloc-option", "period=1", "--quiet", "--out", tmp.resolve("period-1").toString());
        assertEquals(0, one.exit(), one.all());
    }

    @Test
    void aTrillionGeneratedJobsAreRefused() throws Exception {
        Path out = tmp.resolve("jobs");
        App.Result r = run("simulate", "--generator", "lublin99", "--workload-option", "jobs=1e12", "--platform", "c:1024",
                "--quiet", "--out", out.toString());
        assertRefused(r, out, "jobs", "1..100000000", "lublin99");
    }

    @Test
    void aMatrixOfThreeMillionSeedsIsRefused() throws Exception {
        Path profile = tmp.resolve("seeds.json");
        String seeds = LongStream.rangeClosed(1, 3_000_000).mapToObj(Long::toString).collect(Collectors.joining(","));
        Files.writeString(profile, "{\"name\": \"seeds\", \"platform\": [{\"name\": \"c\", \"processors\": 64}],"
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 100, \"processors\": 64}},"
                + " \"matrix\": {\"batch\": [\"easy\"], \"metrics\": [\"mean_wait\"], \"seeds\": [" + seeds + "]}}");
        Path out = tmp.resolve("seeds-out");
        App.Result r = run("run", profile.toString(), "--quiet", "--out", out.toString());
        assertRefused(r, out, "matrix.seeds", "at most 100000 seeds", "got 3000000");
    }

    /** The README's quickstart states the target load and the load its jobs offer; the run prints both. */
    @Test
    void theQuickstartPrintsTheLoadsTheReadmeStates() throws Exception {
        String readme = Files.readString(App.HOME.resolve("README.md"));
        Matcher target = Pattern.compile("target offered load of (\\d+) %").matcher(readme);
        Matcher offered = Pattern.compile("jobs offer (0\\.\\d\\d)").matcher(readme);
        assertTrue(target.find() && offered.find(), "the README's quickstart states the target and the offered load");
        App.Result r = run("run", App.HOME.resolve("runconfigs/quickstart.json").toString(), "--out", tmp.resolve("qs").toString());
        assertEquals(0, r.exit(), r.all());
        String target2 = String.format("%.2f", Integer.parseInt(target.group(1)) / 100.0);
        assertTrue(r.out().contains("offered load " + offered.group(1) + " of the platform's processors (the generator's target: "
                + target2 + ")"), r.out());
    }

    /** A reallocation run that changed no job's end prints what happened, not a 0/0 ratio. */
    @Test
    void aComparisonWithNoJobImpactedSaysSo() throws Exception {
        // 200 jobs on 2,048 idle processors: nothing waits, so nothing can be reallocated
        App.Result r = run("simulate", "--generator", "lublin99", "--workload-option", "jobs=200", "--workload-option", "processors=256",
                "--workload-option", "load=0.1", "--platform", "a:1024,b:1024", "--batch", "cbf", "--meta", "mct",
                "--realloc", "regular", "--heuristic", "minmin", "--reference", "--out", tmp.resolve("none").toString());
        assertEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("NaN"), r.out());
        assertTrue(r.out().contains("against the reference without reallocation: no job impacted"), r.out());
    }

    /** The README's reallocation example, on the trace it names (skipped where ../shared/data is absent). */
    @Test
    void theReadmesReallocationExamplePrintsNoNaN() throws Exception {
        Path trace = App.HOME.resolve("../shared/data/HPC2N-seth-excerpt.swf").normalize();
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(trace), "needs " + trace);
        App.Result r = run("simulate", "--workload", trace.toString(), "--platform", "bordeaux:640,lyon:270:1.2,toulouse:434:1.4",
                "--batch", "cbf", "--meta", "mct", "--realloc", "regular", "--heuristic", "minmin", "--reference",
                "--out", tmp.resolve("readme-realloc").toString());
        assertEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("NaN"), r.out());
        assertTrue(r.out().contains("against the reference without reallocation:"), r.out());
    }

    /** Labels with a line break and a '|': every line of every table of tables.md is still a row of that table. */
    @Test
    void matrixLabelsCannotBreakTables() throws Exception {
        Path profile = tmp.resolve("labels.json");
        Files.writeString(profile, "{\"name\": \"labels\", \"platform\": [{\"name\": \"c\", \"processors\": 64}],"
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 200, \"processors\": 64}},"
                + " \"matrix\": {\"batch\": {\"easy\\nsecond line | piped\": \"easy\", \"cbf\": \"cbf\"},"
                + " \"metrics\": [\"mean_wait\"]}}");
        Path out = tmp.resolve("labels-out");
        App.Result r = run("run", profile.toString(), "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        List<String> lines = Files.readAllLines(out.resolve("tables.md"));
        List<List<String>> tables = new ArrayList<>();
        List<String> current = null;
        for (String line : lines) {
            if (line.isBlank()) {
                current = null;
            } else if (current != null || line.startsWith("|")) {
                if (current == null) {
                    current = new ArrayList<>();
                    tables.add(current);
                }
                current.add(line);
            }
        }
        assertEquals(1, tables.size(), String.join("\n", lines));
        for (List<String> table : tables) {
            long cells = separators(table.get(0));
            for (String row : table) {
                assertTrue(row.startsWith("|") && separators(row) == cells, "a row of its table: '" + row + "' in\n" + String.join("\n", lines));
            }
            assertEquals(4, table.size(), "header, rule and one row per label: " + table);
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("| easy<br>second line \\| piped |")), String.join("\n", lines));
    }

    /**
     * The tour's commands that read traces (directly or through their profile) are said to, in the tour's prose,
     * with where the traces come from: each file by name and the archive.
     */
    @Test
    void theTourSaysWhereItsTracesComeFrom() throws Exception {
        String readme = Files.readString(App.HOME.resolve("README.md"));
        int start = readme.indexOf("## A short tour");
        String tour = readme.substring(start, readme.indexOf("\n## ", start + 1));
        StringBuilder prose = new StringBuilder();
        List<String> needing = new ArrayList<>();
        java.util.Set<String> traces = new java.util.TreeSet<>();
        Pattern shared = Pattern.compile("shared/data/([\\w.-]+)");
        for (String command : tour.split("\n(?! {20,})")) {
            if (!command.startsWith("    bin/gridsched")) {
                prose.append(command).append('\n');
                continue;
            }
            String text = command;
            Matcher profile = Pattern.compile("run (runconfigs/\\S+\\.json)").matcher(command);
            if (profile.find()) {
                text += Files.readString(App.HOME.resolve(profile.group(1)));
            }
            Matcher m = shared.matcher(text);
            boolean needs = false;
            while (m.find()) {
                traces.add(m.group(1));
                needs = true;
            }
            if (needs) {
                needing.add(command.strip());
            }
        }
        assertEquals(4, needing.size(), "the tour's commands that need traces: " + needing);
        String said = prose.toString().replaceAll("\\s+", " ");
        assertTrue(said.contains("Parallel Workloads Archive") && said.contains("../shared/data"), said);
        for (String trace : traces) {
            assertTrue(said.contains(trace), "the tour says where " + trace + " comes from: " + said);
        }
    }

    /** The cell separators of a Markdown table row: '|' not escaped by a backslash. */
    private static long separators(String row) {
        long n = 0;
        for (int i = 0; i < row.length(); i++) {
            if (row.charAt(i) == '\\') {
                i++;
            } else if (row.charAt(i) == '|') {
                n++;
            }
        }
        return n;
    }
}
