package org.gridsched.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.JobRequest;
import org.gridsched.api.grid.Router;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed choices of the carbon-aware broker. Two clusters of 8 processors at speed 1; a 4-processor job of
 * 100 s. Cluster 0 ("dirty") starts it now: completion 100; cluster 1 ("clean") in 100 s: completion 200. Emissions:
 * 4 processors x 200 W x 100 s at 600 g/kWh on cluster 0 = 13.33 g; at 100 g/kWh on cluster 1 = 2.22 g. Normalised by
 * the largest: response 0.5 and 1, emissions 1 and 1/6. Score(0) = (1 - w) 0.5 + w, score(1) = (1 - w) + w / 6:
 * equal at w = 0.375 (0.5 + 0.5 w = 1 - 5w/6 gives w = 3/8); below, cluster 0 (as MCT), above, cluster 1.
 */
class CarbonAwareBrokerTest {
    static final double[] INTENSITY = {600, 100};

    static Grid grid() {
        Grid base = BrokersTest.grid(new int[] {8, 8}, new double[] {1, 1});
        return new Grid() {
            public double now() {
                return 0;
            }

            public int clusterCount() {
                return 2;
            }

            public String clusterName(int c) {
                return c == 0 ? "dirty" : "clean";
            }

            public int processors(int c) {
                return 8;
            }

            public double speed(int c) {
                return 1;
            }

            public int freeProcessors(int c) {
                return c == 0 ? 8 : 0;
            }

            public int waitingJobs(int c) {
                return 0;
            }

            public double estimateCompletion(int c, JobRequest job) {
                return base.estimateCompletion(c, job) + (c == 1 ? 100 : 0);
            }

            @Override
            public double emissions(int c, int processors, double from, double to) {
                return processors * 200 * INTENSITY[c] * (to - from) / 3.6e6;
            }
        };
    }

    private static int choice(double weight) {
        Router r = new CarbonAwareBroker().create(grid(), new PluginOptions("carbon-aware", Map.of("weight", weight)), 0);
        return r.route(new JobRequest() {
            public long id() {
                return 1;
            }

            public double submitTime() {
                return 0;
            }

            public int processors() {
                return 4;
            }

            public double requestedTime() {
                return 100;
            }
        });
    }

    @Test
    void weightTradesCompletionAgainstEmissions() {
        assertEquals(0, choice(0)); // MCT
        assertEquals(0, choice(0.3));
        assertEquals(1, choice(0.4));
        assertEquals(1, choice(1)); // least emissions
    }

    @Test
    void weightOutsideZeroToOneIsAnError() {
        InputException e = assertThrows(InputException.class,
                () -> new CarbonAwareBroker().create(grid(), new PluginOptions("carbon-aware", Map.of("weight", 1.5)), 0));
        assertEquals(true, e.getMessage().contains("weight"), e.getMessage());
    }
}
