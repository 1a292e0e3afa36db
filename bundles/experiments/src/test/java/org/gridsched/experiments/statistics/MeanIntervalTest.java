package org.gridsched.experiments.statistics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class MeanIntervalTest {
    @Test
    void theTableEndsAtThirtyDegreesOfFreedomAndTheExpansionTakesOver() {
        assertEquals(12.706, MeanInterval.t975(1));
        assertEquals(2.228, MeanInterval.t975(10));
        assertEquals(2.042, MeanInterval.t975(30));
        // beyond the table: Student's t still (the normal's 1.96 made 32 seeds' intervals 4 % too narrow)
        assertEquals(2.0423, MeanInterval.cornishFisher(30), 1e-4, "meets the table");
        assertEquals(2.040, MeanInterval.t975(31));
        assertEquals(2.021, MeanInterval.t975(40));
        assertEquals(2.000, MeanInterval.t975(60));
        assertEquals(1.984, MeanInterval.t975(100));
        assertEquals(1.962, MeanInterval.t975(1000));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MeanInterval.t975(0)).getMessage().contains("got 0"));
    }

    @Test
    void theHalfWidthIsTTimesTheStandardErrorOfTheMean() {
        // 1, 2, 3: mean 2, sample variance 1, standard error 1/sqrt(3), t(0.975, 2) = 4.303
        assertEquals(4.303 / Math.sqrt(3), MeanInterval.halfWidth95(List.of(1.0, 2.0, 3.0), 2.0), 1e-12);
        assertEquals(2.0, MeanInterval.mean(List.of(1.0, 2.0, 3.0)));
        assertTrue(Double.isNaN(MeanInterval.mean(List.of())));
    }
}
