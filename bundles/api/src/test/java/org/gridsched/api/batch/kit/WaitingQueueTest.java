package org.gridsched.api.batch.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * {@link WaitingQueue} against a plain sorted list, on seeded mixes of additions (after every waiting job, the fast
 * path, or anywhere, with ties of keys), removals, recalculations that reorder the queue, and clears: the order the
 * links give, the tree's, the job after one removed, and the narrowest width (widths past 64 and 256, so that the
 * counts and the bit set grow).
 */
class WaitingQueueTest {
    private static final Comparator<Entry> REFERENCE =
            Comparator.<Entry>comparingDouble(e -> e.key).thenComparingLong(e -> e.order);

    @Test
    void theQueueKeepsTheOrderAndTheNarrowestWidthOfAPlainSortedList() {
        for (long seed = 1; seed <= 40; seed++) {
            check(seed, seed % 2 == 0);
        }
    }

    private static void check(long seed, boolean recalculated) {
        SplittableRandom r = new SplittableRandom(seed);
        int maxWidth = 1 + r.nextInt(400);
        // keys from a few values (ties) or growing with the submission (the common case: appended after the last),
        // and, recalculated, a key that changes with time differently per job
        JobOrder base = (job, now) -> job.id() % 3 == 0 ? (job.id() * 7919) % 5 : job.submitTime()
                - (recalculated ? now * (job.id() % 4) : 0);
        JobOrder order = recalculated ? JobOrder.recalculatedEvery(50, base) : base;
        WaitingQueue q = new WaitingQueue(order);
        List<Entry> ref = new ArrayList<>();
        List<Entry> gone = new ArrayList<>();
        double now = 0;
        long next = 0;
        for (int step = 0; step < 3_000; step++) {
            now += r.nextInt(20);
            int what = r.nextInt(100);
            if (what < 55 || ref.isEmpty()) {
                Entry e = new Entry(new TestJob(next++, now, 1 + r.nextInt(maxWidth)), null);
                q.add(e, now);
                ref.add(e);
            } else if (what < 93) {
                Entry e = ref.remove(r.nextInt(ref.size()));
                assertTrue(q.remove(e), "seed " + seed + ": a waiting job is removed");
                assertFalse(q.remove(e), "seed " + seed + ": a job removed twice");
                gone.add(e);
            } else if (what < 99) {
                q.recalculate(now);
            } else {
                q.clear();
                gone.addAll(ref);
                ref.clear();
            }
            ref.sort(REFERENCE); // the keys are the queue's own, recomputed or not
            compare(seed, step, q, ref, gone);
        }
    }

    private static void compare(long seed, int step, WaitingQueue q, List<Entry> ref, List<Entry> gone) {
        String at = "seed " + seed + ", step " + step;
        assertEquals(ref.size(), q.size(), at);
        List<Entry> linked = new ArrayList<>();
        for (Entry e = q.first(); e != null; e = q.after(e)) {
            linked.add(e);
        }
        assertEquals(ref, linked, at + ": the linked order");
        List<Entry> tree = new ArrayList<>();
        q.inOrder().forEach(tree::add);
        assertEquals(ref, tree, at + ": the tree's order");
        int narrowest = Integer.MAX_VALUE;
        for (Entry e : ref) {
            narrowest = Math.min(narrowest, e.width);
            assertTrue(q.contains(e), at);
        }
        assertEquals(narrowest, q.narrowest(), at + ": the narrowest width");
        if (!gone.isEmpty()) {
            // a job no longer waiting: the next one is found in the tree, by its key when it left
            Entry e = gone.get(gone.size() - 1);
            assertFalse(q.contains(e), at);
            Entry expected = null;
            for (Entry w : ref) {
                if (REFERENCE.compare(w, e) > 0) {
                    expected = w;
                    break;
                }
            }
            assertSame(expected, q.after(e), at + ": the job after one that left");
        }
    }
}
