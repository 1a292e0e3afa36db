package org.gridsched.api;

import com.fasterxml.jackson.core.io.schubfach.DoubleToDecimal;

/**
 * Numbers as result files write them, the same on every JDK: whole numbers below 10^15 without a decimal
 * point, NaN and infinities as the empty string, every other value in its shortest decimal that reads back
 * to the same {@code double}, in {@link Double#toString(double)}'s layout ({@code 0.125}, {@code 1.0E-5},
 * {@code 2.0E23}).
 *
 * <p>Why not {@code Double.toString}: before JDK 19 it did not always give the shortest form
 * (JDK-4511638: JDK 17 prints {@code 2.0E23} as {@code 1.9999999999999998E23} and {@code 8.41E21} as
 * {@code 8.409999999999999E21}), so the same run wrote different bytes on JDK 17 and 21. This uses Raffaello
 * Giulietti's Schubfach algorithm, the one JDK 19 adopted, as jackson-core ships it (embedded in this bundle,
 * not exported; MIT licence in {@code META-INF/Schubfach-LICENSE}): it prints exactly what JDK 19 and later
 * print, which is what JDK 17 prints wherever JDK 17 already gave the shortest form.
 *
 * @since 1.2
 */
public final class Decimals {
    private Decimals() {
    }

    /** The text of {@code v} for a result file (see the class comment). */
    public static String format(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return DoubleToDecimal.toString(v);
    }

    /** Appends {@link #format(double)}, without allocating for whole numbers. */
    public static StringBuilder append(StringBuilder sb, double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return sb.append((long) v);
        }
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return sb;
        }
        return sb.append(DoubleToDecimal.toString(v));
    }

    /** The shortest round-trip text of any finite {@code v}, whole or not ({@code 3.0}, {@code 0.1}), JDK-independent. */
    public static String shortest(double v) {
        return DoubleToDecimal.toString(v);
    }
}
