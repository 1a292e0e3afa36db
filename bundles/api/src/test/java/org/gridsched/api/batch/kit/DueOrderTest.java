package org.gridsched.api.batch.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * {@link DueOrder} against the tree it replaced ({@code TreeSet} by {@link Entry#BY_START}), on seeded mixes of the
 * conservative planner's operations: jobs planned (many at the same start), moved earlier (found before the move, as
 * the compression does), started from the front, cancelled, and all withdrawn; enough of them for the array to grow and
 * to be compacted after starts.
 */
class DueOrderTest {
    @Test
    void theArrayKeepsTheTreesOrder() {
        for (long seed = 1; seed <= 40; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            DueOrder due = new DueOrder();
            TreeSet<Entry> ref = new TreeSet<>(Entry.BY_START);
            assertNull(due.pollFirst(), "nothing to take from an empty order, as from an empty tree");
            assertNull(due.first());
            long next = 0;
            for (int step = 0; step < 4_000; step++) {
                String at = "seed " + seed + ", step " + step;
                int what = r.nextInt(100);
                if (what < 40 || ref.isEmpty()) {
                    Entry e = new Entry(new TestJob(next++, 0, 1), null);
                    e.start = 10.0 * r.nextInt(50); // ties: jobs planned at the same instant go in submission order
                    due.add(e);
                    ref.add(e);
                } else if (what < 80) {
                    Entry e = pick(ref, r);
                    if (e.start > 0) {
                        int place = due.placeOf(e);
                        assertTrue(place >= 0, at);
                        ref.remove(e);
                        e.start -= 10.0 * (1 + r.nextInt((int) (e.start / 10.0)));
                        due.movedEarlier(place);
                        ref.add(e);
                    }
                } else if (what < 92) {
                    assertSame(ref.pollFirst(), due.pollFirst(), at);
                } else if (what < 99) {
                    Entry e = pick(ref, r);
                    ref.remove(e);
                    assertTrue(due.remove(e), at);
                    assertFalse(due.remove(e), at + ": removed twice");
                    assertEquals(-1, due.placeOf(e), at);
                } else {
                    due.clear();
                    ref.clear();
                }
                assertEquals(ref.isEmpty(), due.isEmpty(), at);
                assertSame(ref.isEmpty() ? null : ref.first(), due.first(), at);
                List<Entry> order = new ArrayList<>();
                while (!due.isEmpty()) {
                    order.add(due.pollFirst());
                }
                assertEquals(new ArrayList<>(ref), order, at + ": the order");
                for (Entry e : order) {
                    due.add(e); // back, as they were
                }
            }
        }
    }

    private static Entry pick(TreeSet<Entry> set, SplittableRandom r) {
        int k = r.nextInt(set.size());
        for (Entry e : set) {
            if (k-- == 0) {
                return e;
            }
        }
        throw new AssertionError();
    }
}
