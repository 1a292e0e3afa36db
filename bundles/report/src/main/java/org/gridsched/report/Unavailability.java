package org.gridsched.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.gridsched.api.Csv;
import org.gridsched.api.InputException;

/**
 * What a run's optional files say of its processors and power, for the charts: {@code unavailable.csv} (intervals in
 * which processors had failed, were off or switching; docs/failures.md) and {@code energy.csv} (each cluster's power,
 * cumulative energy and carbon over the energy window; docs/energy.md). Runs without failures, power management or a
 * power model have neither file, and their report is as before.
 * <p>
 * The file is read once, for the validator (every interval) and the charts (the first {@link #MAX_INTERVALS}). A
 * million-failure run has about 1.2 million intervals: they are kept in columns of primitives (about 45 bytes an
 * interval), not as an object and an array each, and no longer read a second time for the validator.
 */
final class Unavailability {
    /** The states of unavailable.csv, in the order the page's legend lists them. */
    static final List<String> STATES = List.of("failed", "off", "switching_on", "switching_off");
    /** Intervals drawn at most: beyond, the page says how many were left out (a million-failure run's file is huge). */
    static final int MAX_INTERVALS = 200_000;

    /** Intervals in the file. */
    int total;
    /** Per interval: cluster index, [from, to), state index, line in the file. */
    private int[] cluster = new int[64];
    private double[] from = new double[64];
    private double[] to = new double[64];
    private byte[] state = new byte[64];
    private long[] line = new long[64];
    /** Interval i's processor runs are runs firstRun[i] to firstRun[i + 1] - 1; run r is processors [low, high). */
    private int[] firstRun = new int[65];
    private int[] bounds = new int[128];

    /** The file's intervals, or null without the file. */
    static Unavailability read(Path dir, Clusters clusters) {
        Path f = dir.resolve("unavailable.csv");
        if (!Files.isRegularFile(f)) {
            return null;
        }
        Unavailability u = new Unavailability();
        try (BufferedReader in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            Csv.Records records = new Csv.Records(in);
            List<String> fields = new ArrayList<>();
            String header = records.next();
            if (header == null || !header.equals("cluster,from,to,state,processors")) {
                throw new InputException(f.toString(), 1, null, "expected the header cluster,from,to,state,processors");
            }
            for (String line = records.next(); line != null; line = records.next()) {
                long n = records.line();
                if (Csv.split(line, fields) != 5) {
                    throw new InputException(f.toString(), n, null, "expected 5 fields, got " + fields.size());
                }
                int c = clusters == null ? -1 : clusters.indexOf(fields.get(0));
                if (c < 0) {
                    throw new InputException(f.toString(), n, "cluster", "no cluster '" + fields.get(0) + "' on the run's platform");
                }
                double from = number(f, n, "from", fields.get(1));
                double to = number(f, n, "to", fields.get(2));
                if (!(to > from)) {
                    throw new InputException(f.toString(), n, "to", "must be after from (" + fields.get(1) + "), got " + fields.get(2));
                }
                int state = STATES.indexOf(fields.get(3));
                if (state < 0) {
                    throw new InputException(f.toString(), n, "state", "expected one of " + STATES + ", got '" + fields.get(3) + "'");
                }
                u.add(c, from, to, state, n);
                u.runs(f, n, fields.get(4), clusters.offset(c), clusters.size(c));
            }
        } catch (IOException e) {
            throw new InputException(f.toString(), 0, null, "cannot be read: " + e.getMessage());
        }
        return u;
    }

    /** The intervals the charts draw: the first {@link #MAX_INTERVALS}. */
    int drawn() {
        return Math.min(total, MAX_INTERVALS);
    }

    /** The intervals of cluster {@code c} in the file, drawn or not. */
    int total(int c) {
        int n = 0;
        for (int i = 0; i < total; i++) {
            n += cluster[i] == c ? 1 : 0;
        }
        return n;
    }

    /** The intervals of state {@code s} (an index of {@link #STATES}) in the file, drawn or not. */
    int ofState(int s) {
        int n = 0;
        for (int i = 0; i < total; i++) {
            n += state[i] == s ? 1 : 0;
        }
        return n;
    }

    int cluster(int i) {
        return cluster[i];
    }

    double from(int i) {
        return from[i];
    }

    double to(int i) {
        return to[i];
    }

    int state(int i) {
        return state[i];
    }

    /** Interval i's line in the file. */
    long line(int i) {
        return line[i];
    }

    /** Interval i's first processor run; its runs end before {@code firstRun(i + 1)}. */
    int firstRun(int i) {
        return firstRun[i];
    }

    /** Run r's first processor, platform-wide. */
    int low(int r) {
        return bounds[2 * r];
    }

    /** Run r's processor after its last, platform-wide. */
    int high(int r) {
        return bounds[2 * r + 1];
    }

    /** The interval run r belongs to. */
    int intervalOf(int r) {
        int i = Arrays.binarySearch(firstRun, 0, total + 1, r); // increasing: every interval has a run
        return i >= 0 ? i : -i - 2;
    }

    private void add(int c, double start, double end, int s, long n) {
        int i = total;
        if (i == cluster.length) {
            int grown = i + (i >> 1);
            cluster = Arrays.copyOf(cluster, grown);
            from = Arrays.copyOf(from, grown);
            to = Arrays.copyOf(to, grown);
            state = Arrays.copyOf(state, grown);
            line = Arrays.copyOf(line, grown);
            firstRun = Arrays.copyOf(firstRun, grown + 1);
        }
        cluster[i] = c;
        from[i] = start;
        to[i] = end;
        state[i] = (byte) s;
        line[i] = n;
        total = i + 1;
        firstRun[total] = firstRun[i];
    }

    static double number(Path f, long line, String field, String text) {
        try {
            double v = Double.parseDouble(text);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new InputException(f.toString(), line, field, "not a number: '" + text + "'");
    }

    /** "0-3 8" (the cluster's own ids) as the last interval's runs, platform-wide. */
    private void runs(Path f, long line, String text, int offset, int size) {
        String[] parts = text.trim().split(" +");
        for (String part : parts) {
            String[] ab = part.split("-", 2);
            int a;
            int b;
            try {
                a = Integer.parseInt(ab[0]);
                b = ab.length == 2 ? Integer.parseInt(ab[1]) : a;
            } catch (NumberFormatException e) {
                throw new InputException(f.toString(), line, "processors", "expected ids like 0-3 8, got '" + text + "'");
            }
            if (a < 0 || b < a || b >= size) {
                throw new InputException(f.toString(), line, "processors", "'" + part + "' is outside the cluster (0-" + (size - 1) + ")");
            }
            int r = firstRun[total];
            if (2 * r + 2 > bounds.length) {
                bounds = Arrays.copyOf(bounds, bounds.length + (bounds.length >> 1) + 2);
            }
            bounds[2 * r] = offset + a;
            bounds[2 * r + 1] = offset + b + 1;
            firstRun[total] = r + 1;
        }
    }
}
