package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.TreeSet;

import org.gridsched.api.batch.kit.PendingWakeUps;
import org.junit.jupiter.api.Test;

/** The sorted array of pending wake-ups against the TreeSet it replaced, on random operation sequences. */
class PendingWakeUpsTest {

    @Test
    void asksOncePerInstantUntilItHasCome() {
        PendingWakeUps w = new PendingWakeUps();
        assertTrue(w.add(10));
        assertFalse(w.add(10));
        assertTrue(w.add(5));
        assertTrue(w.contains(10));
        w.passed(5);
        assertFalse(w.contains(5));
        assertTrue(w.add(5), "an instant that has come can be asked for again");
        assertTrue(w.contains(10));
    }

    @Test
    void agreesWithATreeSet() {
        SplittableRandom rnd = new SplittableRandom(11);
        PendingWakeUps w = new PendingWakeUps();
        TreeSet<Double> expected = new TreeSet<>();
        double now = 0;
        for (int step = 0; step < 20_000; step++) {
            int op = rnd.nextInt(3);
            double t = now + rnd.nextInt(40) * 0.5;
            if (op == 0) {
                assertEquals(expected.add(t), w.add(t), "step " + step);
            } else if (op == 1) {
                assertEquals(expected.contains(t), w.contains(t), "step " + step);
            } else {
                now += rnd.nextInt(5);
                expected.headSet(now, true).clear();
                w.passed(now);
            }
        }
    }
}
