package org.gridsched.launcher;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.gridsched.api.Decimals;
import org.gridsched.api.InputException;
import org.gridsched.engine.Platform;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * A profile's {@code "matrix"}, read and checked: what the experiments bundle runs ({@link Experiments}). Its axes: named
 * {@code workloads}, named {@code platforms}, and one axis per plugin kind under the kind's profile key ({@code batch},
 * {@code meta}, {@code realloc}, {@code heuristic}, {@code collectors}, {@code controllers}), each a list of values
 * (labelled by their plugin names) or an object of label: value, a value being what the profile key takes in a
 * profile ({@link AxisValues}); every cell runs once per seed of {@code seeds} (default: the profile's seed), or of the
 * seeds {@code "replications": N} derives from the profile's seed ({@link #replicationSeeds}). Without
 * {@code "metrics"} the matrix is a reallocation study (every scenario against a reference run without reallocation;
 * {@code realloc} and {@code heuristic} default to {@code defaults.json}'s); with it, a matrix of collector metrics
 * laid out by {@code rows} and {@code columns}.
 * <p>
 * The parsing stays with the profiles (a profile's errors name its file when it is read, {@code run --check}
 * included); the running and the tables are the experiments bundle's.
 */
public final class MatrixAxes {
    /** The matrix's own keys; every plugin kind chosen at the top of a profile adds its profile key ({@link #keys}). */
    public static final List<String> OWN_KEYS = List.of("workloads", "platforms", "seeds", "replications", "metrics", "rows", "columns", "ci");

    /** Every key a matrix may hold, sorted. */
    public static Set<String> keys() {
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
    public static final int MAX_REPLICATIONS = 100_000;

    /**
     * The seeds of {@code "replications": n}: replicate r's seed is a function of the profile's seed and r alone
     * (SplitMix64 of seed + (r + 1) x golden gamma, kept to 32 bits so that it reads well in folder names and
     * tables; a value already given to an earlier replicate is passed over). Every cell of the matrix runs
     * replicate r with the same seed, as with {@code "seeds"}: the cells of a replicate see the same workload,
     * so that their differences are the plugins' (common random numbers), whichever machine or array task runs them.
     */
    public static List<Long> replicationSeeds(long profileSeed, int n) {
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
    public record Value(String label, List<RunProfile.Choice> choices) {
        public Value {
            choices = List.copyOf(choices);
        }
    }

    /** The values a matrix gives a plugin kind, in order; labels are unique. */
    public record Axis(Kind kind, List<Value> values) {
        public Axis {
            values = List.copyOf(values);
        }

        public String key() {
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
    public record Axes(Axis realloc, Axis heuristic, List<Axis> plugins, Map<String, String> platforms, List<Long> seeds,
            List<String> metrics, String rows, String columns, boolean ci) {
        public Axes(Axis realloc, Axis heuristic, List<Axis> plugins, Map<String, String> platforms, List<Long> seeds,
                List<String> metrics, String rows, String columns) {
            this(realloc, heuristic, plugins, platforms, seeds, metrics, rows, columns, false);
        }

        public boolean study() {
            return metrics == null;
        }

        /** The axis of that kind, or null. */
        public Axis plugin(Kind kind) {
            for (Axis a : plugins) {
                if (a.kind() == kind) {
                    return a;
                }
            }
            return null;
        }
    }

    private MatrixAxes() {
    }

    /**
     * Reads a profile's {@code matrix} (as JSON values: maps, lists, strings, numbers). The profile's own settings
     * are already read (its platform, plugins, seed and {@link RunProfile#matrixWorkloads}).
     *
     * @param source names the profile in errors
     */
    public static Axes parse(Map<String, Object> m, RunProfile p, String source) {
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
                given.put(k, AxisValues.axis(k, m.get(k.profileKey()), source));
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
                    : AxisValues.names(Kind.REALLOCATION, Defaults.list(Defaults.matrix().path("realloc")));
            heuristic = given.containsKey(Kind.HEURISTIC) ? given.remove(Kind.HEURISTIC)
                    : AxisValues.names(Kind.HEURISTIC, Defaults.list(Defaults.matrix().path("heuristic")));
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
        } else if (s instanceof List<?> l && !l.isEmpty() && l.stream().allMatch(x -> x instanceof Integer || x instanceof Long)) {
            l.forEach(x -> seeds.add(((Number) x).longValue()));
        } else {
            // 1.5 ran as 1, and a seed beyond a long as another seed: each is named
            Object bad = s instanceof List<?> l ? l.stream().filter(x -> !(x instanceof Integer || x instanceof Long)).findFirst().orElse(null) : s;
            throw new InputException(source, 0, "matrix.seeds", "expected a non-empty list of whole numbers (at most "
                    + Long.MAX_VALUE + "), got " + describe(bad != null ? bad : s));
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
            Map<String, String> labels = new java.util.HashMap<>();
            for (Map.Entry<?, ?> e : pm.entrySet()) {
                String field = "matrix.platforms." + e.getKey();
                if (!(e.getValue() instanceof String text) || text.isBlank()) {
                    throw new InputException(source, 0, field, "expected a platform \"NAME:PROCS[:SPEED],...\", got " + describe(e.getValue()));
                }
                try {
                    Platform.parse(text, field);
                } catch (InputException x) { // Platform names the field; the profile's file too
                    throw new InputException(source, 0, field, x.source() == null && field.equals(x.field()) ? x.problem() : x.getMessage());
                }
                String first = labels.putIfAbsent(text.strip(), String.valueOf(e.getKey()));
                if (first != null) {
                    throw new InputException(source, 0, field, "the same platform as '" + first + "' (" + text + "): each of its runs would"
                            + " repeat one of '" + first + "'; remove one");
                }
                platforms.put(String.valueOf(e.getKey()), text);
            }
        } else {
            throw new InputException(source, 0, "matrix.platforms", "expected an object of name: \"NAME:PROCS[:SPEED],...\"");
        }
        return platforms;
    }

    /**
     * Every plugin the axes name exists and takes the options given, before anything runs: an error names the
     * axis and value ({@code matrix.batch.cbf}).
     */
    public static void checkPlugins(Runner runner, RunProfile p, Axes axes) {
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

    static String describe(Object v) {
        return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
    }
}
