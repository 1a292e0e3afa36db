package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.kit.PlanningRule;
import org.junit.jupiter.api.Test;

/** The kit's EASY limits from options: the default 'plugins' shows ("unlimited") may be given back. */
class PlanningRuleOptionsTest {
    private static PlanningRule rule(Map<String, Object> options) {
        return PlanningRule.fromOptions(PlanningRule.easy(), new PluginOptions("batch policy 'kit-easy'", options));
    }

    @Test
    void unlimitedIsTheDefault() {
        assertEquals(PlanningRule.easy().toString(), rule(Map.of("bf_max_job_test", "unlimited", "bf_window", "unlimited")).toString());
        assertEquals("easy(1) bf_max_job_test=50", rule(Map.of("bf_max_job_test", 50, "bf_window", "unlimited")).toString());
        InputException e = assertThrows(InputException.class, () -> rule(Map.of("bf_window", "forever")));
        assertTrue(e.getMessage().contains("bf_window"), e.getMessage());
    }

    /**
     * A bad value's error has the option as its field, so that a run names where it is given (the profile's
     * batch.options.protected, or the .cfg file); it had none ("batch policy 'kit-easy': protected must be ...").
     */
    @Test
    void aBadValueNamesItsOptionAsTheField() {
        InputException p = assertThrows(InputException.class, () -> rule(Map.of("protected", 0)));
        assertEquals("protected", p.field());
        assertEquals("protected: must be at least 1, got 0 (batch policy 'kit-easy')", p.getMessage());
        InputException d = assertThrows(InputException.class, () -> rule(Map.of("bf_max_job_test", 0)));
        assertEquals("bf_max_job_test", d.field());
        InputException w = assertThrows(InputException.class, () -> rule(Map.of("bf_window", -3)));
        assertEquals("bf_window: must be positive, got -3.0 (batch policy 'kit-easy')", w.getMessage());
        InputException c = assertThrows(InputException.class, () -> PlanningRule.fromOptions(PlanningRule.conservative(),
                new PluginOptions("batch policy 'kit-cbf'", Map.of("bf_window", 60))));
        assertEquals("bf_window", c.field());
        assertEquals("bf_window: applies only to the easy rule, not to conservative (batch policy 'kit-cbf')", c.getMessage());
    }

    /**
     * Numbers given as text are decimal: Java's parser also took "7d" (7: a type suffix), "1f" and hexadecimal, so a
     * duration written "7d" was silently 7 seconds.
     */
    @Test
    void numbersAsTextAreDecimalOnly() {
        PluginOptions o = new PluginOptions("batch policy 'multifactor'",
                Map.of("a", "7d", "b", "1f", "c", "0x10p0", "d", " 2.5e3 ", "e", "-.5", "f", "Infinity", "g", "7."));
        for (String bad : new String[] {"a", "b", "c"}) {
            InputException e = assertThrows(InputException.class, () -> o.getDouble(bad, 0));
            assertEquals(bad, e.field());
            assertTrue(e.getMessage().contains("expected a number for batch policy 'multifactor', got '"), e.getMessage());
        }
        assertThrows(InputException.class, () -> o.getPositive("a", 1));
        assertThrows(InputException.class, () -> o.getInt("a", 1));
        assertEquals(2500, o.getDouble("d", 0));
        assertEquals(-0.5, o.getDouble("e", 0));
        assertEquals(Double.POSITIVE_INFINITY, o.getDouble("f", 0));
        assertEquals(7, o.getDouble("g", 0));
    }
}
