package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25, point 3: a stream of workflows under background load that runs on a fresh clone (no ../shared file),
 * with its workflows waiting (70-90 % of the processors busy), files moving over the links the profile declares
 * beside its platform, and the makespan / critical-path ratio per workflow scheduler; bad links are errors naming
 * the key, from run and from run --check.
 */
class WorkflowStreamAppTest {
    @TempDir
    Path tmp;

    @Test
    void theStreamProfileShowsWorkflowsWaitingUnderLoad() throws Exception {
        Path out = tmp.resolve("out");
        App.Result r = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null,
                "run", App.HOME.resolve("runconfigs/workflow-stream.json").toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        String tables = Files.readString(out.resolve("tables.md"));
        assertTrue(tables.contains("makespan_over_critical_path_mean"), tables);
        assertTrue(tables.contains("fifo") && tables.contains("upward-rank"), tables);
        for (String run : new String[] {"fifo-seed-7", "upward-rank-seed-7"}) {
            Path dir = findRun(out, run);
            String summary = Files.readString(dir.resolve("summary.json"));
            double utilization = number(summary, "utilization");
            assertTrue(utilization >= 0.70 && utilization <= 0.90, run + ": utilization " + utilization);
            assertTrue(number(summary, "makespan_over_critical_path_mean") > 2, run + ": workflows wait\n" + summary);
            assertTrue(number(summary, "transfer_tasks") > 0, run + ": files crossed the declared links\n" + summary);
            App.Result v = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, "validate", dir.toString());
            assertEquals(0, v.exit(), v.all());
            assertTrue(v.out().contains("dependencies respected"), v.out());
        }
        assertDocumentedTableIsTheRun(Files.readAllLines(out.resolve("matrix.csv")));
    }

    /**
     * docs/workflows.md shows this profile's matrix.csv as a table by hand (rounded, with thousands separators); it
     * went stale once when exact simulated time changed one run, so each of its rows is compared with the run.
     */
    private static void assertDocumentedTableIsTheRun(java.util.List<String> matrix) throws Exception {
        java.util.List<String> header = java.util.List.of(matrix.get(0).split(","));
        java.util.List<String> doc = Files.readAllLines(App.HOME.resolve("docs/workflows.md"));
        assertEquals(5, matrix.size(), "four runs and a header: " + matrix);
        for (String line : matrix.subList(1, matrix.size())) {
            String[] f = line.split(",");
            java.util.function.ToDoubleFunction<String> col = name -> {
                int i = header.indexOf(name);
                assertTrue(i >= 0, name + " in " + header);
                return Double.parseDouble(f[i]);
            };
            String row = String.format(java.util.Locale.ROOT, "| %s | %s | %.1f %% | %.1f (%.0f) | %,.0f s | %,.0f s | %,.0f, %.3f s |",
                    f[header.indexOf("controllers")], f[header.indexOf("seed")], 100 * col.applyAsDouble("utilization"),
                    col.applyAsDouble("makespan_over_critical_path_mean"), col.applyAsDouble("makespan_over_critical_path_max"),
                    col.applyAsDouble("makespan_mean"), col.applyAsDouble("task_wait_mean"),
                    col.applyAsDouble("transfer_tasks"), col.applyAsDouble("transfer_time_mean"));
            assertTrue(doc.contains(row), "docs/workflows.md's table of workflow-stream.json has no row\n" + row
                    + "\nas this run gives: regenerate that table from the run's matrix.csv");
        }
    }

    @Test
    void badLinksAreErrorsNamingTheKey() throws Exception {
        Path profile = tmp.resolve("bad-links.json");
        Files.writeString(profile, """
                {"name": "bad-links", "platform": "a:4,b:4", "batch": "fcfs", "meta": "mct",
                 "links": [{"from": "a", "to": "z", "bandwidth": 1e8}],
                 "workload": {"generator": "lublin99", "options": {"jobs": 10}}}
                """);
        for (String[] args : new String[][] {{"run", profile.toString(), "--out", tmp.resolve("o").toString()},
                {"run", "--check", profile.toString()}}) {
            App.Result r = App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, args);
            assertEquals(1, r.exit(), r.all());
            assertTrue(r.err().contains("links[0].to: unknown cluster 'z'; the platform's clusters: a, b"), r.err());
        }
    }

    private static Path findRun(Path out, String name) throws Exception {
        try (var s = Files.walk(out)) {
            return s.filter(p -> p.getFileName().toString().equals(name) && Files.isDirectory(p)).findFirst()
                    .orElseThrow(() -> new AssertionError("no run folder " + name + " under " + out));
        }
    }

    private static double number(String json, String key) {
        var m = java.util.regex.Pattern.compile("\"" + key + "\"\\s*:\\s*([-0-9.eE]+)").matcher(json);
        assertTrue(m.find(), key + " in " + json);
        return Double.parseDouble(m.group(1));
    }
}
