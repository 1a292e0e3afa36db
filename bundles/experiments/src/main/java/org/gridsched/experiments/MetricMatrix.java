package org.gridsched.experiments;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.gridsched.api.InputException;
import org.gridsched.engine.report.ClusterReport;
import org.gridsched.engine.report.MetricSection;
import org.gridsched.engine.report.RunReport;
import org.gridsched.launcher.MatrixAxes.Axes;
import org.gridsched.launcher.MatrixAxes.Axis;
import org.gridsched.launcher.MatrixAxes.Value;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.gridsched.launcher.RunProfile;
import org.gridsched.launcher.Runner;
import org.gridsched.launcher.Suggest;

/**
 * A matrix of collector metrics ({@code "metrics": [KEY, ...]}, overall values of {@code summary.json}): its cells are
 * every combination of the axes' values ({@link Dim}), each cell x seed one {@link Run} with no reference; every axis,
 * {@code realloc} and {@code heuristic} included, just chooses plugins. Tabulated by {@link MetricTables}.
 */
final class MetricMatrix {
    private final Runner runner;
    private final PrintStream err;

    MetricMatrix(Runner runner, PrintStream err) {
        this.runner = runner;
        this.err = err;
    }

    /** An axis of a matrix of metrics: its key, its matrix.csv column, its labels and what each value sets. */
    record Dim(String key, String header, List<String> labels, List<Consumer<RunProfile>> setters) {
    }

    /** One run of a matrix of metrics: a value of each axis (by index) and a seed. */
    record Run(int[] at, long seed, String folder) {
    }

    static List<Dim> dims(RunProfile p, Axes axes) {
        List<Dim> dims = new ArrayList<>();
        if (!p.matrixWorkloads.isEmpty()) {
            List<Consumer<RunProfile>> set = new ArrayList<>();
            p.matrixWorkloads.values().forEach(w -> set.add(v -> v.useWorkloadOf(w)));
            dims.add(new Dim("workloads", "workload", new ArrayList<>(p.matrixWorkloads.keySet()), set));
        }
        if (axes.platforms() != null) {
            List<Consumer<RunProfile>> set = new ArrayList<>();
            axes.platforms().values().forEach(text -> {
                List<RunProfile.ClusterEntry> clusters = ReallocationStudy.clusters(text);
                set.add(v -> v.clusters = clusters);
            });
            dims.add(new Dim("platforms", "platform", new ArrayList<>(axes.platforms().keySet()), set));
        }
        for (Axis a : axes.plugins()) {
            List<String> labels = new ArrayList<>();
            List<Consumer<RunProfile>> set = new ArrayList<>();
            for (Value value : a.values()) {
                labels.add(value.label());
                set.add(v -> {
                    v.choose(a.kind(), value.choices());
                    if (a.kind().choosing() == Kind.Choosing.PER_CLUSTER) { // the axis replaces the clusters' own choices too
                        List<RunProfile.ClusterEntry> plain = new ArrayList<>();
                        v.clusters.forEach(c -> plain.add(new RunProfile.ClusterEntry(c.name(), c.processors(), c.speed(), null)));
                        v.clusters = plain;
                    }
                });
            }
            dims.add(new Dim(a.key(), a.key(), labels, set));
        }
        return dims;
    }

    /** The runs of a matrix of metrics: every combination of the axes' values (the last varying fastest) x seed. */
    static List<Run> runs(RunProfile p, Axes axes, List<Dim> dims) {
        boolean withSeed = axes.seeds().size() > 1;
        List<Run> runs = new ArrayList<>();
        Map<String, Run> folders = new HashMap<>();
        for (int[] at : indexCombinations(dims)) {
            for (long seed : axes.seeds()) {
                String folder = ReallocationStudy.slug(cellLabel(dims, at, " ") + (withSeed ? (dims.isEmpty() ? "" : " ") + "seed " + seed : ""));
                folder = folder.isEmpty() ? "run" : folder;
                Run run = new Run(at, seed, folder);
                Run clash = folders.put(folder, run);
                if (clash != null) {
                    throw new InputException(p.name, 0, "matrix", "the runs " + describe(dims, clash, withSeed) + " and "
                            + describe(dims, run, withSeed) + " would share the folder runs/" + folder
                            + "; give their values labels that differ in letters or digits");
                }
                runs.add(run);
            }
        }
        return runs;
    }

    /** One run of a matrix of metrics, written to {@code runDir}; returns its metrics (numbers, NaN when empty). */
    Object[] runOne(RunProfile p, Axes axes, List<Dim> dims, Run run, Path runDir) {
        RunProfile v = p.oneRun();
        v.progress = false;
        v.seed = run.seed();
        for (int d = 0; d < dims.size(); d++) {
            dims.get(d).setters().get(run.at()[d]).accept(v);
        }
        Runner.Outcome o = runner.execute(v, runDir, null, false);
        Object[] row = new Object[axes.metrics().size()];
        for (int i = 0; i < row.length; i++) {
            row[i] = metric(o.report(), axes.metrics().get(i), dims, run, axes.seeds().size() > 1,
                    p.profileSource != null ? p.profileSource : p.name);
        }
        return row;
    }

    Path run(RunProfile p, Axes axes, Path dir) {
        List<Dim> dims = dims(p, axes);
        List<Run> runs = runs(p, axes, dims);
        int cells = runs.size() / axes.seeds().size();
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        err.printf("%s: %d runs (%d cells x %d seeds) on %d threads%n", p.name, runs.size(), cells, axes.seeds().size(), threads);
        AtomicInteger done = new AtomicInteger();
        FirstFailure failure = new FirstFailure();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<CompletableFuture<double[]>> futures = new ArrayList<>();
        List<Object[]> values = new ArrayList<>();
        try {
            for (Run run : runs) {
                Object[] row = new Object[axes.metrics().size()];
                values.add(row);
                futures.add(CompletableFuture.supplyAsync(() -> failure.run(() -> {
                    Object[] got = runOne(p, axes, dims, run, dir.resolve("runs").resolve(run.folder()));
                    double[] out = new double[row.length];
                    for (int i = 0; i < row.length; i++) {
                        row[i] = got[i];
                        out[i] = ((Number) row[i]).doubleValue();
                    }
                    Progress.runDone(err, p, done, runs.size());
                    return out;
                }), pool));
            }
            Futures.get(CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).exceptionally(e -> null));
            failure.rethrow();
            new MetricTables(axes, dims, runs, values, Futures.joinAll(futures)).writeTo(dir);
            return dir;
        } finally {
            pool.shutdownNow();
        }
    }

    /** A metric's overall value in a run's report (a number, NaN if reported empty); an error naming the cell if none. */
    private static Number metric(RunReport report, String key, List<Dim> dims, Run run, boolean withSeed, String source) {
        for (MetricSection s : report.metrics()) {
            if (s.values().containsKey(key)) {
                Object v = s.values().get(key);
                if (v == null) {
                    return Double.NaN;
                }
                if (v instanceof Number n) {
                    return n;
                }
                throw new InputException(source, 0, "matrix.metrics", "'" + key + "' is not a number in the cell " + describe(dims, run, true)
                        + " (collector " + s.collector() + " reported " + v + "); tabulate numeric metrics only");
            }
        }
        // "CLUSTER.metric": what the collectors reported for one cluster
        int dot = key.indexOf('.');
        for (ClusterReport c : dot > 0 ? report.clusters() : List.<ClusterReport>of()) {
            if (c.name().equals(key.substring(0, dot))) {
                Object v = c.metric(key.substring(dot + 1));
                if (v == null && !c.metrics().isEmpty()) {
                    String metric = key.substring(dot + 1);
                    throw new InputException(source, 0, "matrix.metrics", "no collector reported '" + metric + "' for cluster "
                            + c.name() + " in the cell " + describe(dims, run, true) + Suggest.didYouMean(metric, keys(c.metrics()))
                            + " (per-cluster keys are CLUSTER.metric)");
                }
                if (v instanceof Number n) {
                    return n;
                }
                throw new InputException(source, 0, "matrix.metrics", "'" + key + "' is not a number in the cell " + describe(dims, run, true)
                        + " (" + v + "); tabulate numeric metrics only");
            }
        }
        // none had the key: what each reported
        List<String> collectors = report.metrics().stream().map(MetricSection::collector).toList();
        Set<String> reported = keys(report.metrics());
        throw new InputException(source, 0, "matrix.metrics", "no collector reported '" + key + "' in the cell " + describe(dims, run, true)
                + Suggest.didYouMean(key, reported) + " (its collectors: " + (collectors.isEmpty() ? "none" : String.join(", ", collectors)) + "; they reported: "
                + (reported.isEmpty() ? "nothing" : String.join(", ", reported)) + "); add the collector that reports it to \"collectors\""
                + " or correct the key");
    }

    /** Every key the sections reported, in report order. */
    private static Set<String> keys(List<MetricSection> sections) {
        Set<String> keys = new LinkedHashSet<>();
        for (MetricSection s : sections) {
            keys.addAll(s.values().keySet());
        }
        return keys;
    }

    /** "workload light, batch cbf, seed 2". */
    static String describe(List<Dim> dims, Run run, boolean withSeed) {
        List<String> parts = new ArrayList<>();
        for (int d = 0; d < dims.size(); d++) {
            parts.add(dims.get(d).header() + " " + dims.get(d).labels().get(run.at()[d]));
        }
        if (withSeed || parts.isEmpty()) {
            parts.add("seed " + run.seed());
        }
        return String.join(", ", parts);
    }

    private static String cellLabel(List<Dim> dims, int[] at, String separator) {
        List<String> parts = new ArrayList<>();
        for (int d = 0; d < dims.size(); d++) {
            parts.add(dims.get(d).labels().get(at[d]));
        }
        return String.join(separator, parts);
    }

    /** Every combination of one value index per axis, the last axis varying fastest. */
    static List<int[]> indexCombinations(List<Dim> dims) {
        List<int[]> out = new ArrayList<>();
        out.add(new int[0]);
        for (Dim d : dims) {
            List<int[]> next = new ArrayList<>();
            for (int[] prefix : out) {
                for (int i = 0; i < d.labels().size(); i++) {
                    int[] c = Arrays.copyOf(prefix, prefix.length + 1);
                    c[prefix.length] = i;
                    next.add(c);
                }
            }
            out = next;
        }
        return out;
    }
}
