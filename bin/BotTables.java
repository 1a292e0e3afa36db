import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Table II comparison tables of docs/bag-of-tasks.md from the matrix.csv files of the bot-table2-row*
 * profiles: per row and overestimation, means +- 95 % confidence half-width over the workloads (seeds; Student's t),
 * and each row's reductions against its uncoordinated user-estimate baseline (row 1 on the homogeneous platform,
 * row 5 on the heterogeneous one) with the same seed and o: 100 x (baseline - row) / baseline per seed, then the
 * mean +- 95 % confidence half-width; and the share of bags on 1..4 providers. Run as
 * {@code bin/bot-tables [RESULTS_DIR]} (single-file Java, no build).
 */
public class BotTables {
    static final String[] ROWS = {"1", "2", "3", "4", "5", "6", "7"};

    /** matrix.csv as: o label -> seed -> metric -> value. */
    static Map<String, Map<String, Map<String, Double>>> read(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] head = lines.get(0).split(",");
        Map<String, Map<String, Map<String, Double>>> out = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            Map<String, Double> m = new LinkedHashMap<>();
            for (int i = 2; i < f.length; i++) {
                m.put(head[i], f[i].isEmpty() ? Double.NaN : Double.parseDouble(f[i]));
            }
            out.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[1], m);
        }
        return out;
    }

    /** Student's t quantile 0.975 for 1..30 degrees of freedom; beyond, 1.96 (at most 2 % more than t). */
    static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    /** Mean and 95 % confidence half-width of the mean (Student's t; 1.96 beyond 30 degrees of freedom). */
    static double[] meanHalf(List<Double> v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        double mean = s / v.size();
        double q = 0;
        for (double x : v) {
            q += (x - mean) * (x - mean);
        }
        int n = v.size();
        double half = n > 1 ? (n - 1 <= T975.length ? T975[n - 2] : 1.96) * Math.sqrt(q / (n - 1) / n) : 0;
        return new double[] {mean, half};
    }

    static String meanCi(List<Double> v, String fmt) {
        double[] m = meanHalf(v);
        return String.format(Locale.ROOT, fmt + " ± " + fmt, m[0], m[1]);
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "workspace/results");
        Map<String, Map<String, Map<String, Map<String, Double>>>> rows = new LinkedHashMap<>();
        for (String r : ROWS) {
            rows.put(r, read(dir.resolve("bot-table2-row" + r).resolve("matrix.csv")));
        }
        String[][] values = {{"stretch_factor_multi", "%.2f"}, {"bounded_stretch_factor_multi", "%.2f"}, {"response_time", "%.0f"}, {"bounded_slowdown", "%.2f"},
                {"response_time_single", "%.0f"}, {"bot_utilization_percent", "%.2f"}};
        for (String[] v : values) {
            System.out.println("\n#### " + v[0] + " (mean ± 95 % CI over the workloads)\n");
            table(rows, v[0], (row, o, seed) -> rows.get(row).get(o).get(seed).get(v[0]), v[1]);
        }
        System.out.println("\n#### bags per number of providers, % of the bags (mean ± 95 % CI over the runs: workloads x overestimations)\n");
        StringBuilder h = new StringBuilder("| Table II row | 1 | 2 | 3 | 4 |\n|---|---:|---:|---:|---:|");
        for (String r : ROWS) {
            List<List<Double>> share = new ArrayList<>();
            for (int k = 0; k <= 4; k++) {
                share.add(new ArrayList<>());
            }
            for (Map<String, Map<String, Double>> bySeed : rows.get(r).values()) {
                for (Map<String, Double> m : bySeed.values()) {
                    double all = 0;
                    for (int k = 1; k <= 4; k++) {
                        all += m.get("bags_on_" + k + "_providers");
                    }
                    for (int k = 1; k <= 4; k++) {
                        share.get(k).add(100 * m.get("bags_on_" + k + "_providers") / all);
                    }
                }
            }
            h.append("\n| ").append(r).append(" |");
            for (int k = 1; k <= 4; k++) {
                h.append(' ').append(meanCi(share.get(k), "%.1f")).append(" |");
            }
        }
        System.out.println(h);
        String[] reductions = {"stretch_factor_multi", "bounded_stretch_factor_multi", "response_time", "bounded_slowdown", "response_time_single", "response_time_multi",
                "bounded_slowdown_multi"};
        for (String m : reductions) {
            System.out.println("\n#### " + m + ": reduction in % against the uncoordinated user-estimate baseline (same workload and o; mean ± 95 % CI)\n");
            table(rows, m, (row, o, seed) -> {
                String base = Integer.parseInt(row) <= 4 ? "1" : "5";
                if (row.equals(base)) {
                    return Double.NaN;
                }
                double b = rows.get(base).get(o).get(seed).get(m);
                return 100 * (b - rows.get(row).get(o).get(seed).get(m)) / b;
            }, "%.1f");
        }
        tasksPlacement(dir);
    }

    /**
     * With RESULTS_DIR/bot-placement-tasks/matrix.csv (rows 1 and 3 with placement=tasks): the reductions of coordinated
     * against uncoordinated there, per o, mean ± 95 % CI over the workloads.
     */
    static void tasksPlacement(Path dir) throws IOException {
        Path csv = dir.resolve("bot-placement-tasks").resolve("matrix.csv");
        if (!Files.isRegularFile(csv)) {
            return;
        }
        Map<String, Map<String, Map<String, Double>>> runs = read(csv);
        String[] metrics = {"stretch_factor_multi", "bounded_stretch_factor_multi", "response_time", "bounded_slowdown", "response_time_single"};
        StringBuilder sb = new StringBuilder("\n#### placement=tasks (bot-placement-tasks): reduction in % of coordinated against uncoordinated (same workload and o; mean ± 95 % CI)\n\n| o % |");
        for (String m : metrics) {
            sb.append(' ').append(m).append(" |");
        }
        sb.append("\n|---|").append("---:|".repeat(metrics.length));
        for (String label : runs.keySet()) {
            if (!label.startsWith("uncoordinated ")) {
                continue;
            }
            String o = label.substring("uncoordinated ".length());
            Map<String, Map<String, Double>> u = runs.get(label);
            Map<String, Map<String, Double>> c = runs.get("coordinated " + o);
            sb.append("\n| ").append(o.replace("o=", "")).append(" |");
            for (String m : metrics) {
                List<Double> v = new ArrayList<>();
                for (String seed : u.keySet()) {
                    double b = u.get(seed).get(m);
                    v.add(100 * (b - c.get(seed).get(m)) / b);
                }
                sb.append(' ').append(meanCi(v, "%.1f")).append(" |");
            }
        }
        System.out.println(sb);
    }

    interface Cell {
        double value(String row, String o, String seed);
    }

    static void table(Map<String, Map<String, Map<String, Map<String, Double>>>> rows, String metric, Cell cell, String fmt) {
        List<String> os = new ArrayList<>(rows.get("1").keySet());
        StringBuilder sb = new StringBuilder("| Table II row |");
        for (String o : os) {
            sb.append(' ').append(o).append(" |");
        }
        sb.append("\n|---|");
        sb.append("---:|".repeat(os.size()));
        for (String r : ROWS) {
            sb.append("\n| ").append(r).append(" |");
            for (String o : os) {
                List<Double> v = new ArrayList<>();
                for (String seed : rows.get(r).get(o).keySet()) {
                    double x = cell.value(r, o, seed);
                    if (!Double.isNaN(x)) {
                        v.add(x);
                    }
                }
                sb.append(' ').append(v.isEmpty() ? "" : meanCi(v, fmt)).append(" |");
            }
        }
        System.out.println(sb);
    }
}
