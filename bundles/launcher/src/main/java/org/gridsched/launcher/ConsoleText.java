package org.gridsched.launcher;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Text for people at a terminal: durations they can read, and lines that fit in 100 columns. */
final class ConsoleText {
    /** Printed lines stay shorter than this (a terminal of 100 columns). */
    static final int WIDTH = 99;

    private ConsoleText() {
    }

    /** Joules as Wh, kWh, MWh, GWh or TWh, whichever keeps the number between 1 and 1,000: "278.5 MWh". */
    static String energy(double joules) {
        return scaled(joules / 3600, new String[] {"Wh", "kWh", "MWh", "GWh", "TWh"});
    }

    /** Grams (of CO2) as g, kg, t or kt, whichever keeps the number between 1 and 1,000: "123.4 t". */
    static String carbon(double grams) {
        return scaled(grams, new String[] {"g", "kg", "t", "kt"});
    }

    private static String scaled(double value, String[] units) {
        int u = 0;
        while (u < units.length - 1 && Math.abs(value) >= 999.95) { // 999.96 kWh would print as 1,000.0 kWh
            value /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, "%,.1f %s", value, units[u]);
    }

    /** {@code part} as a percentage of {@code whole} with one decimal ("4.9 %"); "0.0 %" of nothing. */
    static String percent(double part, double whole) {
        return String.format(Locale.ROOT, "%.1f %%", whole > 0 ? 100 * part / whole : 0);
    }

    /** The p-th percentile (0-100, nearest rank) of values that are sorted in place; NaN when there are none. */
    static double percentile(double[] sorted, int n, double p) {
        if (n == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100 * n);
        return sorted[Math.max(0, Math.min(n - 1, rank - 1))];
    }

    static double[] sortedPrefix(double[] values, int n) {
        Arrays.sort(values, 0, n);
        return values;
    }

    /**
     * {@code head} then the items separated by {@code "; "}, broken into lines of at most {@link #WIDTH}
     * characters; continuation lines are indented under the first item.
     */
    static List<String> wrap(String head, List<String> items) {
        List<String> lines = new ArrayList<>();
        String indent = " ".repeat(Math.min(head.length(), 12));
        StringBuilder line = new StringBuilder(head);
        boolean first = true;
        for (String item : items) {
            String sep = first ? "" : "; ";
            if (!first && line.length() + sep.length() + item.length() > WIDTH) {
                lines.add(line.append(';').toString());
                line = new StringBuilder(indent);
            } else {
                line.append(sep);
            }
            line.append(item);
            first = false;
        }
        lines.add(line.toString());
        return lines;
    }
}
