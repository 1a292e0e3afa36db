package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NumbersTest {
    /** Energy and carbon figures: 12 significant digits, plain notation, no trailing zeros, no float noise. */
    @Test
    void measuredQuantitiesHaveTwelveSignificantDigitsInPlainNotation() {
        assertEquals("8481600", Numbers.formatMeasured(8481599.999999998));
        assertEquals("1172562882.88", Numbers.formatMeasured(1.1725628828813853E9));
        assertEquals("1002478580650", Numbers.formatMeasured(1.0024785806502881E12));
        assertEquals("23986.7669219", Numbers.formatMeasured(23986.7669218759));
        assertEquals("-23986.7669219", Numbers.formatMeasured(-23986.7669218759));
        assertEquals("123456789012000", Numbers.formatMeasured(123456789012345.6));
        assertEquals("0.0123456789012", Numbers.formatMeasured(0.01234567890123456));
        assertEquals("0.001", Numbers.formatMeasured(0.001));
        assertEquals("1", Numbers.formatMeasured(0.99999999999999));
        assertEquals("100000000000", Numbers.formatMeasured(99999999999.99999));
        assertEquals("1000000000000", Numbers.formatMeasured(999999999999.6));
        assertEquals("10.05", Numbers.formatMeasured(10.05));
        assertEquals("95", Numbers.formatMeasured(95));
    }

    /** Outside 10^-3 .. 10^15, zero, NaN and infinities: as every other number of a result file. */
    @Test
    void outsideThePlainRangeMeasuredQuantitiesAreWrittenAsOtherNumbers() {
        assertEquals("0", Numbers.formatMeasured(0));
        assertEquals("0", Numbers.formatMeasured(-0.0));
        assertEquals("1.0E-4", Numbers.formatMeasured(1e-4));
        assertEquals("2.0E15", Numbers.formatMeasured(2e15));
        assertEquals("", Numbers.formatMeasured(Double.NaN));
        assertEquals("", Numbers.formatMeasured(Double.POSITIVE_INFINITY));
    }
}
