package org.gridsched.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two runs of the same workload, job by job (matched by job id): which jobs moved to another cluster, started
 * earlier or later and by how much; jobs found in one run only are counted.
 */
final class RunDiff {
    /** Classes of start differences (b - a), seconds: symmetric around "same start". */
    static final double[] LIMITS = {60, 3600, 86400};
    static final String[] LABELS = {"earlier by > 1 d", "earlier by 1 h-1 d", "earlier by 1 min-1 h", "earlier by < 1 min",
        "same start", "later by < 1 min", "later by 1 min-1 h", "later by 1 h-1 d", "later by > 1 d"};
    static final String[] COLOURS = {"#1b7837", "#5aae61", "#a6dba0", "#d9f0d3", "#bababa", "#fddbc7", "#f4a582", "#d6604d", "#b2182b"};
    static final int TOP = 25;

    final String a;
    final String b;
    final long[] counts = new long[LABELS.length];
    long common;
    long moved;
    long onlyA;
    long onlyB;
    double sumDelta;
    final List<String[]> top = new ArrayList<>();

    private RunDiff(String a, String b) {
        this.a = a;
        this.b = b;
    }

    /** @param folderA the name of run a's folder (its final name when it is still being written) */
    static RunDiff of(RunDir runA, String folderA, RunDir runB) {
        String na = runA.name;
        String nb = runB.name;
        if (na.equals(nb)) {
            na = folderA + " (" + na + ")";
            nb = RunDir.folderName(runB.dir) + " (" + nb + ")";
        }
        RunDiff d = new RunDiff(na, nb);
        d.otherWorkload = otherWorkload(runA, runB);
        JobsTable ta = runA.jobs;
        JobsTable tb = runB.jobs;
        Map<String, Integer> inB = new HashMap<>(tb.size * 2);
        for (int j = 0; j < tb.size; j++) {
            inB.putIfAbsent(tb.ids[j], j);
        }
        // the TOP largest |difference|, kept as indexes; ties by file order, so the page is deterministic
        List<int[]> largest = new ArrayList<>();
        boolean[] matched = new boolean[tb.size];
        for (int i = 0; i < ta.size; i++) {
            Integer k = inB.get(ta.ids[i]);
            if (k == null || matched[k]) {
                d.onlyA++;
                continue;
            }
            matched[k] = true;
            if (!ta.ran(i) || !tb.ran(k)) {
                continue;
            }
            d.common++;
            double delta = tb.start[k] - ta.start[i];
            d.sumDelta += delta;
            d.counts[bin(delta)]++;
            if (ta.partClusters[i].length > 0 && tb.partClusters[k].length > 0
                    && !ta.clusters.name(ta.partClusters[i][0]).equals(tb.clusters.name(tb.partClusters[k][0]))) {
                d.moved++;
            }
            if (delta != 0) {
                largest.add(new int[] {i, k});
                if (largest.size() > 4 * TOP) {
                    trim(largest, ta, tb);
                }
            }
        }
        for (boolean m : matched) {
            d.onlyB += m ? 0 : 1;
        }
        trim(largest, ta, tb);
        for (int[] p : largest) {
            int i = p[0];
            int k = p[1];
            d.top.add(new String[] {ta.ids[i], Words.number(ta.start[i]), Words.number(tb.start[k]),
                Words.duration(tb.start[k] - ta.start[i]), cluster(ta, i) + " → " + cluster(tb, k)});
        }
        return d;
    }

    private static String cluster(JobsTable t, int j) {
        int[] parts = t.partClusters[j];
        List<String> n = new ArrayList<>();
        for (int c : parts) {
            n.add(t.clusters.name(c));
        }
        return String.join(";", n);
    }

    private static void trim(List<int[]> l, JobsTable ta, JobsTable tb) {
        l.sort((x, y) -> {
            int c = Double.compare(Math.abs(tb.start[y[1]] - ta.start[y[0]]), Math.abs(tb.start[x[1]] - ta.start[x[0]]));
            return c != 0 ? c : Integer.compare(x[0], y[0]);
        });
        while (l.size() > TOP) {
            l.remove(l.size() - 1);
        }
    }

    static int bin(double delta) {
        if (delta == 0) {
            return 4;
        }
        double x = Math.abs(delta);
        int k = x < LIMITS[0] ? 0 : x < LIMITS[1] ? 1 : x < LIMITS[2] ? 2 : 3;
        return delta < 0 ? 3 - k : 5 + k;
    }

    /**
     * Why the two runs are not of the same workload, as their summary.json record it (the workload, and the seed of a
     * generated one), or null when they are or a summary is missing. Jobs are matched by id: across two workloads the
     * matches are meaningless, unless the difference is the point (one trace with other requested times, say).
     */
    String otherWorkload;

    private static String otherWorkload(RunDir a, RunDir b) {
        if (a.summary == null || b.summary == null) {
            return null;
        }
        String wa = workload(a.summary);
        String wb = workload(b.summary);
        return wa.equals(wb) ? null : "the two runs are of different workloads (" + a.name + ": " + wa + "; " + b.name + ": " + wb
                + "); jobs are matched by id";
    }

    private static String workload(com.fasterxml.jackson.databind.JsonNode summary) {
        com.fasterxml.jackson.databind.JsonNode run = summary.path("run");
        com.fasterxml.jackson.databind.JsonNode w = run.path("workload");
        return w.toString() + (w.has("generator") ? " seed " + run.path("seed").asText() : "");
    }

    void section(Page p) {
        if (otherWorkload != null) {
            p.html("<p class=\"warn\">").text("Warning: " + otherWorkload + ".").html("</p>\n");
        }
        p.html("<h2>Difference with another run</h2>\n<p>").text("Jobs matched by id: " + String.format(java.util.Locale.ROOT, "%,d", common)
                + " ran in both; " + String.format(java.util.Locale.ROOT, "%,d", moved) + " ran on another cluster in " + b + " than in " + a + "; "
                + String.format(java.util.Locale.ROOT, "%,d", onlyA) + " only in " + a + ", " + String.format(java.util.Locale.ROOT, "%,d", onlyB) + " only in " + b
                + "; mean start difference " + Words.duration(common == 0 ? 0 : sumDelta / common) + ".").html("</p>\n");
        p.html("<table id=\"diff-counts\"><tr><th>start in ").text(b).html(" vs ").text(a).html("</th><th>jobs</th></tr>\n");
        for (int i = 0; i < LABELS.length; i++) {
            p.html("<tr><td>").text(LABELS[i]).html("</td><td>").text(String.format(java.util.Locale.ROOT, "%,d", counts[i])).html("</td></tr>\n");
        }
        p.html("</table>\n<div id=\"chart-diff\" class=\"chart small\"></div>\n");
        if (!top.isEmpty()) {
            p.html("<table id=\"diff-top\"><tr><th>job</th><th>start in ").text(a).html("</th><th>start in ").text(b)
                    .html("</th><th>difference</th><th>clusters</th></tr>\n");
            for (String[] r : top) {
                p.html("<tr>");
                for (String c : r) {
                    p.html("<td>").text(c).html("</td>");
                }
                p.html("</tr>\n");
            }
            p.html("</table>\n");
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", a);
        m.put("b", b);
        m.put("labels", List.of(LABELS));
        m.put("counts", counts);
        m.put("colours", List.of(COLOURS));
        p.data.put("diff", m);
    }
}
