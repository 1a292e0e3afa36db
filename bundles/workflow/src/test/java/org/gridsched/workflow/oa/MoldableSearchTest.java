package org.gridsched.workflow.oa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.engine.Moldable;
import org.junit.jupiter.api.Test;

/**
 * Spec §2.10 test 15 (its §4): the server's size search for moldable jobs and Amdahl's law, as the engine implements
 * them (this bundle's main tasks are sized by the grouping heuristics instead; the check completes the spec's list).
 */
class MoldableSearchTest {

    /** Fig 3.8: binary search evaluates 1, 5, 3, 2 and keeps 2 (6.5); the exhaustive search finds 4 (1.75). */
    @Test
    void binarySearchMissesTheBestSizeWhereBackfillingHelps() {
        Map<Integer, Double> ect = Map.of(1, 7.0, 2, 6.5, 3, 7.33, 4, 1.75, 5, 7.4);
        List<Integer> asked = new ArrayList<>();
        int binary = Moldable.choose(5, n -> {
            asked.add(n);
            return ect.get(n);
        }, Moldable.Search.BINARY);
        assertEquals(2, binary);
        assertEquals(List.of(1, 5, 3, 2), asked);
        assertEquals(4, Moldable.choose(5, ect::get, Moldable.Search.EXHAUSTIVE));
    }

    /** 650 processors: 11 estimations by this rule (the thesis rounds to "only 10"), against 650. */
    @Test
    void binarySearchNeedsAboutLogTwoEstimations() {
        int[] calls = {0};
        Moldable.choose(650, n -> {
            calls[0]++;
            return 1000.0 / n + n;
        }, Moldable.Search.BINARY);
        assertEquals(11, calls[0]);
    }

    /** Amdahl: t1 (P = 0.8), 1000 s on 4 processors is 2500 s of work on one, 750 s on 8. */
    @Test
    void amdahlRescalesTheWalltime() {
        double w1 = 1000 * Moldable.speedup(0.8, 4);
        assertEquals(2.5, Moldable.speedup(0.8, 4), 1e-12);
        assertEquals(2500, w1, 1e-9);
        assertEquals(750, w1 / Moldable.speedup(0.8, 8), 1e-9);
    }
}
