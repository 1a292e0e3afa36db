package org.gridsched.workload.swf;

import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.HeaderNumbers;

/**
 * The numeric header fields of SWF 2.2 and the range their first number must fit. They are checked as the
 * header is read because whoever uses them later (the platform sized by {@code MaxProcs}, workloads aligned on
 * {@code UnixStartTime}) would otherwise fail with a bare number error that names neither file nor line.
 * Prose after the number is allowed ({@code ; MaxNodes: 128 (each with 2 processors)}); an empty value counts
 * as absent. The rule is {@link HeaderNumbers}', which those users apply too.
 */
final class SwfHeaderNumbers {
    private static final long INT = Integer.MAX_VALUE;
    private static final long LONG = Long.MAX_VALUE;

    /** Field: the largest magnitude its value may have (counts and sizes are ints where gridsched keeps them so). */
    private static final Map<String, Long> LIMITS = Map.of(
            "MaxJobs", LONG, "MaxRecords", LONG, "UnixStartTime", LONG, "TimeZone", INT, "MaxNodes", INT,
            "MaxProcs", INT, "MaxRuntime", LONG, "MaxMemory", LONG, "MaxQueues", INT, "MaxPartitions", INT);

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
        try {
            HeaderNumbers.leadingWhole(value, limit);
        } catch (IllegalArgumentException e) {
            throw new InputException(source, line, key, e.getMessage());
        }
    }
}
