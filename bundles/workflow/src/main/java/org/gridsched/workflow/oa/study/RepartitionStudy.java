package org.gridsched.workflow.oa.study;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
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
import org.gridsched.api.Parameter;
import org.gridsched.api.simulate.Simulator;
import org.gridsched.api.simulate.Study;
import org.gridsched.api.simulate.StudyContext;
import org.gridsched.workflow.oa.Clusters;
import org.gridsched.workflow.oa.ExperimentPlan;
import org.gridsched.workflow.oa.Experiments;
import org.gridsched.workflow.oa.OaSettings;
import org.gridsched.workflow.oa.OceanAtmosphereController;
import org.gridsched.workflow.oa.PerformanceEstimator;
import org.gridsched.workflow.oa.study.StudyProfile.Config;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The {@code ocean-atmosphere-repartition} study: for every number of scenarios, of clusters and of processors per
 * cluster, the baseline and the candidate experiments, each planned (performance vectors simulated) and then simulated
 * whole, every simulation through the {@link Simulator} service; the gain is 1 − candidate / baseline makespan (thesis
 * §4.5.2, Figs 4.14-4.18). Writes {@code study.csv} (every row) and {@code study.md} (the rows each study lists), and
 * prints the tables.
 *
 * <pre>bin/gridsched run runconfigs/ocean-atmosphere-repartition-study.json [--out DIR]</pre>
 */
@Component(service = Study.class)
public final class RepartitionStudy implements Study {
    public static final String NAME = "ocean-atmosphere-repartition";

    /** One row: the two makespans and what the candidate did. */
    record Row(StudyProfile.Study study, int scenarios, int clusters, int processors, double baseline, double candidate, int used,
            String counts, String groupings) {
        double gain() {
            return 1 - candidate / baseline;
        }
    }

    private final Simulator simulator;

    @Activate
    public RepartitionStudy(@Reference Simulator simulator) {
        this.simulator = simulator;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Charrier 2010 §4.5.2: Algorithm 3 repartition and knapsack grouping against baselines over numbers of scenarios, clusters"
                + " and processors (study.csv, study.md)";
    }

    @Override
    public List<Parameter> parameters() {
        return StudyProfile.PARAMETERS;
    }

    @Override
    public void check(StudyContext context) {
        StudyProfile p = StudyProfile.read(context);
        OceanAtmosphereController controller = OceanAtmosphereController.withBuiltInHeuristics(simulator);
        for (int i = 0; i < p.studies().size(); i++) {
            StudyProfile.Study s = p.studies().get(i);
            String where = StudyProfile.PREFIX + StudyProfile.STUDIES + "[" + i + "].";
            for (int k : s.clusters()) {
                if (k > p.benchmarks().clusterNames().size()) {
                    throw new InputException(context.source(), 0, where + "clusters", "the benchmark file has "
                            + p.benchmarks().clusterNames().size() + " clusters, the study asks for " + k);
                }
            }
            for (Map.Entry<String, Config> c : List.of(Map.entry("baseline", s.baseline()), Map.entry("candidate", s.candidate()))) {
                try {
                    controller.heuristic(settings(p, c.getValue(), s.scenarios().get(0)));
                } catch (InputException e) {
                    throw new InputException(context.source(), 0, where + c.getKey() + ".grouping", e.getMessage());
                }
            }
        }
    }

    @Override
    public void run(StudyContext context) {
        check(context);
        StudyProfile p = StudyProfile.read(context);
        List<Row> rows;
        try {
            rows = new Rows(p, simulator).run(context);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the study was interrupted", e);
        }
        String md = markdown(p, rows);
        try {
            Files.writeString(context.output().resolve("study.csv"), csv(rows));
            Files.writeString(context.output().resolve("study.md"), md);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the study's tables: " + e.getMessage(), e);
        }
        context.out().print(md);
    }

    static OaSettings settings(StudyProfile p, Config config, int ns) {
        return new OaSettings(p.benchmarks(), ns, p.months(), config.grouping(), config.repartition(), p.posts(), true, 0, 0);
    }

    /** One study run: its rows, in parallel; performance vectors shared by the rows of the same setting. */
    static final class Rows {
        private final StudyProfile profile;
        private final Simulator simulator;
        private final OceanAtmosphereController controller;
        /** Performance vectors, shared by every row of the same setting: the same cluster, R and x simulate once. */
        private final Map<String, PerformanceEstimator> estimators = new ConcurrentHashMap<>();

        Rows(StudyProfile profile, Simulator simulator) {
            this.profile = profile;
            this.simulator = simulator;
            this.controller = OceanAtmosphereController.withBuiltInHeuristics(simulator);
        }

        /** Every row, in the profile's order; progress (rows done) after each. */
        List<Row> run(StudyContext context) throws InterruptedException {
            ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
            try {
                List<Future<Row>> futures = new ArrayList<>();
                for (StudyProfile.Study s : profile.studies()) {
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
                    try {
                        rows.add(f.get());
                    } catch (ExecutionException e) {
                        if (e.getCause() instanceof RuntimeException r) {
                            throw r;
                        }
                        throw new IllegalStateException(e.getCause());
                    }
                    if (context != null) {
                        context.progress(rows.size(), futures.size());
                    }
                }
                return rows;
            } finally {
                pool.shutdownNow();
            }
        }

        private Row row(StudyProfile.Study s, int ns, int k, int r) {
            List<String> names = profile.benchmarks().clusterNames();
            Clusters grid = Clusters.uniform(names.subList(0, k), r);
            ExperimentPlan base = plan(grid, s.baseline(), ns);
            ExperimentPlan cand = plan(grid, s.candidate(), ns);
            double b = Experiments.simulate(simulator, grid, base, 0).makespan();
            double c = Experiments.simulate(simulator, grid, cand, 0).makespan();
            int[] counts = new int[k];
            Arrays.stream(cand.repartition()).forEach(i -> counts[i]++);
            StringBuilder groupings = new StringBuilder();
            cand.clusters().forEach(p -> groupings.append(groupings.length() == 0 ? "" : " | ").append(p.grouping()));
            return new Row(s, ns, k, r, b, c, cand.clusters().size(), Arrays.toString(counts), groupings.toString());
        }

        private ExperimentPlan plan(Clusters grid, Config config, int ns) {
            OaSettings settings = settings(profile, config, ns);
            PerformanceEstimator e = estimators.computeIfAbsent(config.grouping() + "/" + ns,
                    key -> new PerformanceEstimator(settings, controller.heuristic(settings), simulator));
            return controller.plan(grid, settings, e);
        }
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
        for (StudyProfile.Study s : p.studies()) {
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
