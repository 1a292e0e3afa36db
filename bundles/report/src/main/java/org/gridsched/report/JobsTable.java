package org.gridsched.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import org.gridsched.api.Csv;
import org.gridsched.api.InputException;

/**
 * The jobs of a run's {@code jobs.csv}, column by column. Columns are found by their header name, never by
 * position, so files written before and after the Batsim column order both load, and so do Batsim's own. Only
 * the columns the report draws are kept (a million jobs are a few arrays, not a million objects).
 *
 * <p>Processor ids become platform-wide: a file with a {@code workload_name} column (Batsim's order) already
 * numbers them so; an older gridsched file numbers them per cluster, parts of a multi-cluster job separated by
 * {@code ;}, and its ids are shifted by their cluster's offset here.
 */
public final class JobsTable {
    /** Batsim's final states first, so that their colours are stable; others are added as met. */
    static final List<String> KNOWN_STATES = List.of("COMPLETED_SUCCESSFULLY", "COMPLETED_WALLTIME_REACHED",
            "COMPLETED_KILLED", "COMPLETED_FAILED", "REJECTED");

    public final Path file;
    public final int size;
    public final String[] ids;
    public final int[] lines;
    public final double[] submit;
    public final double[] start;
    public final double[] finish;
    public final int[] requested;
    public final byte[] state;
    public final List<String> states;
    /** Per job: platform-wide processor runs as [from, to) pairs, or null when the job never ran. */
    public final int[][] alloc;
    /** Per job: its parts' clusters (one entry per part), or null when it never ran. */
    public final int[][] partClusters;
    /** Per job: index into {@link #users}, or null without a {@code user} column. */
    public final int[] user;
    public final List<String> users;
    /** Per job: ids of the jobs it waits for, or null without a {@code dependencies} column. */
    public final String[][] dependencies;
    public final Clusters clusters;

    private JobsTable(Path file, int size, String[] ids, int[] lines, double[] submit, double[] start, double[] finish,
            int[] requested, byte[] state, List<String> states, int[][] alloc, int[][] partClusters, int[] user,
            List<String> users, String[][] dependencies, Clusters clusters) {
        this.file = file;
        this.size = size;
        this.ids = ids;
        this.lines = lines;
        this.submit = submit;
        this.start = start;
        this.finish = finish;
        this.requested = requested;
        this.state = state;
        this.states = states;
        this.alloc = alloc;
        this.partClusters = partClusters;
        this.user = user;
        this.users = users;
        this.dependencies = dependencies;
        this.clusters = clusters;
    }

    /** Whether job {@code j} ran (it holds processors). */
    public boolean ran(int j) {
        return alloc[j] != null;
    }

    public String stateName(int j) {
        return states.get(state[j]);
    }

    /** Processors job {@code j} held (0 when it never ran). */
    public int processors(int j) {
        int[] r = alloc[j];
        int n = 0;
        if (r != null) {
            for (int i = 0; i < r.length; i += 2) {
                n += r[i + 1] - r[i];
            }
        }
        return n;
    }

    /** Reads {@code jobs.csv} (or {@code jobs.csv.gz}); {@code platform} null means: from the ids themselves. */
    public static JobsTable read(Path file, Clusters platform) {
        String name = file.toString();
        try (BufferedReader in = open(file)) {
            String header = in.readLine();
            if (header == null) {
                throw new InputException(name, 1, null, "empty file; expected a jobs.csv header");
            }
            List<String> columns = Csv.split(header);
            Map<String, Integer> col = new HashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                col.putIfAbsent(columns.get(i).strip(), i);
            }
            for (String required : List.of("job_id", "submission_time", "starting_time", "finish_time", "allocated_resources")) {
                if (!col.containsKey(required)) {
                    throw new InputException(name, 1, required, "no such column; a jobs.csv needs job_id, submission_time, "
                            + "starting_time, finish_time and allocated_resources (found: " + String.join(",", columns) + ")");
                }
            }
            return new Loader(file, col, platform, columns.size()).load(in);
        } catch (NoSuchFileException e) {
            throw new InputException(name, 0, null, "no such file");
        } catch (IOException e) {
            throw new InputException(name, 0, null, "cannot read: " + e.getMessage());
        }
    }

    private static BufferedReader open(Path file) throws IOException {
        var stream = Files.newInputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) {
            stream = new GZIPInputStream(stream, 1 << 16);
        }
        return new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8), 1 << 16);
    }

    /** One pass over the lines, growing arrays. */
    private static final class Loader {
        final Path file;
        final String name;
        final int cId;
        final int cSubmit;
        final int cStart;
        final int cFinish;
        final int cAlloc;
        final int cRequested;
        final int cState;
        final int cCluster;
        final int cClusters;
        final int cUser;
        final int cDeps;
        /** Batsim's column order means platform-wide ids; older gridsched files number them per cluster. */
        final boolean platformWide;
        Clusters platform;
        final boolean inferPlatform;
        int n;
        String[] ids = new String[1024];
        int[] lines = new int[1024];
        double[] submit = new double[1024];
        double[] start = new double[1024];
        double[] finish = new double[1024];
        int[] requested = new int[1024];
        byte[] state = new byte[1024];
        int[][] alloc = new int[1024][];
        int[][] parts = new int[1024][];
        int[] user;
        String[][] deps;
        final List<String> states = new ArrayList<>(KNOWN_STATES);
        final Map<String, Integer> userIndex = new LinkedHashMap<>();
        final Map<String, int[]> partCache = new HashMap<>();

        /** Fields of every line: the header's. */
        final int width;

        Loader(Path file, Map<String, Integer> col, Clusters platform, int width) {
            this.width = width;
            this.file = file;
            this.name = file.toString();
            cId = col.get("job_id");
            cSubmit = col.get("submission_time");
            cStart = col.get("starting_time");
            cFinish = col.get("finish_time");
            cAlloc = col.get("allocated_resources");
            cRequested = col.getOrDefault("requested_number_of_resources", -1);
            cState = col.getOrDefault("final_state", -1);
            cCluster = col.getOrDefault("cluster", -1);
            cClusters = col.getOrDefault("clusters", -1);
            cUser = col.getOrDefault("user", col.getOrDefault("user_id", -1));
            cDeps = col.getOrDefault("dependencies", -1);
            platformWide = col.containsKey("workload_name") || cCluster < 0;
            this.inferPlatform = platform == null;
            this.platform = platform != null ? platform : new Clusters(List.of(), new int[0]);
            if (cUser >= 0) {
                user = new int[1024];
            }
            if (cDeps >= 0) {
                deps = new String[1024][];
            }
        }

        JobsTable load(BufferedReader in) throws IOException {
            Csv.Bounds f = new Csv.Bounds();
            // records, not lines: a quoted name may hold a line break; numbered by the physical line they begin on
            Csv.Records records = new Csv.Records(in);
            for (String line; (line = records.next()) != null;) {
                int lineNo = (int) records.line() + 1; // after the header, read before
                if (line.isEmpty()) {
                    continue;
                }
                int fields = Csv.bounds(line, f);
                if (fields != width) {
                    throw new InputException(name, lineNo, null, "has " + fields + " fields; the header names " + width);
                }
                grow();
                int j = n++;
                ids[j] = Csv.field(line, f, cId);
                lines[j] = lineNo;
                submit[j] = number(Csv.field(line, f, cSubmit), lineNo, "submission_time");
                start[j] = number(Csv.field(line, f, cStart), lineNo, "starting_time");
                finish[j] = number(Csv.field(line, f, cFinish), lineNo, "finish_time");
                requested[j] = cRequested < 0 ? -1 : (int) number(Csv.field(line, f, cRequested), lineNo, "requested_number_of_resources");
                String st = cState < 0 ? "COMPLETED_SUCCESSFULLY" : Csv.field(line, f, cState);
                int s = states.indexOf(st);
                if (s < 0) {
                    if (states.size() >= 127) {
                        throw new InputException(name, lineNo, "final_state", "more than 127 different final states");
                    }
                    states.add(st);
                    s = states.size() - 1;
                }
                state[j] = (byte) s;
                if (user != null) {
                    user[j] = userIndex.computeIfAbsent(Csv.field(line, f, cUser), k -> userIndex.size());
                }
                if (deps != null) {
                    String d = Csv.field(line, f, cDeps).strip();
                    deps[j] = d.isEmpty() ? new String[0] : d.split("[ ;]+");
                }
                String a = Csv.field(line, f, cAlloc).strip();
                if (!a.isEmpty()) {
                    allocation(j, a, cCluster < 0 ? "" : Csv.field(line, f, cCluster), cClusters < 0 ? "" : Csv.field(line, f, cClusters), lineNo);
                }
            }
            if (!inferPlatform) {
                for (int j = 0; j < n; j++) { // Batsim's own file: each job's cluster from its first processor
                    if (alloc[j] != null && parts[j].length == 0) {
                        parts[j] = new int[] {Math.max(0, platform.ofProcessor(alloc[j][0]))};
                    }
                }
            }
            if (inferPlatform && platformWide) {
                int max = -1;
                for (int j = 0; j < n; j++) {
                    if (alloc[j] != null) {
                        max = Math.max(max, alloc[j][alloc[j].length - 1]);
                    }
                }
                platform = new Clusters(List.of("platform"), new int[] {Math.max(max, 1)});
                for (int j = 0; j < n; j++) {
                    if (alloc[j] != null) {
                        parts[j] = new int[] {0};
                    }
                }
            }
            return new JobsTable(file, n, Arrays.copyOf(ids, n), Arrays.copyOf(lines, n), Arrays.copyOf(submit, n),
                    Arrays.copyOf(start, n), Arrays.copyOf(finish, n), Arrays.copyOf(requested, n), Arrays.copyOf(state, n),
                    List.copyOf(states), Arrays.copyOf(alloc, n), Arrays.copyOf(parts, n),
                    user == null ? null : Arrays.copyOf(user, n), List.copyOf(userIndex.keySet()),
                    deps == null ? null : Arrays.copyOf(deps, n), platform);
        }

        private void allocation(int j, String text, String cluster, String clusterList, int lineNo) {
            if (inferPlatform && platformWide) { // one platform of ids, sized below
                parts[j] = null;
                alloc[j] = runs(text, 0, lineNo);
                return;
            }
            String key = clusterList.isBlank() ? cluster : clusterList; // "a" or "a;b": one lookup per job
            int[] partIdx = partCache.get(key);
            if (partIdx == null) {
                String[] names = clusterList.isBlank() ? (cluster.isBlank() ? new String[0] : new String[] {cluster.strip()})
                        : clusterList.strip().split(";");
                partIdx = clusterIndexes(names, lineNo);
                partCache.put(key, partIdx);
            }
            parts[j] = partIdx;
            if (platformWide) {
                alloc[j] = runs(text, 0, lineNo);
                return;
            }
            String[] partTexts = text.split(";");
            if (partTexts.length != partIdx.length) {
                throw new InputException(name, lineNo, "allocated_resources", Words.count(partTexts.length, "processor set")
                        + " for " + Words.count(partIdx.length, "cluster") + " ('" + clusterList + "')");
            }
            int[] all = new int[0];
            for (int p = 0; p < partTexts.length; p++) {
                int[] r = runs(partTexts[p], platform.offset(partIdx[p]), lineNo);
                int[] merged = Arrays.copyOf(all, all.length + r.length);
                System.arraycopy(r, 0, merged, all.length, r.length);
                all = merged;
            }
            alloc[j] = all;
        }

        private int[] clusterIndexes(String[] names, int lineNo) {
            if (names.length == 0 && platformWide) {
                return new int[0]; // Batsim's own file: found from the ids
            }
            if (names.length == 0) {
                throw new InputException(name, lineNo, "cluster", "a job that ran names no cluster");
            }
            int[] idx = new int[names.length];
            for (int p = 0; p < names.length; p++) {
                int c = platform.indexOf(names[p].strip());
                if (c < 0) {
                    if (!inferPlatform) {
                        throw new InputException(name, lineNo, "cluster", "'" + names[p] + "' is not a cluster of the run's platform "
                                + platform.names());
                    }
                    throw new InputException(name, lineNo, "cluster", "cluster '" + names[p]
                            + "' is not known: put the run's summary.json beside jobs.csv (it lists the platform)");
                }
                idx[p] = c;
            }
            return idx;
        }

        /** "0-3 7 9-10" to [0,4, 7,8, 9,11], each id shifted by {@code offset}. */
        private int[] runs(String text, int offset, int lineNo) {
            int[] r = new int[8];
            int k = 0;
            int n = text.length();
            int i = 0;
            while (i < n) {
                while (i < n && text.charAt(i) == ' ') {
                    i++;
                }
                if (i >= n) {
                    break;
                }
                int end = text.indexOf(' ', i);
                end = end < 0 ? n : end;
                int dash = text.indexOf('-', i);
                int from = digits(text, i, dash >= 0 && dash < end ? dash : end);
                int last = dash >= 0 && dash < end ? digits(text, dash + 1, end) : from;
                if (from < 0 || last < from) {
                    throw new InputException(name, lineNo, "allocated_resources", "'" + text.substring(i, end)
                            + "' is not a processor id or a range FROM-TO of them");
                }
                if (k + 2 > r.length) {
                    r = Arrays.copyOf(r, r.length * 2);
                }
                r[k++] = from + offset;
                r[k++] = last + 1 + offset;
                i = end;
            }
            return k == r.length ? r : Arrays.copyOf(r, k);
        }

        /** A non-negative decimal number in text[from, to), or -1. */
        private static int digits(String text, int from, int to) {
            if (to <= from || to - from > 9) {
                return -1;
            }
            int v = 0;
            for (int i = from; i < to; i++) {
                char c = text.charAt(i);
                if (c < '0' || c > '9') {
                    return -1;
                }
                v = v * 10 + (c - '0');
            }
            return v;
        }

        private double number(String s, int lineNo, String field) {
            if (s.isEmpty()) {
                return Double.NaN;
            }
            try {
                return Double.parseDouble(s);
            } catch (NumberFormatException e) {
                throw new InputException(name, lineNo, field, "'" + s + "' is not a number");
            }
        }

        private void grow() {
            if (n < ids.length) {
                return;
            }
            int cap = ids.length * 2;
            ids = Arrays.copyOf(ids, cap);
            lines = Arrays.copyOf(lines, cap);
            submit = Arrays.copyOf(submit, cap);
            start = Arrays.copyOf(start, cap);
            finish = Arrays.copyOf(finish, cap);
            requested = Arrays.copyOf(requested, cap);
            state = Arrays.copyOf(state, cap);
            alloc = Arrays.copyOf(alloc, cap);
            parts = Arrays.copyOf(parts, cap);
            if (user != null) {
                user = Arrays.copyOf(user, cap);
            }
            if (deps != null) {
                deps = Arrays.copyOf(deps, cap);
            }
        }
    }
}
