package org.gridsched.workflow.oa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.control.Controller;
import org.gridsched.api.metrics.RunInfo;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The controller as a run uses it: options, errors, the collector's report, failures. */
class OceanAtmosphereControllerTest {
    private static final String FIVE = Platforms.data("five-clusters.json").toString();
    private static final List<String> NAMES = List.of("c1", "c2", "c3", "c4", "c5");

    private static Map<String, Object> options(Object... kv) {
        Map<String, Object> o = new LinkedHashMap<>(Platforms.options(FIVE, 10, 12, "knapsack", "algorithm3"));
        for (int i = 0; i < kv.length; i += 2) {
            o.put((String) kv[i], kv[i + 1]);
        }
        return o;
    }

    private static InputException error(Map<String, Object> options) {
        return assertThrows(InputException.class, () -> Platforms.run(NAMES, new int[] {30, 30, 30, 30, 30}, options, 1));
    }

    @Test
    void badOptionsAreErrorsNamingTheOption() {
        Map<String, Object> none = options();
        none.remove("benchmarks");
        assertTrue(error(none).getMessage().startsWith("benchmarks: missing"), error(none).getMessage());
        assertTrue(error(options("grouping", "greedy")).getMessage().contains("unknown grouping heuristic 'greedy'; available: basic, knapsack"));
        assertTrue(error(options("repartition", "random")).getMessage().startsWith("repartition: expected algorithm3 or round-robin"));
        assertTrue(error(options("posts", "later")).getMessage().startsWith("posts: expected iterations or greedy"));
        assertTrue(error(options("assignment", "most-advanced")).getMessage()
                .startsWith("assignment: expected balanced or least-advanced, got 'most-advanced'"));
        assertTrue(error(options("scenarios", 0)).getMessage().startsWith("scenarios: must be at least 1"));
        assertTrue(error(options("months", 2.5)).getMessage().startsWith("months: expected a whole number"));
        assertTrue(error(options("speed", 1)).getMessage().contains("unknown option"));
        assertTrue(error(options("benchmarks", "nope.json")).getMessage().startsWith("benchmarks: file 'nope.json' not found"));
        // times: NaN and Infinity stopped the run on the engine's timer error (no option named), a start of 1e300 s gave an
        // experiment makespan of 0 and a NaN failure_mtbf no failures
        for (String key : List.of("start", "failure_mtbf")) {
            for (Object v : List.of("NaN", Double.NaN, "Infinity", 1e300, 1e11, -1)) {
                assertTrue(error(options(key, v)).getMessage().startsWith(key + ": must be a number of seconds in 0..10000000000"),
                        key + " = " + v + ": " + error(options(key, v)).getMessage());
            }
        }
    }

    @Test
    void badBenchmarkFilesAreErrorsNamingFileAndField(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("b.json");
        Files.writeString(f, "{\"clusters\": {\"c1\": {\"main\": {\"4\": 10, \"5\": 9}, \"post\": 1}}}");
        InputException e = assertThrows(InputException.class, () -> Benchmarks.read(f));
        assertEquals(f + ": clusters.c1.main: missing the time on 6 processors (4..11 are needed)", e.getMessage());
        Files.writeString(f, "{\"clusters\": {\"c1\": {\"table\": \"t\"}}}");
        assertEquals(f + ": clusters.c1.table: no table 't'; tables: ", assertThrows(InputException.class, () -> Benchmarks.read(f)).getMessage());
        Files.writeString(f, "{\"tables\": {\"t\": {\"main\": {\"3\": 1}, \"post\": 1}}, \"clusters\": {}}");
        assertTrue(assertThrows(InputException.class, () -> Benchmarks.read(f)).getMessage()
                .startsWith(f + ": tables.t.main.3: a group size is a whole number from 4 to 12"));
        Files.writeString(f, "{\"clusters\": {\"c1\": {\"table\": \"t\", \"speed\": 2}}}");
        assertTrue(assertThrows(InputException.class, () -> Benchmarks.read(f)).getMessage().startsWith(f + ": clusters.c1.speed: unknown key"));
        Files.writeString(f, "{\"clusters\": {\"c1\": ");
        assertTrue(assertThrows(InputException.class, () -> Benchmarks.read(f)).getMessage().startsWith(f + ":1: not valid JSON"));
        InputException missing = assertThrows(InputException.class, () -> Benchmarks.read(Platforms.data("five-clusters.json")).of("grillon"));
        assertTrue(missing.getMessage().contains("no benchmarks for cluster 'grillon'"), missing.getMessage());
    }

    /** An inline benchmark object serves as well as a file; the default entry serves any cluster. */
    @Test
    void inlineBenchmarksAndDefault() {
        Map<String, Object> table = Map.of("main", Map.of("4", 8000, "5", 4205, "6", 2600, "7", 2000, "8", 1800, "9", 1600, "10", 1502,
                "11", 1367), "post", 60);
        Map<String, Object> inline = Map.of("clusters", Map.of("default", table));
        OceanAtmosphereRun run = Platforms.run(List.of("x"), new int[] {16}, options("benchmarks", inline, "scenarios", 3), 1);
        assertEquals("9+7", run.plan().clusters().get(0).grouping().toString());
        assertTrue(run.finished());
    }

    /** The collector reports the experiment; one CSV row per scenario; summaries per cluster. */
    @Test
    void theCollectorReportsTheExperiment() {
        int[] procs = {40, 40, 40, 40, 40};
        List<ClusterSpec> specs = new ArrayList<>();
        for (int c = 0; c < 5; c++) {
            specs.add(new ClusterSpec(NAMES.get(c), procs[c], 1.0));
        }
        RunInfo info = new RunInfo() {
            public int clusterCount() {
                return 5;
            }

            public String clusterName(int c) {
                return NAMES.get(c);
            }

            public int clusterProcessors(int c) {
                return procs[c];
            }

            public double clusterSpeed(int c) {
                return 1;
            }
        };
        OceanAtmosphereController controller = OceanAtmosphereController.withBuiltInHeuristics(Oa.SIMULATOR);
        PluginOptions o = new PluginOptions("grid controller 'ocean-atmosphere'", options());
        Controller[] made = new Controller[1];
        Simulation.Settings s = new Simulation.Settings();
        s.controllers = List.of(grid -> made[0] = controller.create(grid, o, 1));
        s.router = grid -> job -> 0;
        var collector = new OceanAtmosphereCollector().create(info, PluginOptions.empty("collector"));
        SimulationResult r = new Simulation(new Platform(specs), c -> new ControllerOnlyScheduler(),
                List.of(new Simulation.NamedCollector("ocean-atmosphere", collector)), s).run(new ListJobSource("none", List.<JobRecord>of()));
        Map<String, Object> overall = r.overall();
        OceanAtmosphereRun run = (OceanAtmosphereRun) made[0];
        assertEquals(run.makespan(), overall.get("experiment_makespan"));
        assertEquals(run.plan().estimatedMakespan(), overall.get("estimated_makespan"));
        assertEquals("knapsack", overall.get("grouping"));
        assertEquals(10, overall.get("scenarios"));
        assertTrue((Double) overall.get("expected_gain_over_round_robin_percent") > 10);
        assertEquals(3, run.plan().clusters().size(), "40 processors: three clusters used");
        assertEquals("11+11+9+9", r.cluster(0).get("grouping"));    // 2/1367 + 2/1600 > 3/1367 + 1/2000
        assertEquals(4, r.cluster(0).get("scenarios"));
        String csv = r.files().get("ocean-atmosphere.csv");
        assertEquals(11, csv.lines().count(), csv);
        assertTrue(csv.startsWith("scenario,cluster,last_main_end,last_post_end\n1,c1,"), csv);
        assertEquals(10 * 12 * 2, r.simulated());
        // summary.json can be written: the collector's per-cluster keys leave the cluster's own (processors) alone
        // (runconfigs/ocean-atmosphere.json failed, the report refusing the collector's 'processors')
        var report = org.gridsched.engine.ResultWriter.report(r, null, null);
        assertEquals(java.util.Arrays.stream(procs).sum(), ((Map<?, ?>) report.toSummary().get("clusters")).values().stream()
                .mapToInt(c -> ((Number) ((Map<?, ?>) c).get("processors")).intValue()).sum(), "each cluster's own processors");
    }

    /**
     * Failures: seeded, each failed month restarts; every scenario still finishes every month once, the experiment
     * takes longer, and the same seed gives the same run.
     */
    @Test
    void failedMonthsRestartFromTheLastCompletedMonth() {
        int[] p = {30, 30, 30, 30, 30};
        OceanAtmosphereRun clean = Platforms.run(NAMES, p, options(), 1);
        OceanAtmosphereRun a = Platforms.run(NAMES, p, options("failure_mtbf", 20_000), 7);
        OceanAtmosphereRun b = Platforms.run(NAMES, p, options("failure_mtbf", 20_000), 7);
        OceanAtmosphereRun c = Platforms.run(NAMES, p, options("failure_mtbf", 20_000), 8);
        assertTrue(a.finished());
        assertTrue(a.failures() > 5, "failures " + a.failures());
        assertTrue(a.makespan() > clean.makespan());
        assertEquals(a.makespan(), b.makespan());
        assertEquals(a.failures(), b.failures());
        assertTrue(a.makespan() != c.makespan() || a.failures() != c.failures());
        long mains = a.clusterSummaries().stream().mapToLong(m -> (Long) m.get("main_tasks")).sum();
        long posts = a.clusterSummaries().stream().mapToLong(m -> (Long) m.get("post_tasks")).sum();
        assertEquals(10 * 12, mains);
        assertEquals(10 * 12, posts);
        assertEquals(0, clean.failures());
    }
}
