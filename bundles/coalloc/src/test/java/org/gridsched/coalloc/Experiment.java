package org.gridsched.coalloc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.api.PluginOptions;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.coalloc.control.CoallocationController;
import org.gridsched.coalloc.metrics.CoallocCollector;
import org.gridsched.coalloc.workload.CoallocGenerator;
import org.gridsched.engine.Platform;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.gridsched.experiments.statistics.MeanInterval;

/**
 * Runs one {@code runconfigs/coalloc-*.json} experiment matrix on the plain-Java engine (as {@code gridsched run}
 * does through the launcher, plus confidence half-widths): every named workload x every named controller variant x every seed,
 * in parallel; then one table per metric (rows: workloads, columns: controller variants, cells: mean and 95 %
 * confidence half-width over the seeds). Only what these profiles use is supported: a platform string, FCFS,
 * the {@code coalloc} generator, controller and collector.
 */
public final class Experiment {
    /** One cell's result: a metric value per seed. */
    record Cell(String workload, String controller, long seed, Map<String, Object> metrics) {
    }

    private final Map<String, Object> profile;
    private final double durationOverride;

    @SuppressWarnings("unchecked")
    Experiment(Path file, double durationOverride) throws IOException {
        this.profile = new ObjectMapper().readValue(file.toFile(), LinkedHashMap.class);
        this.durationOverride = durationOverride;
    }

    String name() {
        return (String) profile.get("name");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> matrix() {
        return (Map<String, Object>) profile.get("matrix");
    }

    @SuppressWarnings("unchecked")
    List<String> metrics() {
        return (List<String>) matrix().get("metrics");
    }

    @SuppressWarnings("unchecked")
    List<Cell> run(int threads) throws Exception {
        Map<String, Map<String, Object>> workloads = (Map<String, Map<String, Object>>) matrix().get("workloads");
        Map<String, List<Map<String, Object>>> controllers = (Map<String, List<Map<String, Object>>>) matrix().get("controllers");
        List<Number> seeds = (List<Number>) matrix().get("seeds");
        Platform platform = Platform.parse((String) profile.get("platform"), "platform");
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Cell>> futures = new ArrayList<>();
            for (var w : workloads.entrySet()) {
                for (var c : controllers.entrySet()) {
                    for (Number seed : seeds) {
                        futures.add(pool.submit(() -> new Cell(w.getKey(), c.getKey(), seed.longValue(),
                                simulate(platform, w.getValue(), c.getValue().get(0), seed.longValue()).overall())));
                    }
                }
            }
            List<Cell> cells = new ArrayList<>();
            for (Future<Cell> f : futures) {
                cells.add(f.get());
            }
            return cells;
        } finally {
            pool.shutdownNow();
        }
    }

    @SuppressWarnings("unchecked")
    private SimulationResult simulate(Platform platform, Map<String, Object> workload, Map<String, Object> controller, long seed) {
        Map<String, Object> wOptions = new LinkedHashMap<>((Map<String, Object>) workload.get("options"));
        if (durationOverride > 0) {
            wOptions.put("duration", durationOverride);
        }
        Simulation.Settings s = new Simulation.Settings();
        s.localFraction = ((Number) profile.getOrDefault("local_fraction", 0)).doubleValue();
        s.router = grid -> job -> 0;
        CoallocationController coalloc = CoallocationController.withBuiltInPlacements();
        PluginOptions cOptions = new PluginOptions("grid controller 'coalloc'",
                (Map<String, Object>) controller.getOrDefault("options", Map.of()));
        long controllerSeed = seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L; // a stream of its own, like the launcher's roles
        s.controllers = List.of(grid -> coalloc.create(grid, cOptions, controllerSeed));
        var collector = new CoallocCollector().create(Harness.info(platform), new PluginOptions("collector", Map.of("file", false)));
        FcfsPolicy fcfs = new FcfsPolicy();
        return new Simulation(platform, cluster -> Harness.draining(fcfs.create(cluster, PluginOptions.empty("fcfs")), cluster),
                List.of(new Simulation.NamedCollector("coalloc", collector)), s)
                .run(new CoallocGenerator().open(new PluginOptions("workload generator 'coalloc'", wOptions), seed));
    }

    /** Markdown: one table per metric, mean ± 95 % half-width over the seeds. */
    @SuppressWarnings("unchecked")
    String tables(List<Cell> cells) {
        List<String> rows = new ArrayList<>(((Map<String, Object>) matrix().get("workloads")).keySet());
        List<String> columns = new ArrayList<>(((Map<String, Object>) matrix().get("controllers")).keySet());
        StringBuilder sb = new StringBuilder();
        if (columns.size() == 1) { // one controller variant: one table, a column per metric
            sb.append("\n**").append(columns.get(0)).append("** (").append(name()).append(")\n\n| |");
            metrics().forEach(m -> sb.append(' ').append(m).append(" |"));
            sb.append("\n|---|");
            metrics().forEach(m -> sb.append("---:|"));
            sb.append('\n');
            for (String r : rows) {
                sb.append("| ").append(r).append(" |");
                for (String m : metrics()) {
                    sb.append(' ').append(meanAndHalfWidth(values(cells, r, columns.get(0), m))).append(" |");
                }
                sb.append('\n');
            }
            return sb.toString();
        }
        for (String metric : metrics()) {
            sb.append("\n**").append(metric).append("** (").append(name()).append(")\n\n| |");
            columns.forEach(c -> sb.append(' ').append(c).append(" |"));
            sb.append("\n|---|");
            columns.forEach(c -> sb.append("---:|"));
            sb.append('\n');
            for (String r : rows) {
                sb.append("| ").append(r).append(" |");
                for (String c : columns) {
                    sb.append(' ').append(meanAndHalfWidth(values(cells, r, c, metric))).append(" |");
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private static List<Double> values(List<Cell> cells, String workload, String controller, String metric) {
        List<Double> v = new ArrayList<>();
        for (Cell cell : cells) {
            if (cell.workload().equals(workload) && cell.controller().equals(controller)) {
                Object x = cell.metrics().get(metric);
                v.add(x instanceof Number n ? n.doubleValue() : Double.NaN);
            }
        }
        return v;
    }

    static double mean(List<Double> v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.size();
    }

    /** Up to this many degrees of freedom Student's t; beyond, 2 (these tables' rule since they were first written). */
    private static final int T_DEGREES = 10;

    static String meanAndHalfWidth(List<Double> v) {
        double m = mean(v);
        if (v.size() < 2 || Double.isNaN(m)) {
            return String.format(Locale.ROOT, "%.2f", m);
        }
        double ss = 0;
        for (double x : v) {
            ss += (x - m) * (x - m);
        }
        double t = v.size() - 1 <= T_DEGREES ? MeanInterval.t975(v.size() - 1) : 2;
        return String.format(Locale.ROOT, "%.2f ± %.2f", m, t * Math.sqrt(ss / (v.size() - 1) / v.size()));
    }

    /** Every run as a CSV row. */
    String csv(List<Cell> cells) {
        StringBuilder sb = new StringBuilder("workload,controller,seed");
        metrics().forEach(m -> sb.append(',').append(m));
        sb.append('\n');
        for (Cell c : cells) {
            sb.append('"').append(c.workload()).append("\",\"").append(c.controller()).append("\",").append(c.seed());
            for (String m : metrics()) {
                sb.append(',').append(c.metrics().get(m));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    void write(List<Cell> cells, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name() + ".md"), "# " + name() + "\n\n" + profile.get("description") + "\n" + tables(cells));
        Files.writeString(dir.resolve(name() + ".csv"), csv(cells));
    }
}
