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
 * profiles: per row and overestimation, means +- standard deviation over the workloads (seeds), and each
 * row's reductions against its uncoordinated user-estimate baseline (row 1 on the homogeneous platform, row 5
 * on the heterogeneous one) with the same seed and o: 100 x (baseline - row) / baseline per seed, then the
 * mean +- standard deviation. Run as {@code bin/bot-tables [RESULTS_DIR]} (single-file Java, no build).
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

    static String meanSd(List<Double> v, String fmt) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        double mean = s / v.size();
        double q = 0;
        for (double x : v) {
            q += (x - mean) * (x - mean);
        }
        double sd = v.size() > 1 ? Math.sqrt(q / (v.size() - 1)) : 0;
        return String.format(Locale.ROOT, fmt + " ± " + fmt, mean, sd);
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
            System.out.println("\n#### " + v[0] + " (mean ± sd over the workloads)\n");
            table(rows, v[0], (row, o, seed) -> rows.get(row).get(o).get(seed).get(v[0]), v[1]);
        }
        System.out.println("\n#### bags per number of providers, % of the bags (mean over the workloads and overestimations)\n");
        StringBuilder h = new StringBuilder("| Table II row | 1 | 2 | 3 | 4 |\n|---|---:|---:|---:|---:|");
        for (String r : ROWS) {
            double[] share = new double[5];
            int runs = 0;
            for (Map<String, Map<String, Double>> bySeed : rows.get(r).values()) {
                for (Map<String, Double> m : bySeed.values()) {
                    double all = 0;
                    for (int k = 1; k <= 4; k++) {
                        all += m.get("bags_on_" + k + "_providers");
                    }
                    for (int k = 1; k <= 4; k++) {
                        share[k] += 100 * m.get("bags_on_" + k + "_providers") / all;
                    }
                    runs++;
                }
            }
            h.append("\n| ").append(r).append(" |");
            for (int k = 1; k <= 4; k++) {
                h.append(String.format(Locale.ROOT, " %.1f |", share[k] / runs));
            }
        }
        System.out.println(h);
        String[] reductions = {"stretch_factor_multi", "bounded_stretch_factor_multi", "response_time", "bounded_slowdown", "response_time_single", "response_time_multi",
                "bounded_slowdown_multi"};
        for (String m : reductions) {
            System.out.println("\n#### " + m + ": reduction in % against the uncoordinated user-estimate baseline (same workload and o)\n");
            table(rows, m, (row, o, seed) -> {
                String base = Integer.parseInt(row) <= 4 ? "1" : "5";
                if (row.equals(base)) {
                    return Double.NaN;
                }
                double b = rows.get(base).get(o).get(seed).get(m);
                return 100 * (b - rows.get(row).get(o).get(seed).get(m)) / b;
            }, "%.1f");
        }
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
                sb.append(' ').append(v.isEmpty() ? "" : meanSd(v, fmt)).append(" |");
            }
        }
        System.out.println(sb);
    }
}
