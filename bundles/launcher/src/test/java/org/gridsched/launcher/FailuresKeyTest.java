package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.engine.FailureSpec;
import org.gridsched.engine.Platform;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profile key {@code failures}: traces, models, options, and errors naming the key. */
class FailuresKeyTest {
    static final Platform AB = Platform.parse("a:8,b:4", "platform");

    @TempDir
    Path dir;

    @Test
    void tracesModelsAndOptions() throws Exception {
        assertNull(FailuresKey.of(null, dir, AB, 1));
        Files.writeString(dir.resolve("f.csv"), "10,a,0-1,100\n");
        Files.writeString(dir.resolve("e.tab"), "1 1 77 1 n 0 1000 1100 0\n");
        FailureSpec s = FailuresKey.of(Map.of("trace", List.of("f.csv", Map.of("file", "e.tab", "format", "fta", "cluster", "b",
                "node_size", 2, "time_offset", 900)), "model", Map.of("a", Map.of("mtbf", 864000, "distribution", "weibull", "shape", 0.7,
                "repair_mean", 3600, "repair_sigma", 1, "node_size", 4)), "resubmit", false, "retries", 0), dir, AB, 9);
        assertEquals(2, s.events().size());
        assertEquals(1, s.events().get(1).cluster());
        assertEquals(100, s.events().get(1).time());
        assertEquals(new FailureSpec.Model(FailureSpec.Distribution.WEIBULL, 864000, 0.7, 3600, 1, 4), s.models().get(0));
        assertNull(s.models().get(1));
        assertEquals(false, s.resubmit());
        assertEquals(0, s.retries());
        FailureSpec d = FailuresKey.of(Map.of("model", Map.of("mtbf", 1000, "repair_mean", 10)), dir, AB, 9);
        assertEquals(true, d.resubmit());
        assertEquals(3, d.retries());
        assertEquals(2, d.models().size());
        // model_from: 0 is its default and may be written out (it was refused as not positive)
        assertEquals(0, FailuresKey.of(Map.of("model", Map.of("mtbf", 1000, "repair_mean", 10), "model_from", 0), dir, AB, 9).modelFrom());
        bad(Map.of("model", Map.of("mtbf", 1000, "repair_mean", 10), "model_from", -5), "failures.model_from", "must be 0 or more");
    }

    @Test
    void errorsNameTheKey() {
        bad(Map.of(), "failures", "give a");
        bad(Map.of("trace", List.of()), "failures.trace: an empty list"); // ran without failures, without a word
        bad(Map.of("trace", List.of(), "model", Map.of("mtbf", 1, "repair_mean", 10)), "failures.trace: an empty list");
        java.util.Map<String, Object> nulls = new java.util.HashMap<>();
        nulls.put("trace", null);
        nulls.put("model", null);
        bad(nulls, "failures", "give a \"trace\", a \"model\" or both");
        bad(Map.of("model", Map.of("mtbf", -1, "repair_mean", 10)), "failures.model.mtbf", "positive");
        bad(Map.of("model", Map.of("z", Map.of("mtbf", 1, "repair_mean", 10))), "failures.model.z", "unknown cluster");
        bad(Map.of("model", Map.of("mtbf", 1, "repair_mean", 10, "shape", 2)), "failures.model.shape", "weibull");
        bad(Map.of("model", Map.of("mtbf", 1, "repair_mean", 10, "distribution", "gamma")), "failures.model.distribution");
        bad(Map.of("model", Map.of("mtbf", 1, "repair_mean", 10, "node_size", 5)), "failures.model.node_size", "1 to 4");
        bad(Map.of("trace", Map.of("file", "x.tab", "format", "fta", "cluster", "q")), "failures.trace.cluster", "unknown cluster");
        bad(Map.of("trace", List.of(Map.of("file", "x", "format", "swf"))), "failures.trace[0].format");
        bad(Map.of("model", Map.of("mtbf", 1, "repair_mean", 10), "retries", -1), "failures.retries");
        bad(Map.of("model", Map.of("mtbf", 1, "repair_mean", 10), "since", 0), "failures.since", "unknown key");
    }

    private void bad(Object declared, String... expected) {
        InputException e = assertThrows(InputException.class, () -> FailuresKey.of(declared, dir, AB, 1));
        for (String x : expected) {
            assertTrue(e.getMessage().contains(x), e.getMessage() + " lacks " + x);
        }
    }
}
