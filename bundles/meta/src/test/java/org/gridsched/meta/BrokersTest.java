package org.gridsched.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.Router;
import org.junit.jupiter.api.Test;

class BrokersTest {
    /** The paper's platform: 16/8/8/4 CPUs at speeds 0.8/1/0.6/1. */
    static final Grid P4 = grid(new int[] {16, 8, 8, 4}, new double[] {0.8, 1, 0.6, 1});

    static Grid grid(int[] cpus, double[] speeds) {
        return new Grid() {
            public double now() {
                return 0;
            }

            public int clusterCount() {
                return cpus.length;
            }

            public String clusterName(int c) {
                return "c" + c;
            }

            public int processors(int c) {
                return cpus[c];
            }

            public double speed(int c) {
                return speeds[c];
            }

            public int freeProcessors(int c) {
                return cpus[c];
            }

            public int waitingJobs(int c) {
                return 0;
            }
        };
    }

    static JobRequest job(int procs) {
        return new JobRequest() {
            public long id() {
                return 1;
            }

            public double submitTime() {
                return 0;
            }

            public int processors() {
                return procs;
            }

            public double requestedTime() {
                return 1;
            }
        };
    }

    private static double[] fractions(MetaScheduler m, Grid g, int procs, int n, long seed) {
        Router r = m.create(g, PluginOptions.empty(m.name()), seed);
        double[] f = new double[g.clusterCount()];
        for (int i = 0; i < n; i++) {
            f[r.route(job(procs))]++;
        }
        for (int c = 0; c < f.length; c++) {
            f[c] /= n;
        }
        return f;
    }

    @Test
    void weightedByProcessorsTimesSpeed() {
        double[] f = fractions(new RandomBrokers.ProcessorsTimesSpeed(), P4, 1, 400_000, 1);
        double[] expected = {12.8 / 29.6, 8 / 29.6, 4.8 / 29.6, 4 / 29.6};
        for (int c = 0; c < 4; c++) {
            assertEquals(expected[c], f[c], 0.004, "cluster " + c + ": " + Arrays.toString(f));
        }
    }

    @Test
    void weightedByProcessors() {
        double[] f = fractions(new RandomBrokers.Processors(), P4, 1, 400_000, 2);
        double[] expected = {16 / 36.0, 8 / 36.0, 8 / 36.0, 4 / 36.0};
        for (int c = 0; c < 4; c++) {
            assertEquals(expected[c], f[c], 0.004, "cluster " + c);
        }
    }

    @Test
    void onlyClustersWideEnoughAreChosen() {
        double[] f = fractions(new RandomBrokers.ProcessorsTimesSpeed(), P4, 6, 100_000, 3);
        assertEquals(0.0, f[3]);
        assertEquals(12.8 / 25.6, f[0], 0.006);
        f = fractions(new RandomBrokers.Uniform(), P4, 10, 1000, 3);
        assertEquals(1.0, f[0]); // only the 16-CPU cluster fits a 10-processor job
    }

    @Test
    void sameSeedSameChoicesOtherSeedOthers() {
        MetaScheduler m = new RandomBrokers.Uniform();
        Router a = m.create(P4, PluginOptions.empty("random"), 7);
        Router b = m.create(P4, PluginOptions.empty("random"), 7);
        Router c = m.create(P4, PluginOptions.empty("random"), 8);
        int[] x = new int[200];
        int[] y = new int[200];
        int[] z = new int[200];
        for (int i = 0; i < 200; i++) {
            x[i] = a.route(job(1));
            y[i] = b.route(job(1));
            z[i] = c.route(job(1));
        }
        assertEquals(Arrays.toString(x), Arrays.toString(y));
        assertNotEquals(Arrays.toString(x), Arrays.toString(z));
    }

    @Test
    void roundRobinCyclesAndSkipsSmallClusters() {
        Router r = new RoundRobinBroker().create(P4, PluginOptions.empty("round-robin"), 0);
        assertEquals("0 1 2 3 0 1", route(r, 1, 6));
        assertEquals("2 0 1 2", route(r, 6, 4)); // continues after cluster 1, skips the 4-CPU cluster
    }

    private static String route(Router r, int procs, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : " ").append(r.route(job(procs)));
        }
        return sb.toString();
    }
}
