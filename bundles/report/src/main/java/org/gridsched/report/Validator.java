package org.gridsched.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.gridsched.api.Csv;
import org.gridsched.engine.Numbers;

/**
 * Checks that a schedule could have happened: no processor held by two jobs at once, no job started before it
 * was submitted or ended before it started, every job inside its clusters and holding what it asked for, the
 * parts of a co-allocated job on their clusters and started together, dependencies respected. One sort and
 * one sweep over time: O(n log n) in the jobs, so a million jobs take about a second.
 */
public final class Validator {
    private final JobsTable t;
    private final Validation v;

    private Validator(JobsTable t) {
        this.t = t;
        this.v = new Validation(t.file.toString(), t.size);
    }

    public static Validation validate(RunDir run) {
        Validator x = new Validator(run.jobs);
        x.ids();
        x.times();
        x.placement(run.summary != null);
        x.overlaps(run.unavailable);
        x.dependencies();
        x.coallocation(run.dir.resolve("coalloc.csv"));
        return x.v;
    }

    private String job(int j) {
        return "job " + t.ids[j] + " (line " + t.lines[j] + ")";
    }

    private static String num(double d) {
        return Numbers.format(d);
    }

    private void ids() {
        Map<String, Integer> seen = new HashMap<>(t.size * 2);
        for (int j = 0; j < t.size; j++) {
            Integer other = seen.putIfAbsent(t.ids[j], j);
            if (other != null) {
                v.problem("duplicate_job_id", job(j) + " has the id of line " + t.lines[other]);
            }
        }
        v.checked("job ids unique");
    }

    private static boolean before(double a, double b) {
        return a < b - 1e-9 * Math.max(1, Math.abs(b));
    }

    private void times() {
        for (int j = 0; j < t.size; j++) {
            if (!t.ran(j)) {
                continue;
            }
            if (Double.isNaN(t.start[j]) || Double.isNaN(t.finish[j])) {
                v.problem("missing_time", job(j) + " holds processors but has no starting_time or finish_time");
            } else if (before(t.start[j], t.submit[j])) {
                v.problem("start_before_submit", job(j) + " starts at " + num(t.start[j]) + ", before its submission at " + num(t.submit[j]));
            } else if (before(t.finish[j], t.start[j])) {
                v.problem("finish_before_start", job(j) + " finishes at " + num(t.finish[j]) + ", before its start at " + num(t.start[j]));
            }
        }
        v.checked("no start before submission");
    }

    /**
     * Processors inside the platform and the job's clusters, as many as requested, parts on distinct clusters. Without
     * summary.json the platform is sized from the jobs' own processors, so a processor beyond the real platform cannot
     * be found: the check says so instead of claiming it.
     */
    private void placement(boolean platformKnown) {
        Clusters c = t.clusters;
        for (int j = 0; j < t.size; j++) {
            int[] r = t.alloc[j];
            if (r == null) {
                continue;
            }
            int[] parts = t.partClusters[j];
            boolean[] touched = new boolean[c.count()];
            for (int i = 0; i < r.length; i += 2) {
                int first = c.ofProcessor(r[i]);
                int last = c.ofProcessor(r[i + 1] - 1);
                if (first < 0 || last < 0) {
                    v.problem("outside_platform", job(j) + " holds processors " + range(r[i], r[i + 1]) + "; the platform has "
                            + c.total() + " (0-" + (c.total() - 1) + ")");
                    continue;
                }
                for (int k = first; k <= last; k++) {
                    touched[k] = true;
                }
                if (!contains(parts, first) || !contains(parts, last)) {
                    v.problem("outside_cluster", job(j) + " holds processors " + range(r[i], r[i + 1]) + " of cluster "
                            + c.name(first) + ", not of its " + (parts.length == 1 ? "cluster " : "clusters ") + names(parts));
                }
            }
            for (int p = 0; p < parts.length; p++) { // components may share a cluster (coalloc), not processors
                if (!touched[parts[p]]) {
                    v.problem("coallocation", job(j) + " has a part on cluster " + c.name(parts[p]) + " but no processor there");
                }
            }
            if (t.requested[j] >= 0 && t.processors(j) != t.requested[j]) {
                v.problem("allocation_size", job(j) + " holds " + Words.count(t.processors(j), "processor") + " for "
                        + t.requested[j] + " requested");
            }
        }
        v.checked(platformKnown ? "processors inside the job's clusters, as many as requested"
                : "as many processors as requested (not whether they lie inside the platform: no summary.json beside the"
                        + " jobs to give its size)");
    }

    private static boolean contains(int[] a, int x) {
        for (int y : a) {
            if (y == x) {
                return true;
            }
        }
        return false;
    }

    private String names(int[] parts) {
        StringBuilder sb = new StringBuilder();
        for (int p : parts) {
            sb.append(sb.length() > 0 ? ";" : "").append(t.clusters.name(p));
        }
        return sb.toString();
    }

    private String range(int from, int to) {
        return to - from == 1 ? String.valueOf(from) : from + "-" + (to - 1);
    }

    /**
     * Sweep over time: at each start the job's processor runs must not meet a run still held; ends come before
     * starts at the same instant (a processor freed at t can be taken at t). Runs held are maps from first
     * processor to [end, holder], so each check is a log-time lookup. A run that meets held ones goes into the next
     * map (layer) where it fits, so that it is still checked against later jobs: a valid schedule has one layer.
     * The intervals of {@code unavailable.csv} (processors failed, off or switching) are holders too, after the jobs
     * (indexes from {@code t.size}): a job must not hold a processor while it is unavailable. They are held apart
     * ({@link HeldOutages}): they may overlap one another, which is no fault of the schedule.
     */
    private void overlaps(Unavailability down) {
        int n = t.size;
        int m = down == null ? 0 : down.total;
        outages = down;
        start = java.util.Arrays.copyOf(t.start, n + m);
        finish = java.util.Arrays.copyOf(t.finish, n + m);
        for (int i = 0; i < m; i++) {
            start[n + i] = down.from(i);
            finish[n + i] = down.to(i);
        }
        HeldOutages heldDown = m == 0 ? null : new HeldOutages(down, t.clusters.total());
        int[] byStart = Order.by(start, n + m);
        int[] byFinish = Order.by(finish, n + m);
        List<TreeMap<Integer, int[]>> layers = new ArrayList<>();
        layers.add(new TreeMap<>());
        int f = 0;
        for (int s = 0; s < n + m; s++) {
            int j = byStart[s];
            if (!holds(j)) {
                continue;
            }
            double now = start[j];
            for (; f < n + m && !(finish[byFinish[f]] > now); f++) {
                release(layers, heldDown, byFinish[f]);
            }
            for (int k = 0; k < runs(j); k++) {
                if (j < n) {
                    take(layers, j, low(j, k), high(j, k));
                    if (heldDown != null) {
                        for (int r : heldDown.meeting(low(j, k), high(j, k))) {
                            conflict(n + down.intervalOf(r), j, Math.max(low(j, k), down.low(r)), Math.min(high(j, k), down.high(r)));
                        }
                    }
                } else {
                    meet(layers, j, low(j, k), high(j, k));
                    heldDown.add(down.firstRun(j - n) + k);
                }
            }
        }
        v.checked(m == 0 ? "no processor held by two jobs at once"
                : "no processor held by two jobs at once, nor while it had failed, was off or switching (unavailable.csv)");
    }

    /** unavailable.csv's intervals, holders {@code t.size} on, during {@link #overlaps}. */
    private Unavailability outages;
    /** Every holder's start and finish (the jobs', then the intervals'), during {@link #overlaps}. */
    private double[] start;
    private double[] finish;

    private boolean holds(int j) {
        return j >= t.size || t.ran(j) && t.finish[j] > t.start[j];
    }

    /** A holder's processor runs. */
    private int runs(int j) {
        return j < t.size ? t.alloc[j].length / 2 : outages.firstRun(j - t.size + 1) - outages.firstRun(j - t.size);
    }

    /** The first processor of a holder's run k, platform-wide. */
    private int low(int j, int k) {
        return j < t.size ? t.alloc[j][2 * k] : outages.low(outages.firstRun(j - t.size) + k);
    }

    /** The processor after the last of a holder's run k, platform-wide. */
    private int high(int j, int k) {
        return j < t.size ? t.alloc[j][2 * k + 1] : outages.high(outages.firstRun(j - t.size) + k);
    }

    private void release(List<TreeMap<Integer, int[]>> layers, HeldOutages heldDown, int j) {
        if (!holds(j)) {
            return;
        }
        for (int k = 0; k < runs(j); k++) {
            if (j >= t.size) {
                heldDown.remove(outages.firstRun(j - t.size) + k);
                continue;
            }
            int from = low(j, k);
            for (TreeMap<Integer, int[]> held : layers) {
                int[] e = held.get(from);
                if (e != null && e[1] == j) {
                    held.remove(from);
                    break;
                }
            }
        }
    }

    /** Holder j takes processors [from, to): each held run it meets is a conflict; it goes into the first layer it fits. */
    private void take(List<TreeMap<Integer, int[]>> layers, int j, int from, int to) {
        TreeMap<Integer, int[]> free = null;
        for (TreeMap<Integer, int[]> held : layers) {
            if (!meets(held, j, from, to) && free == null) {
                free = held;
            }
        }
        if (free == null) {
            free = new TreeMap<>();
            layers.add(free);
        }
        free.put(from, new int[] {to, j});
    }

    /** Each run of the jobs' layers that processors [from, to) of holder j meet is a conflict. */
    private void meet(List<TreeMap<Integer, int[]>> layers, int j, int from, int to) {
        for (TreeMap<Integer, int[]> held : layers) {
            meets(held, j, from, to);
        }
    }

    /** Whether processors [from, to) of holder j meet a run of layer {@code held}, each met a conflict. */
    private boolean meets(TreeMap<Integer, int[]> held, int j, int from, int to) {
        boolean met = false;
        Map.Entry<Integer, int[]> e = held.floorEntry(from);
        if (e == null || e.getValue()[0] <= from) {
            e = held.higherEntry(from);
        }
        for (; e != null && e.getKey() < to; e = held.higherEntry(e.getKey())) {
            met = true;
            conflict(e.getValue()[1], j, Math.max(from, e.getKey()), Math.min(to, e.getValue()[0]));
        }
        return met;
    }

    private void conflict(int k, int j, int lo, int hi) {
        Clusters c = t.clusters;
        int cl = c.ofProcessor(lo);
        String processors = hi - lo == 1 ? "processor " : "processors ";
        String where = cl < 0 ? processors + range(lo, hi)
                : processors + range(lo - c.offset(cl), hi - c.offset(cl)) + " of cluster " + c.name(cl);
        String during = "[" + num(Math.max(start[j], start[k])) + ", " + num(Math.min(finish[j], finish[k])) + ")";
        if (k >= t.size || j >= t.size) {
            int job = Math.min(j, k);
            int down = Math.max(j, k) - t.size;
            v.problem("unavailable", job(job) + " holds " + where + " during " + during + (hi - lo == 1 ? ", while it was " : ", while they were ")
                    + Unavailability.STATES.get(outages.state(down)).replace('_', ' ')
                    + " (unavailable.csv line " + outages.line(down) + ")");
            return;
        }
        v.problem("overlap", job(k) + " and " + job(j) + " both hold " + where + " during " + during);
    }

    private void dependencies() {
        if (t.dependencies == null) {
            // gridsched writes the column whenever some job has dependencies; other tools' files may lack it
            v.checked("no dependencies listed (jobs.csv has no dependencies column)");
            return;
        }
        Map<String, Integer> byId = new HashMap<>(t.size * 2);
        for (int j = 0; j < t.size; j++) {
            byId.putIfAbsent(t.ids[j], j);
        }
        for (int j = 0; j < t.size; j++) {
            if (!t.ran(j)) {
                continue;
            }
            for (String d : t.dependencies[j]) {
                Integer k = byId.get(d);
                if (k == null) {
                    v.problem("dependency", job(j) + " depends on job " + d + ", which is not in the file");
                } else if (!t.ran(k)) {
                    v.problem("dependency", job(j) + " ran although job " + d + " it depends on never ran ("
                            + t.stateName(k) + ")");
                } else if (before(t.start[j], t.finish[k])) {
                    v.problem("dependency", job(j) + " starts at " + num(t.start[j]) + ", before " + job(k)
                            + " it depends on finishes at " + num(t.finish[k]));
                }
            }
        }
        // workflow data transfers (docs/workflows.md) only delay a start further: they are not in jobs.csv
        v.checked("dependencies respected (no job starts before every job it depends on has ended; data transfer times not checked)");
    }

    /**
     * The co-allocation controller's {@code coalloc.csv} records, per global job, its components and start: a
     * placed job must be one row of jobs.csv with one part per component, started then.
     */
    private void coallocation(Path file) {
        if (!Files.isRegularFile(file)) {
            return;
        }
        Map<String, Integer> byId = new HashMap<>(t.size * 2);
        for (int j = 0; j < t.size; j++) {
            byId.putIfAbsent(t.ids[j], j);
        }
        try (var lines = Files.newBufferedReader(file)) {
            List<String> header = Csv.split(lines.readLine());
            int cId = header.indexOf("job_id");
            int cOutcome = header.indexOf("outcome");
            int cComponents = header.indexOf("components");
            int cStart = header.indexOf("starting_time");
            int cClusters = header.indexOf("clusters");
            if (cId < 0 || cOutcome < 0 || cStart < 0) {
                return; // another controller's file of that name
            }
            java.util.ArrayList<String> f = new java.util.ArrayList<>();
            Csv.Records records = new Csv.Records(lines);
            for (String line; (line = records.next()) != null;) {
                long lineNo = records.line() + 1; // after the header
                Csv.split(line, f);
                if (!"placed".equals(f.get(cOutcome))) {
                    continue;
                }
                Integer j = byId.get(f.get(cId));
                String where = "coalloc.csv line " + lineNo + ": job " + f.get(cId);
                if (j == null || !t.ran(j)) {
                    v.problem("coallocation", where + " is placed but " + (j == null ? "not in jobs.csv" : "did not run"));
                    continue;
                }
                double start = Double.parseDouble(f.get(cStart));
                if (Math.abs(start - t.start[j]) > 1e-6 * Math.max(1, Math.abs(start))) {
                    v.problem("coallocation", where + " starts its components at " + num(start) + ", " + job(j) + " at "
                            + num(t.start[j]));
                }
                int components = cComponents < 0 ? -1 : Integer.parseInt(f.get(cComponents));
                int clustersNamed = cClusters < 0 ? -1 : f.get(cClusters).split(";").length;
                int parts = t.partClusters[j].length;
                if (clustersNamed > 0 && clustersNamed != parts) {
                    v.problem("coallocation", where + " has " + Words.count(components, "component") + " on "
                            + Words.count(clustersNamed, "cluster") + "; " + job(j) + " has " + Words.count(parts, "part"));
                }
            }
            v.checked("co-allocated components started together (coalloc.csv)");
        } catch (java.io.IOException | RuntimeException e) {
            v.problem("coallocation", file + ": cannot read: " + e.getMessage());
        }
    }
}
