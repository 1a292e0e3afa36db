package org.gridsched.workflow.dag;

import org.gridsched.api.grid.Grid;

/**
 * The network links between the clusters as the workflow controller uses them: the platform's (a run profile's
 * {@code links} beside {@code platform}, read through {@link Grid#linkBandwidth} and {@link Grid#linkLatency}). A file of s bytes crosses a
 * declared link in {@code s / bandwidth + latency} seconds; between clusters without a declared link it moves for
 * free (so runs without links keep their results). No contention: every transfer has the whole bandwidth.
 */
final class Links {
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
        meanInverseBandwidth = n == 0 ? 0 : inv / (n * n);
        meanLatency = n == 0 ? 0 : lat / (n * n);
    }

    static Links none(int clusters) {
        return new Links(new double[clusters][clusters], new double[clusters][clusters]);
    }

    /** The platform's links. */
    static Links of(Grid grid) {
        int n = grid.clusterCount();
        double[][] bw = new double[n][n];
        double[][] lat = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                bw[i][j] = grid.linkBandwidth(i, j);
                lat[i][j] = bw[i][j] > 0 ? grid.linkLatency(i, j) : 0;
            }
        }
        return new Links(bw, lat);
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
}
