package org.gridsched.engine;

import org.gridsched.api.Decimals;

/**
 * Deterministic, locale- and JDK-independent number formatting for CSV and JSON output: the API's
 * {@link Decimals}, under the name the engine and the tools built on it have always used.
 */
public final class Numbers {
    private Numbers() {
    }

    /** Whole numbers without a decimal point, others in their shortest round-trip form; NaN as empty. */
    public static String format(double v) {
        return Decimals.format(v);
    }

    /** Appends {@link #format(double)} without allocating for whole numbers. */
    public static void append(StringBuilder sb, double v) {
        Decimals.append(sb, v);
    }
}
