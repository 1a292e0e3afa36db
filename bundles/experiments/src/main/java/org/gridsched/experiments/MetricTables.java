package org.gridsched.experiments;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.Csv;
import org.gridsched.engine.Numbers;
import org.gridsched.experiments.MetricMatrix.Dim;
import org.gridsched.experiments.MetricMatrix.Run;
import org.gridsched.experiments.statistics.MeanInterval;
import org.gridsched.launcher.MatrixAxes.Axes;

/**
 * The view of a matrix of metrics: {@code matrix.csv} with one row per run (the axes' labels, the seed, the metrics)
 * and {@code tables.md} with one table per metric: rows = the {@code rows} axis, columns = the {@code columns} axis,
 * values = means over the seeds (with {@code "ci"}, each with its 95 % confidence half-width); each combination of
 * the axes in between gets a table of its own.
 */
final class MetricTables implements MatrixTables {
    private final Axes axes;
    private final List<Dim> dims;
    private final List<Run> runs;
    private final List<Object[]> values;
    private final List<double[]> results;

    /**
     * @param values  each run's metrics as reported (numbers; NaN when reported empty), for matrix.csv
     * @param results the same as doubles, for the means
     */
    MetricTables(Axes axes, List<Dim> dims, List<Run> runs, List<Object[]> values, List<double[]> results) {
        this.axes = axes;
        this.dims = dims;
        this.runs = runs;
        this.values = values;
        this.results = results;
    }

    @Override
    public String csv() {
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
        return csv.toString();
    }

    /**
     * tables.md of a matrix of metrics: per metric, a table of rows = the {@code rows} axis, columns = the
     * {@code columns} axis, values = means over the seeds (of the seeds where the metric is defined); one table per
     * combination of the other axes.
     */
    @Override
    public String markdown() {
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
        List<int[]> otherCombos = MetricMatrix.indexCombinations(others);
        for (int m = 0; m < axes.metrics().size(); m++) {
            for (int[] combo : otherCombos) {
                md.append("### ").append(axes.metrics().get(m));
                if (!others.isEmpty()) {
                    List<String> parts = new ArrayList<>();
                    for (int o = 0; o < others.size(); o++) {
                        parts.add(others.get(o).key() + ": " + others.get(o).labels().get(combo[o]));
                    }
                    md.append(" (").append(MatrixTables.cellText(String.join("; ", parts))).append(')');
                }
                md.append("\n\n| ").append(rowDim < 0 ? "" : dims.get(rowDim).key()).append(" |");
                colLabels.forEach(c -> md.append(' ').append(MatrixTables.cellText(c)).append(" |"));
                md.append("\n|---|");
                colLabels.forEach(c -> md.append("---:|"));
                md.append('\n');
                for (int r = 0; r < rowLabels.size(); r++) {
                    md.append("| ").append(MatrixTables.cellText(rowLabels.get(r))).append(" |");
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
                        md.append(' ').append(MatrixTables.format(mean, 2));
                        if (axes.ci() && n > 1) {
                            md.append(" ± ").append(MatrixTables.format(MeanInterval.halfWidth95(values, mean), 2));
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
}
