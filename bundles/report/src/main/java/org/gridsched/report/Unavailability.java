package org.gridsched.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.Csv;
import org.gridsched.api.InputException;

/**
 * What a run's optional files say of its processors and power, for the charts: {@code unavailable.csv} (intervals in
 * which processors had failed, were off or switching; docs/failures.md) and {@code energy.csv} (each cluster's power,
 * cumulative energy and carbon over the energy window; docs/energy.md). Runs without failures, power management or a
 * power model have neither file, and their report is as before.
 */
final class Unavailability {
    /** The states of unavailable.csv, in the order the page's legend lists them. */
    static final List<String> STATES = List.of("failed", "off", "switching_on", "switching_off");
    /** Intervals drawn at most: beyond, the page says how many were left out (a million-failure run's file is huge). */
    static final int MAX_INTERVALS = 200_000;

    /**
     * One interval: cluster index, [from, to), state index, platform-wide processor runs as [first, count] pairs, its
     * line in the file.
     */
    record Interval(int cluster, double from, double to, int state, int[] runs, long line) {
    }

    final List<Interval> intervals = new ArrayList<>();
    /** Intervals in the file, drawn or not. */
    long total;

    /** The file's intervals (the first {@link #MAX_INTERVALS}, for the charts), or null without the file. */
    static Unavailability read(Path dir, Clusters clusters) {
        return read(dir, clusters, MAX_INTERVALS);
    }

    /** The file's first {@code max} intervals, or null without the file. */
    static Unavailability read(Path dir, Clusters clusters, long max) {
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
                int[] runs = runs(f, n, fields.get(4), clusters.offset(c), clusters.size(c));
                if (u.total++ < max) {
                    u.intervals.add(new Interval(c, from, to, state, runs, n));
                }
            }
        } catch (IOException e) {
            throw new InputException(f.toString(), 0, null, "cannot be read: " + e.getMessage());
        }
        return u;
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

    /** "0-3 8" (the cluster's own ids) as platform-wide [first, count] pairs. */
    private static int[] runs(Path f, long line, String text, int offset, int size) {
        String[] parts = text.trim().split(" +");
        int[] r = new int[parts.length * 2];
        for (int i = 0; i < parts.length; i++) {
            String[] ab = parts[i].split("-", 2);
            int a;
            int b;
            try {
                a = Integer.parseInt(ab[0]);
                b = ab.length == 2 ? Integer.parseInt(ab[1]) : a;
            } catch (NumberFormatException e) {
                throw new InputException(f.toString(), line, "processors", "expected ids like 0-3 8, got '" + text + "'");
            }
            if (a < 0 || b < a || b >= size) {
                throw new InputException(f.toString(), line, "processors", "'" + parts[i] + "' is outside the cluster (0-" + (size - 1) + ")");
            }
            r[2 * i] = offset + a;
            r[2 * i + 1] = b - a + 1;
        }
        return r;
    }
}
