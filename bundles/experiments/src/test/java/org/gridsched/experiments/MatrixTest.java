package org.gridsched.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.experiments.statistics.MeanInterval;
import org.gridsched.launcher.CliHarness;
import org.gridsched.launcher.ControllersForTests;
import org.gridsched.launcher.MatrixAxes;
import org.gridsched.launcher.MatrixAxes.Axes;
import org.gridsched.launcher.MatrixAxes.Axis;
import org.gridsched.launcher.MatrixAxes.Value;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.gridsched.launcher.ProfileParser;
import org.gridsched.launcher.RandomBrokersForTests;
import org.gridsched.launcher.RunProfile;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.SyntheticGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The experiment matrix: axes of any plugin kind (listed or named), seeds, and tables of collector metrics. */
class MatrixTest {
    @TempDir
    Path tmp;

    private CliHarness cli;

    @BeforeEach
    void plugins() {
        cli = new CliHarness(tmp).experiments(new MatrixExperiments()).add(
                new FcfsPolicy(), new ConservativePolicy(), new EasyPolicy(), new SyntheticGenerator(), new JobMetricsCollector(),
                new UtilizationCollector(), new RandomBrokersForTests.Weighted(), new ControllersForTests.Submitter(),
                new ControllersForTests.Killer());
    }

    private static final String WORKLOAD = "{\"generator\": \"synthetic\", \"options\": {\"rate\": %s, \"duration\": 20000,"
            + " \"size\": \"uniform\", \"max_size\": 8, \"mean_length\": 400, \"requested_time\": \"overestimate\"}}";

    private static String workload(double rate) {
        return String.format(Locale.ROOT, WORKLOAD, rate);
    }

    private RunProfile profile(String matrix) {
        return ProfileParser.parse("{\"workload\": " + workload(0.01) + ", \"platform\": \"c:16\", \"matrix\": " + matrix + "}", "p.json", tmp);
    }

    private Axes axes(String matrix) {
        RunProfile p = profile(matrix);
        return MatrixAxes.parse(p.matrix, p, "p.json");
    }

    private String error(String matrix) {
        return assertThrows(InputException.class, () -> profile(matrix)).getMessage();
    }

    private static List<String> labels(Axis a) {
        List<String> l = new ArrayList<>();
        a.values().forEach(v -> l.add(v.label()));
        return l;
    }

    // ------------------------------------------------------------------------------------------------ axes

    @Test
    void anAxisIsAListOfPluginsLabelledByTheirNamesOrAnObjectOfLabelledValues() {
        Axes a = axes("""
                {"metrics": ["mean_wait"], "batch": ["fcfs", {"name": "cbf", "options": {}}],
                 "controllers": {"none": [], "short": [{"name": "submitter", "options": {"runtime": 5}}],
                                 "both": ["submitter", "killer"], "as-object": {"submitter": {"runtime": 7}}},
                 "collectors": [["jobs", "utilization"], "jobs"],
                 "realloc": ["none"]}
                """);
        assertFalse(a.study());
        assertEquals(List.of(Kind.BATCH, Kind.REALLOCATION, Kind.COLLECTOR, Kind.CONTROLLER),
                a.plugins().stream().map(Axis::kind).toList(), "plugin axes in the order of the kinds");
        assertEquals(List.of("fcfs", "cbf"), labels(a.plugin(Kind.BATCH)));
        assertEquals(List.of(RunProfile.Choice.of("cbf")), a.plugin(Kind.BATCH).values().get(1).choices());
        Axis controllers = a.plugin(Kind.CONTROLLER);
        assertEquals(List.of("none", "short", "both", "as-object"), labels(controllers));
        assertEquals(List.of(), controllers.values().get(0).choices());
        assertEquals(List.of(new RunProfile.Choice("submitter", Map.of("runtime", 5))), controllers.values().get(1).choices());
        assertEquals(List.of(RunProfile.Choice.of("submitter"), RunProfile.Choice.of("killer")), controllers.values().get(2).choices());
        assertEquals(List.of(new RunProfile.Choice("submitter", Map.of("runtime", 7))), controllers.values().get(3).choices());
        assertEquals(List.of("jobs+utilization", "jobs"), labels(a.plugin(Kind.COLLECTOR)), "a list value is labelled by its names");
        assertEquals(List.of(new Value("none", List.of())), a.plugin(Kind.REALLOCATION).values(), "\"none\" where the kind allows none");
        assertNull(a.realloc(), "in a matrix of metrics realloc is an ordinary axis");
        assertNull(a.platforms(), "no platforms axis: the profile's own platform");
        assertEquals(List.of(1L), a.seeds(), "the profile's seed by default");
    }

    @Test
    void withoutMetricsTheMatrixIsAReallocationStudyWithItsDefaults() {
        RunProfile p = ProfileParser.parse("""
                {"workload": {"generator": "synthetic"}, "platform": "a:8,b:8", "batch": {"name": "cbf", "options": {}}, "seed": 9,
                 "matrix": {"meta": {"weighted": "random-weighted"}}}
                """, "p.json", tmp);
        Axes a = MatrixAxes.parse(p.matrix, p, "p.json");
        assertTrue(a.study());
        assertEquals(List.of("regular", "all-cancellation"), labels(a.realloc()));
        assertEquals(6, a.heuristic().values().size());
        assertEquals(List.of("cbf"), labels(a.plugin(Kind.BATCH)), "the profile's batch policy");
        assertEquals(List.of("weighted"), labels(a.plugin(Kind.META)), "other plugin axes are part of the scenario");
        assertEquals(Map.of("platform", "a:8:1.0,b:8:1.0"), a.platforms());
        assertEquals(List.of(9L), a.seeds());
    }

    @Test
    void seedsAreAListOfDistinctWholeNumbers() {
        assertEquals(List.of(3L, 1L, 2L), axes("{\"metrics\": [\"mean_wait\"], \"seeds\": [3, 1, 2]}").seeds());
        assertTrue(error("{\"metrics\": [\"mean_wait\"], \"seeds\": []}").contains("p.json: matrix.seeds: expected a non-empty list of whole numbers"));
        assertTrue(error("{\"metrics\": [\"mean_wait\"], \"seeds\": [\"1\"]}").contains("matrix.seeds: expected a non-empty list"));
        assertTrue(error("{\"metrics\": [\"mean_wait\"], \"seeds\": [1, 2, 1]}").contains("matrix.seeds: a seed is listed twice: [1, 2, 1]"));
        // 1.5 ran as seed 1, a seed beyond a long as another seed
        assertTrue(error("{\"metrics\": [\"mean_wait\"], \"seeds\": [1.5, 2]}").contains("matrix.seeds: expected a non-empty list of whole"
                + " numbers (at most 9223372036854775807), got 1.5"));
        assertTrue(error("{\"metrics\": [\"mean_wait\"], \"seeds\": [99999999999999999999]}").contains("got 99999999999999999999"));
        assertTrue(error("{\"metrics\": [\"mean_wait\"], \"seeds\": [\"1\"]}").contains("got '1'"));
    }

    @Test
    void badAxesAreClearErrorsNamingTheFileAndTheKey() {
        String e = error("{\"metrics\": [\"mean_wait\"], \"controller\": [\"submitter\"]}");
        assertTrue(e.contains("p.json: matrix.controller: unknown key; valid keys in matrix: batch, ci, collectors, columns, controllers,"
                + " heuristic, meta, metrics, platforms, realloc, replications, rows, seeds, workloads"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"batch\": {\"name\": \"cbf\", \"options\": {}}}");
        assertTrue(e.contains("matrix.batch: an axis is a list of values or an object of label: value; one batch policy with options"
                + " is a list of one: [{\"name\": ..., \"options\": {...}}]"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"batch\": \"cbf\"}");
        assertTrue(e.contains("matrix.batch: expected a non-empty list of batch policies or an object of label: value"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"batch\": [\"cbf\", {\"name\": \"cbf\", \"options\": {\"x\": 1}}]}");
        assertTrue(e.contains("matrix.batch: two values are labelled 'cbf'; give them labels of their own"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"controllers\": {\"a\": [{\"nam\": \"submitter\"}]}}");
        assertTrue(e.contains("matrix.controllers.a[0].nam: unknown key; valid keys in matrix.controllers.a[0]: name, options"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"meta\": [42]}");
        assertTrue(e.contains("matrix.meta[0]: expected a plugin name or {\"name\": ..., \"options\": {...}}, got 42"), e);
        e = error("{\"metrics\": \"mean_wait\"}");
        assertTrue(e.contains("matrix.metrics: expected a non-empty list of metric keys"), e);
        e = error("{\"metrics\": [\"mean_wait\", \"mean_wait\"]}");
        assertTrue(e.contains("matrix.metrics: 'mean_wait' is listed twice"), e);
        e = error("{\"batch\": [\"fcfs\"], \"rows\": \"batch\"}");
        assertTrue(e.contains("matrix.rows: lays out the tables of collector metrics; give \"metrics\" too"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"batch\": [\"fcfs\"], \"rows\": \"seeds\"}");
        assertTrue(e.contains("matrix.rows: expected the key of one of this matrix's axes (batch), got 'seeds'; tables show means over the seeds"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"batch\": [\"fcfs\"], \"meta\": [\"random-weighted\"], \"rows\": \"batch\", \"columns\": \"batch\"}");
        assertTrue(e.contains("matrix.columns: 'batch' already heads the rows; name another axis: batch, meta"), e);
    }

    @Test
    void aBadPlatformOfAMatrixNamesTheFileAndTheKey() {
        String e = error("{\"metrics\": [\"mean_wait\"], \"platforms\": {\"a\": \"c:abc\"}}");
        assertTrue(e.startsWith("p.json: matrix.platforms.a: processor count 'abc' of cluster 'c' is not a whole number"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"platforms\": {\"a\": 128}}");
        assertTrue(e.startsWith("p.json: matrix.platforms.a: expected a platform \"NAME:PROCS[:SPEED],...\", got 128"), e);
        e = error("{\"platforms\": {\"a\": \"c:1x\"}}");
        assertTrue(e.startsWith("p.json: matrix.platforms.a: "), e);
    }

    @Test
    void aValueGivenTwiceUnderTwoLabelsIsAnError() {
        // runs are deterministic: the second label's runs would repeat the first's
        String e = error("{\"metrics\": [\"mean_wait\"], \"platforms\": {\"small\": \"c:16\", \"also small\": \"c:16\"}}");
        assertTrue(e.startsWith("p.json: matrix.platforms.also small: the same platform as 'small' (c:16)"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"batch\": {\"a\": \"fcfs\", \"b\": \"easy\", \"c\": {\"name\": \"fcfs\"}}}");
        assertTrue(e.startsWith("p.json: matrix.batch.c: the same value as 'a' (fcfs): each of its runs would repeat one of 'a'"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"meta\": {\"w\": {\"name\": \"random-weighted\", \"options\": {\"x\": 1}},"
                + " \"v\": {\"name\": \"random-weighted\", \"options\": {\"x\": 1}}}}");
        assertTrue(e.startsWith("p.json: matrix.meta.v: the same value as 'w' (random-weighted {x=1})"), e);
        e = error("{\"metrics\": [\"mean_wait\"], \"workloads\": {\"a\": " + workload(0.01) + ", \"b\": " + workload(0.02)
                + ", \"c\": " + workload(0.01) + "}}");
        assertTrue(e.startsWith("p.json: matrix.workloads.c: the same workload as 'a'"), e);
        // the same plugin with other options is another value
        assertEquals(2, axes("{\"metrics\": [\"mean_wait\"], \"meta\": {\"w\": {\"name\": \"random-weighted\", \"options\": {\"x\": 1}},"
                + " \"v\": {\"name\": \"random-weighted\", \"options\": {\"x\": 2}}}}").plugin(Kind.META).values().size());
    }

    @Test
    void rowsAreTheFirstAxisAndColumnsTheLastUnlessTheProfileSays() {
        String w = "\"workloads\": {\"a\": " + workload(0.01) + "}, \"platforms\": {\"p\": \"c:16\"}, \"batch\": [\"fcfs\"],"
                + " \"controllers\": {\"x\": []}, \"metrics\": [\"mean_wait\"]";
        Axes a = axes("{" + w + "}");
        assertEquals("workloads", a.rows());
        assertEquals("controllers", a.columns());
        a = axes("{" + w + ", \"rows\": \"batch\"}");
        assertEquals("batch", a.rows());
        assertEquals("controllers", a.columns());
        a = axes("{" + w + ", \"columns\": \"workloads\"}");
        assertEquals("platforms", a.rows());
        assertEquals("workloads", a.columns());
        a = axes("{\"batch\": [\"fcfs\", \"cbf\"], \"metrics\": [\"mean_wait\"]}");
        assertEquals("batch", a.rows());
        assertNull(a.columns(), "one axis: one column");
        a = axes("{\"seeds\": [1, 2], \"metrics\": [\"mean_wait\"]}");
        assertNull(a.rows());
        assertNull(a.columns());
    }

    // ------------------------------------------------------------------------------------------------ runs and tables

    private Path write(String name, String json) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, json);
        return f;
    }

    @Test
    void aMatrixOfMetricsRunsEveryCellPerSeedAndTabulatesMeansOverTheSeeds() throws Exception {
        Path profile = write("m.json", """
                {"name": "m", "platform": "c:16", "collectors": ["jobs", "utilization"],
                 "matrix": {
                   "workloads": {"light": %s, "heavy, busy": %s},
                   "batch": ["fcfs", "cbf"],
                   "seeds": [1, 2],
                   "metrics": ["mean_wait", "utilization", "simulated", "mean_wiat"]},
                 "output": "out"}
                """.formatted(workload(0.005), workload(0.02)));
        assertEquals(1, cli.run("run", profile.toString(), "--quiet"), "job counts are no collector's metrics");
        assertTrue(cli.err().contains(profile + ": matrix.metrics: no collector reported 'simulated' in the cell workload light, batch fcfs, seed "), cli.err());
        assertTrue(cli.err().contains("(its collectors: jobs, utilization; they reported: ") && cli.err().contains("mean_wait"), cli.err());

        Files.writeString(profile, Files.readString(profile).replace(", \"simulated\"", ""));
        assertEquals(1, cli.run("run", profile.toString(), "--quiet"));
        assertTrue(cli.err().contains("no collector reported 'mean_wiat' in the cell workload light, batch fcfs, seed "), cli.err());
        assertTrue(cli.err().contains("; did you mean 'mean_wait'? (its collectors: jobs, utilization;"), cli.err());

        Files.writeString(profile, Files.readString(profile).replace(", \"mean_wiat\"", ""));
        assertEquals(0, cli.run("run", profile.toString()), cli.err());
        assertTrue(cli.err().contains("m: 8 runs (4 cells x 2 seeds) on "), cli.err());
        List<String> csv = Files.readAllLines(tmp.resolve("out/matrix.csv"));
        assertEquals("workload,batch,seed,mean_wait,utilization", csv.get(0));
        assertEquals(1 + 2 * 2 * 2, csv.size(), String.join("\n", csv));
        List<String> keys = new ArrayList<>();
        for (String row : csv.subList(1, csv.size())) {
            keys.add(row.substring(0, row.lastIndexOf(',', row.lastIndexOf(',') - 1)));
        }
        assertEquals(List.of("light,fcfs,1", "light,fcfs,2", "light,cbf,1", "light,cbf,2",
                "\"heavy, busy\",fcfs,1", "\"heavy, busy\",fcfs,2", "\"heavy, busy\",cbf,1", "\"heavy, busy\",cbf,2"), keys,
                "cells in axis order, the seed fastest; labels with commas quoted");

        // every run has its folder, and is the same run as the profile's own with that seed and those choices
        Path cell = tmp.resolve("out/runs/heavy-busy-cbf-seed-2");
        assertTrue(Files.isRegularFile(cell.resolve("summary.json")), "runs/ holds every run");
        Path single = write("s.json", """
                {"name": "m", "platform": "c:16", "batch": "cbf", "workload": %s, "seed": 2, "output": "single"}
                """.formatted(workload(0.02)));
        assertEquals(0, cli.run("run", single.toString(), "--quiet"), cli.err());
        assertArrayEquals(Files.readAllBytes(tmp.resolve("single/jobs.csv")), Files.readAllBytes(cell.resolve("jobs.csv")));
        assertArrayEquals(Files.readAllBytes(tmp.resolve("single/summary.json")), Files.readAllBytes(cell.resolve("summary.json")),
                "the seed of a cell is the run's seed, derived as in any run");
        String summary = Files.readString(cell.resolve("summary.json"));
        String meanWait = summary.replaceAll("(?s).*\"mean_wait\": ([0-9.E-]+).*", "$1");
        assertTrue(csv.get(8).startsWith("\"heavy, busy\",cbf,2," + meanWait + ","), csv.get(8) + " vs " + meanWait);

        // tables: one per metric, rows = workloads, columns = batch, values = means over the two seeds
        String tables = Files.readString(tmp.resolve("out/tables.md"));
        assertTrue(tables.startsWith("Mean over 2 seeds (1, 2) of each metric; rows: workloads, columns: batch.\n\n"), tables);
        assertEquals(2, tables.split("### ").length - 1, tables);
        assertTrue(tables.contains("### mean_wait\n\n| workloads | fcfs | cbf |\n|---|---:|---:|\n| light |"), tables);
        assertTrue(tables.contains("### utilization\n\n| workloads | fcfs | cbf |\n|---|---:|---:|\n| light |"), tables);
        double mean = (Double.parseDouble(csv.get(7).split(",")[4]) + Double.parseDouble(csv.get(8).split(",")[4])) / 2;
        String heavyRow = tables.substring(tables.indexOf("| heavy, busy |"));
        heavyRow = heavyRow.substring(0, heavyRow.indexOf('\n'));
        assertTrue(heavyRow.endsWith(String.format(Locale.ROOT, " %.2f |", mean)), heavyRow + " vs " + mean);
    }

    @Test
    void aControllersAxisOfNamedVariantsAndATableForEachValueOfTheAxesInBetween() throws Exception {
        Path profile = write("c.json", """
                {"name": "c", "platform": "c:16", "workload": %s, "seed": 4, "progress": false,
                 "matrix": {
                   "batch": ["fcfs", "easy"],
                   "meta": ["random-weighted"],
                   "controllers": {"none": [], "long extra job": [{"name": "submitter", "options": {"runtime": 5000}}]},
                   "metrics": ["makespan"],
                   "rows": "controllers", "columns": "batch"},
                 "output": "out"}
                """.formatted(workload(0.005)));
        assertEquals(0, cli.run("run", profile.toString()), cli.err());
        List<String> csv = Files.readAllLines(tmp.resolve("out/matrix.csv"));
        assertEquals("batch,meta,controllers,seed,makespan", csv.get(0));
        assertEquals(5, csv.size());
        assertTrue(csv.get(1).startsWith("fcfs,random-weighted,none,4,"), csv.get(1));
        assertTrue(csv.get(2).startsWith("fcfs,random-weighted,long extra job,4,"), csv.get(2));
        String summary = Files.readString(tmp.resolve("out/runs/fcfs-random-weighted-long-extra-job/summary.json"));
        assertTrue(summary.contains("\"controllers\": [\n") && summary.contains("\"runtime\": 5000"), summary);
        assertFalse(Files.readString(tmp.resolve("out/runs/easy-random-weighted-none/summary.json")).contains("submitter"));
        String tables = Files.readString(tmp.resolve("out/tables.md"));
        assertTrue(tables.startsWith("Seed 4 of each metric; rows: controllers, columns: batch; a table for each meta.\n\n"), tables);
        assertTrue(tables.contains("### makespan (meta: random-weighted)\n\n| controllers | fcfs | easy |\n|---|---:|---:|\n| none |"), tables);
        assertTrue(tables.contains("\n| long extra job |"), tables);
    }

    @Test
    void anUnknownPluginOrOptionOfAnAxisIsAnErrorBeforeAnythingRuns() throws Exception {
        Path profile = write("u.json", """
                {"name": "u", "platform": "c:16", "workload": %s, "progress": false,
                 "matrix": {"batch": ["fcfs", "sjf"], "metrics": ["mean_wait"]}, "output": "out"}
                """.formatted(workload(0.005)));
        assertEquals(1, cli.run("run", profile.toString()));
        assertTrue(cli.err().contains("matrix.batch.sjf: batch policy 'sjf' is not available; available: cbf, easy, fcfs"), cli.err());
        assertFalse(Files.exists(tmp.resolve("out/runs")), "nothing ran");
        Files.writeString(profile, Files.readString(profile).replace("\"sjf\"", "{\"name\": \"cbf\", \"options\": {\"depth\": 2}}"));
        assertEquals(1, cli.run("run", profile.toString()));
        assertTrue(cli.err().contains("matrix.batch.cbf: ") && cli.err().contains("depth"), cli.err());
    }

    @Test
    void labelsThatWouldShareARunFolderAreAnError() throws Exception {
        Path profile = write("f.json", """
                {"name": "f", "platform": "c:16", "workload": %s, "progress": false,
                 "matrix": {"batch": {"a b": "fcfs", "a-b": "cbf"}, "metrics": ["mean_wait"]}, "output": "out"}
                """.formatted(workload(0.005)));
        assertEquals(1, cli.run("run", profile.toString()));
        assertTrue(cli.err().contains("the runs batch a b and batch a-b would share the folder runs/a-b"), cli.err());
    }

    @Test
    void aReplicationOnlyMatrixHasOneRowAndOneColumn() throws Exception {
        Path profile = write("r.json", """
                {"name": "r", "platform": "c:16", "workload": %s, "progress": false,
                 "matrix": {"seeds": [5, 6, 7], "metrics": ["utilization"]}, "output": "out"}
                """.formatted(workload(0.005)));
        assertEquals(0, cli.run("run", profile.toString()), cli.err());
        List<String> csv = Files.readAllLines(tmp.resolve("out/matrix.csv"));
        assertEquals(List.of("seed,utilization"), csv.subList(0, 1));
        assertEquals(4, csv.size());
        assertTrue(Files.isDirectory(tmp.resolve("out/runs/seed-6")));
        String tables = Files.readString(tmp.resolve("out/tables.md"));
        assertTrue(tables.contains("### utilization\n\n|  | mean |\n|---|---:|\n| all | "), tables);
    }

    @Test
    void withCiEveryMeanHasItsConfidenceHalfWidth() throws Exception {
        Path profile = write("ci.json", """
                {"name": "ci", "platform": "c:16", "workload": %s, "progress": false,
                 "matrix": {"seeds": [5, 6, 7], "ci": true, "metrics": ["utilization"]}, "output": "out"}
                """.formatted(workload(0.005)));
        assertEquals(0, cli.run("run", profile.toString()), cli.err());
        List<String> csv = Files.readAllLines(tmp.resolve("out/matrix.csv"));
        double[] v = new double[3];
        for (int i = 0; i < 3; i++) {
            v[i] = Double.parseDouble(csv.get(i + 1).split(",")[1]);
        }
        double mean = (v[0] + v[1] + v[2]) / 3;
        double ss = 0;
        for (double x : v) {
            ss += (x - mean) * (x - mean);
        }
        double half = 4.303 * Math.sqrt(ss / 2 / 3); // Student's t(0.975, 2 degrees of freedom)
        String tables = Files.readString(tmp.resolve("out/tables.md"));
        assertTrue(tables.startsWith("Mean ± 95 % confidence half-width (Student's t) over 3 seeds (5, 6, 7) of each metric;"), tables);
        assertTrue(tables.contains(String.format(Locale.ROOT, "| all | %.2f ± %.2f |", mean, half)), tables + " vs " + mean + " ± " + half);
        assertEquals(0.0, MeanInterval.halfWidth95(List.of(2.0, 2.0), 2.0));
        assertEquals(12.706 * 0.5, MeanInterval.halfWidth95(List.of(1.0, 2.0), 1.5), 1e-12);

        String e = error("{\"metrics\": [\"mean_wait\"], \"ci\": \"yes\"}");
        assertTrue(e.contains("matrix.ci: expected true (each mean with its 95 % confidence half-width over the seeds) or false, got "), e);
        e = error("{\"batch\": [\"fcfs\"], \"ci\": true}");
        assertTrue(e.contains("matrix.ci: applies to the tables of collector metrics; give \"metrics\" too"), e);
    }

    @Test
    void jobsATraceSkipsAreSaidOnceForTheWholeMatrix() throws Exception {
        cli.add(new org.gridsched.workload.swf.SwfReader());
        String good = " 0 0 10 1 -1 -1 1 20 -1 1 1 1 1 1 -1 -1 -1";
        Path trace = tmp.resolve("t.swf");
        Files.writeString(trace, "1" + good + "\n2 0 x\n3" + good + "\n4" + good + "\n");
        Path profile = write("s.json", """
                {"name": "s", "platform": "c:4", "workload": {"file": "t.swf"}, "progress": false, "collectors": ["jobs"],
                 "matrix": {"batch": ["fcfs", "cbf", "easy"], "metrics": ["mean_wait"]}, "output": "out"}
                """);
        assertEquals(0, cli.run("run", profile.toString()), cli.err());
        String said = "gridsched: warning: s: 1 job(s) skipped {malformed_line=1} in each run that reads " + trace + "; the first:"
                + System.lineSeparator() + "  t.swf:2: found 3 fields, expected 18 (malformed_line)";
        assertTrue(cli.err().contains(said), cli.err());
        assertEquals(cli.err().indexOf(said), cli.err().lastIndexOf(said), "once, not once per run: " + cli.err());
    }

    @Test
    void aMetricOfOneClusterIsNamedClusterDotMetric() throws Exception {
        Path profile = write("k.json", """
                {"name": "k", "platform": "a:16,b:8", "meta": "random-weighted", "workload": %s, "progress": false,
                 "collectors": ["jobs", "utilization"],
                 "matrix": {"batch": ["fcfs"], "metrics": ["mean_wait", "a.mean_wait", "b.utilization", "a.mean_wiat"]}, "output": "out"}
                """.formatted(workload(0.005)));
        assertEquals(1, cli.run("run", profile.toString()));
        assertTrue(cli.err().contains("no collector reported 'mean_wiat' for cluster a in the cell batch fcfs"), cli.err());
        assertTrue(cli.err().contains("; did you mean 'mean_wait'? (per-cluster keys are CLUSTER.metric)"), cli.err());

        Files.writeString(profile, Files.readString(profile).replace(", \"a.mean_wiat\"", ""));
        assertEquals(0, cli.run("run", profile.toString()), cli.err());
        List<String> csv = Files.readAllLines(tmp.resolve("out/matrix.csv"));
        assertEquals("batch,seed,mean_wait,a.mean_wait,b.utilization", csv.get(0));
        String summary = Files.readString(tmp.resolve("out/runs/fcfs/summary.json"));
        String clusterA = summary.substring(summary.indexOf("\"a\": {"));
        String aWait = clusterA.replaceAll("(?s).*?\"mean_wait\": ([0-9.E-]+).*", "$1");
        assertEquals(Double.parseDouble(aWait), Double.parseDouble(csv.get(1).split(",")[3]), 1e-9, csv.get(1));
    }
}
