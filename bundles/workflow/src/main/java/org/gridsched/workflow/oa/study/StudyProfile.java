package org.gridsched.workflow.oa.study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.gridsched.api.InputException;
import org.gridsched.workflow.oa.Benchmarks;
import org.gridsched.workflow.oa.PostRule;
import org.gridsched.workflow.oa.Repartition;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A study profile (format in docs/ocean-atmosphere.md): a benchmark file, NM, and studies, each comparing a baseline
 * and a candidate (grouping heuristic, repartition) over numbers of scenarios, clusters and processors per cluster.
 * Paths are relative to the profile's folder.
 */
record StudyProfile(String name, String description, Benchmarks benchmarks, int months, PostRule posts, List<Study> studies) {

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

    private static final Set<String> TOP = Set.of("name", "description", "benchmarks", "months", "posts", "studies");
    private static final Set<String> STUDY = Set.of("title", "scenarios", "clusters", "processors", "table_rows", "baseline", "candidate");
    private static final Set<String> CONFIG = Set.of("grouping", "repartition");

    static StudyProfile read(Path file) {
        String src = file.toString();
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new InputException(src, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), null, "not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new InputException(src, 0, null, "cannot read: " + e.getMessage());
        }
        keys(root, TOP, "", src);
        Path dir = file.toAbsolutePath().getParent();
        Benchmarks b = Benchmarks.read(dir.resolve(text(root, "benchmarks", src)).normalize());
        int nm = root.path("months").asInt(1800);
        PostRule posts = root.has("posts") && root.get("posts").asText().equals("greedy") ? PostRule.GREEDY : PostRule.ITERATIONS;
        List<Study> studies = new ArrayList<>();
        JsonNode list = root.path("studies");
        if (!list.isArray() || list.isEmpty()) {
            throw new InputException(src, 0, "studies", "expected a non-empty list of studies");
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode s = list.get(i);
            String where = "studies[" + i + "]";
            keys(s, STUDY, where + ".", src);
            studies.add(new Study(text(s, "title", src), ints(s.path("scenarios"), where + ".scenarios", src),
                    s.has("clusters") ? ints(s.get("clusters"), where + ".clusters", src) : List.of(),
                    processors(s.path("processors"), where + ".processors", src),
                    s.has("table_rows") ? ints(s.get("table_rows"), where + ".table_rows", src) : List.of(),
                    config(s.path("baseline"), where + ".baseline", src), config(s.path("candidate"), where + ".candidate", src)));
        }
        return new StudyProfile(root.path("name").asText("study"), root.path("description").asText(""), b, nm, posts, studies);
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

    private static String text(JsonNode n, String key, String src) {
        if (!n.path(key).isTextual()) {
            throw new InputException(src, 0, key, "missing or not a string");
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
