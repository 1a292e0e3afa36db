package org.gridsched.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the validator found: per kind of problem, how many and the first few, each naming its jobs. */
public final class Validation {
    /** Problems kept per kind; the rest are only counted. */
    static final int EXAMPLES = 20;

    private final Map<String, Long> counts = new LinkedHashMap<>();
    private final Map<String, List<String>> examples = new LinkedHashMap<>();
    private final String file;
    private final int jobs;
    private final List<String> checks = new ArrayList<>();

    Validation(String file, int jobs) {
        this.file = file;
        this.jobs = jobs;
    }

    void checked(String what) {
        checks.add(what);
    }

    void problem(String kind, String message) {
        long c = counts.merge(kind, 1L, Long::sum);
        if (c <= EXAMPLES) {
            examples.computeIfAbsent(kind, k -> new ArrayList<>()).add(message);
        }
    }

    public boolean ok() {
        return counts.isEmpty();
    }

    public long problems() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    public Map<String, Long> counts() {
        return counts;
    }

    public Map<String, List<String>> examples() {
        return examples;
    }

    public List<String> checks() {
        return checks;
    }

    /** The report printed by {@code gridsched validate}. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        if (ok()) {
            sb.append(file).append(": valid schedule of ").append(Words.count(jobs, "job")).append(" (")
                    .append(String.join("; ", checks)).append(")\n");
            return sb.toString();
        }
        sb.append(file).append(": INVALID schedule: ").append(Words.count(problems(), "problem")).append(" in ")
                .append(Words.count(jobs, "job")).append('\n');
        counts.forEach((kind, n) -> {
            sb.append("  ").append(kind).append(": ").append(String.format(java.util.Locale.ROOT, "%,d", n)).append('\n');
            for (String e : examples.get(kind)) {
                sb.append("    ").append(e).append('\n');
            }
            if (n > EXAMPLES) {
                sb.append("    ... and ").append(String.format(java.util.Locale.ROOT, "%,d", n - EXAMPLES)).append(" more\n");
            }
        });
        return sb.toString();
    }
}
