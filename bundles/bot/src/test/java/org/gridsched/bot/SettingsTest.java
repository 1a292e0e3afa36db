package org.gridsched.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.api.Test;

/** Options: bad values name their option; estimate models; one small bag through the engine. */
class SettingsTest {

    private static BotSettings parse(Map<String, Object> options) {
        return BotSettings.parse(new PluginOptions("grid controller 'bot'", options), 4);
    }

    private static void rejected(String option, Map<String, Object> options) {
        InputException e = assertThrows(InputException.class, () -> parse(options));
        assertTrue(e.getMessage().contains(option), e.getMessage());
    }

    @Test
    void badValuesNameTheirOption() {
        rejected("rescheduling", Map.of("rescheduling", "sometimes"));
        rejected("placement", Map.of("placement", "scattered"));
        rejected("composition", Map.of("composition", "cheapest"));
        rejected("overestimation", Map.of("overestimation", -10));
        rejected("estimates", Map.of("estimates", "user,user"));
        rejected("estimates", Map.of("estimates", "system-0"));
        rejected("estimates", Map.of("estimates", "oracle"));
        rejected("generation_delay", Map.of("generation_delay", "30-5"));
        rejected("generation_delay", Map.of("generation_delay", "soon"));
        rejected("window", Map.of("window", -1));
        rejected("colour", Map.of("colour", "blue"));
    }

    /**
     * Huge values name their option: an overestimation of 1e12 % gave requested times of 3e11 s that the engine took,
     * and a generation delay of 1e12 s made every bag's offers come after the bound of simulated time (a run without a
     * makespan, response times of 1e12 s).
     */
    @Test
    void hugeValuesNameTheirOption() {
        rejected("overestimation", Map.of("overestimation", 1e12));
        rejected("overestimation", Map.of("overestimation", "Infinity"));
        rejected("overestimation", Map.of("overestimation", "NaN"));
        rejected("generation_delay", Map.of("generation_delay", 1e12));
        rejected("generation_delay", Map.of("generation_delay", "0-1e11"));
        rejected("generation_delay", Map.of("generation_delay", "NaN"));
        InputException bound = assertThrows(InputException.class, () -> new BotCollector().create(null,
                new PluginOptions("metric collector 'bot'", Map.of("slowdown_bound", 1e300))));
        assertEquals("slowdown_bound", bound.field());
        // within the bound as an option, beyond it for a bag's run time: an error naming the option and the bag
        InputException e = assertThrows(InputException.class, () -> Harness.run(Harness.platform(3, 2),
                List.of(Harness.bag(1, 0, 100, 1), Harness.bag(2, 0, 100_000, 2)), Map.of("overestimation", 1e9)));
        assertEquals("overestimation", e.field());
        assertTrue(e.getMessage().contains("bag 2's estimate on provider 1 would be 1.000e+12 s"), e.getMessage());
    }

    @Test
    void estimateModelsPerProvider() {
        BotSettings s = parse(Map.of("overestimation", 100, "estimates", "user, perfect, system-50, system-80", "generation_delay", 600));
        assertEquals(200, s.estimates()[0].requested(100, s.overestimation()));
        assertEquals(100, s.estimates()[1].requested(100, s.overestimation()));
        assertEquals(150, s.estimates()[2].requested(100, s.overestimation()));
        assertEquals(120, s.estimates()[3].requested(100, s.overestimation()), 1e-9);
        assertEquals(600, s.delayMin());
        assertEquals(600, s.delayMax());
        assertTrue(s.anyGenerated());
        assertEquals(Double.POSITIVE_INFINITY, parse(Map.of("window", 0)).window());
    }

    /**
     * Two providers of 3 processors, system estimates (o = 100 %, half the error removed: 150 s for 100 s tasks)
     * generated in 50 s. Bag 1 (1 task) and bag 2 (3 tasks) at 0: offers at 50; bag 1 takes a processor of
     * the first provider, so bag 2 completes earliest (at 200 planned) with 2 tasks there and 1 on the second.
     * Bag 3 (1 task) at 10: offers at 60, where only the second provider has a free processor.
     */
    @Test
    void aBagThroughTheEngine() {
        var p = Harness.platform(3, 2);
        Harness.Outcome o = Harness.run(p, List.of(Harness.bag(1, 0, 100, 1), Harness.bag(2, 0, 100, 3), Harness.bag(3, 10, 100, 1)),
                Map.of("overestimation", 100, "estimates", "system-50", "generation_delay", 50));
        SimulationResult r = o.result();
        assertEquals(Map.of("split_into_parts", 3L), r.rejectedByReason());
        StringBuilder sb = new StringBuilder();
        for (SimJob j : r.jobs()) {
            if (j.tag() instanceof BagPart part) {
                sb.append(j.id()).append(':').append(part.provider).append('x').append(part.tasks).append('@').append(j.startTime())
                        .append('-').append(j.finishTime()).append(' ');
            }
        }
        assertEquals("1:0x1@50.0-150.0 2:0x2@50.0-150.0 2:1x1@50.0-150.0 3:1x1@60.0-160.0 ", sb.toString());
        assertEquals(150 - 0, Harness.metric(r, "response_time_multi"));
        assertEquals(150, Harness.metric(r, "response_time_single"));
        assertEquals(1, Harness.metric(r, "bags_multi"));
        assertEquals(1, Harness.metric(r, "stretch_factor"), 1e-12);
    }
}
