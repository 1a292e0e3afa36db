package org.gridsched.engine;

import org.gridsched.api.Decimals;

/**
 * Deterministic, locale- and JDK-independent number formatting for CSV and JSON output: the API's
 * {@link Decimals}, under the name the engine and the tools built on it have always used, and
 * {@link #appendMeasured} for the energy and carbon figures.
 */
public final class Numbers {
    /** Significant digits of {@link #appendMeasured}. */
    static final int MEASURED_DIGITS = 12;
    /** 10^0 .. 10^15, all exact in a {@code double}. */
    private static final double[] POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
            1e14, 1e15};
    private static final long[] LONG_POWERS = {1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L,
            100_000_000L, 1_000_000_000L, 10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L, 10_000_000_000_000L,
            100_000_000_000_000L};

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

    /** {@link #appendMeasured} as a string. */
    public static String formatMeasured(double v) {
        StringBuilder sb = new StringBuilder(24);
        appendMeasured(sb, v);
        return sb.toString();
    }

    /**
     * Appends a computed physical quantity (joules, watts, grams of CO2) rounded to 12 significant digits, in plain
     * decimal notation without trailing zeros: {@code 8481600} for 8481599.999999998, {@code 1172562882.88} for
     * 1.1725628828813853E9, {@code 1002478580650} for 1.0024785806502881E12. Why: such a figure is a sum of products
     * of watts and seconds, so its last digits are floating-point noise, and a spreadsheet or a reader should not
     * meet exponents in a column of joules; 12 digits keep far more precision than any power model has. Magnitudes
     * from 10^-3 to 10^15 (every plausible energy) are written so; others, NaN and infinities as {@link #append}
     * writes them. Pure {@code double} arithmetic on exact powers of ten: the same text on every JDK.
     */
    public static void appendMeasured(StringBuilder sb, double v) {
        double a = Math.abs(v);
        if (!(a >= 1e-3 && a < 1e15)) { // also NaN; 0 is written "0" by append
            append(sb, v);
            return;
        }
        int exponent = 0; // 10^exponent <= a < 10^(exponent + 1)
        if (a >= 1) {
            while (exponent + 1 < POWERS.length && a >= POWERS[exponent + 1]) {
                exponent++;
            }
        } else {
            exponent = a >= 0.1 ? -1 : a >= 0.01 ? -2 : -3;
        }
        int decimals = MEASURED_DIGITS - 1 - exponent;
        if (v < 0) {
            sb.append('-');
        }
        if (decimals <= 0) { // 10^11 <= a: whole, rounded to 10^-decimals
            double unit = POWERS[-decimals];
            sb.append((long) (Math.rint(a / unit) * unit));
            return;
        }
        long scaled = (long) Math.rint(a * POWERS[decimals]); // below 10^12 + 1: exact in a double and a long
        long scale = LONG_POWERS[decimals];
        long fraction = scaled % scale;
        sb.append(scaled / scale);
        if (fraction == 0) {
            return;
        }
        while (fraction % 10 == 0) {
            fraction /= 10;
            decimals--;
        }
        // the fraction's digits with their leading zeros: 10^decimals + fraction is "1" then exactly that many digits
        int dot = sb.length();
        sb.append(LONG_POWERS[decimals] + fraction);
        sb.setCharAt(dot, '.');
    }
}
