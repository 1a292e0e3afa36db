package org.gridsched.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToDoubleFunction;

import org.gridsched.api.InputException;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimulationResult;
import org.gridsched.engine.report.Comparison;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * An experiment matrix in one profile: reallocation algorithm x heuristic x batch policy x platform x
 * workload (trace) x seed. Each scenario (platform, batch policy, seed) runs once without reallocation, its reference; every
 * reallocation run is compared with it. Runs go in parallel on the available cores. Results:
 * {@code matrix.csv} (one row per reallocation run) and {@code tables.md} (one table per comparison
 * metric, rows = scenarios, columns = algorithm-heuristic, plus averages), laid out like the study's
 * report.
 */
final class Matrix {
    /** A comparison metric of the matrix: its column in matrix.csv, its table's title in tables.md. */
    record Metric(String column, String title, ToDoubleFunction<Comparison> value) {
    }

    static final List<Metric> METRICS = List.of(
            new Metric("jobs_impacted_percent", "Percentage of jobs impacted by reallocation", Comparison::jobsImpactedPercent),
            new Metric("reallocations_percent", "Number of reallocations relative to the number of jobs (%)",
                    Comparison::reallocationsPercent),
            new Metric("impacted_finishing_earlier_percent", "Percentage of impacted jobs finishing earlier with reallocation",
                    Comparison::impactedFinishingEarlierPercent),
            new Metric("relative_average_response_time", "Relative average response time of impacted jobs (reallocation / reference)",
                    Comparison::relativeAverageResponseTime));

    /** The axes; each list is non-empty. */
    record Axes(List<String> realloc, List<String> heuristic, List<String> batch, Map<String, String> platforms,
            List<Long> seeds) {
    }

    /** One reference run's setting; {@code workload} is null for the profile's own workload. */
    private record Scenario(String workload, String platformName, String platform, String batch, long seed) {
        String label(boolean withSeed) {
            return (workload == null ? "" : workload + " ") + platformName + " " + batch + (withSeed ? " seed " + seed : "");
        }
    }

    private record Cell(Scenario scenario, String realloc, String heuristic, Comparison comparison) {
    }

    private final Runner runner;
    private final PrintStream err;

    Matrix(Runner runner, PrintStream err) {
        this.runner = runner;
        this.err = err;
    }

    static Axes parse(Map<String, Object> m, RunProfile p, String source) {
        for (String k : m.keySet()) {
            if (!List.of("realloc", "heuristic", "batch", "platforms", "seeds", "workloads").contains(k)) {
                throw new InputException(source, 0, "matrix." + k, "unknown key; valid keys in matrix: batch, heuristic, platforms, realloc, seeds, workloads");
            }
        }
        List<String> realloc = strings(m, "realloc", Defaults.list(Defaults.matrix().path("realloc")), source);
        List<String> heuristic = strings(m, "heuristic", Defaults.list(Defaults.matrix().path("heuristic")), source);
        List<String> batch = strings(m, "batch", List.of(p.choice(Kind.BATCH).name()), source);
        Map<String, String> platforms = new LinkedHashMap<>();
        Object pl = m.get("platforms");
        if (pl == null) {
            if (p.clusters.isEmpty()) {
                throw new InputException(source, 0, "matrix.platforms", "give the platforms, e.g. {\"homogeneous\": \"a:128,b:240\"}");
            }
            StringBuilder sb = new StringBuilder();
            p.clusters.forEach(c -> sb.append(sb.length() == 0 ? "" : ",").append(c.name()).append(':').append(c.processors())
                    .append(':').append(c.speed()));
            platforms.put("platform", sb.toString());
        } else if (pl instanceof Map<?, ?> pm && !pm.isEmpty()) {
            for (Map.Entry<?, ?> e : pm.entrySet()) {
                String text = String.valueOf(e.getValue());
                Platform.parse(text, "matrix.platforms." + e.getKey());
                platforms.put(String.valueOf(e.getKey()), text);
            }
        } else {
            throw new InputException(source, 0, "matrix.platforms", "expected an object of name: \"NAME:PROCS[:SPEED],...\"");
        }
        List<Long> seeds = new ArrayList<>();
        Object s = m.get("seeds");
        if (s == null) {
            seeds.add(p.seed);
        } else if (s instanceof List<?> l && !l.isEmpty() && l.stream().allMatch(x -> x instanceof Number)) {
            l.forEach(x -> seeds.add(((Number) x).longValue()));
        } else {
            throw new InputException(source, 0, "matrix.seeds", "expected a non-empty list of whole numbers");
        }
        return new Axes(realloc, heuristic, batch, platforms, seeds);
    }

    private static List<String> strings(Map<String, Object> m, String key, List<String> def, String source) {
        Object v = m.get(key);
        if (v == null) {
            return def;
        }
        if (v instanceof List<?> l && !l.isEmpty() && l.stream().allMatch(x -> x instanceof String)) {
            List<String> out = new ArrayList<>();
            l.forEach(x -> out.add((String) x));
            return out;
        }
        throw new InputException(source, 0, "matrix." + key, "expected a non-empty list of names");
    }

    /** Runs every cell; returns the folder holding matrix.csv and tables.md. */
    Path run(RunProfile p, Axes axes, Path dir) {
        List<Scenario> scenarios = new ArrayList<>();
        List<String> workloads = p.matrixWorkloads.isEmpty() ? java.util.Collections.singletonList(null)
                : new ArrayList<>(p.matrixWorkloads.keySet());
        for (String w : workloads) {
            for (Map.Entry<String, String> pl : axes.platforms().entrySet()) {
                for (String b : axes.batch()) {
                    for (long seed : axes.seeds()) {
                        scenarios.add(new Scenario(w, pl.getKey(), pl.getValue(), b, seed));
                    }
                }
            }
        }
        int total = scenarios.size() * (1 + axes.realloc().size() * axes.heuristic().size());
        AtomicInteger done = new AtomicInteger();
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        err.printf("%s: %d runs (%d scenarios x (1 reference + %d reallocation runs)) on %d threads%n", p.name, total,
                scenarios.size(), axes.realloc().size() * axes.heuristic().size(), threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<CompletableFuture<Cell>> cells = new ArrayList<>();
        try {
            for (Scenario sc : scenarios) {
                String scDir = slug(sc.label(axes.seeds().size() > 1));
                CompletableFuture<SimulationResult> reference = CompletableFuture.supplyAsync(() -> {
                    SimulationResult r = runner.execute(variant(p, sc, null, null), dir.resolve("runs").resolve(scDir + "-reference"), null, false).result();
                    progress(p, done, total);
                    return r;
                }, pool);
                for (String realloc : axes.realloc()) {
                    for (String h : axes.heuristic()) {
                        cells.add(reference.thenApplyAsync(ref -> {
                            Runner.Outcome o = runner.execute(variant(p, sc, realloc, h),
                                    dir.resolve("runs").resolve(scDir + "-" + realloc + "-" + h), ref, false);
                            progress(p, done, total);
                            return new Cell(sc, realloc, h, o.report().comparison());
                        }, pool));
                    }
                }
            }
            List<Cell> results = new ArrayList<>();
            for (CompletableFuture<Cell> f : cells) {
                results.add(f.get());
            }
            write(dir, axes, scenarios, results);
            return dir;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private void progress(RunProfile p, AtomicInteger done, int total) {
        int d = done.incrementAndGet();
        if (p.progress) {
            synchronized (err) {
                err.printf("%s: %d/%d runs done%n", p.name, d, total);
            }
        }
    }

    private static RunProfile variant(RunProfile p, Scenario sc, String realloc, String heuristic) {
        RunProfile v = p.withoutReallocation();
        v.name = p.name;
        if (sc.workload() != null) {
            v.useWorkloadOf(p.matrixWorkloads.get(sc.workload()));
        }
        v.clusters = new ArrayList<>();
        Platform.parse(sc.platform(), "matrix.platforms").clusters()
                .forEach(c -> v.clusters.add(new RunProfile.ClusterEntry(c.name(), c.processors(), c.speed(), null)));
        v.choose(Kind.BATCH, RunProfile.Choice.of(sc.batch()));
        v.seed = sc.seed();
        v.progress = false;
        if (realloc != null) {
            RunProfile.Choice given = p.choice(Kind.REALLOCATION);
            v.choose(Kind.REALLOCATION, new RunProfile.Choice(realloc, given == null ? Map.of() : given.options()));
            v.choose(Kind.HEURISTIC, RunProfile.Choice.of(heuristic));
        }
        return v;
    }

    private static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]+", "-");
    }

    private static void write(Path dir, Axes axes, List<Scenario> scenarios, List<Cell> cells) {
        boolean seeds = axes.seeds().size() > 1;
        StringBuilder csv = new StringBuilder("workload,platform,batch,seed,realloc,heuristic,jobs,jobs_impacted,reallocations");
        METRICS.forEach(m -> csv.append(',').append(m.column()));
        csv.append('\n');
        for (Cell c : cells) {
            csv.append(c.scenario().workload() == null ? "" : c.scenario().workload()).append(',')
                    .append(c.scenario().platformName()).append(',').append(c.scenario().batch()).append(',').append(c.scenario().seed())
                    .append(',').append(c.realloc()).append(',').append(c.heuristic()).append(',').append(c.comparison().jobs())
                    .append(',').append(c.comparison().jobsImpacted()).append(',').append(c.comparison().reallocations());
            for (Metric m : METRICS) {
                csv.append(',').append(format(m.value().applyAsDouble(c.comparison()), 6));
            }
            csv.append('\n');
        }
        StringBuilder md = new StringBuilder();
        List<String> columns = new ArrayList<>();
        for (String r : axes.realloc()) {
            for (String h : axes.heuristic()) {
                columns.add(columnLabel(r, h));
            }
        }
        for (Metric metric : METRICS) {
            md.append("### ").append(metric.title()).append("\n\n| scenario |");
            columns.forEach(c -> md.append(' ').append(c).append(" |"));
            md.append(" avg |\n|---|");
            columns.forEach(c -> md.append("---:|"));
            md.append("---:|\n");
            double[] colSum = new double[columns.size()];
            int[] colN = new int[columns.size()];
            for (Scenario sc : scenarios) {
                md.append("| ").append(sc.label(seeds)).append(" |");
                double rowSum = 0;
                int rowN = 0;
                int col = 0;
                for (String r : axes.realloc()) {
                    for (String h : axes.heuristic()) {
                        double v = value(cells, sc, r, h, metric);
                        md.append(' ').append(format(v, 2)).append(" |");
                        if (!Double.isNaN(v)) {
                            rowSum += v;
                            rowN++;
                            colSum[col] += v;
                            colN[col]++;
                        }
                        col++;
                    }
                }
                md.append(' ').append(format(rowN > 0 ? rowSum / rowN : Double.NaN, 2)).append(" |\n");
            }
            md.append("| **avg** |");
            double all = 0;
            int allN = 0;
            for (int c = 0; c < columns.size(); c++) {
                double v = colN[c] > 0 ? colSum[c] / colN[c] : Double.NaN;
                md.append(' ').append(format(v, 2)).append(" |");
                all += colSum[c];
                allN += colN[c];
            }
            md.append(' ').append(format(allN > 0 ? all / allN : Double.NaN, 2)).append(" |\n\n");
        }
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("matrix.csv"), csv, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("tables.md"), md, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * A column of tables.md, as in the study's report: the heuristic's name in upper case with some words
     * re-cased ("MaxRelGain"), plus a suffix for some algorithms ("-C" for all-cancellation); both from
     * {@code defaults.json}.
     */
    static String columnLabel(String realloc, String heuristic) {
        var rules = Defaults.matrix().path("column_label");
        String label = heuristic.toUpperCase(Locale.ROOT);
        for (var pair : rules.path("heuristic_upper_case_then_replace")) {
            label = label.replace(pair.get(0).asText(), pair.get(1).asText());
        }
        return label + Defaults.strings(rules.path("realloc_suffix")).getOrDefault(realloc, "");
    }

    private static double value(List<Cell> cells, Scenario sc, String realloc, String heuristic, Metric metric) {
        for (Cell c : cells) {
            if (c.scenario().equals(sc) && c.realloc().equals(realloc) && c.heuristic().equals(heuristic)) {
                return metric.value().applyAsDouble(c.comparison());
            }
        }
        return Double.NaN;
    }

    private static String format(double v, int digits) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}
