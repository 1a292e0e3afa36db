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
