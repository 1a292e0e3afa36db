package org.gridsched.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The stretch factors by hand. One provider of 2 processors, exact estimates. Bag 1 (1 task of 2,000 s) and
 * bag 2 (2 tasks of 500 s) at 0: bag 1 takes a processor for [0, 2000), bag 2's tasks run one after the other
 * on the other, [0, 500) and [500, 1000).
 * <ul>
 * <li>stretch factor: bag 1: 1 x 2000 / 2000 = 1; bag 2: 2 x 1000 / (500 + 500) = 2; mean 1.5;</li>
 * <li>bounded stretch factor (bound 600 s): bag 1: max(1, 2000 / 2000) = 1; bag 2: max(1, 2 x 1000 / (600 + 600))
 *     = 5/3; mean 4/3.</li>
 * </ul>
 * Rows of bags.csv in the order the bags finish; bounded slowdown 1000 / 600 and 2000 / 2000. Tasks are placed one by
 * one ({@code placement: tasks}; as one rigid part, the default, bag 2 would wait for both processors).
 */
class BotMetricsTest {
    @Test
    void stretchFactorsPlainAndBounded() {
        Harness.Outcome o = Harness.run(Harness.platform(2, 1), List.of(Harness.bag(1, 0, 2000, 1), Harness.bag(2, 0, 500, 2)),
                Map.of("placement", "tasks"));
        assertEquals(1.5, o.metric("stretch_factor"), 1e-12);
        assertEquals(4.0 / 3, o.metric("bounded_stretch_factor"), 1e-12);
        assertEquals(4.0 / 3, o.metric("bounded_stretch_factor_single"), 1e-12);
        assertEquals(Double.NaN, o.metric("bounded_stretch_factor_multi"));
        String bags = o.result().files().get("bags.csv");
        assertEquals("bag,tasks,submit,first_start,last_finish,providers,stretch_factor,bounded_stretch_factor,response_time,bounded_slowdown,global_updates\n"
                + "2,2,0.0,0.0,1000.0,1,2.0,1.6666666666666667,1000.0,1.6666666666666667,0\n"
                + "1,1,0.0,0.0,2000.0,1,1.0,1.0,2000.0,1.0,0\n", bags);
    }
}
