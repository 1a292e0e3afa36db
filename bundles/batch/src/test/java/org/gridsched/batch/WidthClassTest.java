package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link WidthClassIndex#classOf}: class 0 under 1 s, class k >= 1 for [2^(k-1), 2^k) s, the last class for the rest. */
class WidthClassTest {
    @Test
    void classesAreFactorsOfTwoApart() {
        for (double t : new double[] {-1, -0.0, 0, 1e-9, 0.25, 0.5, 0.75, Math.nextDown(1.0)}) {
            assertEquals(0, WidthClassIndex.classOf(t), "requested " + t);
        }
        for (int k = 1; k < 39; k++) {
            double low = Math.scalb(1.0, k - 1);
            assertEquals(k, WidthClassIndex.classOf(low), "requested " + low);
            assertEquals(k, WidthClassIndex.classOf(Math.nextDown(2 * low)), "just under " + 2 * low);
            assertEquals(k, WidthClassIndex.classOf(1.5 * low), "requested " + 1.5 * low);
        }
        assertEquals(39, WidthClassIndex.classOf(Math.scalb(1.0, 38)));
        assertEquals(39, WidthClassIndex.classOf(1e15));
        assertEquals(39, WidthClassIndex.classOf(Double.POSITIVE_INFINITY));
        assertEquals(39, WidthClassIndex.classOf(Double.NaN));
    }
}
