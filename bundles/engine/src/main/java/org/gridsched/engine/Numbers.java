package org.gridsched.engine;

/** Deterministic, locale-independent number formatting for CSV and JSON output. */
public final class Numbers {
    private Numbers() {
    }

    /** Whole numbers without a decimal point, others in Java's shortest round-trip form; NaN as empty. */
    public static String format(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    /** Appends {@link #format(double)} without allocating for whole numbers. */
    public static void append(StringBuilder sb, double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            sb.append((long) v);
        } else if (!Double.isNaN(v) && !Double.isInfinite(v)) {
            sb.append(v);
        }
    }
}
