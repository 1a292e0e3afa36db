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

    /** A record of a CSV file and the physical line (from 1) where it begins, for messages. */
    record Record(long line, List<String> fields) {
    }

    /**
     * The records of a CSV file as RFC 4180 writes them (and gridsched's {@code Csv} class): fields separated by
     * commas, records by line breaks (LF or CRLF), a field in double quotes may hold commas, line breaks and doubled
     * quotes. A matrix label such as {@code o=50, "fast"} is quoted in matrix.csv, so a plain split on commas would
     * shift every column after it. A quote inside an unquoted field, text after a closing quote and a quote left
     * open at the end of the file are errors naming the file and line. (A copy of the reader of
     * bin/BotTables.java: each bin program is a single file that runs without a build.)
     */
    static List<Record> records(Path file) throws IOException {
        String s = Files.readString(file);
        List<Record> out = new ArrayList<>();
        int n = s.length();
        int i = 0;
        long line = 1;
        while (i < n) {
            long begins = line;
            List<String> fields = new ArrayList<>();
            boolean endOfRecord = false;
            while (!endOfRecord) {
                StringBuilder f = new StringBuilder();
                if (i < n && s.charAt(i) == '"') {
                    long opened = line;
                    i++;
                    while (true) {
                        if (i >= n) {
                            throw new IllegalArgumentException(file + ":" + opened + ": a quoted field is not closed before the end of the file");
                        }
                        char c = s.charAt(i);
                        if (c == '"') {
                            if (i + 1 < n && s.charAt(i + 1) == '"') {
                                f.append('"');
                                i += 2;
                                continue;
                            }
                            i++;
                            break;
                        }
                        if (c == '\r' && i + 1 < n && s.charAt(i + 1) == '\n') {
                            i++; // CRLF inside a field reads as LF, as Csv.Records reads it
                            continue;
                        }
                        if (c == '\n') {
                            line++;
                        }
                        f.append(c);
                        i++;
                    }
                    if (i < n && s.charAt(i) != ',' && s.charAt(i) != '\n' && !s.startsWith("\r\n", i)) {
                        throw new IllegalArgumentException(file + ":" + line + ": text after the closing quote of field " + (fields.size() + 1));
                    }
                } else {
                    while (i < n && s.charAt(i) != ',' && s.charAt(i) != '\n' && !s.startsWith("\r\n", i)) {
                        if (s.charAt(i) == '"') {
                            throw new IllegalArgumentException(file + ":" + line + ": a double quote inside unquoted field " + (fields.size() + 1)
                                    + " (RFC 4180: such a field is quoted and its quotes doubled)");
                        }
                        f.append(s.charAt(i++));
                    }
                }
                fields.add(f.toString());
                if (i < n && s.charAt(i) == ',') {
                    i++;
                } else {
                    i += i >= n ? 0 : s.charAt(i) == '\r' ? 2 : 1;
                    line++;
                    endOfRecord = true;
                }
            }
            out.add(new Record(begins, fields));
        }
        return out;
    }

    /** matrix.csv as workload -> controller -> seed -> metric -> value; its columns: workload, controllers, seed, the metrics. */
    static Map<String, Map<String, Map<String, Map<String, Double>>>> read(Path csv) throws IOException {
        if (!Files.isRegularFile(csv)) {
            throw new IllegalArgumentException(csv + " is missing: run the profile first (bin/gridsched run runconfigs/coalloc-paper.json)");
        }
        List<Record> records = records(csv);
        if (records.isEmpty()) {
            throw new IllegalArgumentException(csv + " is empty");
        }
        List<String> head = records.get(0).fields();
        if (head.size() < 4 || !head.get(2).equals("seed")) {
            throw new IllegalArgumentException(csv + ":1: expected the columns workload,controllers,seed,METRIC...; found " + head);
        }
        Map<String, Map<String, Map<String, Map<String, Double>>>> out = new LinkedHashMap<>();
        for (Record r : records.subList(1, records.size())) {
            List<String> f = r.fields();
            if (f.size() != head.size()) {
                throw new IllegalArgumentException(csv + ":" + r.line() + ": " + f.size() + " fields, the header has " + head.size());
            }
            Map<String, Double> m = new LinkedHashMap<>();
            for (int i = 3; i < f.size(); i++) {
                try {
                    m.put(head.get(i), f.get(i).isEmpty() ? Double.NaN : Double.parseDouble(f.get(i)));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(csv + ":" + r.line() + ": field '" + head.get(i) + "' is not a number: '" + f.get(i) + "'");
                }
            }
            out.computeIfAbsent(f.get(0), k -> new LinkedHashMap<>()).computeIfAbsent(f.get(1), k -> new LinkedHashMap<>()).put(f.get(2), m);
        }
        return out;
    }

    static List<Verdict> verdicts(Path csv) throws IOException {
        var runs = read(csv);
        List<Verdict> out = new ArrayList<>();
        for (var w : runs.entrySet()) {
            for (String[] o : ORDERINGS) {
                Map<String, Map<String, Double>> hi = policy(csv, w, o[2]);
                Map<String, Map<String, Double>> lo = policy(csv, w, o[3]);
                if (!hi.keySet().equals(lo.keySet())) {
                    throw new IllegalArgumentException(csv + ": " + o[2] + " and " + o[3] + " at " + w.getKey()
                            + " ran different seeds; the differences are paired by seed");
                }
                List<Double> d = new ArrayList<>();
                for (String seed : hi.keySet()) {
                    d.add(metric(csv, hi.get(seed), o[1]) - metric(csv, lo.get(seed), o[1]));
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

    static Map<String, Map<String, Double>> policy(Path csv, Map.Entry<String, Map<String, Map<String, Map<String, Double>>>> workload, String name) {
        Map<String, Map<String, Double>> runs = workload.getValue().get(name);
        if (runs == null) {
            throw new IllegalArgumentException(csv + " has no runs of the controllers " + name + " at " + workload.getKey() + " (it has "
                    + workload.getValue().keySet() + ")");
        }
        return runs;
    }

    static double metric(Path csv, Map<String, Double> run, String name) {
        Double v = run.get(name);
        if (v == null) {
            throw new IllegalArgumentException(csv + " has no column " + name);
        }
        return v;
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
        try {
            System.out.print(table(verdicts(dir.resolve("matrix.csv"))));
        } catch (IllegalArgumentException e) {
            // bad or missing input: the message names the file (and line); a stack trace would add nothing
            System.err.println("coalloc-verdicts: " + e.getMessage());
            System.exit(1);
        }
    }
}
