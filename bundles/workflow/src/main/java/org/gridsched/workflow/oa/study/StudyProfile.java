package org.gridsched.workflow.oa.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.simulate.StudyContext;
import org.gridsched.workflow.oa.Benchmarks;
import org.gridsched.workflow.oa.PostRule;
import org.gridsched.workflow.oa.Repartition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The options of the {@code ocean-atmosphere-repartition} study (format in docs/ocean-atmosphere.md): a benchmark file,
 * NM, the post-processing rule, and studies, each comparing a baseline and a candidate (grouping heuristic,
 * repartition) over numbers of scenarios, clusters and processors per cluster. Paths are relative to the profile's
 * folder; errors name the profile and the option ({@code study.options.studies[0].processors}).
 */
record StudyProfile(String name, Benchmarks benchmarks, int months, PostRule posts, List<Study> studies) {

    record Config(String grouping, Repartition repartition) {
        String label() {
            return grouping + " + " + repartition.word();
        }
    }

    /**
     * @param clusters  how many of the benchmark file's clusters (the first ones); empty: all
     * @param tableRows the processor counts shown in the markdown table (every count is in the CSV); empty: all
     */
    record Study(String title, List<Integer> scenarios, List<Integer> clusters, List<Integer> processors, List<Integer> tableRows,
            Config baseline, Config candidate) {
    }

    static final String BENCHMARKS = "benchmarks";
    static final String MONTHS = "months";
    static final String POSTS = "posts";
    static final String STUDIES = "studies";
    /** Where the options are in a run profile, for error messages. */
    static final String PREFIX = "study.options.";

    /** The study's options, as the plugin declares them (the launcher refuses any other). */
    static final List<Parameter> PARAMETERS = List.of(
            new Parameter(BENCHMARKS, "", "the benchmark file of the clusters (relative to the profile), as the ocean-atmosphere controller's"),
            new Parameter(MONTHS, "1800", "NM, monthly main tasks per scenario"),
            new Parameter(POSTS, "iterations", "post-processing rule: iterations or greedy"),
            new Parameter(STUDIES, "", "the studies: a list of {title, scenarios, clusters, processors, table_rows, baseline, candidate}"));

    private static final Set<String> STUDY = Set.of("title", "scenarios", "clusters", "processors", "table_rows", "baseline", "candidate");
    private static final Set<String> CONFIG = Set.of("grouping", "repartition");

    /** The options of a study run (already checked against {@link #PARAMETERS} by the launcher). */
    static StudyProfile read(StudyContext context) {
        return read(context.name(), context.options().asMap(), context::resolve, context.source());
    }

    /**
     * @param resolve a path given in the options, resolved against the profile's folder
     * @param src     the profile, for error messages
     */
    static StudyProfile read(String name, Map<String, Object> options, Function<String, Path> resolve, String src) {
        JsonNode root = new ObjectMapper().valueToTree(options);
        keys(root, Set.of(BENCHMARKS, MONTHS, POSTS, STUDIES), PREFIX, src);
        String given = text(root, BENCHMARKS, PREFIX + BENCHMARKS, src);
        Path file = resolve.apply(given);
        if (!java.nio.file.Files.isRegularFile(file)) {
            throw new InputException(src, 0, PREFIX + BENCHMARKS, "no such benchmark file: '" + given + "' (" + file + ")");
        }
        Benchmarks b = Benchmarks.read(file);
        int nm = 1800;
        if (root.has(MONTHS)) {
            JsonNode m = root.get(MONTHS);
            if (!m.isIntegralNumber() || m.asLong() < 1 || m.asLong() > Integer.MAX_VALUE) {
                throw new InputException(src, 0, PREFIX + MONTHS, "expected a positive whole number, got " + m);
            }
            nm = m.asInt();
        }
        PostRule posts = PostRule.ITERATIONS;
        if (root.has(POSTS)) {
            String word = text(root, POSTS, PREFIX + POSTS, src);
            posts = switch (word) {
                case "iterations" -> PostRule.ITERATIONS;
                case "greedy" -> PostRule.GREEDY;
                default -> throw new InputException(src, 0, PREFIX + POSTS, "expected iterations or greedy, got '" + word + "'");
            };
        }
        List<Study> studies = new ArrayList<>();
        JsonNode list = root.path(STUDIES);
        if (!list.isArray() || list.isEmpty()) {
            throw new InputException(src, 0, PREFIX + STUDIES, "expected a non-empty list of studies");
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode s = list.get(i);
            String where = PREFIX + STUDIES + "[" + i + "]";
            keys(s, STUDY, where + ".", src);
            studies.add(new Study(text(s, "title", where + ".title", src), ints(s.path("scenarios"), where + ".scenarios", src),
                    s.has("clusters") ? ints(s.get("clusters"), where + ".clusters", src) : List.of(),
                    processors(s.path("processors"), where + ".processors", src),
                    s.has("table_rows") ? ints(s.get("table_rows"), where + ".table_rows", src) : List.of(),
                    config(s.path("baseline"), where + ".baseline", src), config(s.path("candidate"), where + ".candidate", src)));
        }
        return new StudyProfile(name, b, nm, posts, studies);
    }

    private static Config config(JsonNode n, String where, String src) {
        keys(n, CONFIG, where + ".", src);
        Repartition r = Repartition.of(n.path("repartition").asText("algorithm3"));
        if (r == null) {
            throw new InputException(src, 0, where + ".repartition", "expected algorithm3 or round-robin");
        }
        return new Config(n.path("grouping").asText("knapsack"), r);
    }

    /** {"from": a, "to": b, "step": s} or a list. */
    private static List<Integer> processors(JsonNode n, String where, String src) {
        if (n.isArray()) {
            return ints(n, where, src);
        }
        if (!n.isObject() || !n.has("from") || !n.has("to")) {
            throw new InputException(src, 0, where, "expected a list of processor counts or {\"from\": ..., \"to\": ..., \"step\": ...}");
        }
        List<Integer> l = new ArrayList<>();
        int step = n.path("step").asInt(1);
        if (step < 1) {
            throw new InputException(src, 0, where + ".step", "must be positive");
        }
        if (!n.get("from").isIntegralNumber() || !n.get("to").isIntegralNumber() || n.get("from").asInt() < 1
                || n.get("to").asInt() < n.get("from").asInt()) {
            throw new InputException(src, 0, where, "expected whole numbers 1 <= from <= to, got " + n);
        }
        for (int r = n.get("from").asInt(); r <= n.get("to").asInt(); r += step) {
            l.add(r);
        }
        return l;
    }

    private static List<Integer> ints(JsonNode n, String where, String src) {
        if (!n.isArray() || n.isEmpty()) {
            throw new InputException(src, 0, where, "expected a non-empty list of whole numbers");
        }
        List<Integer> l = new ArrayList<>();
        for (JsonNode v : n) {
            if (!v.isIntegralNumber() || v.asInt() < 1) {
                throw new InputException(src, 0, where, "expected positive whole numbers, got " + v);
            }
            l.add(v.asInt());
        }
        return l;
    }

    private static String text(JsonNode n, String key, String where, String src) {
        if (!n.path(key).isTextual()) {
            throw new InputException(src, 0, where, "missing or not a string");
        }
        return n.get(key).asText();
    }

    private static void keys(JsonNode n, Set<String> valid, String prefix, String src) {
        if (!n.isObject()) {
            throw new InputException(src, 0, prefix.isEmpty() ? null : prefix.substring(0, prefix.length() - 1), "expected a JSON object");
        }
        for (Iterator<String> it = n.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!valid.contains(k)) {
                throw new InputException(src, 0, prefix + k, "unknown key; valid keys: " + String.join(", ", new TreeSet<>(valid)));
            }
        }
    }
}
