package org.gridsched.api.workload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counts of what a workload source read, skipped and repaired, by reason. Reasons are short snake_case
 * keys ({@code runtime_not_positive}, {@code malformed_line}, ...) that end up in {@code summary.json}.
 */
public final class WorkloadReport {
    private long read;
    private final Map<String, Long> skipped = new LinkedHashMap<>();
    private final Map<String, Long> repaired = new LinkedHashMap<>();

    /** A job record was read from the source (before any skipping). */
    public void countRead() {
        read++;
    }

    public void skip(String reason) {
        skipped.merge(reason, 1L, Long::sum);
    }

    public void repair(String reason) {
        repaired.merge(reason, 1L, Long::sum);
    }

    /** Adds another report's counts to this one (e.g. the sources of a merged workload). */
    public void addAll(WorkloadReport other) {
        read += other.read;
        other.skipped.forEach((k, v) -> skipped.merge(k, v, Long::sum));
        other.repaired.forEach((k, v) -> repaired.merge(k, v, Long::sum));
    }

    public long read() {
        return read;
    }

    public long skippedTotal() {
        long n = 0;
        for (long v : skipped.values()) {
            n += v;
        }
        return n;
    }

    /** Skips by reason, in the order reasons were first seen. */
    public Map<String, Long> skipped() {
        return Collections.unmodifiableMap(skipped);
    }

    /** Repairs by reason, in the order reasons were first seen. */
    public Map<String, Long> repaired() {
        return Collections.unmodifiableMap(repaired);
    }
}
