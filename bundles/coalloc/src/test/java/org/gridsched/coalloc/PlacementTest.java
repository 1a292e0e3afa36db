package org.gridsched.coalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.gridsched.api.control.Part;
import org.gridsched.coalloc.placement.PlacementPolicy;
import org.gridsched.coalloc.placement.PlacementRequest;
import org.gridsched.coalloc.placers.ClusterMinimization;
import org.gridsched.coalloc.placers.FlexibleClusterMinimization;
import org.gridsched.coalloc.placers.WorstFit;
import org.junit.jupiter.api.Test;

/** The built-in placement policies on hand-made availabilities. */
class PlacementTest {

    static PlacementRequest request(int components, int size, int... available) {
        return new PlacementRequest() {
            public long jobId() {
                return 1;
            }

            public int components() {
                return components;
            }

            public int componentSize() {
                return size;
            }

            public int clusters() {
                return available.length;
            }

            public int available(int cluster) {
                return available[cluster];
            }

            public int processors(int cluster) {
                return 32;
            }
        };
    }

    private static List<Part> parts(int... clusterAndSize) {
        Part[] p = new Part[clusterAndSize.length / 2];
        for (int i = 0; i < p.length; i++) {
            p[i] = new Part(clusterAndSize[2 * i], clusterAndSize[2 * i + 1]);
        }
        return List.of(p);
    }

    /**
     * Idle 10, 20, 15, 20; three components of 8. The first goes to c1 (20, the lower of the two 20s), leaving
     * 12; the second to c3 (20); the third to c2 (15 beats 12, 12 and 10).
     */
    @Test
    void worstFitPutsEachComponentOnTheClusterWithTheMostIdleProcessors() {
        assertEquals(parts(1, 8, 3, 8, 2, 8), new WorstFit().place(request(3, 8, 10, 20, 15, 20)));
    }

    /** Worst fit counts the components already placed: 20, 16 -> c0 (12 left), c1 (8 left), c0; and may stack on one cluster. */
    @Test
    void worstFitSpreadsAndMayShareAClusterWhenItMust() {
        assertEquals(parts(0, 4, 1, 4), new WorstFit().place(request(2, 4, 32, 31)));
        assertEquals(parts(0, 8, 1, 8, 0, 8), new WorstFit().place(request(3, 8, 20, 16)));
        assertEquals(parts(0, 8, 0, 8, 0, 8), new WorstFit().place(request(3, 8, 32, 8)));
    }

    @Test
    void worstFitFailsWhenSomeComponentFindsNoRoom() {
        assertNull(new WorstFit().place(request(3, 8, 10, 12, 7, 3))); // c1, c0, then 7 < 8
        assertNull(new WorstFit().place(request(2, 16, 31, 15)));
    }

    /** Cluster minimization fills the fullest cluster first with whole components: c1 takes two, c3 one. */
    @Test
    void clusterMinimizationUsesTheFewestClusters() {
        assertEquals(parts(1, 8, 1, 8, 3, 8), new ClusterMinimization().place(request(3, 8, 10, 20, 15, 20)));
        assertEquals(parts(0, 4, 0, 4), new ClusterMinimization().place(request(2, 4, 32, 31)));
        assertNull(new ClusterMinimization().place(request(3, 8, 15, 15, 7)));
    }

    /** Flexible cluster minimization re-splits 24 processors: 20 on c1 and the 4 left on c3. */
    @Test
    void flexibleClusterMinimizationResplitsTheJob() {
        assertEquals(parts(1, 20, 3, 4), new FlexibleClusterMinimization().place(request(3, 8, 10, 20, 15, 20)));
        assertEquals(parts(0, 15, 1, 9), new FlexibleClusterMinimization().place(request(3, 8, 15, 15, 7)));
        assertNull(new FlexibleClusterMinimization().place(request(3, 8, 10, 7, 6)));
    }

    @Test
    void namesAreStable() {
        for (PlacementPolicy p : List.of(new WorstFit(), new ClusterMinimization(), new FlexibleClusterMinimization())) {
            assertEquals(p.name(), p.name().toLowerCase());
        }
        assertEquals("worst-fit", new WorstFit().name());
    }
}
