package org.gridsched.workflow.dag;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.grid.Grid;
import org.gridsched.engine.Numbers;
import org.gridsched.engine.Simulation;

/**
 * The network links between the clusters, as the {@code workflow} controller's {@code links} option declares them:
 * {@code [{"from": "a", "to": "b", "bandwidth": 1.25e9, "latency": 0.001}, ...]}, bandwidth in bytes per second
 * (positive), latency in seconds (default 0), both directions unless {@code "symmetric": false}. A file of s bytes
 * crosses a declared link in {@code s / bandwidth + latency} seconds; between clusters without a declared link, and
 * within a cluster unless a link from it to itself is declared, it moves for free (so runs without links keep their
 * results). No contention: every transfer has the whole bandwidth.
 */
final class Links {
    static final String KEY = "links";
    private static final List<String> KEYS = List.of("from", "to", "bandwidth", "latency", "symmetric");

    /** Per ordered pair of clusters: bandwidth (0: no link, free) and latency. */
    private final double[][] bandwidth;
    private final double[][] latency;
    private final boolean any;
    /** Means over all ordered pairs (i, j), i = j included, of 1/bandwidth and latency (0 for pairs without link). */
    private final double meanInverseBandwidth;
    private final double meanLatency;

    private Links(double[][] bandwidth, double[][] latency) {
        this.bandwidth = bandwidth;
        this.latency = latency;
        int n = bandwidth.length;
        boolean a = false;
        double inv = 0;
        double lat = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (bandwidth[i][j] > 0) {
                    a = true;
                    inv += 1 / bandwidth[i][j];
                    lat += latency[i][j];
                }
            }
        }
        any = a;
        meanInverseBandwidth = inv / (n * n);
        meanLatency = lat / (n * n);
    }

    static Links none(int clusters) {
        return new Links(new double[clusters][clusters], new double[clusters][clusters]);
    }

    /** Whether some link is declared (otherwise every transfer is free). */
    boolean any() {
        return any;
    }

    /** Seconds to move {@code bytes} from cluster {@code from} to cluster {@code to}: 0 without a declared link. */
    double transfer(int from, int to, double bytes) {
        double bw = bandwidth[from][to];
        return bw > 0 ? bytes / bw + latency[from][to] : 0;
    }

    /** The mean over all ordered pairs of clusters of {@link #transfer}: HEFT's average communication cost. */
    double meanTransfer(double bytes) {
        return bytes * meanInverseBandwidth + meanLatency;
    }

    /**
     * @param value the option's value (a list of objects), or null
     * @param owner who the option is for, in messages
     */
    static Links parse(Object value, Grid grid, String owner) {
        int n = grid.clusterCount();
        double[][] bw = new double[n][n];
        double[][] lat = new double[n][n];
        if (value == null) {
            return new Links(bw, lat);
        }
        if (!(value instanceof List<?> list)) {
            throw bad(KEY, "expected a list of links {\"from\", \"to\", \"bandwidth\", \"latency\"}, got " + value, owner);
        }
        for (int i = 0; i < list.size(); i++) {
            String where = KEY + "[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> m)) {
                throw bad(where, "expected an object {\"from\", \"to\", \"bandwidth\", \"latency\"}, got " + list.get(i), owner);
            }
            for (Object k : m.keySet()) {
                if (!KEYS.contains(String.valueOf(k))) {
                    throw bad(where + "." + k, "unknown key; valid keys: " + String.join(", ", KEYS), owner);
                }
            }
            int from = cluster(m.get("from"), where + ".from", grid, owner);
            int to = cluster(m.get("to"), where + ".to", grid, owner);
            double b = number(m.get("bandwidth"), where + ".bandwidth", owner, Double.NaN);
            if (!(b > 0) || Double.isInfinite(b)) {
                throw bad(where + ".bandwidth", "must be a positive number of bytes per second, got " + m.get("bandwidth"), owner);
            }
            double l = number(m.get("latency"), where + ".latency", owner, 0);
            if (!(l >= 0) || l > Simulation.MAX_TIME) {
                throw bad(where + ".latency", "must be a number of seconds between 0 and " + Numbers.format(Simulation.MAX_TIME)
                        + ", got " + m.get("latency"), owner);
            }
            Object sym = m.get("symmetric");
            if (sym != null && !(sym instanceof Boolean)) {
                throw bad(where + ".symmetric", "expected true or false, got " + sym, owner);
            }
            set(bw, lat, from, to, b, l, where, grid, owner);
            if ((sym == null || (Boolean) sym) && from != to) {
                set(bw, lat, to, from, b, l, where, grid, owner);
            }
        }
        return new Links(bw, lat);
    }

    private static void set(double[][] bw, double[][] lat, int from, int to, double b, double l, String where, Grid grid, String owner) {
        if (bw[from][to] > 0) {
            throw bad(where, "a second link from '" + grid.clusterName(from) + "' to '" + grid.clusterName(to) + "'", owner);
        }
        bw[from][to] = b;
        lat[from][to] = l;
    }

    private static int cluster(Object v, String where, Grid grid, String owner) {
        List<String> names = new ArrayList<>();
        for (int c = 0; c < grid.clusterCount(); c++) {
            if (grid.clusterName(c).equals(v)) {
                return c;
            }
            names.add(grid.clusterName(c));
        }
        throw bad(where, (v == null ? "missing" : "unknown cluster '" + v + "'") + "; the platform's clusters: " + String.join(", ", names), owner);
    }

    private static double number(Object v, String where, String owner, double dflt) {
        if (v == null) {
            if (Double.isNaN(dflt)) {
                throw bad(where, "missing", owner);
            }
            return dflt;
        }
        if (!(v instanceof Number x)) {
            throw bad(where, "expected a number, got '" + v + "'", owner);
        }
        return x.doubleValue();
    }

    private static InputException bad(String key, String problem, String owner) {
        return new InputException(null, 0, key, problem + " (" + owner + ")");
    }
}
