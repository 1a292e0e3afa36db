package org.gridsched.experiments;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.api.Csv;
import org.gridsched.experiments.ReallocationStudy.Cell;
import org.gridsched.experiments.ReallocationStudy.Scenario;
import org.gridsched.launcher.MatrixAxes.Axes;
import org.gridsched.launcher.MatrixAxes.Axis;
import org.gridsched.launcher.MatrixAxes.Value;

/**
 * The output of a reallocation study: {@code matrix.csv} (one row per run with reallocation) and
 * {@code tables.md} shaped like the tables of Caniou, Charrier and Desprez's report: one table per metric and
 * per (batch policy, platform, algorithm), a row per heuristic, a column per scenario (workload, seed and any
 * other axis: the report's months and traces), and an AVG column over the scenarios. Averages never mix
 * algorithms, platforms or policies. Beside the report's four metrics: the absolute number of reallocations
 * and the starvation indicators (the most moves of one job, the longest wait with and without reallocation).
 */
final class StudyTables implements MatrixTables {
    /** A metric of the study: its column in matrix.csv, its tables' title, its digits. */
    record Metric(String column, String title, ToDoubleFunction<Comparison> value, int digits) {
    }

    /** The report's four metrics, then ours. */
    static final List<Metric> METRICS = List.of(
            new Metric("jobs_impacted_percent", "Percentage of jobs impacted by reallocation", Comparison::jobsImpactedPercent, 2),
            new Metric("reallocations_percent", "Number of reallocations relative to the number of jobs (%)",
                    Comparison::reallocationsPercent, 2),
            new Metric("impacted_finishing_earlier_percent", "Percentage of impacted jobs finishing earlier with reallocation",
                    Comparison::impactedFinishingEarlierPercent, 2),
            new Metric("relative_average_response_time", "Relative average response time of impacted jobs (reallocation / reference)",
                    Comparison::relativeAverageResponseTime, 2),
            new Metric("reallocations", "Number of reallocations", c -> c.reallocations(), 0),
            new Metric("max_moves_per_job", "Most moves of one job (starvation indicator)", c -> c.maxMovesPerJob(), 0),
            new Metric("longest_wait_hours", "Longest wait with reallocation, hours (reference: the run without)",
                    c -> c.longestWait() / 3600, 1));

    private final String name;
    private final Axes axes;
    private final List<Axis> extraAxes;
    private final List<Scenario> scenarios;
    private final List<Cell> cells;

    /**
     * @param name      the profile's, for the heading
     * @param extraAxes the plugin axes other than batch (a column each in matrix.csv)
     * @param scenarios in the order of the study's runs
     * @param cells     every comparison of a run with reallocation against its reference
     */
    StudyTables(String name, Axes axes, List<Axis> extraAxes, List<Scenario> scenarios, List<Cell> cells) {
        this.name = name;
        this.axes = axes;
        this.extraAxes = extraAxes;
        this.scenarios = scenarios;
        this.cells = cells;
    }

    @Override
    public String csv() {
        StringBuilder csv = new StringBuilder("workload,platform,batch");
        extraAxes.forEach(a -> csv.append(',').append(a.key()));
        csv.append(",seed,realloc,heuristic,jobs,jobs_impacted,reallocations");
        for (Metric m : METRICS) {
            if (!m.column().equals("reallocations")) {
                csv.append(',').append(m.column());
            }
        }
        csv.append(",reference_longest_wait_hours\n");
        for (Cell c : cells) {
            Scenario sc = c.scenario();
            csv.append(Csv.field(sc.workload() == null ? "" : sc.workload())).append(',')
                    .append(Csv.field(sc.platformName())).append(',').append(Csv.field(sc.batch().label()));
            sc.extras().forEach(v -> csv.append(',').append(Csv.field(v.label())));
            Comparison k = c.comparison();
            csv.append(',').append(sc.seed()).append(',').append(Csv.field(c.realloc())).append(',')
                    .append(Csv.field(c.heuristic())).append(',').append(k.jobs()).append(',').append(k.jobsImpacted())
                    .append(',').append(k.reallocations());
            for (Metric m : METRICS) {
                if (!m.column().equals("reallocations")) {
                    csv.append(',').append(MatrixTables.format(m.value().applyAsDouble(k), 6));
                }
            }
            csv.append(',').append(MatrixTables.format(k.referenceLongestWait() / 3600, 6)).append('\n');
        }
        return csv.toString();
    }

    @Override
    public String markdown() {
        boolean seeds = axes.seeds().size() > 1;
        // the report's columns: what varies apart from batch and platform
        Set<String> columns = new LinkedHashSet<>();
        for (Scenario sc : scenarios) {
            columns.add(column(sc, seeds));
        }
        Map<String, String> columnLabels = new LinkedHashMap<>();
        columns.forEach(c -> columnLabels.put(c, c.isEmpty() ? "scenario" : c));
        StringBuilder md = new StringBuilder("# ").append(name).append(": reallocation study\n\n")
                .append("Shaped like the report's tables: for each batch policy, platform and algorithm, a row per heuristic and a column "
                        + "per scenario, with AVG the mean over the scenarios. Full rows are in matrix.csv.\n\n");
        for (Metric metric : METRICS) {
            md.append("## ").append(metric.title()).append("\n\n");
            for (Value batch : axes.plugin(org.gridsched.launcher.PluginRegistry.Kind.BATCH).values()) {
                for (String platform : axes.platforms().keySet()) {
                    for (Value realloc : axes.realloc().values()) {
                        md.append("### ").append(MatrixTables.cellText(batch.label())).append(", ").append(MatrixTables.cellText(platform)).append(", ")
                                .append(MatrixTables.cellText(realloc.label())).append("\n\n| heuristic |");
                        columnLabels.values().forEach(c -> md.append(' ').append(MatrixTables.cellText(c)).append(" |"));
                        md.append(" AVG |\n|---|");
                        columns.forEach(c -> md.append("---:|"));
                        md.append("---:|\n");
                        for (Value h : axes.heuristic().values()) {
                            row(md, columnLabel(realloc.label(), h.label()), columns, col -> value(cells, batch, platform,
                                    realloc.label(), h.label(), col, seeds, metric.value()), metric.digits());
                        }
                        if (metric.column().equals("longest_wait_hours")) {
                            row(md, "reference", columns, col -> value(cells, batch, platform, realloc.label(),
                                    axes.heuristic().values().get(0).label(), col, seeds, k -> k.referenceLongestWait() / 3600),
                                    metric.digits());
                        }
                        md.append('\n');
                    }
                }
            }
        }
        return md.toString();
    }

    private interface ColumnValue {
        double at(String column);
    }

    private static void row(StringBuilder md, String label, Set<String> columns, ColumnValue value, int digits) {
        md.append("| ").append(MatrixTables.cellText(label)).append(" |");
        double sum = 0;
        int n = 0;
        for (String col : columns) {
            double v = value.at(col);
            md.append(' ').append(MatrixTables.format(v, digits)).append(" |");
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        md.append(' ').append(MatrixTables.format(n > 0 ? sum / n : Double.NaN, digits)).append(" |\n");
    }

    /** A scenario's column: workload, the other axes' values and the seed (batch and platform head the table). */
    private static String column(Scenario sc, boolean withSeed) {
        List<String> parts = new ArrayList<>();
        if (sc.workload() != null) {
            parts.add(sc.workload());
        }
        sc.extras().forEach(v -> parts.add(v.label()));
        if (withSeed) {
            parts.add("seed " + sc.seed());
        }
        return String.join(" ", parts);
    }

    /** The mean over the cells of that table position (one per scenario unless axes repeat), NaN if none. */
    private static double value(List<Cell> cells, Value batch, String platform, String realloc, String heuristic, String column,
            boolean seeds, ToDoubleFunction<Comparison> metric) {
        double sum = 0;
        int n = 0;
        for (Cell c : cells) {
            Scenario sc = c.scenario();
            if (sc.batch().equals(batch) && sc.platformName().equals(platform) && c.realloc().equals(realloc)
                    && c.heuristic().equals(heuristic) && column(sc, seeds).equals(column)) {
                double v = metric.applyAsDouble(c.comparison());
                if (!Double.isNaN(v)) {
                    sum += v;
                    n++;
                }
            }
        }
        return n > 0 ? sum / n : Double.NaN;
    }

    /** The column-label rules, read once ({@code study-tables.json} beside this class). */
    private static final JsonNode COLUMN_LABEL = columnLabelRules();

    private static JsonNode columnLabelRules() {
        try (InputStream in = StudyTables.class.getResourceAsStream("study-tables.json")) {
            if (in == null) {
                throw new IllegalStateException("study-tables.json is missing from the experiments bundle");
            }
            return new ObjectMapper().readTree(in).path("column_label");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read study-tables.json: " + e.getMessage(), e);
        }
    }

    /**
     * A column of tables.md, as in the study's report: the heuristic's name in upper case with some words
     * re-cased ("MaxRelGain"), plus a suffix for some algorithms ("-C" for all-cancellation); both from
     * {@code study-tables.json}.
     */
    static String columnLabel(String realloc, String heuristic) {
        String label = heuristic.toUpperCase(Locale.ROOT);
        for (JsonNode pair : COLUMN_LABEL.path("heuristic_upper_case_then_replace")) {
            label = label.replace(pair.get(0).asText(), pair.get(1).asText());
        }
        JsonNode suffix = COLUMN_LABEL.path("realloc_suffix").path(realloc);
        return label + (suffix.isTextual() ? suffix.asText() : "");
    }
}
