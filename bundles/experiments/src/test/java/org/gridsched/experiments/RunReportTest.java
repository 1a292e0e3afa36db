package org.gridsched.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.Json;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.SimulationResult;
import org.gridsched.engine.report.RunReport;
import org.gridsched.launcher.PluginRegistry;
import org.gridsched.launcher.ProfileParser;
import org.gridsched.launcher.RandomBrokersForTests;
import org.gridsched.launcher.RunProfile;
import org.gridsched.launcher.Runner;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.QueueCollector;
import org.gridsched.metrics.SlowdownCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.gridsched.workload.synthetic.SyntheticGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The typed report gives the same {@code summary.json} as the nested maps it replaced: {@link #oldSummary} is the
 * map-building code as it was (ResultWriter.summary plus what Runner added), run on the same result. Here, beside
 * the theory and comparison sections, since the launcher moved them out of the engine (moved from the launcher).
 */
class RunReportTest {
    @TempDir
    Path tmp;

    private final PluginRegistry registry = new PluginRegistry();

    @BeforeEach
    void plugins() {
        registry.useExperiments(new MatrixExperiments());
        List.of(new FcfsPolicy(), new ConservativePolicy(), new EasyPolicy(), new LublinGenerator(), new SyntheticGenerator(),
                new JobMetricsCollector(), new UtilizationCollector(), new QueueCollector(), new SlowdownCollector(),
                new RandomBrokersForTests.Weighted()).forEach(registry::add);
    }

    private Runner.Outcome execute(String json, String dir) {
        RunProfile p = ProfileParser.parse(json, "p.json", tmp);
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return new Runner(registry, quiet, quiet, false, tmp).execute(p, tmp.resolve(dir), null, false);
    }

    /** The summary as it was built before the report records, from the same result. */
    private static Map<String, Object> oldSummary(SimulationResult result, Map<String, Object> runInfo, Map<String, String> plugins) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run", runInfo == null ? new LinkedHashMap<>() : runInfo);
        Map<String, Object> jobs = new LinkedHashMap<>();
        jobs.put("read", result.workload().read());
        jobs.put("simulated", result.simulated());
        jobs.put("skipped", result.workload().skippedTotal());
        jobs.put("skipped_by_reason", new LinkedHashMap<>(result.workload().skipped()));
        jobs.put("repaired_by_reason", new LinkedHashMap<>(result.workload().repaired()));
        jobs.put("killed", result.killed());
        if (result.localJobs() > 0) {
            jobs.put("local", result.localJobs());
        }
        if (result.reallocationEvents() > 0) {
            jobs.put("reallocations", result.reallocations());
            jobs.put("reallocation_events", result.reallocationEvents());
        }
        root.put("jobs", jobs);
        root.putAll(result.overall());
        Map<String, Object> clusters = new LinkedHashMap<>();
        Platform platform = result.platform();
        for (int i = 0; i < platform.size(); i++) {
            ClusterSpec spec = platform.get(i);
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("processors", spec.processors());
            c.put("speed", spec.speed());
            Map<String, Object> cj = new LinkedHashMap<>();
            cj.put("simulated", result.simulatedOn(i));
            cj.put("killed", result.killedOn(i));
            c.put("jobs", cj);
            c.putAll(result.cluster(i));
            clusters.put(spec.name(), c);
        }
        root.put("clusters", clusters);
        root.put("plugins", new LinkedHashMap<>(plugins));
        return root;
    }

    /** The comparison computed independently: the report's four metrics as before, then the starvation indicators. */
    private static Map<String, Object> oldComparison(List<SimJob> withRealloc, List<SimJob> reference, long reallocations) {
        int n = withRealloc.size();
        long impacted = 0;
        long earlier = 0;
        double responseWith = 0;
        double responseRef = 0;
        for (int i = 0; i < n; i++) {
            SimJob a = withRealloc.get(i);
            SimJob b = reference.get(i);
            double ca = a.finishTime();
            double cb = b.finishTime();
            if (Math.abs(ca - cb) > 1e-6) {
                impacted++;
                if (ca < cb) {
                    earlier++;
                }
                responseWith += ca - a.submitTime();
                responseRef += cb - b.submitTime();
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jobs", n);
        m.put("jobs_impacted", impacted);
        m.put("jobs_impacted_percent", n > 0 ? 100.0 * impacted / n : Double.NaN);
        m.put("reallocations", reallocations);
        m.put("reallocations_percent", n > 0 ? 100.0 * reallocations / n : Double.NaN);
        m.put("impacted_finishing_earlier_percent", impacted > 0 ? 100.0 * earlier / impacted : Double.NaN);
        m.put("relative_average_response_time", impacted > 0 ? responseWith / responseRef : Double.NaN);
        // the starvation indicators added for the reallocation study (issue 16)
        m.put("max_moves_per_job", withRealloc.stream().mapToInt(SimJob::moves).max().orElse(0));
        m.put("longest_wait", withRealloc.stream().mapToDouble(j -> j.startTime() - j.submitTime()).max().orElse(0));
        m.put("reference_longest_wait", reference.stream().mapToDouble(j -> j.startTime() - j.submitTime()).max().orElse(0));
        return m;
    }

    private static Map<String, String> plugins(RunReport r) {
        return new TreeMap<>(r.plugins());
    }

    @Test
    void oneClusterRunGivesTheSameSummaryAsTheMaps() throws Exception {
        Runner.Outcome o = execute("""
                {"name": "one", "platform": "c:64", "batch": "cbf", "seed": 3, "progress": false,
                 "workload": {"generator": "lublin99", "options": {"jobs": 500, "processors": 64}},
                 "collectors": ["jobs", "utilization", {"name": "slowdown", "options": {"until": 100000}}]}
                """, "one");
        RunReport r = o.report();
        Map<String, Object> old = oldSummary(o.result(), new LinkedHashMap<>(r.run()), plugins(r));
        assertEquals(Json.write(old), Json.write(r.toSummary()));
        assertEquals(Json.write(old), Files.readString(tmp.resolve("one/summary.json")), "summary.json is the report");
        // one section per collector, in the profile's order, holding what each reported
        assertEquals(List.of("jobs", "utilization", "slowdown"), r.metrics().stream().map(s -> s.collector()).toList());
        assertEquals(o.result().overall().get("mean_wait"), r.section("jobs").values().get("mean_wait"));
        assertEquals(o.result().overall().get("utilization"), r.metric("utilization"));
        assertEquals(500, r.jobs().read());
        assertEquals(o.result().simulated(), r.jobs().simulated());
        assertEquals("c", r.clusters().get(0).name());
        assertEquals(o.result().cluster(0).get("utilization"), r.clusters().get(0).metric("utilization"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void severalClustersWithTheoryGiveTheSameSummary() throws Exception {
        Runner.Outcome o = execute("""
                {"name": "grid", "platform": "a:16:0.8,b:8", "batch": "fcfs", "meta": "random-weighted", "seed": 5,
                 "progress": false, "collectors": ["jobs", "queue"],
                 "workload": {"generator": "synthetic", "options": {"jobs": 2000, "rate": 0.05, "mean_length": 200}}}
                """, "grid");
        RunReport r = o.report();
        assertNotNull(r.section(Theory.class), "random brokering onto FCFS: theory applies");
        Map<String, Object> old = oldSummary(o.result(), new LinkedHashMap<>(r.run()), plugins(r));
        // what Runner added for theory: the model under run, each prediction under its cluster
        ((Map<String, Object>) old.get("run")).put("theory_model", r.section(Theory.class).model());
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> clusters = (Map<String, Map<String, Object>>) old.get("clusters");
        clusters.get("a").put("theory", new LinkedHashMap<>(r.section(Theory.class).clusters().get(0).toMap()));
        clusters.get("b").put("theory", new LinkedHashMap<>(r.section(Theory.class).clusters().get(1).toMap()));
        assertEquals(Json.write(old), Json.write(r.toSummary()));
        assertEquals(List.of("load", "dispatch_fraction", "busy_cpus", "mean_queue_length", "waited_fraction", "mean_wait"),
                List.copyOf(r.section(Theory.class).clusters().get(0).toMap().keySet()), "below saturation, in the order of before");
    }

    @Test
    void theComparisonRecordIsTheComparisonOfBefore() {
        String profile = """
                {"name": "c", "platform": "c:32", "batch": "%s", "seed": 2, "progress": false,
                 "workload": {"generator": "lublin99", "options": {"jobs": 400, "processors": 32, "requested_time": "overestimate"}}}
                """;
        Runner.Outcome fcfs = execute(profile.formatted("fcfs"), "fcfs");
        Runner.Outcome cbf = execute(profile.formatted("cbf"), "cbf");
        Comparison c = Comparison.of(cbf.result().jobs(), fcfs.result().jobs(), 17);
        Map<String, Object> old = oldComparison(cbf.result().jobs(), fcfs.result().jobs(), 17);
        assertEquals(Json.write(old), Json.write(cbf.report().withSection(c).toSummary().get("comparison")));
        assertTrue(c.jobsImpacted() > 0 && c.jobs() == 400 && c.reallocations() == 17, c.toString());
        Comparison none = Comparison.of(fcfs.result().jobs(), fcfs.result().jobs(), 0);
        assertEquals(Json.write(oldComparison(fcfs.result().jobs(), fcfs.result().jobs(), 0)),
                Json.write(fcfs.report().withSection(none).toSummary().get("comparison")), "NaN written as null");
    }
}
