package org.gridsched.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.workload.synthetic.LublinGenerator;
import org.junit.jupiter.api.Test;

/** The bot-lublin workload: the window's offered load is the target within one job, the last job at the window's end. */
class WindowedWorkloadTest {

    @Test
    void everySeedFillsTheWindowAtTheTargetLoad() {
        for (long seed = 1; seed <= 10; seed++) {
            JobSource s = Harness.lublin(seed);
            JobRecord r = new JobRecord();
            double work = 0;
            double lastWork = 0;
            double last = -1;
            while (s.next(r)) {
                assertTrue(r.submitTime >= last && r.submitTime <= 1_296_000, "seed " + seed + ": " + r);
                assertTrue(r.processors <= 300 && r.runtime == r.requestedTime);
                last = r.submitTime;
                lastWork = r.runtime * r.processors;
                work += lastWork;
            }
            double target = 0.7 * 1200 * 1_296_000;
            assertTrue(work >= target && work - lastWork < target, "seed " + seed + ": load " + work / (1200 * 1_296_000.0));
            assertEquals(1_296_000, last, 1e-6);
        }
    }

    @Test
    void aPoolTooSmallIsAnErrorNamingIt() {
        BotWorkload w = new BotWorkload(new LublinGenerator());
        InputException e = assertThrows(InputException.class,
                () -> w.open(new PluginOptions("workload generator 'bot-lublin'", Map.of("pool", 100)), 1));
        assertTrue(e.getMessage().contains("pool"), e.getMessage());
        assertThrows(InputException.class, () -> w.open(new PluginOptions("workload generator 'bot-lublin'", Map.of("load", 0)), 1));
    }
}
