package org.gridsched.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.Csv;
import org.gridsched.api.InputException;

/**
 * The report of an experiment matrix: for every metric and every axis of more than one value, box plots of the
 * runs' values, one box per value of the axis (as the thesis draws one box per policy or heuristic, the columns
 * of its tables), every run a point beside its box; then {@code tables.md}'s tables.
 */
final class MatrixPage {
    private MatrixPage() {
    }

    /** matrix.csv: the axes' labels, then {@code seed}, then the metrics; without a seed column, text columns are axes. */
    record Table(List<String> axes, List<String> metrics, List<List<String>> axisValues, List<double[]> metricValues) {
    }

    static Table read(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String headerLine = in.readLine();
            if (headerLine == null) {
                throw new InputException(file.toString(), 1, null, "empty file; expected matrix.csv's header");
            }
            List<String> header = Csv.split(headerLine);
            List<List<String>> rows = new ArrayList<>();
            Csv.Records records = new Csv.Records(in); // a quoted label may hold a line break
            for (String line; (line = records.next()) != null;) {
                if (!line.isEmpty()) {
                    List<String> f = Csv.split(line);
                    if (f.size() != header.size()) {
                        throw new InputException(file.toString(), (int) records.line() + 1, null, f.size() + " fields for " + header.size() + " columns");
                    }
                    rows.add(f);
                }
            }
            int seed = header.indexOf("seed");
            List<Integer> axisCols = new ArrayList<>();
            List<Integer> metricCols = new ArrayList<>();
            for (int c = 0; c < header.size(); c++) {
                if (c == seed) {
                    continue;
                }
                boolean axis = seed >= 0 ? c < seed : !numeric(rows, c);
                (axis ? axisCols : metricCols).add(c);
            }
            List<List<String>> axisValues = new ArrayList<>();
            List<double[]> metricValues = new ArrayList<>();
            for (List<String> r : rows) {
                List<String> a = new ArrayList<>();
                axisCols.forEach(c -> a.add(r.get(c)));
                axisValues.add(a);
                double[] m = new double[metricCols.size()];
                for (int k = 0; k < m.length; k++) {
                    String v = r.get(metricCols.get(k));
                    m[k] = v.isEmpty() ? Double.NaN : parse(v);
                }
                metricValues.add(m);
            }
            return new Table(axisCols.stream().map(header::get).toList(), metricCols.stream().map(header::get).toList(), axisValues,
                    metricValues);
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, null, "cannot read: " + e.getMessage());
        }
    }

    private static double parse(String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static boolean numeric(List<List<String>> rows, int c) {
        for (List<String> r : rows) {
            String v = r.get(c);
            if (!v.isEmpty() && Double.isNaN(parse(v)) && !v.equals("NaN")) {
                return false;
            }
        }
        return true;
    }

    static void write(Path dir, Reports.Options o, PrintStream out) {
        Table t = read(dir.resolve("matrix.csv"));
        String name = o.folderName(dir);
        Page p = new Page("gridsched matrix report: " + name);
        p.html("<h1>").text("gridsched matrix report: " + name).html("</h1>\n<p class=\"muted\">")
                .text(Words.count(t.axisValues().size(), "run") + "; axes " + String.join(", ", t.axes()) + "; metrics " + String.join(", ", t.metrics()))
                .html("</p>\n<h2>Box plots</h2>\n<p class=\"muted\">One box per value of an axis over all runs having it (whiskers: "
                        + "min and max, box: quartiles, line: median); the points are the runs.</p>\n<div class=\"grid3\">");
        List<Object> charts = new ArrayList<>();
        List<String> images = new ArrayList<>();
        for (int m = 0; m < t.metrics().size(); m++) {
            for (int a = 0; a < t.axes().size(); a++) {
                Map<String, List<Double>> groups = new LinkedHashMap<>();
                for (int r = 0; r < t.axisValues().size(); r++) {
                    double v = t.metricValues().get(r)[m];
                    List<Double> g = groups.computeIfAbsent(t.axisValues().get(r).get(a), k -> new ArrayList<>());
                    if (!Double.isNaN(v)) {
                        g.add(v);
                    }
                }
                if (groups.size() < 2) {
                    continue;
                }
                String metric = t.metrics().get(m);
                String title = metric + " by " + t.axes().get(a);
                List<String> labels = new ArrayList<>(groups.keySet());
                List<Object> boxes = new ArrayList<>();
                List<Object> points = new ArrayList<>();
                for (int i = 0; i < labels.size(); i++) {
                    double[] v = groups.get(labels.get(i)).stream().mapToDouble(Double::doubleValue).sorted().toArray();
                    boxes.add(v.length == 0 ? List.of() : new Json.Rounded(new double[] {v[0], quartile(v, 0.25), quartile(v, 0.5),
                        quartile(v, 0.75), v[v.length - 1]}));
                    for (double x : v) {
                        points.add(List.of(i, Json.round(x)));
                    }
                }
                Map<String, Object> c = new LinkedHashMap<>();
                c.put("title", title);
                c.put("metric", metric);
                c.put("labels", labels);
                c.put("boxes", boxes);
                c.put("points", points);
                p.html("<div id=\"box-" + charts.size() + "\" class=\"chart small\"></div>");
                charts.add(c);
                if (o.images()) {
                    String f = "box-" + safe(metric) + "-by-" + safe(t.axes().get(a)) + ".png";
                    try {
                        Files.createDirectories(dir.resolve(Reports.IMAGES));
                        StaticCharts.boxes(title, metric, labels, new ArrayList<>(groups.values()), dir.resolve(Reports.IMAGES).resolve(f));
                    } catch (IOException e) {
                        throw new InputException(dir.resolve(Reports.IMAGES).toString(), 0, null, "cannot write: " + e.getMessage());
                    }
                    images.add(Reports.IMAGES + "/" + f);
                }
            }
        }
        p.html("</div>\n");
        p.data.put("kind", "matrix");
        p.data.put("matrix", charts);
        Path tables = dir.resolve("tables.md");
        if (Files.isRegularFile(tables)) {
            p.html("<h2>Tables (tables.md)</h2>\n");
            try {
                markdown(p, Files.readAllLines(tables, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new InputException(tables.toString(), 0, null, "cannot read: " + e.getMessage());
            }
        }
        if (!images.isEmpty()) {
            p.html("<h2>Static images</h2>\n<p class=\"muted\">");
            for (int i = 0; i < images.size(); i++) {
                p.html(i > 0 ? ", " : "").html("<a href=\"").text(images.get(i)).html("\">").text(images.get(i)).html("</a>");
            }
            p.html("</p>\n");
        }
        Reports.write(dir.resolve(Reports.HTML), p.render());
        out.println("report: " + dir.resolve(Reports.HTML) + (images.isEmpty() ? "" : ", " + dir.resolve(Reports.IMAGES) + "/"));
    }

    static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]+", "_");
    }

    /** Linear interpolation between closest ranks (the usual box-plot quartile). */
    static double quartile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    /** tables.md as HTML: headings, pipe tables, paragraphs. */
    static void markdown(Page p, List<String> lines) {
        boolean inTable = false;
        for (String line : lines) {
            String s = line.strip();
            if (s.startsWith("|")) {
                List<String> cells = new ArrayList<>(List.of(s.substring(1, s.endsWith("|") ? s.length() - 1 : s.length()).split("\\|", -1)));
                if (cells.stream().allMatch(c -> c.strip().matches(":?-+:?"))) {
                    continue; // the separator row
                }
                String tag = inTable ? "td" : "th";
                p.html(inTable ? "<tr>" : "<table class=\"matrix\"><tr>");
                cells.forEach(c -> p.html("<" + tag + ">").text(c.strip()).html("</" + tag + ">"));
                p.html("</tr>\n");
                inTable = true;
                continue;
            }
            if (inTable) {
                p.html("</table>\n");
                inTable = false;
            }
            if (s.startsWith("#")) {
                p.html("<h3>").text(s.replaceFirst("^#+\\s*", "")).html("</h3>\n");
            } else if (!s.isEmpty()) {
                p.html("<p>").text(s).html("</p>\n");
            }
        }
        if (inTable) {
            p.html("</table>\n");
        }
    }
}
