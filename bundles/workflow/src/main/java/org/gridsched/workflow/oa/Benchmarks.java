package org.gridsched.workflow.oa;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;
import org.gridsched.workflow.grouping.GroupingProblem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The benchmark tables of a platform, read from a JSON file (format in docs/ocean-atmosphere.md):
 *
 * <pre>
 * {"tables":   {"table_a": {"main": {"4": 8000, ..., "11": 1367}, "post": 60}},
 *  "clusters": {"c1": {"table": "table_a", "time_factor": 1.05, "cores_per_node": 2},
 *               "c2": {"main": {...}, "post": 55},
 *               "default": {"table": "table_a"}}}
 * </pre>
 *
 * A cluster either names a table (its times multiplied by {@code time_factor}: the thesis says the ratios between
 * tasks stay the same on other hardware) or gives its own {@code main} and {@code post}; {@code default} serves
 * every cluster not listed. Errors name the file and the field.
 */
public final class Benchmarks {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> TOP = Set.of("description", "tables", "clusters");
    private static final Set<String> TABLE = Set.of("main", "post", "description");
    private static final Set<String> CLUSTER = Set.of("table", "time_factor", "main", "post", "cores_per_node", "description");
    public static final String DEFAULT = "default";

    private final String source;
    private final Map<String, ClusterBenchmark> clusters;

    private Benchmarks(String source, Map<String, ClusterBenchmark> clusters) {
        this.source = source;
        this.clusters = clusters;
    }

    public static Benchmarks read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, null, "cannot read the benchmark file: " + e.getMessage());
        }
        return parse(text, file.toString());
    }

    public static Benchmarks parse(String json, String source) {
        try {
            return of(MAPPER.readTree(json), source);
        } catch (JsonProcessingException e) {
            throw new InputException(source, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), null,
                    "not valid JSON: " + e.getOriginalMessage());
        }
    }

    /** From a parsed document (a file, or a profile's inline object). */
    public static Benchmarks of(JsonNode root, String source) {
        Reader r = new Reader(source);
        r.object(root, "(top)", TOP);
        Map<String, ClusterBenchmark> tables = new LinkedHashMap<>();
        JsonNode t = root.path("tables");
        if (!t.isMissingNode()) {
            r.object(t, "tables", null);
            for (Iterator<Map.Entry<String, JsonNode>> it = t.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String where = "tables." + e.getKey();
                r.object(e.getValue(), where, TABLE);
                tables.put(e.getKey(), r.times(e.getKey(), e.getValue(), where, 1.0, 1));
            }
        }
        JsonNode c = root.path("clusters");
        if (!c.isObject() || c.isEmpty()) {
            throw new InputException(source, 0, "clusters", "expected an object of cluster name: benchmarks, with at least one cluster");
        }
        Map<String, ClusterBenchmark> clusters = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = c.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            clusters.put(e.getKey(), r.cluster(e.getKey(), e.getValue(), tables));
        }
        return new Benchmarks(source, clusters);
    }

    /** The benchmarks of a cluster of the platform, by name (else {@code default}). */
    public ClusterBenchmark of(String cluster) {
        ClusterBenchmark b = clusters.get(cluster);
        if (b == null) {
            b = clusters.get(DEFAULT);
            if (b == null) {
                throw new InputException(source, 0, "clusters", "no benchmarks for cluster '" + cluster
                        + "' of the platform and no \"default\"; clusters here: " + String.join(", ", clusters.keySet()));
            }
        }
        return b.named(cluster);
    }

    /** Cluster names in file order (without {@code default}). */
    public List<String> clusterNames() {
        return clusters.keySet().stream().filter(n -> !n.equals(DEFAULT)).toList();
    }

    public String source() {
        return source;
    }

    /** Field checks with messages naming the file and the field. */
    private record Reader(String source) {

        void object(JsonNode n, String where, Set<String> keys) {
            if (!n.isObject()) {
                throw new InputException(source, 0, where, "expected a JSON object");
            }
            if (keys != null) {
                for (Iterator<String> it = n.fieldNames(); it.hasNext();) {
                    String k = it.next();
                    if (!keys.contains(k)) {
                        throw new InputException(source, 0, where.equals("(top)") ? k : where + "." + k,
                                "unknown key; valid keys: " + String.join(", ", new TreeSet<>(keys)));
                    }
                }
            }
        }

        ClusterBenchmark cluster(String name, JsonNode n, Map<String, ClusterBenchmark> tables) {
            String where = "clusters." + name;
            object(n, where, CLUSTER);
            int cores = n.has("cores_per_node") ? positiveInt(n.get("cores_per_node"), where + ".cores_per_node") : 1;
            double factor = n.has("time_factor") ? positive(n.get("time_factor"), where + ".time_factor") : 1.0;
            if (n.has("table") == (n.has("main") || n.has("post"))) {
                throw new InputException(source, 0, where, "give either \"table\" (and \"time_factor\") or \"main\" and \"post\"");
            }
            if (!n.has("table")) {
                return times(name, n, where, factor, cores);
            }
            String table = n.get("table").asText();
            ClusterBenchmark base = tables.get(table);
            if (base == null) {
                throw new InputException(source, 0, where + ".table", "no table '" + table + "'; tables: " + String.join(", ", tables.keySet()));
            }
            double[] main = new double[GroupingProblem.MAX_GROUP + 1];
            for (int g = 0; g < main.length; g++) {
                main[g] = seconds(base.mainTime(g) * factor, where + ".time_factor");
            }
            return new ClusterBenchmark(name, main, seconds(base.postTime() * factor, where + ".time_factor"), cores);
        }

        ClusterBenchmark times(String name, JsonNode n, String where, double factor, int cores) {
            JsonNode m = n.path("main");
            if (!m.isObject() || m.isEmpty()) {
                throw new InputException(source, 0, where + ".main", "expected an object of group size (\"4\"..\"12\"): seconds");
            }
            double[] main = new double[GroupingProblem.MAX_GROUP + 1];
            Arrays.fill(main, Double.NaN);
            for (Iterator<Map.Entry<String, JsonNode>> it = m.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                int g;
                try {
                    g = Integer.parseInt(e.getKey());
                } catch (NumberFormatException x) {
                    g = -1;
                }
                if (g < GroupingProblem.MIN_GROUP || g > GroupingProblem.MAX_GROUP) {
                    throw new InputException(source, 0, where + ".main." + e.getKey(), "a group size is a whole number from "
                            + GroupingProblem.MIN_GROUP + " to " + GroupingProblem.MAX_GROUP);
                }
                main[g] = seconds(positive(e.getValue(), where + ".main." + e.getKey()) * factor, where + ".main." + e.getKey());
            }
            for (int g = GroupingProblem.MIN_GROUP; g <= 11; g++) {
                if (Double.isNaN(main[g])) {
                    throw new InputException(source, 0, where + ".main", "missing the time on " + g + " processors (4..11 are needed)");
                }
            }
            if (!n.has("post")) {
                throw new InputException(source, 0, where + ".post", "missing the post-processing time (seconds on one processor)");
            }
            return new ClusterBenchmark(name, main, seconds(positive(n.get("post"), where + ".post") * factor, where + ".post"), cores);
        }

        /** A time (after time_factor) within the bound every job has: beyond it, simulated times go wrong. */
        double seconds(double t, String where) {
            if (t > SimTime.MAX_JOB_TIME) {
                throw new InputException(source, 0, where, "gives a time of " + SimTime.format(t) + " s; at most "
                        + SimTime.format(SimTime.MAX_JOB_TIME) + " s (about 317 years) can be simulated");
            }
            return t;
        }

        double positive(JsonNode v, String where) {
            if (!v.isNumber() || !(v.asDouble() > 0) || Double.isInfinite(v.asDouble())) {
                throw new InputException(source, 0, where, "expected a positive number of seconds, got " + v);
            }
            return v.asDouble();
        }

        int positiveInt(JsonNode v, String where) {
            if (!v.isIntegralNumber() || v.asInt() < 1) {
                throw new InputException(source, 0, where, "expected a positive whole number, got " + v);
            }
            return v.asInt();
        }
    }
}
