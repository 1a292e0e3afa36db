package org.gridsched.batch.multifactor;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.gridsched.api.PluginOptions;

/**
 * The configured limits: per kind (user, group, QOS) the maxima every user, group or QOS gets, and
 * overrides for named ones under {@code by_name}:
 * <pre>  "limits": {"user": {"max_running": 2, "by_name": {"17": {"max_running": 8}}}, "qos": {"max_processors": 64}}</pre>
 * An override replaces only the maxima it names. Integer.MAX_VALUE stands for unlimited. Every bad value is
 * an error naming its key ({@code limits.user.max_running}, {@code limits.qos.by_name}).
 */
final class LimitSpec {
    static final String[] KINDS = {"user", "group", "qos"};
    static final String[] KEYS = {"max_running", "max_processors", "max_submitted"};

    private final int[][] max = new int[3][];
    /** Overrides by user or group number (Integer) or QOS name (String). */
    private final Map<Object, int[]>[] named;
    boolean any;

    @SuppressWarnings("unchecked")
    private LimitSpec() {
        named = new Map[] {new HashMap<>(), new HashMap<>(), new HashMap<>()};
    }

    /** The maxima of user, group or QOS {@code id} (an Integer or a QOS name) of kind {@code k}. */
    int[] maxFor(int k, Object id) {
        return named[k].getOrDefault(id, max[k]);
    }

    /** Whether {@code by_name} of kind {@code k} names {@code id} (a user or group number, a QOS name). */
    boolean names(int k, Object id) {
        return named[k].containsKey(id);
    }

    /** Whether the maxima of kind {@code k} that apply to every user, group or QOS limit anything. */
    boolean limitsEvery(int k) {
        for (int m : max[k]) {
            if (m != Integer.MAX_VALUE) {
                return true;
            }
        }
        return false;
    }

    static LimitSpec parse(PluginOptions o, Set<String> qosNames) {
        LimitSpec s = new LimitSpec();
        Map<String, Object> limits = Settings.object(o, "limits");
        for (String kind : limits.keySet()) {
            if (!Arrays.asList(KINDS).contains(kind)) {
                throw Settings.error("limits", "unknown limit kind '" + kind + "'; valid: user, group, qos", o);
            }
        }
        if (limits.containsKey("qos") && qosNames.isEmpty()) {
            throw Settings.error("limits.qos", "QOS limits need QOS names (options qos and qos_names)", o);
        }
        for (int k = 0; k < 3; k++) {
            int[] unlimited = new int[3];
            Arrays.fill(unlimited, Integer.MAX_VALUE);
            String where = "limits." + KINDS[k];
            Map<?, ?> m = map(o, where, limits.get(KINDS[k]));
            s.max[k] = s.maxima(o, where, m, unlimited);
            for (Map.Entry<?, ?> e : map(o, where + ".by_name", m.get("by_name")).entrySet()) {
                String name = String.valueOf(e.getKey());
                Object id = name;
                if (k < 2) {
                    id = Settings.number(o, where + ".by_name", name);
                } else if (!qosNames.contains(name)) {
                    throw Settings.error(where + ".by_name", "unknown QOS name '" + name + "'; defined: " + qosNames, o);
                }
                String at = where + ".by_name." + name;
                s.named[k].put(id, s.maxima(o, at, map(o, at, e.getValue()), s.max[k]));
            }
        }
        return s;
    }

    private static Map<?, ?> map(PluginOptions o, String where, Object v) {
        if (v == null) {
            return Map.of();
        }
        if (!(v instanceof Map<?, ?> m)) {
            throw Settings.error(where, "expected a JSON object, got '" + v + "'", o);
        }
        return m;
    }

    /** {@code base} with the maxima {@code m} names (by_name aside). */
    private int[] maxima(PluginOptions o, String where, Map<?, ?> m, int[] base) {
        int[] out = base.clone();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (e.getKey().equals("by_name")) {
                continue;
            }
            int key = Arrays.asList(KEYS).indexOf(String.valueOf(e.getKey()));
            String name = where + "." + e.getKey();
            if (key < 0) {
                throw Settings.error(name, "unknown limit; valid: max_running, max_processors, max_submitted, by_name", o);
            }
            double d = e.getValue() instanceof Number n ? n.doubleValue() : Double.NaN;
            if (!(d >= 1) || d != Math.rint(d) || d > Integer.MAX_VALUE) {
                throw Settings.error(name, "expected a whole number >= 1, got '" + e.getValue() + "'", o);
            }
            out[key] = (int) d;
            any = true;
        }
        return out;
    }
}
