package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Processors taken by count (lowest free first) and from pools a policy chose (partitions). */
class ProcessorPoolTest {

    private static BitSet ids(int from, int to) {
        BitSet b = new BitSet();
        b.set(from, to + 1);
        return b;
    }

    @Test
    void poolsGiveTheirLowestFreeProcessorsInIdOrder() {
        ProcessorPool pool = new ProcessorPool(10);
        assertArrayEquals(new int[] {0, 3}, pool.allocate(3));
        // 2 of 8-9, then 2 of 0-7 (of which 0-2 are taken): runs in id order
        int[] runs = pool.allocate(new BitSet[] {ids(8, 9), ids(0, 7)}, new int[] {2, 2}, 10);
        assertArrayEquals(new int[] {3, 5, 8, 10}, runs);
        assertEquals(3, pool.freeCount());
        assertEquals(3, pool.freeIn(ids(0, 9)));
        assertEquals(0, pool.freeIn(ids(8, 9)));
        pool.release(runs);
        assertEquals(2, pool.freeIn(ids(8, 9)));
    }

    /**
     * Jobs of random widths come and go on clusters of 1 to 300 processors until the free ones are scattered:
     * every allocation gives the lowest free processors, as maximal runs in id order, whatever the words they
     * lie in, and the pool's free set is what is left. Now and then a failure takes free processors by id and a
     * range of processors counts its free ones.
     */
    @Test
    void scatteredProcessorsAreTakenLowestFirstAsRuns() {
        SplittableRandom random = new SplittableRandom(7);
        int scattered = 0;
        for (int round = 0; round < 200; round++) {
            int size = 1 + random.nextInt(300);
            ProcessorPool pool = new ProcessorPool(size);
            BitSet model = new BitSet();
            model.set(0, size);
            List<int[]> held = new ArrayList<>();
            for (int step = 0; step < 300; step++) {
                if (!held.isEmpty() && (model.cardinality() == 0 || random.nextInt(3) == 0)) {
                    int[] runs = held.remove(random.nextInt(held.size()));
                    pool.release(runs);
                    for (int i = 0; i < runs.length; i += 2) {
                        model.set(runs[i], runs[i + 1]);
                    }
                    continue;
                }
                if (random.nextInt(5) == 0) {
                    // a failure takes some free processors by id; a pool counts its free ones
                    BitSet ids = new BitSet();
                    for (int p = model.nextSetBit(0); p >= 0; p = model.nextSetBit(p + 1)) {
                        if (random.nextInt(3) == 0) {
                            ids.set(p);
                        }
                    }
                    BitSet range = new BitSet();
                    range.set(random.nextInt(size), size);
                    BitSet inRange = (BitSet) range.clone();
                    inRange.and(model);
                    assertEquals(inRange.cardinality(), pool.freeIn(range));
                    if (!ids.isEmpty()) {
                        held.add(pool.take(ids));
                        model.andNot(ids);
                        assertEquals(model, pool.freeSet());
                    }
                    continue;
                }
                int n = 1 + random.nextInt(model.cardinality());
                BitSet lowest = new BitSet();
                for (int p = model.nextSetBit(0), k = 0; k < n; p = model.nextSetBit(p + 1), k++) {
                    lowest.set(p);
                }
                int[] expected = ProcessorPool.runs(lowest);
                scattered += expected.length > 2 ? 1 : 0;
                int[] runs = pool.allocate(n);
                assertArrayEquals(expected, runs, "size " + size + ", step " + step + ", " + n + " of " + model);
                model.andNot(lowest);
                assertEquals(model, pool.freeSet());
                assertEquals(model.cardinality(), pool.freeCount());
                held.add(runs);
            }
        }
        assertEquals(true, scattered > 10_000, "the test scatters the free processors (" + scattered + " scattered allocations)");
    }

    @Test
    void badPoolsAreRefused() {
        ProcessorPool pool = new ProcessorPool(10);
        assertThrows(IllegalArgumentException.class,
                () -> pool.allocate(new BitSet[] {ids(0, 5), ids(5, 9)}, new int[] {1, 1}, 10), "overlap");
        assertThrows(IllegalArgumentException.class, () -> pool.allocate(new BitSet[] {ids(8, 10)}, new int[] {1}, 10), "beyond");
        assertThrows(IllegalStateException.class, () -> pool.allocate(new BitSet[] {ids(8, 9)}, new int[] {3}, 10), "too few");
        assertEquals(10, pool.freeCount(), "a refused allocation takes nothing");
    }
}
