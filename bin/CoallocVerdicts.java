import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The orderings of Ballier et al.'s Figs. 4, 8 and 9, judged on the matrix.csv of runconfigs/coalloc-paper.json
 * (bin/gridsched run runconfigs/coalloc-paper.json): for each lambda_g and each ordering "A > B" of a metric, the
 * difference A - B paired by seed (every policy of a seed sees the same jobs and deadlines), its mean and 95 %
 * confidence half-width (Student's t over the seeds), and the verdict: "holds" (the interval is above 0), "reversed"
 * (below 0) or "not distinguishable" (it contains 0). Run as {@code bin/coalloc-verdicts [RESULTS_DIR]} (default
 * workspace/results/coalloc-paper; single-file Java, no build). Prints a markdown table; docs/coallocation.md shows it.
 */
public class CoallocVerdicts {
    /** Figure, metric, the policy expected higher, the policy expected lower. */
    static final String[][] ORDERINGS = {
        {"4", "global_success_percent", "wait-0", "wait-1000"},
        {"4", "global_success_percent", "wait-10", "wait-1000"},
        {"4", "global_success_percent", "wait-100", "wait-1000"},
        {"4", "global_success_percent", "wait-1000", "rpp"},
        {"8", "local_mean_response_time", "wait-1000", "wait-10"},
        {"8", "local_mean_response_time", "rpp", "wait-1000"},
        {"9", "local_kill_percent", "wait-1000", "wait-10"},
        {"9", "local_kill_percent", "rpp", "wait-10"},
    };

    /** Student's t quantile 0.975 for 1..30 degrees of freedom; beyond, 1.96. */
    static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    /** One judged ordering. */
    record Verdict(String workload, String figure, String metric, String higher, String lower, double mean, double half, String verdict) {
    }

    /** matrix.csv as workload -> controller -> seed -> metric -> value. */
    static Map<String, Map<String, Map<String, Map<String, Double>>>> read(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] head = lines.get(0).split(",");
        Map<String, Map<String, Map<String, Map<String, Double>>>> out = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            Map<String, Double> m = new LinkedHashMap<>();
            for (int i = 3; i < f.length; i++) {
                m.put(head[i], f[i].isEmpty() ? Double.NaN : Double.parseDouble(f[i]));
            }
            out.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).computeIfAbsent(f[1], k -> new LinkedHashMap<>()).put(f[2], m);
        }
        return out;
    }

    static List<Verdict> verdicts(Path csv) throws IOException {
        var runs = read(csv);
        List<Verdict> out = new ArrayList<>();
        for (var w : runs.entrySet()) {
            for (String[] o : ORDERINGS) {
                Map<String, Map<String, Double>> hi = w.getValue().get(o[2]);
                Map<String, Map<String, Double>> lo = w.getValue().get(o[3]);
                List<Double> d = new ArrayList<>();
                for (String seed : hi.keySet()) {
                    d.add(hi.get(seed).get(o[1]) - lo.get(seed).get(o[1]));
                }
                int n = d.size();
                double mean = 0;
                for (double x : d) {
                    mean += x / n;
                }
                double ss = 0;
                for (double x : d) {
                    ss += (x - mean) * (x - mean);
                }
                double half = (n - 1 <= T975.length ? T975[n - 2] : 1.96) * Math.sqrt(ss / (n - 1) / n);
                String verdict = mean - half > 0 ? "holds" : mean + half < 0 ? "reversed" : "not distinguishable";
                out.add(new Verdict(w.getKey(), o[0], o[1], o[2], o[3], mean, half, verdict));
            }
        }
        return out;
    }

    static String table(List<Verdict> verdicts) {
        StringBuilder sb = new StringBuilder("| workload | Fig. | metric | ordering | difference (paired, mean ± 95 % CI) | verdict |\n"
                + "|---|---|---|---|---:|---|\n");
        for (Verdict v : verdicts) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s > %s | %.2f ± %.2f | %s |%n", v.workload(), v.figure(), v.metric(),
                    v.higher(), v.lower(), v.mean(), v.half(), v.verdict()));
        }
        return sb.toString();
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "workspace/results/coalloc-paper");
        System.out.print(table(verdicts(dir.resolve("matrix.csv"))));
    }
}
