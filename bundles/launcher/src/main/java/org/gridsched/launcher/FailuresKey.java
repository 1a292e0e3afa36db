package org.gridsched.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.engine.FailureSpec;
import org.gridsched.engine.FailureTraces;
import org.gridsched.engine.Platform;

/**
 * A run profile's {@code failures} (docs/failures.md), e.g.
 * {@code {"trace": ["failures.csv", {"file": "event_trace.tab", "format": "fta", "cluster": "a", "node_size": 8,
 * "time_offset": 1.1e9}], "model": {"mtbf": 864000, "distribution": "weibull", "shape": 0.7, "repair_mean": 3600,
 * "repair_sigma": 1, "node_size": 8}, "resubmit": true, "retries": 3}}. {@code model} is one model for every cluster
 * or one per cluster name (clusters left out never fail by the model). Files are relative to the profile's folder.
 * Errors name the key ({@code failures.model.a.mtbf}) or the file, line and field.
 */
final class FailuresKey {
    static final String KEY = "failures";
    private static final List<String> KEYS = List.of("trace", "model", "model_from", "resubmit", "retries");
    private static final List<String> TRACE_KEYS = List.of("file", "format", "cluster", "node_size", "time_offset");
    private static final List<String> MODEL_KEYS = List.of("distribution", "mtbf", "shape", "repair_mean", "repair_sigma", "node_size");

    private FailuresKey() {
    }

    static FailureSpec of(Object declared, Path baseDir, Platform platform, long seed) {
        if (declared == null) {
            return null;
        }
        if (!(declared instanceof Map<?, ?> m)) {
            throw bad(KEY, "expected an object {\"trace\", \"model\", \"resubmit\", \"retries\"}, got " + declared);
        }
        known(m, KEYS, KEY);
        if (!m.containsKey("trace") && !m.containsKey("model")) {
            throw bad(KEY, "give a \"trace\", a \"model\" or both");
        }
        List<FailureSpec.Event> events = new ArrayList<>();
        Object trace = m.get("trace");
        List<?> traces = trace == null ? List.of() : trace instanceof List<?> l ? l : List.of(trace);
        if (trace instanceof List<?> l && l.isEmpty()) {
            // as an empty trace file is an error: a run that was meant to fail and silently does not
            throw bad(KEY + ".trace", "an empty list; give one failure trace or more, or leave \"trace\" out");
        }
        if (traces.isEmpty() && m.get("model") == null) {
            throw bad(KEY, "give a \"trace\", a \"model\" or both (both are null here)");
        }
        for (int i = 0; i < traces.size(); i++) {
            String where = KEY + ".trace" + (trace instanceof List<?> ? "[" + i + "]" : "");
            events.addAll(trace(traces.get(i), where, baseDir, platform));
        }
        List<FailureSpec.Model> models = null;
        if (m.get("model") != null) {
            models = models(m.get("model"), platform);
        }
        boolean resubmit = m.containsKey("resubmit") ? bool(m.get("resubmit"), KEY + ".resubmit") : true;
        int retries = m.containsKey("retries") ? (int) whole(m.get("retries"), KEY + ".retries", 0, 1_000_000) : 3;
        double from = m.containsKey("model_from") ? number(m.get("model_from"), KEY + ".model_from", -1) : 0; // 0: the default
        return new FailureSpec(events, models, resubmit, retries, seed, from);
    }

    private static List<FailureSpec.Event> trace(Object t, String where, Path baseDir, Platform platform) {
        if (t instanceof String s) {
            return FailureTraces.csv(resolve(s, baseDir), platform);
        }
        if (!(t instanceof Map<?, ?> m)) {
            throw bad(where, "expected a file name or {\"file\", \"format\", ...}, got " + t);
        }
        known(m, TRACE_KEYS, where);
        if (!(m.get("file") instanceof String file) || file.isBlank()) {
            throw bad(where + ".file", "missing");
        }
        String format = m.get("format") == null ? "csv" : String.valueOf(m.get("format"));
        switch (format) {
            case "csv" -> {
                for (String k : List.of("cluster", "node_size", "time_offset")) {
                    if (m.containsKey(k)) {
                        throw bad(where + "." + k, "only for \"format\": \"fta\" (a CSV trace names its clusters and processors)");
                    }
                }
                return FailureTraces.csv(resolve(file, baseDir), platform);
            }
            case "fta" -> {
                int cluster = platform.names().indexOf(m.get("cluster"));
                if (cluster < 0) {
                    if (platform.size() == 1 && m.get("cluster") == null) {
                        cluster = 0;
                    } else {
                        throw bad(where + ".cluster", (m.get("cluster") == null ? "missing" : "unknown cluster '" + m.get("cluster") + "'")
                                + "; the platform's clusters: " + String.join(", ", platform.names()));
                    }
                }
                int nodeSize = m.containsKey("node_size") ? (int) whole(m.get("node_size"), where + ".node_size", 1,
                        platform.get(cluster).processors()) : 1;
                double offset = m.containsKey("time_offset") ? number(m.get("time_offset"), where + ".time_offset", Double.NEGATIVE_INFINITY) : 0;
                return FailureTraces.fta(resolve(file, baseDir), platform, cluster, nodeSize, offset);
            }
            default -> throw bad(where + ".format", "expected csv or fta, got '" + format + "'");
        }
    }

    private static List<FailureSpec.Model> models(Object v, Platform platform) {
        String where = KEY + ".model";
        if (!(v instanceof Map<?, ?> m) || m.isEmpty()) {
            throw bad(where, "expected {\"mtbf\", \"repair_mean\", ...} or one such object per cluster, got " + v);
        }
        List<FailureSpec.Model> out = new ArrayList<>();
        if (m.containsKey("mtbf") || m.containsKey("repair_mean") || m.containsKey("distribution")) {
            FailureSpec.Model one = model(m, where, platform, -1);
            for (int i = 0; i < platform.size(); i++) {
                out.add(one);
            }
            return out;
        }
        for (Object k : m.keySet()) {
            if (!platform.names().contains(String.valueOf(k))) {
                throw bad(where + "." + k, "unknown cluster; the platform's clusters: " + String.join(", ", platform.names()));
            }
        }
        for (int i = 0; i < platform.size(); i++) {
            Object c = m.get(platform.get(i).name());
            out.add(c == null ? null : model(c, where + "." + platform.get(i).name(), platform, i));
        }
        return out;
    }

    private static FailureSpec.Model model(Object v, String where, Platform platform, int cluster) {
        if (!(v instanceof Map<?, ?> m)) {
            throw bad(where, "expected {\"mtbf\", \"repair_mean\", ...}, got " + v);
        }
        known(m, MODEL_KEYS, where);
        String d = m.get("distribution") == null ? "exponential" : String.valueOf(m.get("distribution"));
        FailureSpec.Distribution distribution = switch (d) {
            case "exponential" -> FailureSpec.Distribution.EXPONENTIAL;
            case "weibull" -> FailureSpec.Distribution.WEIBULL;
            default -> throw bad(where + ".distribution", "expected exponential or weibull, got '" + d + "'");
        };
        if (m.containsKey("shape") && distribution != FailureSpec.Distribution.WEIBULL) {
            throw bad(where + ".shape", "only for \"distribution\": \"weibull\"");
        }
        double mtbf = number(m.get("mtbf"), where + ".mtbf", 0);
        double shape = m.containsKey("shape") ? number(m.get("shape"), where + ".shape", 0) : 1;
        double repairMean = number(m.get("repair_mean"), where + ".repair_mean", 0);
        double sigma = m.containsKey("repair_sigma") ? number(m.get("repair_sigma"), where + ".repair_sigma", -1) : 0;
        int smallest = Integer.MAX_VALUE;
        for (int i = 0; i < platform.size(); i++) {
            if (cluster < 0 || cluster == i) {
                smallest = Math.min(smallest, platform.get(i).processors());
            }
        }
        int nodeSize = m.containsKey("node_size") ? (int) whole(m.get("node_size"), where + ".node_size", 1, smallest) : 1;
        try {
            return new FailureSpec.Model(distribution, mtbf, shape, repairMean, sigma, nodeSize);
        } catch (InputException e) {
            String message = e.getMessage();
            String prefix = e.field() + ": ";
            throw bad(where + "." + e.field(), message.startsWith(prefix) ? message.substring(prefix.length()) : message);
        }
    }

    private static Path resolve(String file, Path baseDir) {
        Path p = Path.of(file);
        return p.isAbsolute() || baseDir == null ? p : baseDir.resolve(p).normalize();
    }

    private static void known(Map<?, ?> m, List<String> keys, String where) {
        for (Object k : m.keySet()) {
            if (!keys.contains(String.valueOf(k))) {
                throw bad(where + "." + k, "unknown key; valid keys: " + String.join(", ", keys));
            }
        }
    }

    /**
     * A number above {@code above} (strictly; 0 for a positive one; -1 for one of 0 or more), or an error naming the
     * key.
     */
    private static double number(Object v, String where, double above) {
        if (!(v instanceof Number n)) {
            throw bad(where, v == null ? "missing" : "expected a number, got '" + v + "'");
        }
        double d = n.doubleValue();
        if (!(above == -1 ? d >= 0 : d > above) || Double.isInfinite(d)) {
            throw bad(where, (above == 0 ? "must be positive" : above == -1 ? "must be 0 or more" : "must be a finite number") + ", got " + v);
        }
        return d;
    }

    private static long whole(Object v, String where, long min, long max) {
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.doubleValue() < min || n.doubleValue() > max) {
            throw bad(where, "expected a whole number from " + min + " to " + max + ", got " + v);
        }
        return n.longValue();
    }

    private static boolean bool(Object v, String where) {
        if (!(v instanceof Boolean b)) {
            throw bad(where, "expected true or false, got " + v);
        }
        return b;
    }

    private static InputException bad(String key, String problem) {
        return new InputException(null, 0, key, problem);
    }
}
