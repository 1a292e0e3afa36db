package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class MoldableTest {

    @Test
    void binarySearchFollowsTheThesisRuleAndCanMissTheBestSize() {
        // the thesis's backfilling counter-example: cluster of 5, ECTs by size
        Map<Integer, Double> ect = Map.of(1, 7.0, 2, 6.5, 3, 7.33, 4, 1.75, 5, 7.4);
        List<Integer> asked = new ArrayList<>();
        int b = Moldable.choose(5, n -> {
            asked.add(n);
            return ect.get(n);
        }, Moldable.Search.BINARY);
        assertEquals(2, b);
        assertEquals(List.of(1, 5, 3, 2), asked);
        assertEquals(4, Moldable.choose(5, ect::get, Moldable.Search.EXHAUSTIVE));
        // 650 processors: "only 10" estimations in the thesis; with this rule 11 when small sizes win (the
        // spec's count) and 12 when large ones do, against 650 for the exhaustive search
        int[] count = {0};
        assertEquals(1, Moldable.choose(650, n -> {
            count[0]++;
            return n;
        }, Moldable.Search.BINARY));
        assertEquals(11, count[0]);
        count[0] = 0;
        assertEquals(650, Moldable.choose(650, n -> {
            count[0]++;
            return 1.0 / n;
        }, Moldable.Search.BINARY));
        assertEquals(12, count[0]);
    }

    @Test
    void amdahlRescalesTheWalltime() {
        // t1 (P = 0.8), traced on 4 processors for 1000 s: 2500 s on one, 750 s on eight
        double w1 = 1000 * Moldable.speedup(0.8, 4);
        assertEquals(2500.0, w1, 1e-9);
        assertEquals(750.0, w1 / Moldable.speedup(0.8, 8), 1e-9);
    }

    @Test
    void typesAreDrawnByTheirShares() {
        SplittableRandom r = new SplittableRandom(1);
        Map<String, Integer> n = new java.util.HashMap<>();
        for (int i = 0; i < 100_000; i++) {
            n.merge(Moldable.draw(Moldable.THESIS_TYPES, r).name(), 1, Integer::sum);
        }
        assertEquals(0.50, n.get("t1") / 1e5, 0.01);
        assertEquals(0.30, n.get("t2") / 1e5, 0.01);
        assertEquals(0.15, n.get("t3") / 1e5, 0.01);
        assertEquals(0.05, n.get("t4") / 1e5, 0.005);
    }
}
