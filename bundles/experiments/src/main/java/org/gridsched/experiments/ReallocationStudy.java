package org.gridsched.experiments;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridsched.engine.Platform;
import org.gridsched.engine.SimulationResult;
import org.gridsched.launcher.MatrixAxes.Axes;
import org.gridsched.launcher.MatrixAxes.Axis;
import org.gridsched.launcher.MatrixAxes.Value;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.gridsched.launcher.RunProfile;
import org.gridsched.launcher.Runner;

/**
 * A reallocation study (a matrix without {@code metrics}): each scenario (workload x platform x batch policy x the
 * other plugin axes x seed) runs once without reallocation, its reference, and every reallocation algorithm x
 * heuristic ({@code realloc}, {@code heuristic}) runs against it; each comparison is a {@link Cell}, tabulated by
 * {@link StudyTables}.
 */
final class ReallocationStudy {
    /** One reference run's setting; {@code workload} is null for the profile's own workload. */
    record Scenario(String workload, String platformName, String platform, Value batch, List<Axis> extraAxes,
            List<Value> extras, long seed) {
        String label(boolean withSeed) {
            StringBuilder sb = new StringBuilder();
            if (workload != null) {
                sb.append(workload).append(' ');
            }
            sb.append(platformName).append(' ').append(batch.label());
            extras.forEach(v -> sb.append(' ').append(v.label()));
            if (withSeed) {
                sb.append(" seed ").append(seed);
            }
            return sb.toString();
        }
    }

    record Cell(Scenario scenario, String realloc, String heuristic, Comparison comparison) {
    }
    private final Runner runner;
    private final PrintStream err;

    ReallocationStudy(Runner runner, PrintStream err) {
        this.runner = runner;
        this.err = err;
    }

    /** A reallocation study's plugin axes other than batch (its scenarios' "extras"). */
    static List<Axis> extraAxes(Axes axes) {
        List<Axis> extraAxes = new ArrayList<>(axes.plugins());
        extraAxes.removeIf(a -> a.kind() == Kind.BATCH);
        return extraAxes;
    }

    /** A reallocation study's scenarios, in the order of matrix.csv: workload, platform, batch, other axes, seed. */
    static List<Scenario> scenarios(RunProfile p, Axes axes) {
        List<Scenario> scenarios = new ArrayList<>();
        List<String> workloads = p.matrixWorkloads.isEmpty() ? Collections.singletonList(null)
                : new ArrayList<>(p.matrixWorkloads.keySet());
        List<Axis> extraAxes = extraAxes(axes);
        List<List<Value>> extraCombos = combinations(extraAxes);
        for (String w : workloads) {
            for (Map.Entry<String, String> pl : axes.platforms().entrySet()) {
                for (Value b : axes.plugin(Kind.BATCH).values()) {
                    for (List<Value> extras : extraCombos) {
                        for (long seed : axes.seeds()) {
                            scenarios.add(new Scenario(w, pl.getKey(), pl.getValue(), b, extraAxes, extras, seed));
                        }
                    }
                }
            }
        }
        return scenarios;
    }

    /** The folder name of a scenario's runs (NAME-reference, NAME-ALGORITHM-HEURISTIC) under runs/. */
    static String scenarioFolder(Scenario sc, Axes axes) {
        return slug(sc.label(axes.seeds().size() > 1));
    }

    /** The folder name of a study's run with reallocation. */
    static String variantFolder(String scenarioFolder, Value realloc, Value heuristic) {
        return scenarioFolder + "-" + slug(realloc.label()) + "-" + slug(heuristic.label());
    }

    Path run(RunProfile p, Axes axes, Path dir) {
        List<Scenario> scenarios = scenarios(p, axes);
        List<Axis> extraAxes = extraAxes(axes);
        int variants = axes.realloc().values().size() * axes.heuristic().values().size();
        int total = scenarios.size() * (1 + variants);
        AtomicInteger done = new AtomicInteger();
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        err.printf("%s: %d runs (%d scenarios x (1 reference + %d reallocation runs)) on %d threads%n", p.name, total,
                scenarios.size(), variants, threads);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<CompletableFuture<Cell>> cells = new ArrayList<>();
        FirstFailure failed = new FirstFailure();
        try {
            for (Scenario sc : scenarios) {
                String scDir = scenarioFolder(sc, axes);
                CompletableFuture<SimulationResult> reference = CompletableFuture.supplyAsync(() -> failed.run(() -> {
                    SimulationResult r = runner.execute(variant(p, sc, null, null), dir.resolve("runs").resolve(scDir + "-reference"), null, false).result();
                    Progress.runDone(err, p, done, total);
                    return r;
                }), pool);
                for (Value realloc : axes.realloc().values()) {
                    for (Value h : axes.heuristic().values()) {
                        cells.add(reference.thenApplyAsync(ref -> failed.run(() -> {
                            Runner.Outcome o = runner.execute(variant(p, sc, realloc, h),
                                    dir.resolve("runs").resolve(variantFolder(scDir, realloc, h)), ref, false);
                            Progress.runDone(err, p, done, total);
                            return new Cell(sc, realloc.label(), h.label(), o.report().section(Comparison.class));
                        }), pool));
                    }
                }
            }
            Futures.get(CompletableFuture.allOf(cells.toArray(CompletableFuture[]::new)).exceptionally(e -> null));
            failed.rethrow();
            new StudyTables(p.name, axes, extraAxes, scenarios, Futures.joinAll(cells)).writeTo(dir);
            return dir;
        } finally {
            pool.shutdownNow();
        }
    }

    static RunProfile variant(RunProfile p, Scenario sc, Value realloc, Value heuristic) {
        RunProfile v = p.withoutReallocation();
        v.name = p.name;
        if (sc.workload() != null) {
            v.useWorkloadOf(p.matrixWorkloads.get(sc.workload()));
        }
        v.clusters = clusters(sc.platform());
        v.choose(Kind.BATCH, sc.batch().choices());
        for (int i = 0; i < sc.extras().size(); i++) {
            v.choose(sc.extraAxes().get(i).kind(), sc.extras().get(i).choices());
        }
        v.seed = sc.seed();
        v.progress = false;
        if (realloc != null) {
            // an algorithm given by name alone takes the options of the profile's own "realloc"
            RunProfile.Choice given = p.choice(Kind.REALLOCATION);
            List<RunProfile.Choice> algorithms = new ArrayList<>();
            for (RunProfile.Choice c : realloc.choices()) {
                algorithms.add(c.options().isEmpty() && given != null ? new RunProfile.Choice(c.name(), given.options()) : c);
            }
            v.choose(Kind.REALLOCATION, algorithms);
            v.choose(Kind.HEURISTIC, heuristic.choices());
        }
        return v;
    }

    static List<RunProfile.ClusterEntry> clusters(String platform) {
        List<RunProfile.ClusterEntry> clusters = new ArrayList<>();
        Platform.parse(platform, "matrix.platforms").clusters()
                .forEach(c -> clusters.add(new RunProfile.ClusterEntry(c.name(), c.processors(), c.speed(), null)));
        return clusters;
    }

    /** Every combination of one value per axis, the last axis varying fastest; one empty combination without axes. */
    private static List<List<Value>> combinations(List<Axis> axes) {
        List<List<Value>> out = new ArrayList<>();
        out.add(List.of());
        for (Axis a : axes) {
            List<List<Value>> next = new ArrayList<>();
            for (List<Value> prefix : out) {
                for (Value v : a.values()) {
                    List<Value> c = new ArrayList<>(prefix);
                    c.add(v);
                    next.add(List.copyOf(c));
                }
            }
            out = next;
        }
        return out;
    }

    static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]+", "-");
    }}
