package org.gridsched.api.workload;

import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The number a workload header value gives ({@link JobSource#header()}: SWF's {@code MaxProcs},
 * {@code UnixStartTime}, ...). One rule for every reader and user of a header, so that a value the reader
 * accepted is never refused later: an optional sign and decimal digits, then white space and any prose, or
 * nothing ({@code 128}, {@code +128}, {@code 1027839845 (Sun Jul 28 2002)}). A value of several lines (a key
 * given several times) gives the number of its first line.
 *
 * @since 1.4
 */
public final class HeaderNumbers {

    /** The first token of the value: a whole number, then white space or the end. */
    private static final Pattern WHOLE = Pattern.compile("([+-]?)(\\d+)(?:\\s.*)?", Pattern.DOTALL);

    private HeaderNumbers() {
    }

    /**
     * The whole number {@code value} starts with.
     *
     * @param value        a header value, as the source gives it (leading and trailing white space ignored)
     * @param maxMagnitude the largest magnitude accepted
     * @return the number
     * @throws IllegalArgumentException when the value does not start with a whole number ("expected a whole
     *                                  number, got '...'") or its magnitude is above {@code maxMagnitude}
     *                                  ("number out of range: '...' (at most N)"); the message quotes the value
     *                                  (at most 40 characters, control characters as '?') for an error that names
     *                                  the source and key
     */
    public static long leadingWhole(String value, long maxMagnitude) {
        String v = value == null ? "" : value.strip();
        Matcher m = WHOLE.matcher(v);
        if (!m.matches()) {
            throw new IllegalArgumentException("expected a whole number, got '" + shorten(v) + "'");
        }
        String number = m.group(1) + m.group(2);
        if (number.length() > 21 || new BigInteger(number).abs().compareTo(BigInteger.valueOf(maxMagnitude)) > 0) {
            throw new IllegalArgumentException("number out of range: '" + shorten(number) + "' (at most " + maxMagnitude + ")");
        }
        return Long.parseLong(number.startsWith("+") ? number.substring(1) : number);
    }

    /** At most 40 characters, control characters shown as '?': the message goes to a terminal. */
    private static String shorten(String s) {
        String shown = s.replaceAll("\\p{Cntrl}", "?");
        return shown.length() > 40 ? shown.substring(0, 40) + "..." : shown;
    }
}
