package org.gridsched.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.gridsched.launcher.Cli;
import org.gridsched.launcher.PluginRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.service.ServiceExtension;

/** The command line inside the framework, on the registry that the launcher bundle keeps from services. */
@ExtendWith(ServiceExtension.class)
class CliInFrameworkTest {

    @InjectService(timeout = 5000)
    PluginRegistry registry;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Path home, String... args) {
        Cli cli = new Cli(registry, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false, home);
        return cli.run(args);
    }

    @Test
    void registryListsEveryPluginWithItsBundle() {
        assertEquals(0, run(Path.of("."), "plugins"));
        String listing = out.toString(StandardCharsets.UTF_8);
        for (String s : new String[] {"fcfs", "cbf", "easy", "swf", "lublin99", "jobs", "utilization",
                "org.gridsched.batch", "org.gridsched.workload.swf", "org.gridsched.metrics"}) {
            assertTrue(listing.contains(s), "plugins output lacks " + s + ":\n" + listing);
        }
    }

    @Test
    void simulateRunsThroughServicesAndWritesResults(@TempDir Path tmp) throws Exception {
        int code = run(tmp, "simulate", "--generator", "lublin99", "--workload-option", "jobs=500",
                "--workload-option", "processors=64", "--platform", "c:64", "--batch", "cbf", "--seed", "3",
                "--out", tmp.resolve("r").toString(), "--quiet");
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertEquals(501, Files.readAllLines(tmp.resolve("r/jobs.csv")).size());
        String summary = Files.readString(tmp.resolve("r/summary.json"));
        assertTrue(summary.contains("\"simulated\": 500"), summary);
        assertTrue(summary.contains("\"mean_bounded_slowdown\""), summary);
    }

    @Test
    void brokeringRunOnFourClustersCarriesTheoryBesideSimulation(@TempDir Path tmp) throws Exception {
        int code = run(tmp, "simulate", "--generator", "synthetic", "--workload-option", "rate=0.5", "--workload-option",
                "mean_length=29.6", "--workload-option", "duration=20000", "--platform", "ce1:16:0.8,ce2:8,ce3:8:0.6,ce4:4",
                "--meta", "random-weighted", "--batch", "fcfs", "--collectors", "jobs,queue", "--quiet",
                "--out", tmp.resolve("b").toString());
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        String summary = Files.readString(tmp.resolve("b/summary.json"));
        assertTrue(summary.contains("\"theory\": {") && summary.contains("\"dispatch_fraction\": 0.4324"), summary);
    }

    @Test
    void reallocationWithReferenceFillsTheComparison(@TempDir Path tmp) throws Exception {
        int code = run(tmp, "simulate", "--generator", "lublin99", "--workload-option", "jobs=3000", "--workload-option",
                "processors=128", "--workload-option", "load=1.2", "--workload-option", "requested_time=overestimate",
                "--platform", "a:128,b:64:1.2,c:96:1.4", "--meta", "mct", "--batch", "cbf", "--realloc", "all-cancellation",
                "--heuristic", "minmin", "--reference", "--out", tmp.resolve("r").toString());
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        String summary = Files.readString(tmp.resolve("r/summary.json"));
        assertTrue(summary.contains("\"comparison\": {") && summary.contains("\"relative_average_response_time\"")
                && summary.contains("\"realloc\": \"all-cancellation\"") && summary.contains("\"heuristic\": \"minmin\""), summary);
        assertTrue(Files.readAllLines(tmp.resolve("r/jobs.csv")).get(0).endsWith(",cluster,reallocations,user,group,queue,partition"));
        assertTrue(Files.exists(tmp.resolve("r/reference/summary.json")), "the reference run is kept beside");
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("against the reference without reallocation"));
    }

    @Test
    void experimentMatrixRunsEveryCellAgainstItsReference(@TempDir Path tmp) throws Exception {
        Path profile = tmp.resolve("m.json");
        Files.writeString(profile, """
                {"name": "m", "meta": "mct", "progress": false,
                 "workload": {"generator": "synthetic", "options": {"rate": 0.002, "duration": 400000, "size": "uniform",
                   "max_size": 32, "mean_length": 1500, "requested_time": "overestimate", "overestimate_max": 3}},
                 "matrix": {"realloc": ["regular", "all-cancellation"], "heuristic": ["mct", "sufferage"], "batch": ["fcfs"],
                   "platforms": {"hom": "a:32,b:32", "het": "a:32,b:32:1.4"}},
                 "output": "out"}
                """);
        assertEquals(0, run(tmp, "run", profile.toString()), err.toString(StandardCharsets.UTF_8));
        java.util.List<String> csv = Files.readAllLines(tmp.resolve("out/matrix.csv"));
        assertEquals(1 + 2 * 2 * 2, csv.size(), String.join("\n", csv));
        assertTrue(csv.get(1).startsWith(",hom,fcfs,1,regular,mct,"), csv.get(1));
        String tables = Files.readString(tmp.resolve("out/tables.md"));
        // the report's shape: per metric (7), batch policy, platform (2) and algorithm (2), a row per heuristic
        assertEquals(7 * 2 * 2, tables.split("### ").length - 1, tables);
        assertTrue(tables.contains("### fcfs, het, all-cancellation\n\n| heuristic | scenario | AVG |\n|---|---:|---:|\n| MCT-C |"), tables);
        assertTrue(tables.contains("\n| Sufferage |"), tables);
        assertTrue(tables.contains("## Most moves of one job (starvation indicator)"), tables);
        assertTrue(csv.get(0).endsWith(",max_moves_per_job,longest_wait_hours,reference_longest_wait_hours"), csv.get(0));
        assertTrue(Files.exists(tmp.resolve("out/runs/het-fcfs-reference/summary.json")));
    }

    @Test
    void matrixHasAWorkloadAxis(@TempDir Path tmp) throws Exception {
        Path profile = tmp.resolve("w.json");
        Files.writeString(profile, """
                {"name": "w", "progress": false, "moldable": "binary",
                 "matrix": {"realloc": ["regular"], "heuristic": ["minmin"], "batch": ["cbf"],
                   "platforms": {"het": "a:32,b:32:1.4"},
                   "workloads": {
                     "light": {"generator": "synthetic", "options": {"rate": 0.001, "duration": 300000, "size": "uniform",
                        "max_size": 32, "mean_length": 1500, "requested_time": "overestimate"}},
                     "heavy": {"generator": "synthetic", "options": {"rate": 0.002, "duration": 300000, "size": "uniform",
                        "max_size": 32, "mean_length": 1500, "requested_time": "overestimate"}}}},
                 "output": "out"}
                """);
        assertEquals(0, run(tmp, "run", profile.toString()), err.toString(StandardCharsets.UTF_8));
        java.util.List<String> csv = Files.readAllLines(tmp.resolve("out/matrix.csv"));
        assertEquals(3, csv.size(), String.join("\n", csv));
        assertTrue(csv.get(1).startsWith("light,het,cbf,1,regular,minmin,") && csv.get(2).startsWith("heavy,het,cbf,1,regular,minmin,"),
                String.join("\n", csv));
        assertTrue(Files.readString(tmp.resolve("out/tables.md")).contains("| heuristic | light | heavy | AVG |"));
    }

    @Test
    void unknownPolicyNameIsAnErrorListingTheChoices(@TempDir Path tmp) {
        int code = run(tmp, "simulate", "--generator", "lublin99", "--platform", "c:64", "--batch", "sjf", "--quiet");
        assertEquals(1, code);
        String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("batch policy 'sjf' is not available") && e.contains("cbf, easy, fcfs"), e);
    }
}
