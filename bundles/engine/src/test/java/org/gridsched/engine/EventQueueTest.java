package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The event queue's order (its class comment) against a plain priority queue on the same keys: time, then the
 * band (arrivals, others, last events), then the order of scheduling. Runs mix events at the current instant (which
 * take the queue's ring), ties at later instants, arrivals and last events scheduled at the current instant after
 * others (which may not join the ring), the workload's slot, and a ring that grows while it wraps around.
 */
class EventQueueTest {
    private record Event(double time, int band, long order, byte kind, Object payload, int arg) {
    }

    private static final Comparator<Event> ORDER = Comparator.comparingDouble(Event::time)
            .thenComparingInt(Event::band).thenComparingLong(Event::order);

    @Test
    void takesEventsInTheOrderOfTheirKeys() {
        for (int seed = 0; seed < 200; seed++) {
            check(seed, 2_000);
        }
    }

    @Test
    void manyEventsAtOneInstantGrowTheRingInOrder() {
        EventQueue q = new EventQueue();
        q.push(5, (byte) 1, "first", 0);
        assertTrue(q.next());
        // the instant is 5: these go to the ring, which grows twice while its head has moved
        q.push(5, (byte) 2, "a", 0);
        q.push(5, (byte) 2, "b", 1);
        assertTrue(q.next());
        assertEquals("a", q.payload);
        for (int i = 0; i < 100; i++) {
            q.push(5, (byte) 3, "n" + i, i);
            if (i == 40) {
                q.pushArrival(5, (byte) 4, "arrival"); // before every other event of the instant
                q.pushLast(5, (byte) 5, "last", 0); // after all of them
            }
        }
        q.push(4.5 + 0.5, (byte) 6, "heap", 0); // the same instant, scheduled after the last event: in the heap
        List<Object> seen = new ArrayList<>();
        while (q.next()) {
            seen.add(q.payload);
        }
        List<Object> expected = new ArrayList<>();
        expected.add("arrival");
        expected.add("b");
        for (int i = 0; i < 100; i++) {
            expected.add("n" + i);
        }
        expected.add("heap");
        expected.add("last");
        assertEquals(expected, seen);
    }

    private static void check(int seed, int events) {
        SplittableRandom rnd = new SplittableRandom(seed);
        EventQueue q = new EventQueue();
        PriorityQueue<Event> ref = new PriorityQueue<>(ORDER);
        long order = 0;
        double now = 0;
        boolean workloadPending = false;
        int pushed = 0;
        while (pushed < events || !ref.isEmpty()) {
            int burst = pushed < events ? rnd.nextInt(6) : 0;
            for (int b = 0; b < burst; b++, pushed++) {
                // few distinct instants, so that ties are common; a third at the current instant
                double t = rnd.nextInt(3) == 0 ? now : now + rnd.nextInt(4) * 0.5;
                byte kind = (byte) rnd.nextInt(100);
                int arg = rnd.nextInt();
                Object payload = Integer.valueOf(pushed);
                int how = rnd.nextInt(10);
                if (how == 0 && !workloadPending) {
                    q.pushArrival(t, kind, null);
                    ref.add(new Event(t, 0, order++, kind, null, -1));
                    workloadPending = true;
                } else if (how <= 2) {
                    q.pushArrival(t, kind, payload);
                    ref.add(new Event(t, 0, order++, kind, payload, -1));
                } else if (how == 3) {
                    q.pushLast(t, kind, payload, arg);
                    ref.add(new Event(t, 2, order++, kind, payload, arg));
                } else {
                    q.push(t, kind, payload, arg);
                    ref.add(new Event(t, 1, order++, kind, payload, arg));
                }
            }
            int takes = rnd.nextInt(4);
            for (int i = 0; i < takes && !ref.isEmpty(); i++) {
                Event e = ref.poll();
                assertTrue(q.next(), "seed " + seed + ": an event is left");
                assertEquals(e.time(), q.time, "seed " + seed);
                assertEquals(e.kind(), q.kind, "seed " + seed);
                assertEquals(e.payload(), q.payload, "seed " + seed);
                assertEquals(e.arg(), q.arg, "seed " + seed);
                if (e.payload() == null) {
                    workloadPending = false;
                }
                now = e.time();
            }
        }
        assertFalse(q.next(), "seed " + seed + ": no event is left");
    }
}
