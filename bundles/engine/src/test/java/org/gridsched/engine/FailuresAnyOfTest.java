package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The test a failure makes for processors already down ({@code Failures.anyOf}) answers as BitSet.intersects. */
class FailuresAnyOfTest {

    @Test
    void answersAsIntersectsOnRandomSets() {
        SplittableRandom random = new SplittableRandom(30);
        int common = 0;
        for (int round = 0; round < 20_000; round++) {
            BitSet ids = random(random);
            BitSet down = random(random);
            boolean expected = ids.intersects(down);
            assertEquals(expected, Failures.anyOf(ids, down), () -> ids + " and " + down);
            common += expected ? 1 : 0;
        }
        // both answers come often (about one pair in ten intersects), so neither way of being wrong goes unseen
        int n = common;
        assertTrue(n > 1_000 && n < 19_000, () -> n + " of 20,000 pairs intersect");
    }

    @Test
    void nodesOfOneProcessorAndEmptySets() {
        BitSet node = new BitSet();
        node.set(700);
        BitSet down = new BitSet();
        assertFalse(Failures.anyOf(node, down));
        down.set(699);
        down.set(701);
        assertFalse(Failures.anyOf(node, down));
        down.set(700);
        assertTrue(Failures.anyOf(node, down));
        assertFalse(Failures.anyOf(new BitSet(), down));
    }

    /** Empty, one run (a node), or scattered bits, over up to 2,048 processors. */
    private static BitSet random(SplittableRandom random) {
        BitSet b = new BitSet();
        int size = 1 + random.nextInt(2_048);
        switch (random.nextInt(4)) {
            case 0 -> { }
            case 1 -> {
                int from = random.nextInt(size);
                b.set(from, Math.min(size, from + 1 + random.nextInt(16)));
            }
            default -> {
                int bits = 1 + random.nextInt(40);
                for (int i = 0; i < bits; i++) {
                    b.set(random.nextInt(size));
                }
            }
        }
        return b;
    }
}
