package org.gridsched.experiments;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.gridsched.api.InputException;
import org.gridsched.engine.SimulationResult;
import org.gridsched.experiments.ReallocationStudy.Scenario;
import org.gridsched.launcher.Cli;
import org.gridsched.launcher.MatrixAxes;
import org.gridsched.launcher.MatrixAxes.Axes;
import org.gridsched.launcher.MatrixAxes.Value;
import org.gridsched.launcher.OutputFolder;
import org.gridsched.launcher.OutputRecord;
import org.gridsched.launcher.RunMonitor;
import org.gridsched.launcher.RunProfile;
import org.gridsched.launcher.Runner;

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
    private final MetricMatrix matrix;
    final PrintStream out;
    final PrintStream err;
    final RunProfile p;
    final Axes axes;
    private final String fingerprint;
    /** The profile's file, for the commands the messages suggest. */
    final Path profileFile;
    final Path dir;
    final List<MetricMatrix.Dim> dims;
    final List<MetricMatrix.Run> runs;
    final List<Scenario> scenarios;
    final List<CellInfo> cells = new ArrayList<>();
    /** The sweep's folder: its cells' folders and records, and whose it is. */
    final SweepFolder folder;
    /** The folders of the cells under way (claimed, not yet closed). */
    private final java.util.Set<OutputFolder> open = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The cells this run has completed (their records moved into place). */
    private final AtomicInteger committed = new AtomicInteger();
    /** How long a stopped sweep waits for the cells under way to end before it counts the complete ones. */
    private static final long STOP_WAIT_MILLIS = 1_000;

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
        this.matrix = new MetricMatrix(runner, err);
        this.out = out;
        this.err = err;
        this.p = p;
        this.axes = MatrixAxes.parse(p.matrix, p, p.name);
        this.fingerprint = fingerprint;
        this.profileFile = profileFile;
        this.dir = dir;
        this.folder = new SweepFolder(dir, p, fingerprint);
        Map<String, Integer> keys = new HashMap<>();
        if (axes.study()) {
            dims = null;
            runs = null;
            scenarios = ReallocationStudy.scenarios(p, axes);
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
                add(keys, ReallocationStudy.scenarioFolder(sc, axes), sc.seed(), String.join(", ", parts) + ": 1 reference + " + variants
                        + " reallocation runs");
            }
        } else {
            scenarios = null;
            dims = MetricMatrix.dims(p, axes);
            runs = MetricMatrix.runs(p, axes, dims);
            for (MetricMatrix.Run r : runs) {
                add(keys, r.folder(), r.seed(), MetricMatrix.describe(dims, r, true));
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

    /**
     * One line per cell: number, key, seed, what it runs; first a line saying what a cell is, last one with the
     * numbers of cells and runs (what a long list has scrolled away).
     */
    void list() {
        String unit = axes.study() ? "one scenario: a reference and its reallocation runs" : "one run";
        out.printf("# %s: %d cells (each %s), numbered 0-%d; columns: cell, key (its folder under cells/), seed, what it runs%n",
                p.name, cells.size(), unit, cells.size() - 1);
        for (CellInfo c : cells) {
            out.println(c.index() + "\t" + c.key() + "\t" + c.seed() + "\t" + c.description());
        }
        out.printf("# %s: %d cell%s, %s%n", p.name, cells.size(), cells.size() == 1 ? "" : "s", runs(cells.size()));
    }

    /** The runs of {@code n} cells and what a cell runs: "8 runs (one a cell)", "30 runs (1 reference + 4 reallocation runs a cell)". */
    String runs(int n) {
        if (!axes.study()) {
            return n + (n == 1 ? " run" : " runs") + " (one a cell)";
        }
        int variants = axes.realloc().values().size() * axes.heuristic().values().size();
        return (long) n * (1 + variants) + " runs (1 reference + " + variants + " reallocation run" + (variants == 1 ? "" : "s") + " a cell)";
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

    /** Where a cell stands in the sweep's folder. */
    enum State {
        COMPLETE, MISSING, PARTIAL, FOREIGN
    }

    // ------------------------------------------------------------------------------------------------ run

    /**
     * Runs the cells {@code first}-{@code last} that are not complete yet, on {@code threads} threads; complete cells
     * are skipped. A cell that fails leaves no record (it runs again next time); the others go on, and the failures
     * are reported together at the end.
     */
    void run(int first, int last, int threads) {
        MatrixAxes.checkPlugins(runner, p, axes);
        folder.claim();
        List<CellInfo> todo = new ArrayList<>();
        List<String> foreign = new ArrayList<>();
        int skipped = 0;
        for (CellInfo c : cells.subList(first, last + 1)) {
            StringBuilder why = new StringBuilder();
            switch (folder.state(c, why)) {
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
        err.printf("%s: %s: %d to run%s on %d thread%s, %s, into %s%n", p.name, range, todo.size(),
                skipped > 0 ? " (" + skipped + " already complete, skipped)" : "", threads, threads == 1 ? "" : "s", runs(todo.size()),
                dir.resolve(CELLS));
        long start = System.nanoTime();
        AtomicInteger done = new AtomicInteger();
        committed.set(0);
        int complete = skipped;
        // a signal (SIGINT, SIGTERM, a daemon client's cancel): how many cells are complete and how to go on
        Thread stopped = new Thread(() -> stopped(complete, last - first + 1, range), "gridsched-sweep-stopped");
        Runtime.getRuntime().addShutdownHook(stopped);
        Map<CellInfo, String> failed = new java.util.concurrent.ConcurrentSkipListMap<>(java.util.Comparator.comparingInt(CellInfo::index));
        // an error of the profile itself (a metric no collector reports): every cell would fail alike after its runs
        java.util.concurrent.atomic.AtomicReference<InputException> profileError = new java.util.concurrent.atomic.AtomicReference<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<CompletableFuture<Void>> futures = new ArrayList<>();
            // at most one cell per thread under way, so that cells complete one after another (what a kill
            // leaves is then complete cells and a few partial ones, not every cell half done)
            java.util.concurrent.Semaphore inFlight = new java.util.concurrent.Semaphore(threads);
            for (CellInfo c : todo) {
                inFlight.acquire();
                if (OutputFolder.stopping() || profileError.get() != null) { // a signal, or every cell would fail: start no more
                    break;
                }
                futures.add(runCell(c, pool).handle((x, e) -> {
                    try {
                        cellEnded(c, e, todo.size(), start, done, failed, profileError);
                    } finally {
                        inFlight.release(); // after the cell's failure is known, so that a profile's error starts no further cell
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
            try {
                Runtime.getRuntime().removeShutdownHook(stopped);
            } catch (IllegalStateException e) {
                // the process is being stopped: the hook says how far the sweep got
            }
        }
        if (OutputFolder.stopping()) {
            throw new RunMonitor.Cancelled(); // complete cells stay complete: the same command resumes
        }
        if (profileError.get() != null) {
            InputException e = profileError.get();
            throw new InputException(e.source(), e.line(), e.field(), e.problem() + "\nthe sweep stopped there (" + (todo.size() - done.get()) + " of " + todo.size()
                    + " cells not started): every cell would have failed alike after its runs; correct the profile and run again");
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
     * A cell has ended: counted and said, its failure kept; a cell stopped by a signal is neither (the output folder's
     * guard says what became of it), and a failure of the profile itself ({@code matrix.*}, such as a metric no
     * collector reports) is kept in {@code profileError} too, so that no further cell starts.
     */
    private void cellEnded(CellInfo c, Throwable e, int total, long start, AtomicInteger done, Map<CellInfo, String> failed,
            java.util.concurrent.atomic.AtomicReference<InputException> profileError) {
        Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        if (e != null && (OutputFolder.stopping() || cause instanceof RunMonitor.Cancelled)) {
            return;
        }
        int d = done.incrementAndGet();
        double seconds = (System.nanoTime() - start) / 1e9;
        String eta = d < total ? String.format(", about %.0f s left", seconds * (total - d) / d) : "";
        if (e != null) {
            if (cause instanceof InputException ie && ie.field() != null && ie.field().startsWith("matrix")) {
                profileError.compareAndSet(null, ie);
            }
            failed.put(c, cause instanceof InputException || cause instanceof UncheckedIOException ? cause.getMessage() : cause.toString());
        }
        if (p.progress || e != null) {
            synchronized (err) {
                err.printf("%s: cell %d (%s) %s; %d/%d done, %.0f s%s%n", p.name, c.index(), c.key(), e == null ? "complete" : "FAILED",
                        d, total, seconds, eta);
            }
        }
    }

    /**
     * The sweep is being stopped (a shutdown hook): once the cells under way have ended (their folders' guards have
     * removed what they staged, or a cell that was moving its results into place has finished), says how many of the
     * cells are complete and that the same command resumes; a sweep stopped before any cell starts says so too.
     */
    private void stopped(int skipped, int total, String range) {
        long deadline = System.nanoTime() + STOP_WAIT_MILLIS * 1_000_000;
        while (!open.isEmpty() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        int complete = skipped + committed.get();
        synchronized (err) {
            err.printf("%s: stopped; %s: %d of %d complete, in %s; run the same command again to resume (complete cells are"
                    + " skipped)%n", p.name, range, complete, total, dir.resolve(CELLS));
            err.flush();
        }
    }

    /** Where a merge builds its results before moving them into place. */
    static final String MERGE_TMP = ".gridsched-merge";

    /** One cell, as a chain of tasks on the pool (a study's reallocation runs in parallel once its reference is done). */
    private CompletableFuture<Void> runCell(CellInfo c, ExecutorService pool) {
        OutputFolder[] folder = new OutputFolder[1];
        CompletableFuture<Map<String, Object>> record;
        if (!axes.study()) {
            MetricMatrix.Run run = runs.get(c.index());
            record = CompletableFuture.supplyAsync(() -> {
                folder[0] = OutputFolder.claim(this.folder.cellDir(c), p.name, OutputRecord.originOf(p), false);
                open.add(folder[0]);
                Object[] values = matrix.runOne(p, axes, dims, run, folder[0].staging().resolve("runs").resolve(run.folder()));
                List<String> encoded = new ArrayList<>();
                for (Object v : values) {
                    encoded.add(CellValues.encode((Number) v));
                }
                Map<String, Object> m = header(c);
                m.put("values", encoded);
                return m;
            }, pool);
        } else {
            Scenario sc = scenarios.get(c.index());
            String scDir = ReallocationStudy.scenarioFolder(sc, axes);
            CompletableFuture<SimulationResult> reference = CompletableFuture.supplyAsync(() -> {
                folder[0] = OutputFolder.claim(this.folder.cellDir(c), p.name, OutputRecord.originOf(p), false);
                open.add(folder[0]);
                return runner.execute(ReallocationStudy.variant(p, sc, null, null), folder[0].staging().resolve("runs").resolve(scDir + "-reference"),
                        null, false).result();
            }, pool);
            record = reference.thenCompose(ref -> {
                List<CompletableFuture<Map<String, Object>>> variants = new ArrayList<>();
                for (Value realloc : axes.realloc().values()) {
                    for (Value h : axes.heuristic().values()) {
                        variants.add(CompletableFuture.supplyAsync(() -> {
                            Comparison k = runner.execute(ReallocationStudy.variant(p, sc, realloc, h),
                                    folder[0].staging().resolve("runs").resolve(ReallocationStudy.variantFolder(scDir, realloc, h)), ref, false)
                                    .report().section(Comparison.class);
                            Map<String, Object> v = new LinkedHashMap<>();
                            v.put("realloc", realloc.label());
                            v.put("heuristic", h.label());
                            v.put("comparison", CellValues.encode(k));
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
                throw new UncheckedIOException("cannot write " + this.folder.cellDir(c).resolve(RECORD) + ": " + e.getMessage(), e);
            }
            folder[0].commit();
            committed.incrementAndGet();
        }).whenComplete((x, e) -> {
            if (folder[0] != null) {
                folder[0].close();
                open.remove(folder[0]);
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

    /** Writes matrix.csv and tables.md from the cells' records ({@link SweepMerge}). */
    void merge() {
        new SweepMerge(this).merge();
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
