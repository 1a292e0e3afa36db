package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;

/**
 * Progress reaches the listener after every reallocation event, not only every 256 events: one event can take
 * seconds on a long queue, and the listener is where a monitored run learns that it is cancelled (issue 24).
 */
class ProgressTest {

    @Test
    void everyReallocationEventIsFollowedByProgress() {
        AtomicInteger events = new AtomicInteger();
        AtomicInteger progressAfterEvent = new AtomicInteger();
        AtomicInteger pending = new AtomicInteger();
        Simulation.Settings s = new Simulation.Settings();
        s.reallocation = grid -> new Reallocator() {
            @Override
            public double period() {
                return 100;
            }

            @Override
            public void reallocate() {
                events.incrementAndGet();
                pending.set(1);
            }
        };
        s.progress = (finished, fraction, now) -> progressAfterEvent.addAndGet(pending.getAndSet(0));
        // three jobs of 1,000 s on one processor: two wait, so an event comes every 100 s for about 2,000 s
        List<JobRecord> jobs = List.of(new JobRecord().set(1, 0, 1000, 1000, 1), new JobRecord().set(2, 0, 1000, 1000, 1),
                new JobRecord().set(3, 0, 1000, 1000, 1));
        new Simulation(new Platform(List.of(new ClusterSpec("a", 1, 1.0))), SimulationTest.Greedy::new, List.of(), s)
                .run(new ListJobSource("w", jobs));
        assertTrue(events.get() >= 10, "reallocation events: " + events.get());
        assertEquals(events.get(), progressAfterEvent.get(), "progress after each of the " + events.get() + " events");
    }
}
