package org.gridsched.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.engine.Numbers;

import com.fasterxml.jackson.databind.JsonNode;

/** The HTML report of one run: validation, summary, Gantt charts, time series, distributions, and a diff. */
final class RunPage {
    /** Time-series bins: enough for a wide screen, few enough for a small page. */
    static final int BINS = 2000;

    private RunPage() {
    }

    static Page build(RunDir run, Validation v, Analysis a, RunDiff diff) {
        JobsTable t = run.jobs;
        Page p = new Page("gridsched report: " + run.name);
        p.html("<h1>").text("gridsched report: " + run.name).html("</h1>\n");
        p.html("<p class=\"muted\">").text(t.file.getFileName() + ": " + jobsThatRan(t.size, a.gantt.jobs) + "; platform "
                + platform(t.clusters)).html("</p>\n");
        validation(p, v);
        summary(p, run);
        p.html("<h2>Gantt charts</h2>\n<div class=\"controls\">colour by <select id=\"gantt-colour\">"
                + "<option value=\"job\">job</option><option value=\"state\">final state</option><option value=\"user\">user</option>"
                + "</select> &nbsp; window from <input id=\"gantt-from\" type=\"number\"> to <input id=\"gantt-to\" type=\"number\"> s "
                + "<button id=\"gantt-apply\">show</button> <button id=\"gantt-reset\">whole run</button>"
                + " <span class=\"muted\">wheel: zoom, drag: move, double-click: whole run; hover a job to see it and its other parts"
                + " (dashed: a job on several clusters)</span></div>\n");
        unavailable(p, run.unavailable);
        p.html("<div id=\"gantt-charts\"></div><div id=\"gantt-tip\"></div>\n");
        p.html("<h2>Over time</h2>\n<p class=\"muted\">Means over " + BINS + " equal intervals (the dashed queue line: the most jobs "
                + "waiting at once in each); the zoom of this chart and of the Gantt charts follow each other.</p>\n"
                + "<div id=\"chart-series\" class=\"chart tall\"></div>\n");
        energy(p, run.energy);
        p.html("<h2>Distributions</h2>\n");
        quantiles(p, a);
        p.html("<div class=\"grid3\"><div id=\"chart-wait\" class=\"chart small\"></div><div id=\"chart-slowdown\" class=\"chart small\">"
                + "</div><div id=\"chart-bsld\" class=\"chart small\"></div></div>\n");
        if (diff != null) {
            diff.section(p);
        }
        if (!a.images.isEmpty()) {
            p.html("<h2>Static images</h2>\n<p class=\"muted\">PNG files for papers, beside this report: ");
            for (int i = 0; i < a.images.size(); i++) {
                p.html(i > 0 ? ", " : "").html("<a href=\"").text(a.images.get(i)).html("\">").text(a.images.get(i)).html("</a>");
            }
            p.html(". Every chart above can also be saved as SVG (its save button).</p>\n");
        }
        data(p, t, a);
        if (run.unavailable != null) {
            p.data.put("unavailable", unavailableData(run.unavailable));
        }
        if (run.energy != null) {
            p.data.put("energy", energyData(run.energy, t.clusters));
        }
        return p;
    }

    /** "3 jobs, 2 of them ran", "1 job, which ran". */
    static String jobsThatRan(int jobs, int ran) {
        if (jobs == 1) {
            return ran == 1 ? "1 job, which ran" : "1 job, which did not run";
        }
        return Words.count(jobs, "job") + ", " + String.format(java.util.Locale.ROOT, "%,d", ran) + " of them ran";
    }

    /** Colours of unavailable processors on the Gantt charts (report.js draws with the same), by state. */
    static final java.util.Map<String, String> UNAVAILABLE_COLOURS = java.util.Map.of("failed", "#d62728", "off", "#3b3b3b",
            "switching_on", "#9a9a9a", "switching_off", "#c8c8c8");
    static final java.util.Map<String, String> UNAVAILABLE_LABELS = java.util.Map.of("failed", "failed (until repaired)",
            "off", "switched off", "switching_on", "switching on", "switching_off", "switching off");

    /** The Gantt charts' legend of unavailable processors (hatched), and how many intervals the file has. */
    private static void unavailable(Page p, Unavailability u) {
        if (u == null) {
            return;
        }
        p.html("<div class=\"controls\" id=\"unavailable-legend\">processors unavailable (hatched): ");
        for (String state : Unavailability.STATES) {
            if (u.ofState(Unavailability.STATES.indexOf(state)) == 0) {
                continue; // the states the file has: a run with failures only has no switched-off processors to show
            }
            p.html("<span class=\"swatch\" style=\"background-color:" + UNAVAILABLE_COLOURS.get(state) + "\"></span> ")
                    .text(UNAVAILABLE_LABELS.get(state)).html(" &nbsp; ");
        }
        p.html("<span class=\"muted\">").text(Words.count(u.total, "interval") + " in unavailable.csv"
                + (u.total > u.drawn() ? "; the first " + String.format(java.util.Locale.ROOT, "%,d", u.drawn())
                        + " are drawn" : "")).html("</span></div>\n");
    }

    private static void energy(Page p, EnergySeries e) {
        if (e == null) {
            return;
        }
        p.html("<h2>Energy" + (e.carbon ? " and carbon" : "") + "</h2>\n<p class=\"muted\">From energy.csv: the platform's mean "
                + "power per interval by processor state (switching: each switch's energy in the interval it starts) and the "
                + "cumulative energy" + (e.carbon ? "; each cluster's emission rate and the cumulative emissions" : "")
                + ", over the energy window (first submission to last end).</p>\n<div id=\"chart-energy\" class=\"chart\"></div>\n");
        if (e.carbon) {
            p.html("<div id=\"chart-carbon\" class=\"chart\"></div>\n");
        }
    }

    private static Map<String, Object> unavailableData(Unavailability u) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("states", Unavailability.STATES);
        List<String> colours = new ArrayList<>();
        Unavailability.STATES.forEach(s -> colours.add(UNAVAILABLE_COLOURS.get(s)));
        m.put("colours", colours);
        // one flat row per interval: cluster, from, to, state, then platform-wide [first, count] pairs
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < u.drawn(); i++) {
            int first = u.firstRun(i);
            double[] row = new double[4 + 2 * (u.firstRun(i + 1) - first)];
            row[0] = u.cluster(i);
            row[1] = u.from(i);
            row[2] = u.to(i);
            row[3] = u.state(i);
            for (int r = first, k = 4; r < u.firstRun(i + 1); r++, k += 2) {
                row[k] = u.low(r);
                row[k + 1] = u.high(r) - u.low(r);
            }
            rows.add(row); // exact: the chart draws these at their own times
        }
        m.put("intervals", rows);
        return m;
    }

    /** The platform's series (clusters added up), and each cluster's emission rate. */
    private static Map<String, Object> energyData(EnergySeries e, Clusters clusters) {
        int n = e.from.size();
        String[] names = {"busy", "idle", "off", "switching", "joules", "gph", "grams"};
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("from", e.from.stream().mapToDouble(Double::doubleValue).toArray());
        m.put("to", e.to.stream().mapToDouble(Double::doubleValue).toArray());
        for (int k = 0; k < e.values[0].length; k++) {
            double[] sum = new double[n];
            for (double[][] cluster : e.values) {
                for (int i = 0; i < n; i++) {
                    sum[i] += cluster[k][i];
                }
            }
            m.put(names[k], new Json.Rounded(sum));
        }
        if (e.carbon) {
            List<Object> perCluster = new ArrayList<>();
            for (double[][] cluster : e.values) {
                perCluster.add(new Json.Rounded(cluster[5]));
            }
            m.put("clusterGph", perCluster);
        }
        return m;
    }

    static String platform(Clusters c) {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < c.count(); i++) {
            l.add(c.name(i) + ":" + c.size(i));
        }
        return String.join(", ", l);
    }

    private static void validation(Page p, Validation v) {
        if (v.ok()) {
            p.html("<div class=\"ok\" id=\"validation\">Valid schedule: ").text(String.join("; ", v.checks())).html(".</div>\n");
            return;
        }
        p.html("<div class=\"bad\" id=\"validation\"><b>Invalid schedule</b>: ").text(Words.count(v.problems(), "problem"))
                .html("; the charts below show what the file says.<ul>\n");
        v.counts().forEach((kind, n) -> {
            for (String e : v.examples().get(kind)) {
                p.html("<li>").text(kind + ": " + e).html("</li>\n");
            }
            if (n > Validation.EXAMPLES) {
                p.html("<li>").text(kind + ": ... and " + (n - Validation.EXAMPLES) + " more").html("</li>\n");
            }
        });
        p.html("</ul></div>\n");
    }

    /** summary.json's overall metrics, and per cluster. */
    private static void summary(Page p, RunDir run) {
        JsonNode s = run.summary;
        if (s == null) {
            return;
        }
        p.html("<h2>Summary</h2>\n<table id=\"summary\"><tr><th>metric</th><th>value</th></tr>\n");
        boolean none = ranNoJob(s);
        s.fields().forEachRemaining(e -> {
            if (none && e.getKey().equals("makespan")) {
                p.html("<tr><td>makespan</td><td>").text("no job ran").html("</td></tr>\n"); // not 0
            } else if (!SUMMARY_ELSEWHERE.contains(e.getKey())) {
                summaryRows(p, e.getKey(), e.getValue());
            }
        });
        p.html("</table>\n");
        JsonNode clusters = s.path("clusters");
        if (clusters.isObject() && clusters.size() > 1) {
            List<String> keys = new ArrayList<>();
            clusters.elements().forEachRemaining(c -> c.fields().forEachRemaining(e -> {
                if (e.getValue().isNumber() && !keys.contains(e.getKey())) {
                    keys.add(e.getKey());
                }
            }));
            p.html("<div class=\"wide\"><table id=\"clusters\"><tr><th>cluster</th>");
            keys.forEach(k -> p.html("<th>").text(k).html("</th>"));
            p.html("</tr>\n");
            clusters.fields().forEachRemaining(c -> clusterRow(p, c.getKey(), c.getValue(), keys));
            p.html("</table></div>\n");
        }
    }

    /**
     * A cluster's row of the clusters' table. A cluster that ran no job has no times (null in summary.json, and a
     * makespan of 0): their cells are one, saying so (they showed 0, a cluster that finished at 0). A value missing or
     * null is an empty cell, never 0.
     */
    private static void clusterRow(Page p, String name, JsonNode c, List<String> keys) {
        boolean none = ranNoJob(c);
        p.html("<tr><td>").text(name).html("</td>");
        for (int i = 0; i < keys.size(); i++) {
            JsonNode v = c.path(keys.get(i));
            if (none && noTime(keys.get(i), v)) {
                int span = 1;
                while (i + span < keys.size() && noTime(keys.get(i + span), c.path(keys.get(i + span)))) {
                    span++;
                }
                p.html(span > 1 ? "<td class=\"none\" colspan=\"" + span + "\">" : "<td class=\"none\">").text("ran no job").html("</td>");
                i += span - 1;
                continue;
            }
            p.html("<td>").text(v.isNumber() ? fmt(v.asDouble()) : "").html("</td>");
        }
        p.html("</tr>\n");
    }

    /**
     * Whether summary.json says this cluster (or the run) ran no job: none simulated, or time metrics without a first
     * start.
     */
    static boolean ranNoJob(JsonNode c) {
        JsonNode simulated = c.path("jobs").path("simulated");
        return simulated.isNumber() && simulated.asLong() == 0 || c.has("first_start") && c.get("first_start").isNull();
    }

    /** A metric that a cluster that ran no job does not have: null, or its makespan (0 then). */
    private static boolean noTime(String key, JsonNode v) {
        return v.isNull() || key.equals("makespan");
    }

    /** Objects of summary.json that are not rows of the summary table: the run's settings, the clusters' table, the plugins. */
    private static final java.util.Set<String> SUMMARY_ELSEWHERE = java.util.Set.of("run", "clusters", "plugins");

    /**
     * A number of summary.json as a row, and the numbers inside an object (the job counts, the comparison with the
     * reference run) as rows named by their path, as matrix metrics and the docs name them: {@code jobs.killed},
     * {@code jobs.rejected_by_reason.no_partition}, {@code comparison.jobs_impacted}.
     */
    private static void summaryRows(Page p, String name, JsonNode value) {
        if (value.isNumber()) {
            p.html("<tr><td>").text(name).html("</td><td>").text(fmt(value.asDouble())).html("</td></tr>\n");
        } else if (value.isObject()) {
            value.fields().forEachRemaining(e -> summaryRows(p, name + "." + e.getKey(), e.getValue()));
        }
    }

    /** Whole numbers and large ones with thousands separators (never rounded above the unit), others to 5 digits. */
    static String fmt(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(java.util.Locale.ROOT, "%,d", (long) v);
        }
        if (Math.abs(v) >= 1e4) {
            return String.format(java.util.Locale.ROOT, "%,.1f", v);
        }
        return Numbers.format(Json.round(v));
    }

    private static void quantiles(Page p, Analysis a) {
        p.html("<table id=\"quantiles\"><tr><th>metric</th><th>jobs</th><th>mean</th><th>median</th><th>90 %</th><th>99 %</th><th>max</th></tr>\n");
        for (Distribution d : List.of(a.wait, a.slowdown, a.bsld)) {
            p.html("<tr><td>").text(d.name).html("</td><td>").text(fmt(d.count)).html("</td>");
            for (double x : new double[] {d.mean, d.quantile(0.5), d.quantile(0.9), d.quantile(0.99), d.quantile(1)}) {
                p.html("<td>").text(fmt(x)).html("</td>");
            }
            p.html("</tr>\n");
        }
        p.html("</table>\n");
    }

    private static void data(Page p, JobsTable t, Analysis a) {
        p.data.put("kind", "run");
        List<Object> clusters = new ArrayList<>();
        for (int c = 0; c < t.clusters.count(); c++) {
            clusters.add(Map.of("name", t.clusters.name(c), "size", t.clusters.size(c), "offset", t.clusters.offset(c)));
        }
        // Map.of has no order: the keys' order is fixed here for byte-identical pages
        List<Object> ordered = new ArrayList<>();
        for (Object o : clusters) {
            Map<?, ?> m = (Map<?, ?>) o;
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("name", m.get("name"));
            x.put("size", m.get("size"));
            x.put("offset", m.get("offset"));
            ordered.add(x);
        }
        p.data.put("clusters", ordered);
        p.data.put("states", t.states);
        p.data.put("users", t.user == null ? null : t.users);
        Map<String, Object> g = new LinkedHashMap<>();
        g.put("origin", a.gantt.origin);
        g.put("quantum", a.gantt.quantum);
        g.put("jobs", a.gantt.jobs);
        g.put("rects", a.gantt.rects);
        g.put("numericIds", a.gantt.numericIds);
        if (!a.gantt.numericIds) {
            List<String> ids = new ArrayList<>();
            for (int j = 0; j < t.size; j++) {
                if (GanttData.drawn(t, j)) {
                    ids.add(t.ids[j]);
                }
            }
            g.put("ids", ids);
        }
        g.put("data", a.gantt.base64);
        p.data.put("gantt", g);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("from", a.series.from);
        s.put("to", a.series.to);
        s.put("bins", a.series.bins);
        List<Object> busy = new ArrayList<>();
        for (double[] row : a.series.busy) {
            busy.add(new Json.Rounded(row));
        }
        List<Object> queue = new ArrayList<>();
        for (double[] row : a.series.queue) {
            queue.add(new Json.Rounded(row));
        }
        s.put("busy", busy);
        s.put("queue", queue);
        s.put("queueMax", new Json.Rounded(a.series.queueMax));
        p.data.put("series", s);
        Map<String, Object> dist = new LinkedHashMap<>();
        dist.put("wait", hist(a.wait));
        dist.put("slowdown", hist(a.slowdown));
        dist.put("bsld", hist(a.bsld));
        p.data.put("dist", dist);
    }

    private static Map<String, Object> hist(Distribution d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", d.name);
        m.put("edges", new Json.Rounded(d.edges));
        m.put("counts", d.counts);
        return m;
    }
}
