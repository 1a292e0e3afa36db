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

            public double estimateCompletion(int c, JobRequest job) {
                return job.processors() > cpus[c] ? Double.POSITIVE_INFINITY : job.requestedTime() / speeds[c];
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

    /** Clusters with given sizes and speeds that can start any job at a given time. */
    static Grid busyGrid(int[] cpus, double[] speeds, double[] availableAt) {
        Grid base = grid(cpus, speeds);
        return new Grid() {
            public double now() {
                return 0;
            }

            public int clusterCount() {
                return cpus.length;
            }

            public String clusterName(int c) {
                return base.clusterName(c);
            }

            public int processors(int c) {
                return cpus[c];
            }

            public double speed(int c) {
                return speeds[c];
            }

            public int freeProcessors(int c) {
                return 0;
            }

            public int waitingJobs(int c) {
                return 0;
            }

            public double estimateCompletion(int c, JobRequest job) {
                return job.processors() > cpus[c] ? Double.POSITIVE_INFINITY : availableAt[c] + job.requestedTime() / speeds[c];
            }
        };
    }

    private static int choose(MetaScheduler m, Grid g, int procs, double requested) {
        JobRequest j = new JobRequest() {
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
                return requested;
            }
        };
        return m.create(g, PluginOptions.empty(m.name()), 0).route(j);
    }

    @Test
    void mctMetAndOlbChoices() {
        // a: 64 CPUs, speed 1, free at 100; b: 32 CPUs, speed 2, free at 300; c: 16 CPUs, speed 1, free at 0
        Grid g = busyGrid(new int[] {64, 32, 16}, new double[] {1, 2, 1}, new double[] {100, 300, 0});
        MetaScheduler mct = new EstimateBasedSchedulers.Mct();
        MetaScheduler met = new EstimateBasedSchedulers.Met();
        MetaScheduler olb = new EstimateBasedSchedulers.Olb();
        // 1000 s job: a ends 1100, b 800, c 1000 -> MCT b; MET b (fastest); OLB c (free first)
        assertEquals(1, choose(mct, g, 8, 1000));
        assertEquals(1, choose(met, g, 8, 1000));
        assertEquals(2, choose(olb, g, 8, 1000));
        // 100 s job: a 200, b 350, c 100 -> MCT c
        assertEquals(2, choose(mct, g, 8, 100));
        // 40 processors fit only a
        assertEquals(0, choose(mct, g, 40, 100));
        assertEquals(0, choose(met, g, 40, 100));
        assertEquals(0, choose(olb, g, 40, 100));
        // ties go to the cluster listed first: 200 s job -> a 300, b 400, c 200; then equal ECTs
        Grid tie = busyGrid(new int[] {8, 8, 8}, new double[] {1, 1, 1}, new double[] {50, 50, 50});
        assertEquals(0, choose(mct, tie, 4, 10));
        assertEquals(0, choose(met, tie, 4, 10));
        assertEquals(0, choose(olb, tie, 4, 10));
    }
}
