package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.engine.PowerModel;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: processors switched off after the timeout and on again for a job, hand-computed. Four processors; per
 * processor 10 W idle, 100 W busy, 1 W off; switching on takes 30 s and 200 J, off 10 s and 50 J; timeout 100 s.
 * Job 1 (4 processors, 50 s) runs [0, 50); the processors are idle from 50, and at 150, the queue empty, all four
 * switch off ([150, 160), off from 160). Job 2 (2 processors, 100 s) arrives at 300: processors 0-1 switch on over
 * [300, 330) and the job starts at 330 (a wait of 30 s: the start delay), ends at 430; 0-1 switch off again at 530,
 * after the run's window [0, 430].
 * <p>
 * Energy over the window: busy 4 x 50 x 100 + 2 x 100 x 100 = 40,000 J; idle 4 processors x [50, 150) x 10 W =
 * 4,000 J; off 0-1 over [160, 300) and 2-3 over [160, 430]: 820 processor-seconds x 1 W = 820 J; switching 4 x 50 J
 * (off at 150) + 2 x 200 J (on at 300) = 600 J; total 45,420 J.
 */
class PowerManagementTest {
    static final PowerModel MODEL = new PowerModel(10, 100, 1, 30, 200, 10, 50);

    private static Scenario scenario() {
        return Scenario.on(4).power(MODEL, 100.0).job(1, 0, 50, 50, 4).job(2, 300, 100, 100, 2);
    }

    private static void switchesOffAndOn(BatchPolicy policy) {
        Scenario s = scenario().run(policy).starts(1, 0, 2, 330).finishes(2, 430).allocated(2, "0-1");
        Map<String, Object> e = s.result().energy();
        assertEquals(40_000.0, e.get("busy_energy_joules"));
        assertEquals(4_000.0, e.get("idle_energy_joules"));
        assertEquals(820.0, e.get("off_energy_joules"));
        assertEquals(820.0, e.get("off_processor_seconds"));
        assertEquals(600.0, e.get("switching_energy_joules"));
        assertEquals(2L, e.get("switch_ons"));
        assertEquals(4L, e.get("switch_offs"));
        assertEquals(45_420.0, e.get("energy_joules"));
        assertEquals("time,cluster,off,switching_on,switching_off\n"
                + "150,c,0,0,4\n" + "160,c,4,0,0\n" + "300,c,2,2,0\n" + "330,c,2,0,0\n" + "530,c,2,0,2\n" + "540,c,4,0,0\n",
                s.result().files().get("power.csv"));
    }

    @Test
    void conservativeBackfilling() {
        switchesOffAndOn(new ConservativePolicy());
    }

    @Test
    void easy() {
        switchesOffAndOn(new EasyPolicy());
    }

    @Test
    void fcfs() {
        switchesOffAndOn(new FcfsPolicy());
    }

    /** Without power management (no timeout) job 2 starts at once, at 300: window [0, 400], 4 x 400 - 400 busy = 1,200 idle processor-seconds. */
    @Test
    void withoutATimeoutProcessorsStayOn() {
        Scenario s = Scenario.on(4).power(MODEL, null).job(1, 0, 50, 50, 4).job(2, 300, 100, 100, 2).run(new ConservativePolicy())
                .starts(2, 300);
        assertEquals(12_000.0, s.result().energy().get("idle_energy_joules"));
        assertEquals(null, s.result().energy().get("switch_ons"));
    }
}
