package org.gridsched.engine;

import java.util.regex.Pattern;

/**
 * Numbers as a person writes them in a CSV file or on a command line: digits with an optional sign, decimal point and
 * exponent ({@code 3600}, {@code -1.5}, {@code .5}, {@code 2e-3}). {@link Double#parseDouble} also takes Java's
 * suffixes and hexadecimal ({@code 1d} is 1, {@code 7200f}, {@code 0x1p8}), so a trace line {@code 1d,c,all,7200}
 * meant as one day would silently be one second; the JSON profile reader and the SWF reader already refuse those.
 */
public final class PlainNumbers {
    private static final Pattern PLAIN = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private PlainNumbers() {
    }

    /** Whether {@code s} is a plain decimal number (no surrounding space, suffix, hexadecimal, NaN or Infinity). */
    public static boolean isPlain(String s) {
        return PLAIN.matcher(s).matches();
    }

    /**
     * Whether the first field of a file's first line makes it a header: it is not a number and does not start like
     * one ({@code time} does; {@code 1d} or {@code -5x} are data lines with a bad number, reported as such).
     */
    public static boolean isHeaderField(String s) {
        if (s.isEmpty() || isPlain(s)) {
            return false;
        }
        char c = s.charAt(0);
        return !(Character.isDigit(c) || c == '+' || c == '-' || c == '.');
    }

    /** {@code s} as a double; a {@link NumberFormatException} unless it {@linkplain #isPlain is plain}. */
    public static double parse(String s) {
        if (!isPlain(s)) {
            throw new NumberFormatException("not a plain decimal number: " + s);
        }
        return Double.parseDouble(s);
    }
}
