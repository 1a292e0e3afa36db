package org.gridsched.api.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts of what a workload source read, skipped and repaired, by reason. Reasons are short snake_case
 * keys ({@code runtime_not_positive}, {@code malformed_line}, ...) that end up in {@code summary.json}.
 */
public final class WorkloadReport {
    private long read;
    private final Map<String, Long> skipped = new LinkedHashMap<>();
    private final Map<String, Long> repaired = new LinkedHashMap<>();
    private final Map<String, List<Skipped>> examples = new LinkedHashMap<>();

    /** How many skipped lines are kept as examples for each reason. */
    public static final int EXAMPLES_PER_REASON = 20;

    /**
     * A skipped line, kept as an example of its reason.
     *
     * @param source the file (or other source) it came from
     * @param line   its line number, 0 if unknown
     * @param detail what was wrong with it
     * @since 1.2
     */
    public record Skipped(String source, long line, String detail) {
    }

    /** A job record was read from the source (before any skipping). */
    public void countRead() {
        read++;
    }

    public void skip(String reason) {
        skipped.merge(reason, 1L, Long::sum);
    }

    /**
     * Counts a skipped line under a reason and keeps it as one of the reason's first
     * {@value #EXAMPLES_PER_REASON} examples, so that a user sees which lines were skipped and why.
     *
     * @since 1.2
     */
    public void skip(String reason, String source, long line, String detail) {
        skip(reason);
        List<Skipped> list = examples.computeIfAbsent(reason, r -> new ArrayList<>());
        if (list.size() < EXAMPLES_PER_REASON) {
            list.add(new Skipped(source, line, detail));
        }
    }

    /**
     * The first skipped lines of each reason given with {@link #skip(String, String, long, String)}, in reading
     * order.
     *
     * @since 1.2
     */
    public Map<String, List<Skipped>> skippedExamples() {
        Map<String, List<Skipped>> copy = new LinkedHashMap<>();
        examples.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return Collections.unmodifiableMap(copy);
    }

    public void repair(String reason) {
        repaired.merge(reason, 1L, Long::sum);
    }

    /** Adds another report's counts to this one (e.g. the sources of a merged workload). */
    public void addAll(WorkloadReport other) {
        read += other.read;
        other.skipped.forEach((k, v) -> skipped.merge(k, v, Long::sum));
        other.repaired.forEach((k, v) -> repaired.merge(k, v, Long::sum));
        other.examples.forEach((k, v) -> {
            List<Skipped> list = examples.computeIfAbsent(k, r -> new ArrayList<>());
            for (Skipped x : v) {
                if (list.size() < EXAMPLES_PER_REASON) {
                    list.add(x);
                }
            }
        });
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
