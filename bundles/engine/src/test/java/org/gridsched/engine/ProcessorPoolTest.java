package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.BitSet;

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
