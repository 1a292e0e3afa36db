package org.gridsched.workload.swf;

import java.math.BigInteger;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gridsched.api.InputException;

/**
 * The numeric header fields of SWF 2.2 and the range their first number must fit. They are checked as the
 * header is read because whoever uses them later (the platform sized by {@code MaxProcs}, workloads aligned on
 * {@code UnixStartTime}) would otherwise fail with a bare number error that names neither file nor line.
 * Prose after the number is allowed ({@code ; MaxNodes: 128 (each with 2 processors)}); an empty value counts
 * as absent.
 */
final class SwfHeaderNumbers {
    private static final long INT = Integer.MAX_VALUE;
    private static final long LONG = Long.MAX_VALUE;

    /** Field: the largest magnitude its value may have (counts and sizes are ints where gridsched keeps them so). */
    private static final Map<String, Long> LIMITS = Map.of(
            "MaxJobs", LONG, "MaxRecords", LONG, "UnixStartTime", LONG, "TimeZone", INT, "MaxNodes", INT,
            "MaxProcs", INT, "MaxRuntime", LONG, "MaxMemory", LONG, "MaxQueues", INT, "MaxPartitions", INT);

    /** The first token of the value: a whole number, then white space or the end. */
    private static final Pattern WHOLE = Pattern.compile("([+-]?)(\\d+)(?:\\s.*)?", Pattern.DOTALL);

    private SwfHeaderNumbers() {
    }

    /** Whether {@code key} is one of the numeric fields (which have one value each). */
    static boolean isNumeric(String key) {
        return LIMITS.containsKey(key);
    }

    /** Throws an error naming file, line and field when a numeric field's value is not a whole number in range. */
    static void check(String source, long line, String key, String value) {
        Long limit = LIMITS.get(key);
        if (limit == null || value.isEmpty()) {
            return;
        }
        Matcher m = WHOLE.matcher(value);
        if (!m.matches()) {
            throw new InputException(source, line, key, "expected a whole number, got '" + shorten(value) + "'");
        }
        String number = m.group(1) + m.group(2);
        if (number.length() > 21 || new BigInteger(number).abs().compareTo(BigInteger.valueOf(limit)) > 0) {
            throw new InputException(source, line, key, "number out of range: '" + shorten(number) + "' (at most " + limit + ")");
        }
    }

    /** At most 40 characters, control characters shown as '?': the message goes to a terminal. */
    private static String shorten(String s) {
        String shown = s.replaceAll("\\p{Cntrl}", "?");
        return shown.length() > 40 ? shown.substring(0, 40) + "..." : shown;
    }
}
