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
}
