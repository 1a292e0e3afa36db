import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The result tables of docs/bag-of-tasks.md and docs/coallocation.md that are not a profile's tables.md, as one
 * single-file Java program (no build) so that both share one CSV reader and one confidence interval:
 * {@code java bin/ResultTables.java bot-tables [RESULTS_DIR]} ({@link BotTables}, run by {@code bin/bot-tables}) and
 * {@code java bin/ResultTables.java coalloc-verdicts [RESULTS_DIR]} ({@link CoallocVerdicts}, run by
 * {@code bin/coalloc-verdicts}); bin/DocTables.java runs both. The source launcher runs this first class of the file.
 */
public class ResultTables {
    static final String USAGE = "usage: java bin/ResultTables.java bot-tables [RESULTS_DIR] | coalloc-verdicts [RESULTS_DIR]";

    public static void main(String[] args) throws IOException {
        String[] rest = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
        switch (args.length > 0 ? args[0] : "") {
            case "bot-tables" -> BotTables.run(rest);
            case "coalloc-verdicts" -> CoallocVerdicts.run(rest);
            default -> {
                if (args.length > 0) {
                    System.err.println("ResultTables: unknown command '" + args[0] + "'");
                }
                System.err.println(USAGE);
                System.exit(2);
            }
        }
    }
}

/** The CSV reader of both programs. */
final class CsvFile {
    private CsvFile() {
    }

    /** A record of a CSV file and the physical line (from 1) where it begins, for messages. */
    record Record(long line, List<String> fields) {
    }

    /**
     * The records of a CSV file as RFC 4180 writes them (and gridsched's {@code Csv} class): fields separated by
     * commas, records by line breaks (LF or CRLF), a field in double quotes may hold commas, line breaks and doubled
     * quotes. A matrix label such as {@code o=50, "fast"} is quoted in matrix.csv, so a plain split on commas would
     * shift every column after it. A quote inside an unquoted field, text after a closing quote and a quote left
     * open at the end of the file are errors naming the file and line. (The one reader of bot-tables and
     * coalloc-verdicts: they are one single-file program so that they share it and still run without a build.)
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

    /**
     * The records of a matrix.csv, header first: an error when the file is missing (saying how to make it,
     * {@code howToMake}) or holds no record.
     */
    static List<Record> matrix(Path csv, String howToMake) throws IOException {
        if (!Files.isRegularFile(csv)) {
            throw new IllegalArgumentException(csv + " is missing: " + howToMake);
        }
        List<Record> records = records(csv);
        if (records.isEmpty()) {
            throw new IllegalArgumentException(csv + " is empty");
        }
        return records;
    }

    /**
     * The metrics of a matrix.csv row: the columns of {@code head} from {@code first} on, by name (an empty field is
     * NaN). A row whose field count is not the header's, or a field that is not a number, is an error naming the
     * file, the line and the column.
     */
    static Map<String, Double> metrics(Path csv, Record r, List<String> head, int first) {
        List<String> f = r.fields();
        if (f.size() != head.size()) {
            throw new IllegalArgumentException(csv + ":" + r.line() + ": " + f.size() + " fields, the header has " + head.size());
        }
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = first; i < f.size(); i++) {
            try {
                m.put(head.get(i), f.get(i).isEmpty() ? Double.NaN : Double.parseDouble(f.get(i)));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(csv + ":" + r.line() + ": field '" + head.get(i) + "' is not a number: '" + f.get(i) + "'");
            }
        }
        return m;
    }
}

/** The 95 % confidence half-width of a mean, for both programs. */
final class Confidence {
    private Confidence() {
    }

    /** Student's t quantile 0.975 for 1..30 degrees of freedom; beyond, 1.96 (at most 2 % more than t). */
    static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    /**
     * The 95 % confidence half-width of the mean of {@code v}, given that mean (each program computes its mean its
     * own way): Student's t with {@code v.size() - 1} degrees of freedom (1.96 beyond 30) times the standard error.
     * Needs at least two values (with one there is no t: T975[-1] throws).
     */
    static double halfWidth(List<Double> v, double mean) {
        double q = 0;
        for (double x : v) {
            q += (x - mean) * (x - mean);
        }
        int n = v.size();
        return (n - 1 <= T975.length ? T975[n - 2] : 1.96) * Math.sqrt(q / (n - 1) / n);
    }
}

/**
 * The Table II comparison tables of docs/bag-of-tasks.md from the matrix.csv files of the bot-table2-row*
 * profiles: per row and overestimation, means +- 95 % confidence half-width over the workloads (seeds; Student's t),
 * and each row's reductions against its uncoordinated user-estimate baseline (row 1 on the homogeneous platform,
 * row 5 on the heterogeneous one) with the same seed and o: 100 x (baseline - row) / baseline per seed, then the
 * mean +- 95 % confidence half-width; the share of bags on 1..4 providers; the difference between the two platforms'
 * coordination gains, paired by workload; how the reductions' half-widths narrow with the number of workloads; and,
 * if its results are there, the reductions of bot-placement-tasks. Run as {@code bin/bot-tables [RESULTS_DIR]}
 * ({@code java bin/ResultTables.java bot-tables [RESULTS_DIR]}: single-file Java, no build).
 */
class BotTables {
    static final String[] ROWS = {"1", "2", "3", "4", "5", "6", "7"};

    /**
     * matrix.csv of a Table II profile as: o label -> seed -> metric -> value. Its columns: the label of the
     * controllers axis, seed, then the metrics.
     */
    static Map<String, Map<String, Map<String, Double>>> read(Path csv) throws IOException {
        List<CsvFile.Record> records = CsvFile.matrix(csv, "run the profiles first (bin/gridsched shell runconfigs/bot-table2.gosh)");
        List<String> head = records.get(0).fields();
        if (head.size() < 3 || !head.get(1).equals("seed")) {
            throw new IllegalArgumentException(csv + ":1: expected the columns LABEL,seed,METRIC...; found " + head);
        }
        Map<String, Map<String, Map<String, Double>>> out = new LinkedHashMap<>();
        for (CsvFile.Record r : records.subList(1, records.size())) {
            List<String> f = r.fields();
            Map<String, Double> m = CsvFile.metrics(csv, r, head, 2);
            Map<String, Map<String, Double>> bySeed = out.computeIfAbsent(f.get(0), k -> new LinkedHashMap<>());
            if (bySeed.put(f.get(1), m) != null) {
                throw new IllegalArgumentException(csv + ":" + r.line() + ": a second row of " + f.get(0) + ", seed " + f.get(1));
            }
        }
        return out;
    }

    /** Mean and 95 % confidence half-width of the mean (Student's t; 1.96 beyond 30 degrees of freedom; 0 for one value). */
    static double[] meanHalf(List<Double> v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        double mean = s / v.size();
        return new double[] {mean, v.size() > 1 ? Confidence.halfWidth(v, mean) : 0};
    }

    /**
     * The value of {@code metric} in the run of {@code o} and {@code seed} of {@code runs} (read from {@code file}); a
     * reduction pairs two profiles' runs by o and seed, so a run missing from one of them is an error naming it.
     */
    static double value(Map<String, Map<String, Map<String, Double>>> runs, Path file, String o, String seed, String metric) {
        Map<String, Map<String, Double>> bySeed = runs.get(o);
        Map<String, Double> run = bySeed == null ? null : bySeed.get(seed);
        if (run == null) {
            throw new IllegalArgumentException(file + " has no run of " + o + ", seed " + seed
                    + ": the profiles a reduction pairs must run the same overestimations and seeds");
        }
        Double v = run.get(metric);
        if (v == null) {
            throw new IllegalArgumentException(file + " has no column " + metric + " (the profile's matrix \"metrics\" must list it)");
        }
        return v;
    }

    static String meanCi(List<Double> v, String fmt) {
        double[] m = meanHalf(v);
        return String.format(Locale.ROOT, fmt + " ± " + fmt, m[0], m[1]);
    }

    static void run(String[] args) throws IOException {
        try {
            print(Path.of(args.length > 0 ? args[0] : "workspace/results"));
        } catch (IllegalArgumentException e) {
            // bad or missing input: the message names the file (and line); a stack trace would add nothing
            System.err.println("bot-tables: " + e.getMessage());
            System.exit(1);
        }
    }

    static Path csv(Path dir, String row) {
        return dir.resolve("bot-table2-row" + row).resolve("matrix.csv");
    }

    static void print(Path dir) throws IOException {
        Map<String, Map<String, Map<String, Map<String, Double>>>> rows = new LinkedHashMap<>();
        for (String r : ROWS) {
            rows.put(r, read(csv(dir, r)));
            // every table below pairs rows run by run, and its means compare rows: all must hold the same runs
            for (Map.Entry<String, Map<String, Map<String, Double>>> o : rows.get(r).entrySet()) {
                Map<String, Map<String, Double>> first = rows.get("1").get(o.getKey());
                if (first == null || !first.keySet().equals(o.getValue().keySet()) || rows.get(r).size() != rows.get("1").size()) {
                    throw new IllegalArgumentException(csv(dir, r) + " and " + csv(dir, "1") + " differ in their overestimations or seeds (at "
                            + o.getKey() + "): every Table II profile must run the same ones, since the reductions pair them run by run");
                }
            }
        }
        int workloads = rows.get("1").values().iterator().next().size();
        String[][] values = {{"stretch_factor_multi", "%.2f"}, {"bounded_stretch_factor_multi", "%.2f"}, {"response_time", "%.0f"}, {"bounded_slowdown", "%.2f"},
                {"response_time_single", "%.0f"}, {"bot_utilization_percent", "%.2f"}};
        for (String[] v : values) {
            System.out.println("\n#### " + v[0] + " (mean ± 95 % CI over the " + workloads + " workloads)\n");
            table(rows, v[0], (row, o, seed) -> value(rows.get(row), csv(dir, row), o, seed, v[0]), v[1]);
        }
        System.out.println("\n#### bags per number of providers, % of the bags (mean ± 95 % CI over the runs: workloads x overestimations)\n");
        StringBuilder h = new StringBuilder("| Table II row | 1 | 2 | 3 | 4 |\n|---|---:|---:|---:|---:|");
        for (String r : ROWS) {
            List<List<Double>> share = new ArrayList<>();
            for (int k = 0; k <= 4; k++) {
                share.add(new ArrayList<>());
            }
            for (Map.Entry<String, Map<String, Map<String, Double>>> o : rows.get(r).entrySet()) {
                for (String seed : o.getValue().keySet()) {
                    double[] bags = new double[5];
                    double all = 0;
                    for (int k = 1; k <= 4; k++) {
                        bags[k] = value(rows.get(r), csv(dir, r), o.getKey(), seed, "bags_on_" + k + "_providers");
                        all += bags[k];
                    }
                    for (int k = 1; k <= 4; k++) {
                        share.get(k).add(100 * bags[k] / all);
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
            System.out.println("\n#### " + m + ": reduction in % against the uncoordinated user-estimate baseline (same workload and o; mean ± 95 % CI over the "
                    + workloads + " workloads)\n");
            table(rows, m, (row, o, seed) -> {
                String base = Integer.parseInt(row) <= 4 ? "1" : "5";
                if (row.equals(base)) {
                    return Double.NaN;
                }
                double b = value(rows.get(base), csv(dir, base), o, seed, m);
                return 100 * (b - value(rows.get(row), csv(dir, row), o, seed, m)) / b;
            }, "%.1f");
        }
        platforms(rows, dir, workloads);
        widths(rows, dir, reductions, workloads);
        tasksPlacement(dir);
    }

    /**
     * Whether coordination gains more on the homogeneous platform than on the heterogeneous one (spec 4.3 check 4):
     * per metric and o, row 3's reduction against row 1 minus row 7's against row 5, paired by workload (rows 1 and
     * 5 run the same workloads on the two platforms), mean ± 95 % CI. Comparing the two rows' own intervals would
     * be weaker: their overlap does not mean the difference is indistinguishable.
     */
    static void platforms(Map<String, Map<String, Map<String, Map<String, Double>>>> rows, Path dir, int workloads) {
        String[] metrics = {"stretch_factor_multi", "bounded_stretch_factor_multi", "response_time", "bounded_slowdown"};
        List<String> os = new ArrayList<>(rows.get("1").keySet());
        StringBuilder sb = new StringBuilder("\n#### coordination's gain, homogeneous minus heterogeneous: reduction of row 3 (against row 1) minus that of row 7 (against row 5), in points (same workload and o; mean ± 95 % CI over the "
                + workloads + " workloads)\n\n| metric |");
        for (String o : os) {
            sb.append(' ').append(o).append(" |");
        }
        sb.append("\n|---|").append("---:|".repeat(os.size()));
        for (String m : metrics) {
            sb.append("\n| ").append(m).append(" |");
            for (String o : os) {
                List<Double> v = new ArrayList<>();
                for (String seed : rows.get("1").get(o).keySet()) {
                    double b1 = value(rows.get("1"), csv(dir, "1"), o, seed, m);
                    double b5 = value(rows.get("5"), csv(dir, "5"), o, seed, m);
                    v.add(100 * (b1 - value(rows.get("3"), csv(dir, "3"), o, seed, m)) / b1 - 100 * (b5 - value(rows.get("7"), csv(dir, "7"), o, seed, m)) / b5);
                }
                sb.append(' ').append(meanCi(v, "%.1f")).append(" |");
            }
        }
        System.out.println(sb);
    }

    /**
     * How the confidence intervals of the reductions narrow with the number of workloads: for the first k of the
     * profiles' seeds (k = 50, 100, ... and all), the widest 95 % half-width over the overestimations of each row's
     * stretch-factor reduction (the widest of the reductions), and of every reduction of every row. It is what
     * decided how many workloads the profiles run: enough for every half-width to be below 5 points.
     */
    static void widths(Map<String, Map<String, Map<String, Map<String, Double>>>> rows, Path dir, String[] reductions, int workloads) {
        List<Integer> ks = new ArrayList<>();
        for (int k = 50; k < workloads; k += 50) {
            ks.add(k);
        }
        ks.add(workloads);
        StringBuilder sb = new StringBuilder("\n#### widest 95 % half-width of the reductions, in points, by number of workloads (the first k seeds; widest over the overestimations)\n\n| Table II row |");
        for (int k : ks) {
            sb.append(" k=").append(k).append(" |");
        }
        sb.append("\n|---|").append("---:|".repeat(ks.size()));
        double[] widest = new double[ks.size()];
        for (String r : ROWS) {
            String base = Integer.parseInt(r) <= 4 ? "1" : "5";
            if (r.equals(base)) {
                continue;
            }
            sb.append("\n| ").append(r).append(", stretch_factor_multi |");
            for (int i = 0; i < ks.size(); i++) {
                double sf = 0;
                for (String m : reductions) {
                    for (Map.Entry<String, Map<String, Map<String, Double>>> o : rows.get(r).entrySet()) {
                        List<Double> v = new ArrayList<>();
                        for (String seed : o.getValue().keySet().stream().limit(ks.get(i)).toList()) {
                            double b = value(rows.get(base), csv(dir, base), o.getKey(), seed, m);
                            v.add(100 * (b - value(rows.get(r), csv(dir, r), o.getKey(), seed, m)) / b);
                        }
                        double half = meanHalf(v)[1];
                        widest[i] = Math.max(widest[i], half);
                        if (m.equals("stretch_factor_multi")) {
                            sf = Math.max(sf, half);
                        }
                    }
                }
                sb.append(String.format(Locale.ROOT, " %.2f |", sf));
            }
        }
        sb.append("\n| every row, every reduction |");
        for (double w : widest) {
            sb.append(String.format(Locale.ROOT, " %.2f |", w));
        }
        System.out.println(sb);
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
        StringBuilder sb = new StringBuilder("\n#### placement=tasks (bot-placement-tasks): reduction in % of coordinated against uncoordinated (same workload and o; mean ± 95 % CI over the "
                + runs.values().iterator().next().size() + " workloads)\n\n| o % |");
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
            sb.append("\n| ").append(o.replace("o=", "")).append(" |");
            for (String m : metrics) {
                List<Double> v = new ArrayList<>();
                for (String seed : u.keySet()) {
                    double b = value(runs, csv, label, seed, m);
                    v.add(100 * (b - value(runs, csv, "coordinated " + o, seed, m)) / b);
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

/**
 * The orderings of Ballier et al.'s Figs. 4, 8 and 9, judged on the matrix.csv of runconfigs/coalloc-paper.json
 * (bin/gridsched run runconfigs/coalloc-paper.json): for each lambda_g and each ordering "A > B" of a metric, the
 * difference A - B paired by seed (every policy of a seed sees the same jobs and deadlines), its mean and 95 %
 * confidence half-width (Student's t over the seeds), and the verdict: "holds" (the interval is above 0), "reversed"
 * (below 0) or "not distinguishable" (it contains 0). Run as {@code bin/coalloc-verdicts [RESULTS_DIR]} (default
 * workspace/results/coalloc-paper; {@code java bin/ResultTables.java coalloc-verdicts [RESULTS_DIR]}: single-file Java, no
 * build). Prints a markdown table; docs/coallocation.md shows it.
 */
class CoallocVerdicts {
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

    /** One judged ordering. */
    record Verdict(String workload, String figure, String metric, String higher, String lower, double mean, double half, String verdict) {
    }

    /** matrix.csv as workload -> controller -> seed -> metric -> value; its columns: workload, controllers, seed, the metrics. */
    static Map<String, Map<String, Map<String, Map<String, Double>>>> read(Path csv) throws IOException {
        List<CsvFile.Record> records = CsvFile.matrix(csv, "run the profile first (bin/gridsched run runconfigs/coalloc-paper.json)");
        List<String> head = records.get(0).fields();
        if (head.size() < 4 || !head.get(2).equals("seed")) {
            throw new IllegalArgumentException(csv + ":1: expected the columns workload,controllers,seed,METRIC...; found " + head);
        }
        Map<String, Map<String, Map<String, Map<String, Double>>>> out = new LinkedHashMap<>();
        for (CsvFile.Record r : records.subList(1, records.size())) {
            List<String> f = r.fields();
            Map<String, Double> m = CsvFile.metrics(csv, r, head, 3);
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
                if (n < 2) {
                    throw new IllegalArgumentException(csv + ": " + o[2] + " and " + o[3] + " at " + w.getKey() + " ran " + n
                            + " seed(s); a verdict needs at least 2 (a confidence interval over the seeds)");
                }
                double mean = 0;
                for (double x : d) {
                    mean += x / n; // not BotTables.meanHalf's sum / n: the two can differ in the last bits
                }
                double half = Confidence.halfWidth(d, mean);
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

    static void run(String[] args) throws IOException {
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
