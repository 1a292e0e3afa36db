package org.gridsched.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.gridsched.api.Decimals;
import org.gridsched.api.InputException;
import org.gridsched.engine.SimulationResult;
import org.gridsched.engine.report.Comparison;
import org.gridsched.launcher.Matrix.Axes;
import org.gridsched.launcher.Matrix.Scenario;
import org.gridsched.launcher.Matrix.Value;

/**
 * A matrix as numbered cells, for sweeps that are run piece by piece (Slurm array tasks, or a local run that was
 * killed and resumed) and merged at the end into the same {@code matrix.csv} and {@code tables.md}, byte for byte,
 * as the one-shot {@code gridsched run}.
 *
 * <p>A cell is the smallest unit that can run alone: one run (combination of axis values x seed) of a matrix of
 * metrics, one scenario (its reference and every reallocation run compared with it) of a reallocation study; cells
 * are numbered in the order of {@code matrix.csv}, their seeds are those of the one-shot run ({@code "seeds"}, the
 * profile's seed, or the seeds {@code "replications"} derives from it). Cell {@code KEY} (the name of its run
 * folder, or its scenario's prefix, under {@code runs/} in a one-shot run) is written to
 * {@code DIR/cells/KEY/}: its runs under {@code runs/} and {@code cell.json}, the values the tables need (the merge
 * links every cell's runs into {@code DIR/runs/}, the one-shot run's layout). The folder
 * is claimed as an {@link OutputFolder} (locked, staged, moved into place with {@code cell.json} last): a cell is
 * complete exactly when its {@code cell.json} is there, and a killed cell leaves none, so a rerun skips complete
 * cells and runs the others again. {@code cell.json} names the profile and a fingerprint of its content (all of it
 * but {@code description}, {@code output} and {@code progress}, with the seed), so that cells of another profile,
 * or of an edited one, are never merged.
 */
final class Sweep {
    /** One cell: its number, its key (folder name), its seed and what it runs. */
    record CellInfo(int index, String key, long seed, String description) {
    }

    static final String CELLS = "cells";
    static final String RECORD = "cell.json";
    /** Doubles by Schubfach ({@code USE_FAST_DOUBLE_WRITER}): the same digits on every JDK. */
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private final Runner runner;
    private final Matrix matrix;
    private final PrintStream out;
    private final PrintStream err;
    private final RunProfile p;
    private final Axes axes;
    private final String fingerprint;
    /** The profile's file, for the commands the messages suggest. */
    private final Path profileFile;
    private final Path dir;
    private final List<Matrix.Dim> dims;
    private final List<Matrix.Run> runs;
    private final List<Scenario> scenarios;
    private final List<CellInfo> cells = new ArrayList<>();

    /**
     * @param fingerprint what the profile's cells are computed from ({@link #fingerprint(Path, long)})
     * @param dir         the sweep's folder (cells/, matrix.csv, tables.md)
     */
    Sweep(Runner runner, PrintStream out, PrintStream err, RunProfile p, Path profileFile, String fingerprint, Path dir) {
        if (p.matrix == null) {
            throw new InputException(p.name, 0, "matrix", "this profile has no \"matrix\"; a sweep runs the cells of a matrix"
                    + " (run a single profile with 'gridsched run')");
        }
        this.runner = runner;
        this.matrix = new Matrix(runner, err);
        this.out = out;
        this.err = err;
        this.p = p;
        this.axes = Matrix.parse(p.matrix, p, p.name);
        this.fingerprint = fingerprint;
        this.profileFile = profileFile;
        this.dir = dir;
        Map<String, Integer> keys = new HashMap<>();
        if (axes.study()) {
            dims = null;
            runs = null;
            scenarios = Matrix.scenarios(p, axes);
            int variants = axes.realloc().values().size() * axes.heuristic().values().size();
            for (Scenario sc : scenarios) {
                List<String> parts = new ArrayList<>();
                if (sc.workload() != null) {
                    parts.add("workload " + sc.workload());
                }
                parts.add("platform " + sc.platformName());
                parts.add("batch " + sc.batch().label());
                for (int i = 0; i < sc.extras().size(); i++) {
                    parts.add(sc.extraAxes().get(i).key() + " " + sc.extras().get(i).label());
                }
                parts.add("seed " + sc.seed());
                add(keys, Matrix.scenarioFolder(sc, axes), sc.seed(), String.join(", ", parts) + ": 1 reference + " + variants
                        + " reallocation runs");
            }
        } else {
            scenarios = null;
            dims = Matrix.dims(p, axes);
            runs = Matrix.runs(p, axes, dims);
            for (Matrix.Run r : runs) {
                add(keys, r.folder(), r.seed(), Matrix.describe(dims, r, true));
            }
        }
    }

    private void add(Map<String, Integer> keys, String key, long seed, String description) {
        Integer clash = keys.put(key, cells.size());
        if (clash != null) {
            throw new InputException(p.name, 0, "matrix", "the cells " + clash + " (" + cells.get(clash).description() + ") and "
                    + cells.size() + " (" + description + ") would share the folder cells/" + key
                    + "; give their values labels that differ in letters or digits");
        }
        if (key.startsWith(".")) {
            throw new InputException(p.name, 0, "matrix", "the cell " + cells.size() + " (" + description + ") would have the folder cells/"
                    + key + ", a hidden name; give its values labels with letters or digits");
        }
        cells.add(new CellInfo(cells.size(), key, seed, description));
    }

    List<CellInfo> cells() {
        return cells;
    }

    /**
     * What a profile's cells are computed from: SHA-256 of its content as canonical JSON (keys sorted) without
     * {@code description}, {@code output} and {@code progress}, and of the seed in effect (a --seed changes every cell).
     */
    static String fingerprint(Path profile, long seed) {
        try {
            JsonNode root = new ObjectMapper().readTree(Files.readString(profile, StandardCharsets.UTF_8));
            if (root instanceof ObjectNode o) {
                o.remove(List.of("description", "output", "progress"));
            }
            Object canonical = JSON.convertValue(root, Object.class);
            byte[] text = JSON.writeValueAsBytes(Map.of("profile", canonical, "seed", seed));
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text));
        } catch (IOException e) {
            throw new InputException(profile.toString(), 0, null, "cannot read run profile: " + e.getMessage());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // ------------------------------------------------------------------------------------------------ list

    /** One line per cell: number, key, seed, what it runs; first a line saying what a cell is. */
    void list() {
        String unit = axes.study() ? "one scenario: a reference and its reallocation runs" : "one run";
        out.printf("# %s: %d cells (each %s), numbered 0-%d; columns: cell, key (its folder under cells/), seed, what it runs%n",
                p.name, cells.size(), unit, cells.size() - 1);
        for (CellInfo c : cells) {
            out.println(c.index() + "\t" + c.key() + "\t" + c.seed() + "\t" + c.description());
        }
    }

    /**
     * The cells {@code spec} names: "I" or "I-J" (inclusive), within 0 to N-1.
     *
     * @param option the option it came from, for errors
     */
    int[] range(String spec, String option) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,9})(?:-(\\d{1,9}))?").matcher(spec.strip());
        if (!m.matches()) {
            throw new Cli.UsageException(option + " expects " + (option.equals("--cell") ? "a cell number" : "a range FIRST-LAST of cell numbers")
                    + ", e.g. " + option + (option.equals("--cell") ? " 3" : " 0-9") + "; got '" + spec + "'");
        }
        int first = Integer.parseInt(m.group(1));
        int last = m.group(2) == null ? first : Integer.parseInt(m.group(2));
        if (option.equals("--cell") && m.group(2) != null) {
            throw new Cli.UsageException("--cell takes one cell number; give a range with --cells " + spec);
        }
        if (first > last) {
            throw new Cli.UsageException(option + " " + spec + ": the first cell is after the last; write " + last + "-" + first);
        }
        if (last >= cells.size()) {
            throw new InputException(p.name, 0, option, (first == last ? "there is no cell " + last : "cells " + spec + " go beyond the last cell")
                    + ": '" + p.name + "' has " + cells.size() + " cells, numbered 0-" + (cells.size() - 1) + " (see --list)");
        }
        return new int[] {first, last};
    }

    // ------------------------------------------------------------------------------------------------ state

    /** Where a cell stands in the sweep's folder. */
    enum State {
        COMPLETE, MISSING, PARTIAL, FOREIGN
    }

    private Path cellDir(CellInfo c) {
        return dir.resolve(CELLS).resolve(c.key());
    }

    /** The cell's record when complete and of this profile; null otherwise (with the reason in {@code why}). */
    private JsonNode record(CellInfo c, StringBuilder why) {
        Path f = cellDir(c).resolve(RECORD);
        JsonNode r;
        try {
            r = new ObjectMapper().readTree(f.toFile());
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return null;
        } catch (IOException e) {
            why.append(f).append(" cannot be read (").append(e.getMessage()).append(')');
            return null;
        }
        if (r == null || !r.path("profile").asText().equals(p.name)) {
            why.append(f).append(" is a cell of '").append(r == null ? "?" : r.path("profile").asText()).append("', not of '")
                    .append(p.name).append('\'');
        } else if (!r.path("fingerprint").asText().equals(fingerprint)) {
            why.append(f).append(" was computed from another version of the profile (or with another --seed)");
        } else if (r.path("index").asInt(-1) != c.index() || !r.path("key").asText().equals(c.key())) {
            why.append(f).append(" is cell ").append(r.path("index").asText()).append(" (").append(r.path("key").asText())
                    .append("), not cell ").append(c.index()).append(" (").append(c.key()).append(')');
        } else {
            return r;
        }
        return null;
    }

    State state(CellInfo c, StringBuilder why) {
        JsonNode r = record(c, why);
        if (r != null) {
            return State.COMPLETE;
        }
        if (why.length() > 0) {
            return State.FOREIGN;
        }
        return Files.isDirectory(cellDir(c)) ? State.PARTIAL : State.MISSING;
    }

    // ------------------------------------------------------------------------------------------------ run

    /**
     * Runs the cells {@code first}-{@code last} that are not complete yet, on {@code threads} threads; complete cells
     * are skipped. A cell that fails leaves no record (it runs again next time); the others go on, and the failures
     * are reported together at the end.
     */
    void run(int first, int last, int threads) {
        matrix.checkPlugins(p, axes);
        claimSweepFolder();
        List<CellInfo> todo = new ArrayList<>();
        List<String> foreign = new ArrayList<>();
        int skipped = 0;
        for (CellInfo c : cells.subList(first, last + 1)) {
            StringBuilder why = new StringBuilder();
            switch (state(c, why)) {
                case COMPLETE -> skipped++;
                case FOREIGN -> foreign.add("cell " + c.index() + ": " + why);
                default -> todo.add(c);
            }
        }
        if (!foreign.isEmpty()) {
            throw new InputException(dir.toString(), 0, "cells", "holds cells this profile did not compute:\n  " + String.join("\n  ", foreign)
                    + "\nremove those folders (or use another --out) to compute them again");
        }
        String range = first == last ? "cell " + first : "cells " + first + "-" + last;
        if (todo.isEmpty()) {
            err.printf("%s: %s already complete in %s; nothing to run%n", p.name, range, dir.resolve(CELLS));
            return;
        }
        err.printf("%s: %s: %d to run%s on %d thread%s, into %s%n", p.name, range, todo.size(),
                skipped > 0 ? " (" + skipped + " already complete, skipped)" : "", threads, threads == 1 ? "" : "s", dir.resolve(CELLS));
        long start = System.nanoTime();
        AtomicInteger done = new AtomicInteger();
        Map<CellInfo, String> failed = new java.util.concurrent.ConcurrentSkipListMap<>(java.util.Comparator.comparingInt(CellInfo::index));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<CompletableFuture<Void>> futures = new ArrayList<>();
            // at most one cell per thread under way, so that cells complete one after another (what a kill
            // leaves is then complete cells and a few partial ones, not every cell half done)
            java.util.concurrent.Semaphore inFlight = new java.util.concurrent.Semaphore(threads);
            for (CellInfo c : todo) {
                inFlight.acquire();
                futures.add(runCell(c, pool).handle((x, e) -> {
                    inFlight.release();
                    int d = done.incrementAndGet();
                    double seconds = (System.nanoTime() - start) / 1e9;
                    String eta = d < todo.size() ? String.format(", about %.0f s left", seconds * (todo.size() - d) / d) : "";
                    if (e != null) {
                        Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
                        failed.put(c, cause instanceof InputException || cause instanceof UncheckedIOException ? cause.getMessage() : cause.toString());
                    }
                    if (p.progress || e != null) {
                        synchronized (err) {
                            err.printf("%s: cell %d (%s) %s; %d/%d done, %.0f s%s%n", p.name, c.index(), c.key(), e == null ? "complete" : "FAILED",
                                    d, todo.size(), seconds, eta);
                        }
                    }
                    return null;
                }));
            }
            CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        if (!failed.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            failed.forEach((c, why) -> sb.append("\n  cell ").append(c.index()).append(" (").append(c.key()).append("): ").append(why));
            throw new InputException(p.name, 0, "cells", failed.size() + " of " + todo.size() + " cells failed (the others are complete;"
                    + " a rerun runs only the failed ones):" + sb);
        }
        err.printf("%s: %s complete in %s (%.1f s)%n", p.name, range, dir.resolve(CELLS), (System.nanoTime() - start) / 1e9);
    }

    /**
     * The sweep's folder: created if needed and recorded as this profile's ({@code .gridsched-run}, as a run's output
     * folder), refused when it belongs to another run or holds files gridsched did not write (cells and the Slurm
     * scripts have records or names of their own).
     */
    void claimSweepFolder() {
        try {
            Files.createDirectories(dir.resolve(CELLS));
            OutputRecord record = ownRecord("output");
            if (record == null || record == OutputRecord.LEGACY) {
                new OutputRecord(p.name, OutputRecord.originOf(p), new TreeSet<>()).write(dir);
            }
        } catch (IOException e) {
            throw new InputException(null, 0, "output", "cannot prepare the sweep folder " + dir + ": " + e.getMessage());
        }
    }

    /**
     * The sweep folder's record after checking that nothing in the folder but cells and Slurm scripts is foreign to
     * it and that it is this profile's; null when it has none.
     */
    private OutputRecord ownRecord(String field) throws IOException {
        OutputRecord record = OutputRecord.read(dir);
        String origin = OutputRecord.originOf(p);
        if (record != null && record != OutputRecord.LEGACY && !record.ownedBy(p.name, origin)) {
            throw new InputException(dir.toString(), 0, field, "holds the results of '" + record.run() + "' (" + record.origin()
                    + "), not of '" + p.name + "' (" + origin + "); give the profile the cells were run from, or another --out");
        }
        SortedSet<String> found = sweepEntries();
        if (!found.isEmpty()) {
            OutputFolder.refuseForeign(dir, record, found);
        }
        return record;
    }

    private SortedSet<String> sweepEntries() throws IOException {
        return OutputRecord.entries(dir, n -> OutputFolder.bookkeeping(n) || n.equals(CELLS) || n.equals(SlurmSweep.FOLDER)
                || n.equals(MERGE_TMP));
    }

    private static final String MERGE_TMP = ".gridsched-merge";

    /** One cell, as a chain of tasks on the pool (a study's reallocation runs in parallel once its reference is done). */
    private CompletableFuture<Void> runCell(CellInfo c, ExecutorService pool) {
        OutputFolder[] folder = new OutputFolder[1];
        CompletableFuture<Map<String, Object>> record;
        if (!axes.study()) {
            Matrix.Run run = runs.get(c.index());
            record = CompletableFuture.supplyAsync(() -> {
                folder[0] = OutputFolder.claim(cellDir(c), p.name, OutputRecord.originOf(p), false);
                Object[] values = matrix.runOne(p, axes, dims, run, folder[0].staging().resolve("runs").resolve(run.folder()));
                List<String> encoded = new ArrayList<>();
                for (Object v : values) {
                    encoded.add(encode((Number) v));
                }
                Map<String, Object> m = header(c);
                m.put("values", encoded);
                return m;
            }, pool);
        } else {
            Scenario sc = scenarios.get(c.index());
            String scDir = Matrix.scenarioFolder(sc, axes);
            CompletableFuture<SimulationResult> reference = CompletableFuture.supplyAsync(() -> {
                folder[0] = OutputFolder.claim(cellDir(c), p.name, OutputRecord.originOf(p), false);
                return runner.execute(Matrix.variant(p, sc, null, null), folder[0].staging().resolve("runs").resolve(scDir + "-reference"),
                        null, false).result();
            }, pool);
            record = reference.thenCompose(ref -> {
                List<CompletableFuture<Map<String, Object>>> variants = new ArrayList<>();
                for (Value realloc : axes.realloc().values()) {
                    for (Value h : axes.heuristic().values()) {
                        variants.add(CompletableFuture.supplyAsync(() -> {
                            Comparison k = runner.execute(Matrix.variant(p, sc, realloc, h),
                                    folder[0].staging().resolve("runs").resolve(Matrix.variantFolder(scDir, realloc, h)), ref, false)
                                    .report().comparison();
                            Map<String, Object> v = new LinkedHashMap<>();
                            v.put("realloc", realloc.label());
                            v.put("heuristic", h.label());
                            v.put("comparison", encode(k));
                            return v;
                        }, pool));
                    }
                }
                return CompletableFuture.allOf(variants.toArray(CompletableFuture[]::new)).thenApply(x -> {
                    List<Object> list = new ArrayList<>();
                    variants.forEach(f -> list.add(f.join()));
                    Map<String, Object> m = header(c);
                    m.put("comparisons", list);
                    return m;
                });
            });
        }
        return record.thenAccept(m -> {
            try {
                Files.write(folder[0].staging().resolve(RECORD), JSON.writeValueAsBytes(m));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + cellDir(c).resolve(RECORD) + ": " + e.getMessage(), e);
            }
            folder[0].commit();
        }).whenComplete((x, e) -> {
            if (folder[0] != null) {
                folder[0].close();
            }
        });
    }

    private Map<String, Object> header(CellInfo c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("profile", p.name);
        m.put("fingerprint", fingerprint);
        m.put("index", c.index());
        m.put("key", c.key());
        m.put("seed", c.seed());
        return m;
    }

    // ------------------------------------------------------------------------------------------------ values

    /** A metric's value, exactly: "i:" and a whole number, or "d:" and a double in its shortest form (which reads back the same). */
    static String encode(Number v) {
        return v instanceof Double || v instanceof Float ? "d:" + Decimals.shortest(v.doubleValue()) : "i:" + v.longValue();
    }

    static Number decode(String s) {
        if (s.startsWith("d:")) {
            return Double.parseDouble(s.substring(2));
        }
        if (s.startsWith("i:")) {
            return Long.parseLong(s.substring(2));
        }
        throw new IllegalArgumentException("not a value of cell.json: '" + s + "'");
    }

    private static Map<String, Object> encode(Comparison k) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("jobs", k.jobs());
        m.put("jobs_impacted", k.jobsImpacted());
        m.put("jobs_impacted_percent", encode(k.jobsImpactedPercent()));
        m.put("reallocations", k.reallocations());
        m.put("reallocations_percent", encode(k.reallocationsPercent()));
        m.put("impacted_finishing_earlier_percent", encode(k.impactedFinishingEarlierPercent()));
        m.put("relative_average_response_time", encode(k.relativeAverageResponseTime()));
        m.put("max_moves_per_job", k.maxMovesPerJob());
        m.put("longest_wait", encode(k.longestWait()));
        m.put("reference_longest_wait", encode(k.referenceLongestWait()));
        return m;
    }

    private static Comparison comparison(JsonNode m) {
        return new Comparison(m.get("jobs").asLong(), m.get("jobs_impacted").asLong(), d(m, "jobs_impacted_percent"),
                m.get("reallocations").asLong(), d(m, "reallocations_percent"), d(m, "impacted_finishing_earlier_percent"),
                d(m, "relative_average_response_time"), m.get("max_moves_per_job").asInt(), d(m, "longest_wait"),
                d(m, "reference_longest_wait"));
    }

    private static double d(JsonNode m, String key) {
        return decode(m.get(key).asText()).doubleValue();
    }

    // ------------------------------------------------------------------------------------------------ merge

    /**
     * Writes {@code matrix.csv} and {@code tables.md} from the cells' records, when every cell is complete; else an
     * error naming the cells that are missing, partially written or not this profile's, and how to run them.
     */
    void merge() {
        if (!Files.isDirectory(dir)) {
            throw new InputException(dir.toString(), 0, "merge", "no such folder; give the folder the cells were run into (their --out)");
        }
        OutputRecord own;
        try {
            own = ownRecord("merge");
        } catch (IOException e) {
            throw new InputException(dir.toString(), 0, "merge", "cannot read: " + e.getMessage());
        }
        List<JsonNode> records = new ArrayList<>();
        Map<State, List<CellInfo>> bad = new java.util.EnumMap<>(State.class);
        List<String> reasons = new ArrayList<>();
        for (CellInfo c : cells) {
            StringBuilder why = new StringBuilder();
            JsonNode r = record(c, why);
            records.add(r);
            if (r == null) {
                State s = why.length() > 0 ? State.FOREIGN : Files.isDirectory(cellDir(c)) ? State.PARTIAL : State.MISSING;
                bad.computeIfAbsent(s, x -> new ArrayList<>()).add(c);
                if (s == State.FOREIGN && reasons.size() < 5) {
                    reasons.add(why.toString());
                }
            }
        }
        java.util.Set<String> keys = new java.util.HashSet<>();
        cells.forEach(c -> keys.add(c.key()));
        try (Stream<Path> s = Files.list(dir.resolve(CELLS))) {
            s.map(x -> x.getFileName().toString()).filter(k -> !keys.contains(k)).sorted().limit(5).forEach(k ->
                    err.println("gridsched: warning: " + dir.resolve(CELLS).resolve(k) + " is no cell of '" + p.name + "' (ignored)"));
        } catch (IOException e) {
            // no cells/ at all: every cell is missing, said below
        }
        if (!bad.isEmpty()) {
            int n = bad.values().stream().mapToInt(List::size).sum();
            StringBuilder sb = new StringBuilder(n + " of " + cells.size() + " cells are not complete:");
            bad.forEach((s, list) -> sb.append("\n  ").append(switch (s) {
                case MISSING -> "missing (never run): ";
                case PARTIAL -> "partially written (stopped before the end): ";
                default -> "not computed from this profile: ";
            }).append(ranges(list)));
            reasons.forEach(r -> sb.append("\n    ").append(r));
            List<CellInfo> all = new ArrayList<>();
            bad.values().forEach(all::addAll);
            all.sort(java.util.Comparator.comparingInt(CellInfo::index));
            int last = 0;
            while (last + 1 < all.size() && all.get(last + 1).index() == all.get(last).index() + 1) {
                last++;
            }
            sb.append(bad.containsKey(State.FOREIGN) ? "\nremove the foreign cells' folders, then run" : "\nrun").append(" them (complete cells are skipped), e.g.: gridsched matrix ")
                    .append(SlurmSweep.quote(profileFile)).append(" --out ").append(SlurmSweep.quote(dir)).append(" --cells ")
                    .append(all.get(0).index()).append('-').append(all.get(last).index());
            if (Files.isRegularFile(dir.resolve(SlurmSweep.FOLDER).resolve("submit.sh"))) {
                sb.append("\nor submit the sweep again: bash ").append(SlurmSweep.quote(dir.resolve(SlurmSweep.FOLDER).resolve("submit.sh")));
            }
            throw new InputException(dir.toString(), 0, "merge", sb.toString());
        }
        Path tmp = dir.resolve(MERGE_TMP);
        try {
            OutputFolder.deleteTree(tmp);
            if (axes.study()) {
                List<Matrix.Cell> results = new ArrayList<>();
                for (int i = 0; i < cells.size(); i++) {
                    Scenario sc = scenarios.get(i);
                    for (JsonNode v : records.get(i).path("comparisons")) {
                        results.add(new Matrix.Cell(sc, v.get("realloc").asText(), v.get("heuristic").asText(), comparison(v.get("comparison"))));
                    }
                }
                Matrix.writeStudy(p.name, tmp, axes, Matrix.extraAxes(axes), scenarios, results);
            } else {
                List<Object[]> values = new ArrayList<>();
                List<double[]> results = new ArrayList<>();
                for (int i = 0; i < cells.size(); i++) {
                    JsonNode vs = records.get(i).path("values");
                    if (vs.size() != axes.metrics().size()) {
                        throw new InputException(cellDir(cells.get(i)).resolve(RECORD).toString(), 0, "values", "holds " + vs.size()
                                + " metrics, the profile asks for " + axes.metrics().size());
                    }
                    Object[] row = new Object[vs.size()];
                    double[] d = new double[vs.size()];
                    for (int m = 0; m < row.length; m++) {
                        row[m] = decode(vs.get(m).asText());
                        d[m] = ((Number) row[m]).doubleValue();
                    }
                    values.add(row);
                    results.add(d);
                }
                Matrix.writeMetrics(tmp, axes, dims, runs, values, results);
            }
            // runs/ as in a one-shot run: every cell's run folders, their files hard links to the cells' (copies where
            // the file system has no hard links)
            for (CellInfo c : cells) {
                Path from = cellDir(c).resolve("runs");
                try (Stream<Path> s = Files.walk(from)) {
                    for (Path f : s.toList()) {
                        Path to = tmp.resolve("runs").resolve(from.relativize(f).toString());
                        if (Files.isDirectory(f)) {
                            Files.createDirectories(to);
                        } else {
                            try {
                                Files.createLink(to, f);
                            } catch (UnsupportedOperationException | IOException e) {
                                Files.copy(f, to);
                            }
                        }
                    }
                }
            }
            // recorded before they are moved in, so that whatever stops the merge, they are known as gridsched's
            OutputRecord merged = (own == null || own == OutputRecord.LEGACY ? new OutputRecord(p.name, OutputRecord.originOf(p), new TreeSet<>()) : own)
                    .with(OutputRecord.entries(tmp, n -> false));
            merged.write(dir);
            OutputFolder.deleteRecorded(dir, own == null ? List.of() : own.paths().stream().filter(e -> e.startsWith("runs/")).toList());
            Files.move(tmp.resolve("runs"), dir.resolve("runs"), StandardCopyOption.ATOMIC_MOVE);
            for (String f : List.of("matrix.csv", "tables.md")) {
                Files.move(tmp.resolve(f), dir.resolve(f), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            OutputFolder.deleteTree(tmp);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the merged results into " + dir + ": " + e.getMessage(), e);
        }
        if (p.report) { // as after a one-shot run: the merged folder is laid out as one
            ReportCommand.afterRun(dir, dir, out);
        }
        try {
            new OutputRecord(p.name, OutputRecord.originOf(p), sweepEntries()).write(dir); // the report's files too
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the merged results in " + dir + ": " + e.getMessage(), e);
        }
        out.println(p.name + ": merged " + cells.size() + " cells into " + dir.resolve("matrix.csv") + " and " + dir.resolve("tables.md")
                + ", with every run under " + dir.resolve("runs") + "/ as in a one-shot run");
    }

    /** "0-3, 7, 9-10 (6 cells)". */
    static String ranges(List<CellInfo> list) {
        List<String> parts = new ArrayList<>();
        int i = 0;
        while (i < list.size()) {
            int j = i;
            while (j + 1 < list.size() && list.get(j + 1).index() == list.get(j).index() + 1) {
                j++;
            }
            parts.add(i == j ? "" + list.get(i).index() : list.get(i).index() + "-" + list.get(j).index());
            i = j + 1;
        }
        String s = parts.size() > 8 ? String.join(", ", parts.subList(0, 8)) + ", ..." : String.join(", ", parts);
        return s + " (" + list.size() + (list.size() == 1 ? " cell)" : " cells)");
    }
}
