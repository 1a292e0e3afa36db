package org.gridsched.workflow.oa.study;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.gridsched.api.InputException;
import org.gridsched.workflow.oa.Clusters;
import org.gridsched.workflow.oa.Experiments;
import org.gridsched.workflow.oa.ExperimentPlan;
import org.gridsched.workflow.oa.OaSettings;
import org.gridsched.workflow.oa.OceanAtmosphereController;
import org.gridsched.workflow.oa.PerformanceEstimator;
import org.gridsched.workflow.oa.study.StudyProfile.Config;
import org.gridsched.workflow.oa.study.StudyProfile.Study;

/**
 * Runs a study profile: for every number of scenarios, of clusters and of processors per cluster, the baseline and
 * the candidate experiments, each planned (performance vectors simulated in the engine) and then simulated whole in the
 * engine; the gain is 1 − candidate / baseline makespan (thesis §4.5.2, Figs 4.14-4.18). Writes {@code study.csv}
 * (every row) and {@code study.md} (the rows each study lists).
 *
 * <pre>java ... org.gridsched.workflow.oa.study.RepartitionStudy runconfigs/ocean-atmosphere-repartition-study.json [--out DIR]</pre>
 */
public final class RepartitionStudy {
    /** One row: the two makespans and what the candidate did. */
    record Row(Study study, int scenarios, int clusters, int processors, double baseline, double candidate, int used, String counts,
            String groupings) {
        double gain() {
            return 1 - candidate / baseline;
        }
    }

    private final StudyProfile profile;
    private final OceanAtmosphereController controller = OceanAtmosphereController.withBuiltInHeuristics();
    /** Performance vectors, shared by every row of the same setting: the same cluster, R and x simulate once. */
    private final Map<String, PerformanceEstimator> estimators = new ConcurrentHashMap<>();

    RepartitionStudy(StudyProfile profile) {
        this.profile = profile;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1 && !(args.length == 3 && args[1].equals("--out"))) {
            System.err.println("usage: RepartitionStudy STUDY.json [--out DIR]");
            System.exit(2);
        }
        try {
            StudyProfile p = StudyProfile.read(Path.of(args[0]));
            Path out = args.length == 3 ? Path.of(args[2]) : Path.of("workspace", "results", p.name());
            long t0 = System.nanoTime();
            List<Row> rows = new RepartitionStudy(p).run();
            Files.createDirectories(out);
            Files.writeString(out.resolve("study.csv"), csv(rows));
            Files.writeString(out.resolve("study.md"), markdown(p, rows));
            System.out.print(markdown(p, rows));
            System.err.printf(Locale.ROOT, "%s: %d rows in %.1f s; results in %s%n", p.name(), rows.size(), (System.nanoTime() - t0) / 1e9, out);
        } catch (InputException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(1);
        }
    }

    List<Row> run() throws InterruptedException, ExecutionException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
        try {
            List<Future<Row>> futures = new ArrayList<>();
            for (Study s : profile.studies()) {
                List<Integer> clusterCounts = s.clusters().isEmpty() ? List.of(profile.benchmarks().clusterNames().size()) : s.clusters();
                for (int ns : s.scenarios()) {
                    for (int k : clusterCounts) {
                        for (int r : s.processors()) {
                            futures.add(pool.submit(() -> row(s, ns, k, r)));
                        }
                    }
                }
            }
            List<Row> rows = new ArrayList<>();
            for (Future<Row> f : futures) {
                rows.add(f.get());
            }
            return rows;
        } finally {
            pool.shutdown();
        }
    }

    private Row row(Study s, int ns, int k, int r) {
        List<String> names = profile.benchmarks().clusterNames();
        if (k > names.size()) {
            throw new InputException(null, 0, "clusters", "the benchmark file has " + names.size() + " clusters, a study asks for " + k);
        }
        Clusters grid = Clusters.uniform(names.subList(0, k), r);
        ExperimentPlan base = plan(grid, s.baseline(), ns);
        ExperimentPlan cand = plan(grid, s.candidate(), ns);
        double b = Experiments.simulate(grid, base, 0).makespan();
        double c = Experiments.simulate(grid, cand, 0).makespan();
        int[] counts = new int[k];
        Arrays.stream(cand.repartition()).forEach(i -> counts[i]++);
        StringBuilder groupings = new StringBuilder();
        cand.clusters().forEach(p -> groupings.append(groupings.length() == 0 ? "" : " | ").append(p.grouping()));
        return new Row(s, ns, k, r, b, c, cand.clusters().size(), Arrays.toString(counts), groupings.toString());
    }

    private ExperimentPlan plan(Clusters grid, Config config, int ns) {
        OaSettings settings = new OaSettings(profile.benchmarks(), ns, profile.months(), config.grouping(), config.repartition(),
                profile.posts(), true, 0, 0);
        PerformanceEstimator e = estimators.computeIfAbsent(config.grouping() + "/" + ns,
                key -> new PerformanceEstimator(settings, controller.heuristic(settings)));
        return controller.plan(grid, settings, e);
    }

    static String csv(List<Row> rows) {
        StringBuilder sb = new StringBuilder("study,scenarios,clusters,processors_per_cluster,baseline_makespan,candidate_makespan,"
                + "gain_percent,gain_hours,candidate_clusters_used,candidate_scenarios_per_cluster,candidate_groupings\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "\"%s\",%d,%d,%d,%.0f,%.0f,%.2f,%.1f,%d,\"%s\",\"%s\"%n", r.study().title(), r.scenarios(),
                    r.clusters(), r.processors(), r.baseline(), r.candidate(), 100 * r.gain(), (r.baseline() - r.candidate()) / 3600,
                    r.used(), r.counts(), r.groupings()));
        }
        return sb.toString();
    }

    static String markdown(StudyProfile p, List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("Study `").append(p.name()).append("`: NM = ").append(p.months()).append(" months, posts ")
                .append(p.posts().word()).append(", benchmarks ").append(p.benchmarks().source()).append("\n");
        for (Study s : p.studies()) {
            sb.append("\n### ").append(s.title()).append("\n\nbaseline: ").append(s.baseline().label()).append("; candidate: ")
                    .append(s.candidate().label()).append("\n\n");
            sb.append("| NS | clusters | R per cluster | baseline makespan (h) | candidate makespan (h) | gain | gain (h) | clusters used | scenarios per cluster |\n");
            sb.append("|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
            for (Row r : rows) {
                if (!r.study().equals(s) || !(s.tableRows().isEmpty() || s.tableRows().contains(r.processors()))) {
                    continue;
                }
                sb.append(String.format(Locale.ROOT, "| %d | %d | %d | %.1f | %.1f | %.1f %% | %.1f | %d | %s |%n", r.scenarios(), r.clusters(),
                        r.processors(), r.baseline() / 3600, r.candidate() / 3600, 100 * r.gain(), (r.baseline() - r.candidate()) / 3600,
                        r.used(), r.counts()));
            }
        }
        return sb.toString();
    }
}
