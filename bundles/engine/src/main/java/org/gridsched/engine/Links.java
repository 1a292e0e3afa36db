package org.gridsched.engine;

import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;

/**
 * The network links between the clusters, as a run profile's {@code links} key declares them (beside {@code platform}):
 * {@code [{"from": "a", "to": "b", "bandwidth": 1.25e9, "latency": 0.001}, ...]}, bandwidth in bytes per second
 * (positive), latency in seconds (default 0), both directions unless {@code "symmetric": false}. A file of s bytes
 * crosses a declared link in {@code s / bandwidth + latency} seconds; between clusters without a declared link, and
 * within a cluster unless a link from it to itself is declared, it moves for free (so runs without links keep their
 * results). No contention: every transfer has the whole bandwidth. Controllers read it through the API's
 * {@code Grid.linkBandwidth} and {@code Grid.linkLatency} (the transfer time itself is {@code Grid.transferTime}).
 */
public final class Links {
    public static final String KEY = "links";
    private static final List<String> KEYS = List.of("from", "to", "bandwidth", "latency", "symmetric");

    /** Per ordered pair of clusters: bandwidth (0: no link, free) and latency. */
    private final double[][] bandwidth;
    private final double[][] latency;

    private Links(double[][] bandwidth, double[][] latency) {
        this.bandwidth = bandwidth;
        this.latency = latency;
    }

    public static Links none(int clusters) {
        return new Links(new double[clusters][clusters], new double[clusters][clusters]);
    }

    /** Bytes per second from one cluster to another; 0 where no link is declared. */
    public double bandwidth(int from, int to) {
        return bandwidth[from][to];
    }

    /** Seconds of latency from one cluster to another; 0 where no link is declared. */
    public double latency(int from, int to) {
        return latency[from][to];
    }

    /** The number of clusters it connects. */
    public int clusters() {
        return bandwidth.length;
    }

    /**
     * @param value the profile's value (a list of objects, as JSON reads it), or null for no links
     * @param names the platform's cluster names, in platform order
     */
    public static Links parse(Object value, List<String> names) {
        int n = names.size();
        double[][] bw = new double[n][n];
        double[][] lat = new double[n][n];
        if (value == null) {
            return new Links(bw, lat);
        }
        if (!(value instanceof List<?> list)) {
            throw bad(KEY, "expected a list of links {\"from\", \"to\", \"bandwidth\", \"latency\"}, got " + value);
        }
        for (int i = 0; i < list.size(); i++) {
            String where = KEY + "[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> m)) {
                throw bad(where, "expected an object {\"from\", \"to\", \"bandwidth\", \"latency\"}, got " + list.get(i));
            }
            for (Object k : m.keySet()) {
                if (!KEYS.contains(String.valueOf(k))) {
                    throw bad(where + "." + k, "unknown key; valid keys: " + String.join(", ", KEYS));
                }
            }
            int from = cluster(m.get("from"), where + ".from", names);
            int to = cluster(m.get("to"), where + ".to", names);
            double b = number(m.get("bandwidth"), where + ".bandwidth", Double.NaN);
            if (!(b > 0) || Double.isInfinite(b)) {
                throw bad(where + ".bandwidth", "must be a positive number of bytes per second, got " + m.get("bandwidth"));
            }
            double l = number(m.get("latency"), where + ".latency", 0);
            if (!(l >= 0) || l > Simulation.MAX_TIME) {
                throw bad(where + ".latency", "must be a number of seconds between 0 and " + Numbers.format(Simulation.MAX_TIME)
                        + ", got " + m.get("latency"));
            }
            Object sym = m.get("symmetric");
            if (sym != null && !(sym instanceof Boolean)) {
                throw bad(where + ".symmetric", "expected true or false, got " + sym);
            }
            set(bw, lat, from, to, b, l, where, names);
            if ((sym == null || (Boolean) sym) && from != to) {
                set(bw, lat, to, from, b, l, where, names);
            }
        }
        return new Links(bw, lat);
    }

    private static void set(double[][] bw, double[][] lat, int from, int to, double b, double l, String where, List<String> names) {
        if (bw[from][to] > 0) {
            throw bad(where, "a second link from '" + names.get(from) + "' to '" + names.get(to) + "'");
        }
        bw[from][to] = b;
        lat[from][to] = l;
    }

    private static int cluster(Object v, String where, List<String> names) {
        int c = names.indexOf(v);
        if (c >= 0) {
            return c;
        }
        throw bad(where, (v == null ? "missing" : "unknown cluster '" + v + "'") + "; the platform's clusters: " + String.join(", ", names));
    }

    private static double number(Object v, String where, double dflt) {
        if (v == null) {
            if (Double.isNaN(dflt)) {
                throw bad(where, "missing");
            }
            return dflt;
        }
        if (!(v instanceof Number x)) {
            throw bad(where, "expected a number, got '" + v + "'");
        }
        return x.doubleValue();
    }

    private static InputException bad(String key, String problem) {
        return new InputException(null, 0, key, problem);
    }
}
