package org.gridsched.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.gridsched.api.Csv;
import org.gridsched.api.Decimals;
import org.gridsched.api.InputException;
import org.gridsched.engine.Numbers;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimulationResult;
import org.gridsched.engine.report.ClusterReport;
import org.gridsched.engine.report.Comparison;
import org.gridsched.engine.report.MetricSection;
import org.gridsched.engine.report.RunReport;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * An experiment matrix in one profile ({@code "matrix"}). Its axes: named {@code workloads}, named
 * {@code platforms}, and one axis per plugin kind under the kind's profile key ({@code batch}, {@code meta},
 * {@code realloc}, {@code heuristic}, {@code collectors}, {@code controllers}), each a list of values (labelled by
 * their plugin names) or an object of label: value, a value being what the profile key takes in a profile; every
 * cell runs once per seed of {@code seeds} (default: the profile's seed), or of the seeds {@code "replications": N}
 * derives from the profile's seed ({@link #replicationSeeds}). Two kinds of matrix:
 * <ul>
 * <li><b>A reallocation study</b> (no {@code metrics}): each scenario (workload x platform x batch policy x the other
 * plugin axes x seed) runs once without reallocation, its reference, and every reallocation algorithm x heuristic
 * ({@code realloc}, {@code heuristic}; defaults in {@code defaults.json}) runs against it. Results:
 * {@code matrix.csv} (one row per reallocation run) and {@code tables.md} (one table per comparison metric,
 * rows = scenarios, columns = algorithm-heuristic, plus averages), laid out like the study's report.</li>
 * <li><b>A matrix of collector metrics</b> ({@code "metrics": [KEY, ...]}, overall values of {@code summary.json}):
 * every cell x seed is one run, with no reference; every axis, {@code realloc} and {@code heuristic} included, just
 * chooses plugins. {@code matrix.csv} has one row per run (the axes' labels, the seed, the metrics) and
 * {@code tables.md} one table per metric: rows = one axis, columns = another, values = means over the seeds. By
 * default rows are the first axis and columns the last, in the order workloads, platforms, batch, meta, realloc,
 * heuristic, collectors, controllers ({@code "rows"}, {@code "columns"} name others); each combination of the axes
 * in between gets a table of its own.</li>
 * </ul>
 * Every run keeps its own folder under {@code runs/}; runs go in parallel on the available cores. {@link Sweep} runs
 * the same matrix as numbered cells (piece by piece, Slurm array tasks) and merges them into the same files.
 */
final class Matrix {
    /** The matrix's own keys; every plugin kind chosen at the top of a profile adds its profile key ({@link #keys}). */
    static final List<String> OWN_KEYS = List.of("workloads", "platforms", "seeds", "replications", "metrics", "rows", "columns", "ci");

    /** Every key a matrix may hold, sorted. */
    static Set<String> keys() {
        Set<String> keys = new TreeSet<>(OWN_KEYS);
        for (Kind k : Kind.values()) {
            if (k.choosing() != Kind.Choosing.WORKLOAD && k.inRuns()) {
                keys.add(k.profileKey());
            }
        }
        return keys;
    }

    /**
     * Most seeds per cell, given as {@code "replications"} or as a list of {@code "seeds"}: the error of a mean shrinks
     * with the square root of the seeds, so 10^5 already gives 0.3 % of one run's spread; every seed is a run with its
     * folder under {@code runs/}, and 3,000,000 seeds meant a sweep of years.
     */
    static final int MAX_REPLICATIONS = 100_000;

    /**
     * The seeds of {@code "replications": n}: replicate r's seed is a function of the profile's seed and r alone
     * (SplitMix64 of seed + (r + 1) x golden gamma, kept to 32 bits so that it reads well in folder names and
     * tables; a value already given to an earlier replicate is passed over). Every cell of the matrix runs
     * replicate r with the same seed, as with {@code "seeds"}: the cells of a replicate see the same workload,
     * so that their differences are the plugins' (common random numbers), whichever machine or array task runs them.
     */
    static List<Long> replicationSeeds(long profileSeed, int n) {
        List<Long> seeds = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        for (long k = 1; seeds.size() < n; k++) {
            long z = profileSeed + k * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            long seed = (z ^ (z >>> 31)) >>> 32;
            if (seen.add(seed)) {
                seeds.add(seed);
            }
        }
        return seeds;
    }

    /** One value of a plugin axis: its label and the plugins it chooses (empty: none). */
    record Value(String label, List<RunProfile.Choice> choices) {
        Value {
            choices = List.copyOf(choices);
        }
    }

    /** The values a matrix gives a plugin kind, in order; labels are unique. */
    record Axis(Kind kind, List<Value> values) {
        Axis {
            values = List.copyOf(values);
        }

        String key() {
            return kind.profileKey();
        }
    }

    /**
     * The axes of a matrix.
     *
     * @param realloc   a reallocation study's algorithms (null in a matrix of metrics, where realloc is in {@code plugins})
     * @param heuristic a reallocation study's heuristics (likewise)
     * @param plugins   the other plugin axes, in {@link Kind} order (a study always has batch)
     * @param platforms name to platform text; null: the profile's own platform (only in a matrix of metrics)
     * @param metrics   the collector metrics to tabulate; null for a reallocation study
     * @param rows      the axis key heading the rows of the metric tables, or null (no axis)
     * @param columns   the axis key heading the columns of the metric tables, or null (one column)
     * @param ci        the metric tables give each mean with its 95 % confidence half-width over the seeds
     */
    record Axes(Axis realloc, Axis heuristic, List<Axis> plugins, Map<String, String> platforms, List<Long> seeds,
            List<String> metrics, String rows, String columns, boolean ci) {
        Axes(Axis realloc, Axis heuristic, List<Axis> plugins, Map<String, String> platforms, List<Long> seeds,
                List<String> metrics, String rows, String columns) {
            this(realloc, heuristic, plugins, platforms, seeds, metrics, rows, columns, false);
        }

        boolean study() {
            return metrics == null;
        }

        /** The axis of that kind, or null. */
        Axis plugin(Kind kind) {
            for (Axis a : plugins) {
                if (a.kind() == kind) {
                    return a;
                }
            }
            return null;
        }
    }

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

    Matrix(Runner runner, PrintStream err) {
        this.runner = runner;
        this.err = err;
    }

    // ------------------------------------------------------------------------------------------------ parsing

    /**
     * Reads a profile's {@code matrix} (as JSON values: maps, lists, strings, numbers). The profile's own settings
     * are already read (its platform, plugins, seed and {@link RunProfile#matrixWorkloads}).
     *
     * @param source names the profile in errors
     */
    static Axes parse(Map<String, Object> m, RunProfile p, String source) {
        Set<String> valid = keys();
        for (String k : m.keySet()) {
            if (!valid.contains(k)) {
                throw new InputException(source, 0, "matrix." + k, "unknown key; valid keys in matrix: " + String.join(", ", valid));
            }
        }
        List<String> metrics = m.containsKey("metrics") ? metrics(m.get("metrics"), source) : null;
        Map<Kind, Axis> given = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) {
            if (k.choosing() != Kind.Choosing.WORKLOAD && k.inRuns() && m.containsKey(k.profileKey())) {
                given.put(k, axis(k, m.get(k.profileKey()), source));
            }
        }
        Axis realloc = null;
        Axis heuristic = null;
        if (metrics == null) {
            for (String k : List.of("rows", "columns")) {
                if (m.containsKey(k)) {
                    throw new InputException(source, 0, "matrix." + k, "lays out the tables of collector metrics; give \"metrics\" too"
                            + " (a matrix without \"metrics\" is a reallocation study, tabulated against its references)");
                }
            }
            realloc = given.containsKey(Kind.REALLOCATION) ? given.remove(Kind.REALLOCATION)
                    : names(Kind.REALLOCATION, Defaults.list(Defaults.matrix().path("realloc")));
            heuristic = given.containsKey(Kind.HEURISTIC) ? given.remove(Kind.HEURISTIC)
                    : names(Kind.HEURISTIC, Defaults.list(Defaults.matrix().path("heuristic")));
            if (!given.containsKey(Kind.BATCH)) {
                RunProfile.Choice b = p.choice(Kind.BATCH);
                given.put(Kind.BATCH, new Axis(Kind.BATCH, List.of(new Value(b.name(), List.of(b)))));
            }
        }
        List<Axis> plugins = new ArrayList<>(given.values());
        Map<String, String> platforms = platforms(m.get("platforms"), p, metrics == null, source);
        List<Long> seeds = new ArrayList<>();
        Object s = m.get("seeds");
        Object r = m.get("replications");
        if (r != null && s != null) {
            throw new InputException(source, 0, "matrix.replications", "give either \"seeds\" (the seeds themselves) or \"replications\""
                    + " (how many seeds, derived from the profile's seed), not both");
        }
        if (r != null) {
            if (!(r instanceof Integer || r instanceof Long) || ((Number) r).longValue() < 1 || ((Number) r).longValue() > MAX_REPLICATIONS) {
                throw new InputException(source, 0, "matrix.replications", "expected a whole number of replications from 1 to "
                        + MAX_REPLICATIONS + ", got " + describe(r));
            }
            seeds.addAll(replicationSeeds(p.seed, ((Number) r).intValue()));
        } else if (s == null) {
            seeds.add(p.seed);
        } else if (s instanceof List<?> l && l.size() > MAX_REPLICATIONS) {
            throw new InputException(source, 0, "matrix.seeds", "at most " + MAX_REPLICATIONS + " seeds per cell, got " + l.size());
        } else if (s instanceof List<?> l && !l.isEmpty() && l.stream().allMatch(x -> x instanceof Number)) {
            l.forEach(x -> seeds.add(((Number) x).longValue()));
        } else {
            throw new InputException(source, 0, "matrix.seeds", "expected a non-empty list of whole numbers");
        }
        if (new HashSet<>(seeds).size() < seeds.size()) {
            throw new InputException(source, 0, "matrix.seeds", "a seed is listed twice: " + seeds);
        }
        String rows = null;
        String columns = null;
        if (metrics != null) {
            List<String> axisKeys = new ArrayList<>();
            if (!p.matrixWorkloads.isEmpty()) {
                axisKeys.add("workloads");
            }
            if (platforms != null) {
                axisKeys.add("platforms");
            }
            plugins.forEach(a -> axisKeys.add(a.key()));
            rows = layout(m, "rows", axisKeys, source);
            columns = layout(m, "columns", axisKeys, source);
            if (rows != null && rows.equals(columns)) {
                throw new InputException(source, 0, "matrix.columns", "'" + columns + "' already heads the rows; name another axis: "
                        + String.join(", ", axisKeys));
            }
            // by default rows = the first axis, columns = the last (of those the profile does not place itself)
            List<String> free = new ArrayList<>(axisKeys);
            free.remove(rows);
            free.remove(columns);
            if (rows == null && !free.isEmpty()) {
                rows = free.remove(0);
            }
            if (columns == null && !free.isEmpty()) {
                columns = free.remove(free.size() - 1);
            }
        }
        boolean ci = false;
        if (m.containsKey("ci")) {
            if (!(m.get("ci") instanceof Boolean b)) {
                throw new InputException(source, 0, "matrix.ci", "expected true (each mean with its 95 % confidence half-width"
                        + " over the seeds) or false, got " + describe(m.get("ci")));
            }
            if (metrics == null) {
                throw new InputException(source, 0, "matrix.ci", "applies to the tables of collector metrics; give \"metrics\" too");
            }
            ci = b;
        }
        return new Axes(realloc, heuristic, plugins, platforms, seeds, metrics, rows, columns, ci);
    }

    private static List<String> metrics(Object v, String source) {
        if (v instanceof List<?> l && !l.isEmpty() && l.stream().allMatch(x -> x instanceof String s && !s.isBlank())) {
            List<String> out = new ArrayList<>();
            for (Object x : l) {
                if (out.contains(x)) {
                    throw new InputException(source, 0, "matrix.metrics", "'" + x + "' is listed twice");
                }
                out.add((String) x);
            }
            return out;
        }
        throw new InputException(source, 0, "matrix.metrics", "expected a non-empty list of metric keys (overall values of"
                + " summary.json that the run's collectors report, e.g. [\"mean_wait\", \"utilization\"])");
    }

    /** "rows" or "columns": an axis key of the matrix, or null when not given. */
    private static String layout(Map<String, Object> m, String key, List<String> axisKeys, String source) {
        Object v = m.get(key);
        if (v == null) {
            return null;
        }
        if (v instanceof String s && axisKeys.contains(s)) {
            return s;
        }
        throw new InputException(source, 0, "matrix." + key, "expected the key of one of this matrix's axes ("
                + (axisKeys.isEmpty() ? "it has none but seeds" : String.join(", ", axisKeys)) + "), got " + describe(v)
                + (v.equals("seeds") ? "; tables show means over the seeds" : ""));
    }

    private static Map<String, String> platforms(Object pl, RunProfile p, boolean study, String source) {
        Map<String, String> platforms = new LinkedHashMap<>();
        if (pl == null) {
            if (!study) {
                return null;
            }
            if (p.clusters.isEmpty()) {
                throw new InputException(source, 0, "matrix.platforms", "give the platforms, e.g. {\"homogeneous\": \"a:128,b:240\"}");
            }
            StringBuilder sb = new StringBuilder();
            p.clusters.forEach(c -> sb.append(sb.length() == 0 ? "" : ",").append(c.name()).append(':').append(c.processors())
                    .append(':').append(Decimals.shortest(c.speed())));
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
        return platforms;
    }

    /** An axis of plain names, each its own label. */
    private static Axis names(Kind kind, List<String> names) {
        List<Value> values = new ArrayList<>();
        names.forEach(n -> values.add(new Value(n, List.of(RunProfile.Choice.of(n)))));
        return new Axis(kind, values);
    }

    /**
     * A plugin axis: a list of values, each labelled by its plugin names ({@code ["fcfs", "cbf"]}), or an object of
     * label: value ({@code {"wait-10": [{"name": "coalloc", "options": {...}}], ...}}); a value is what the kind's
     * profile key takes (one plugin, "none" where allowed, or a list for kinds chosen as a list).
     */
    static Axis axis(Kind kind, Object v, String source) {
        String where = "matrix." + kind.profileKey();
        List<Value> values = new ArrayList<>();
        if (v instanceof List<?> l && !l.isEmpty()) {
            for (int i = 0; i < l.size(); i++) {
                List<RunProfile.Choice> choices = value(kind, l.get(i), where + "[" + i + "]", source);
                values.add(new Value(label(choices), choices));
            }
        } else if (v instanceof Map<?, ?> named && !named.isEmpty()) {
            if (named.get("name") instanceof String && Set.of("name", "options").containsAll(named.keySet())) {
                throw new InputException(source, 0, where, "an axis is a list of values or an object of label: value; one "
                        + kind.label() + " with options is a list of one: [{\"name\": ..., \"options\": {...}}]");
            }
            for (Map.Entry<?, ?> e : named.entrySet()) {
                String label = String.valueOf(e.getKey());
                if (label.isBlank()) {
                    throw new InputException(source, 0, where, "a label is empty");
                }
                values.add(new Value(label, value(kind, e.getValue(), where + "." + label, source)));
            }
        } else {
            throw new InputException(source, 0, where, "expected a non-empty list of " + kind.plural() + " or an object of label: value"
                    + " (each value as \"" + kind.profileKey() + "\" takes it in a profile), got " + describe(v));
        }
        Set<String> seen = new HashSet<>();
        for (Value x : values) {
            if (!seen.add(x.label())) {
                throw new InputException(source, 0, where, "two values are labelled '" + x.label() + "'; give them labels of their own: {\""
                        + x.label() + " a\": ..., \"" + x.label() + " b\": ...}");
            }
        }
        return new Axis(kind, values);
    }

    /** The label of a value given in list form: its plugins' names ("none" for none). */
    private static String label(List<RunProfile.Choice> choices) {
        if (choices.isEmpty()) {
            return "none";
        }
        List<String> names = new ArrayList<>();
        choices.forEach(c -> names.add(c.name()));
        return String.join("+", names);
    }

    /** One value of a kind's axis, read as the kind's profile key reads it. */
    private static List<RunProfile.Choice> value(Kind kind, Object v, String where, String source) {
        switch (kind.choosing()) {
            case MANY -> {
                if (v instanceof List<?> l) {
                    List<RunProfile.Choice> out = new ArrayList<>();
                    for (int i = 0; i < l.size(); i++) {
                        out.add(choice(l.get(i), where + "[" + i + "]", source));
                    }
                    return out;
                }
                if (v instanceof Map<?, ?> mm && !mm.containsKey("name")) { // name: options, as in a profile
                    List<RunProfile.Choice> out = new ArrayList<>();
                    for (Map.Entry<?, ?> e : mm.entrySet()) {
                        out.add(new RunProfile.Choice(String.valueOf(e.getKey()), options(e.getValue(), where + "." + e.getKey(), source)));
                    }
                    return out;
                }
                return List.of(choice(v, where, source));
            }
            case ONE_OR_NONE -> {
                return "none".equals(v) ? List.of() : List.of(choice(v, where, source));
            }
            default -> {
                return List.of(choice(v, where, source));
            }
        }
    }

    private static RunProfile.Choice choice(Object v, String where, String source) {
        if (v instanceof String s && !s.isBlank()) {
            return RunProfile.Choice.of(s);
        }
        if (v instanceof Map<?, ?> m) {
            for (Object k : m.keySet()) {
                if (!ProfileParser.CHOICE_KEYS.contains(String.valueOf(k))) {
                    throw new InputException(source, 0, where + "." + k, "unknown key; valid keys in " + where + ": "
                            + String.join(", ", ProfileParser.CHOICE_KEYS));
                }
            }
            if (!(m.get("name") instanceof String name) || name.isBlank()) {
                throw new InputException(source, 0, where + ".name", "missing plugin name");
            }
            return new RunProfile.Choice(name, m.containsKey("options") ? options(m.get("options"), where + ".options", source) : Map.of());
        }
        throw new InputException(source, 0, where, "expected a plugin name or {\"name\": ..., \"options\": {...}}, got " + describe(v));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> options(Object v, String where, String source) {
        if (v instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new InputException(source, 0, where, "expected an object of option: value, got " + describe(v));
    }

    private static String describe(Object v) {
        return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
    }

    // ------------------------------------------------------------------------------------------------ running

    /** Runs every cell; returns the folder holding matrix.csv and tables.md. */
    Path run(RunProfile p, Axes axes, Path dir) {
        checkPlugins(p, axes);
        return axes.study() ? runStudy(p, axes, dir) : runMetrics(p, axes, dir);
    }

    /** Every plugin the axes name exists and takes the options given, before anything runs. */
    void checkPlugins(RunProfile p, Axes axes) {
        List<Axis> all = new ArrayList<>(axes.plugins());
        if (axes.realloc() != null) {
            all.add(axes.realloc());
            all.add(axes.heuristic());
        }
        for (Axis a : all) {
            for (Value v : a.values()) {
                for (RunProfile.Choice c : v.choices()) {
                    String field = "matrix." + a.key() + "." + v.label();
                    Map<String, Object> options = c.options();
                    if (axes.study() && a.kind() == Kind.REALLOCATION && options.isEmpty() && p.choice(Kind.REALLOCATION) != null) {
                        options = p.choice(Kind.REALLOCATION).options();
                    }
                    runner.check(a.kind(), c.name(), options, field);
                }
            }
        }
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
        List<String> workloads = p.matrixWorkloads.isEmpty() ? java.util.Collections.singletonList(null)
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

    private Path runStudy(RunProfile p, Axes axes, Path dir) {
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
        try {
            for (Scenario sc : scenarios) {
                String scDir = scenarioFolder(sc, axes);
                CompletableFuture<SimulationResult> reference = CompletableFuture.supplyAsync(() -> {
                    SimulationResult r = runner.execute(variant(p, sc, null, null), dir.resolve("runs").resolve(scDir + "-reference"), null, false).result();
                    progress(p, done, total);
                    return r;
                }, pool);
                for (Value realloc : axes.realloc().values()) {
                    for (Value h : axes.heuristic().values()) {
                        cells.add(reference.thenApplyAsync(ref -> {
                            Runner.Outcome o = runner.execute(variant(p, sc, realloc, h),
                                    dir.resolve("runs").resolve(variantFolder(scDir, realloc, h)), ref, false);
                            progress(p, done, total);
                            return new Cell(sc, realloc.label(), h.label(), o.report().comparison());
                        }, pool));
                    }
                }
            }
            List<Cell> results = new ArrayList<>();
            for (CompletableFuture<Cell> f : cells) {
                results.add(f.get());
            }
            writeStudy(p.name, dir, axes, extraAxes, scenarios, results);
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

    private static List<RunProfile.ClusterEntry> clusters(String platform) {
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
    }

    static void writeStudy(String name, Path dir, Axes axes, List<Axis> extraAxes, List<Scenario> scenarios, List<Cell> cells) {
        write(dir, StudyTables.csv(extraAxes, cells), StudyTables.markdown(name, axes, scenarios, cells));
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

    // ------------------------------------------------------------------------------------------------ metrics matrix

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
                List<RunProfile.ClusterEntry> clusters = clusters(text);
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
                String folder = slug(cellLabel(dims, at, " ") + (withSeed ? (dims.isEmpty() ? "" : " ") + "seed " + seed : ""));
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
            row[i] = metric(o.report(), axes.metrics().get(i), dims, run, axes.seeds().size() > 1, p.name);
        }
        return row;
    }

    private Path runMetrics(RunProfile p, Axes axes, Path dir) {
        List<Dim> dims = dims(p, axes);
        List<Run> runs = runs(p, axes, dims);
        int cells = runs.size() / axes.seeds().size();
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        err.printf("%s: %d runs (%d cells x %d seeds) on %d threads%n", p.name, runs.size(), cells, axes.seeds().size(), threads);
        AtomicInteger done = new AtomicInteger();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<CompletableFuture<double[]>> futures = new ArrayList<>();
        List<Object[]> values = new ArrayList<>();
        try {
            for (Run run : runs) {
                Object[] row = new Object[axes.metrics().size()];
                values.add(row);
                futures.add(CompletableFuture.supplyAsync(() -> {
                    if (failure.get() != null) {
                        return null; // a run failed: the others that have not started yet do not
                    }
                    try {
                        Object[] got = runOne(p, axes, dims, run, dir.resolve("runs").resolve(run.folder()));
                        double[] out = new double[row.length];
                        for (int i = 0; i < row.length; i++) {
                            row[i] = got[i];
                            out[i] = ((Number) row[i]).doubleValue();
                        }
                        progress(p, done, runs.size());
                        return out;
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                        throw e;
                    }
                }, pool));
            }
            CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).exceptionally(e -> null).get();
            if (failure.get() != null) {
                throw failure.get();
            }
            List<double[]> results = new ArrayList<>();
            for (CompletableFuture<double[]> f : futures) {
                results.add(f.get());
            }
            writeMetrics(dir, axes, dims, runs, values, results);
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

    /** A metric's overall value in a run's report (a number, NaN if reported empty); an error naming the cell if none. */
    private static Number metric(RunReport report, String key, List<Dim> dims, Run run, boolean withSeed, String source) {
        Set<String> reported = new LinkedHashSet<>();
        List<String> collectors = new ArrayList<>();
        for (MetricSection s : report.metrics()) {
            collectors.add(s.collector());
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
            reported.addAll(s.values().keySet());
        }
        // "CLUSTER.metric": what the collectors reported for one cluster
        int dot = key.indexOf('.');
        for (ClusterReport c : dot > 0 ? report.clusters() : List.<ClusterReport>of()) {
            if (c.name().equals(key.substring(0, dot))) {
                Object v = c.metric(key.substring(dot + 1));
                if (v == null && !c.metrics().isEmpty()) {
                    throw new InputException(source, 0, "matrix.metrics", "no collector reported '" + key.substring(dot + 1) + "' for cluster "
                            + c.name() + " in the cell " + describe(dims, run, true) + " (per-cluster keys are CLUSTER.metric)");
                }
                if (v instanceof Number n) {
                    return n;
                }
                throw new InputException(source, 0, "matrix.metrics", "'" + key + "' is not a number in the cell " + describe(dims, run, true)
                        + " (" + v + "); tabulate numeric metrics only");
            }
        }
        throw new InputException(source, 0, "matrix.metrics", "no collector reported '" + key + "' in the cell " + describe(dims, run, true)
                + " (its collectors: " + (collectors.isEmpty() ? "none" : String.join(", ", collectors)) + "; they reported: "
                + (reported.isEmpty() ? "nothing" : String.join(", ", reported)) + "); add the collector that reports it to \"collectors\""
                + " or correct the key");
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
    private static List<int[]> indexCombinations(List<Dim> dims) {
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

    static void writeMetrics(Path dir, Axes axes, List<Dim> dims, List<Run> runs, List<Object[]> values, List<double[]> results) {
        StringBuilder csv = new StringBuilder();
        dims.forEach(d -> csv.append(Csv.field(d.header())).append(','));
        csv.append("seed");
        axes.metrics().forEach(m -> csv.append(',').append(Csv.field(m)));
        csv.append('\n');
        for (int r = 0; r < runs.size(); r++) {
            Run run = runs.get(r);
            for (int d = 0; d < dims.size(); d++) {
                csv.append(Csv.field(dims.get(d).labels().get(run.at()[d]))).append(',');
            }
            csv.append(run.seed());
            for (Object v : values.get(r)) {
                csv.append(',').append(v instanceof Double || v instanceof Float ? Numbers.format(((Number) v).doubleValue()) : v);
            }
            csv.append('\n');
        }
        write(dir, csv, metricTables(axes, dims, runs, results));
    }

    /**
     * tables.md of a matrix of metrics: per metric, a table of rows = the {@code rows} axis, columns = the
     * {@code columns} axis, values = means over the seeds (of the seeds where the metric is defined); one table per
     * combination of the other axes.
     */
    private static String metricTables(Axes axes, List<Dim> dims, List<Run> runs, List<double[]> results) {
        int rowDim = -1;
        int colDim = -1;
        List<Dim> others = new ArrayList<>();
        List<Integer> otherIndex = new ArrayList<>();
        for (int d = 0; d < dims.size(); d++) {
            if (dims.get(d).key().equals(axes.rows())) {
                rowDim = d;
            } else if (dims.get(d).key().equals(axes.columns())) {
                colDim = d;
            } else {
                others.add(dims.get(d));
                otherIndex.add(d);
            }
        }
        List<Long> seeds = axes.seeds();
        StringBuilder md = new StringBuilder();
        md.append(seeds.size() > 1 ? (axes.ci() ? "Mean ± 95 % confidence half-width (Student's t) over " : "Mean over ")
                + seeds.size() + " seeds (" + joinSeeds(seeds) + ")" : "Seed " + seeds.get(0))
                .append(" of each metric; rows: ").append(rowDim < 0 ? "all cells" : dims.get(rowDim).key())
                .append(", columns: ").append(colDim < 0 ? (seeds.size() > 1 ? "the mean" : "the value") : dims.get(colDim).key());
        if (!others.isEmpty()) {
            List<String> keys = new ArrayList<>();
            others.forEach(d -> keys.add(d.key()));
            md.append("; a table for each ").append(String.join(" x ", keys));
        }
        md.append(".\n\n");
        // runs by their cell: the values of every seed
        Map<List<Integer>, List<double[]>> byCell = new HashMap<>();
        for (int r = 0; r < runs.size(); r++) {
            byCell.computeIfAbsent(cell(runs.get(r).at()), k -> new ArrayList<>()).add(results.get(r));
        }
        List<String> rowLabels = rowDim < 0 ? List.of("all") : dims.get(rowDim).labels();
        List<String> colLabels = colDim < 0 ? List.of(seeds.size() > 1 ? "mean" : "value") : dims.get(colDim).labels();
        List<int[]> otherCombos = indexCombinations(others);
        for (int m = 0; m < axes.metrics().size(); m++) {
            for (int[] combo : otherCombos) {
                md.append("### ").append(axes.metrics().get(m));
                if (!others.isEmpty()) {
                    List<String> parts = new ArrayList<>();
                    for (int o = 0; o < others.size(); o++) {
                        parts.add(others.get(o).key() + ": " + others.get(o).labels().get(combo[o]));
                    }
                    md.append(" (").append(cellText(String.join("; ", parts))).append(')');
                }
                md.append("\n\n| ").append(rowDim < 0 ? "" : dims.get(rowDim).key()).append(" |");
                colLabels.forEach(c -> md.append(' ').append(cellText(c)).append(" |"));
                md.append("\n|---|");
                colLabels.forEach(c -> md.append("---:|"));
                md.append('\n');
                for (int r = 0; r < rowLabels.size(); r++) {
                    md.append("| ").append(cellText(rowLabels.get(r))).append(" |");
                    for (int c = 0; c < colLabels.size(); c++) {
                        int[] at = new int[dims.size()];
                        if (rowDim >= 0) {
                            at[rowDim] = r;
                        }
                        if (colDim >= 0) {
                            at[colDim] = c;
                        }
                        for (int o = 0; o < others.size(); o++) {
                            at[otherIndex.get(o)] = combo[o];
                        }
                        double sum = 0;
                        int n = 0;
                        List<Double> values = new ArrayList<>();
                        for (double[] v : byCell.getOrDefault(cell(at), List.of())) {
                            if (!Double.isNaN(v[m])) {
                                sum += v[m];
                                n++;
                                values.add(v[m]);
                            }
                        }
                        double mean = n > 0 ? sum / n : Double.NaN;
                        md.append(' ').append(format(mean, 2));
                        if (axes.ci() && n > 1) {
                            md.append(" ± ").append(format(halfWidth95(values, mean), 2));
                        }
                        md.append(" |");
                    }
                    md.append('\n');
                }
                md.append('\n');
            }
        }
        return md.toString();
    }

    private static List<Integer> cell(int[] at) {
        List<Integer> l = new ArrayList<>();
        for (int i : at) {
            l.add(i);
        }
        return l;
    }

    private static String joinSeeds(List<Long> seeds) {
        List<String> s = new ArrayList<>();
        seeds.forEach(x -> s.add(Long.toString(x)));
        return String.join(", ", s);
    }

    // ------------------------------------------------------------------------------------------------ output

    private static void write(Path dir, CharSequence csv, CharSequence md) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("matrix.csv"), csv, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("tables.md"), md, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
        }
    }


    /**
     * Text in a markdown table cell or heading: a table row ends at a line break and its cells at a '|', so a label
     * holding either (a profile may give any string) would break the table. Line breaks become {@code <br>}, other
     * control characters a space; backslashes are doubled first so that the '|' escape stays one.
     */
    static String cellText(String s) {
        String text = s.replace("\\", "\\\\").replace("|", "\\|").replace("\r\n", "<br>").replace("\n", "<br>").replace("\r", "<br>");
        return text.replaceAll("\\p{Cntrl}", " ");
    }

    /** Student's t quantile 0.975 for 1..30 degrees of freedom; beyond, the normal's 1.96. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    /** The 95 % confidence half-width of the mean of at least two values: t(0.975, n-1) s / sqrt(n). */
    static double halfWidth95(List<Double> values, double mean) {
        int n = values.size();
        double ss = 0;
        for (double x : values) {
            ss += (x - mean) * (x - mean);
        }
        double t = n - 1 <= T975.length ? T975[n - 2] : 1.96;
        return t * Math.sqrt(ss / (n - 1) / n);
    }

    static String format(double v, int digits) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}
