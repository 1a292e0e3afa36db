package org.gridsched.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.MetaScheduler;

import org.junit.jupiter.api.Test;

/**
 * OLB on two clusters of different speeds, against a grid that answers as the engine does at reference
 * speed 1: the requested time (at reference speed) is divided by the cluster's speed once, inside
 * {@code estimateCompletion} (completion = the time the cluster is free + requested / speed). OLB must rank
 * by the start (completion minus that one scaled term), neither by the completion (that is MCT) nor with
 * the speed applied a second time.
 */
class OlbTest {

    /** Clusters of the given speeds, each free (for any job that fits) from the given time on. */
    private static Grid grid(double[] speeds, double[] freeAt) {
        return new Grid() {
            public double now() {
                return 0;
            }

            public int clusterCount() {
                return speeds.length;
            }

            public String clusterName(int c) {
                return "c" + c;
            }

            public int processors(int c) {
                return 64;
            }

            public double speed(int c) {
                return speeds[c];
            }

            public int freeProcessors(int c) {
                return 0;
            }

            public int waitingJobs(int c) {
                return 1;
            }

            public double estimateCompletion(int c, JobRequest job) {
                return freeAt[c] + job.requestedTime() / speeds[c]; // the engine's one scaling
            }
        };
    }

    private static int route(MetaScheduler m, Grid g, double requested) {
        JobRequest job = new JobRequest() {
            public long id() {
                return 1;
            }

            public double submitTime() {
                return 0;
            }

            public int processors() {
                return 8;
            }

            public double requestedTime() {
                return requested;
            }
        };
        return m.create(g, PluginOptions.empty(m.name()), 0).route(job);
    }

    @Test
    void fastClusterFreeLaterLosesToSlowClusterFreeFirst() {
        // a: speed 1, free at 100; b: speed 4, free at 150; 400 s at reference speed.
        // Completions: a 100 + 400/1 = 500, b 150 + 400/4 = 250 -> MCT b.
        // Starts: a 500 - 400/1 = 100, b 250 - 400/4 = 150 -> OLB a.
        // (Without OLB's subtraction scaled by the speed: a 500 - 400 = 100, b 250 - 400 = -150 -> b;
        // with the speed applied twice, b's completion seen as 250/4 = 62.5: 62.5 - 100 = -37.5 -> b.)
        Grid g = grid(new double[] {1, 4}, new double[] {100, 150});
        assertEquals(1, route(new EstimateBasedSchedulers.Mct(), g, 400));
        assertEquals(0, route(new EstimateBasedSchedulers.Olb(), g, 400));
    }

    @Test
    void slowClusterFreeFirstWinsEvenWhenCompletionsTie() {
        // a: speed 1, free at 300; b: speed 0.5, free at 200; 100 s at reference speed.
        // Completions: a 300 + 100/1 = 400, b 200 + 100/0.5 = 400: a tie, MCT takes a (listed first).
        // Starts: a 400 - 100 = 300, b 400 - 200 = 200 -> OLB b.
        // (Subtracting the unscaled 100 s: a 300, b 300 -> a tie, a.)
        Grid g = grid(new double[] {1, 0.5}, new double[] {300, 200});
        assertEquals(0, route(new EstimateBasedSchedulers.Mct(), g, 100));
        assertEquals(1, route(new EstimateBasedSchedulers.Olb(), g, 100));
    }

    @Test
    void theJobsLengthDoesNotMatterOnlyTheStart() {
        // a: speed 2, free at 50; b: speed 1, free at 40. Starts 50 and 40 whatever the length: OLB b always,
        // while MCT moves to the fast cluster a once the job is long enough (50 + r/2 < 40 + r for r > 20).
        Grid g = grid(new double[] {2, 1}, new double[] {50, 40});
        for (double r : new double[] {1, 10, 30, 1000, 1e6}) {
            assertEquals(1, route(new EstimateBasedSchedulers.Olb(), g, r), "requested " + r);
        }
        assertEquals(1, route(new EstimateBasedSchedulers.Mct(), g, 10));  // a 55, b 50
        assertEquals(0, route(new EstimateBasedSchedulers.Mct(), g, 30));  // a 65, b 70
    }
}
