package org.gridsched.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LengthDistributionTest {

    /** The K table of spec §1.7. */
    @ParameterizedTest(name = "{0} alpha={1} h={2}: K = {3}")
    @CsvSource({
        "shifted-exponential, 0.0005, 0, 7.030717",
        "shifted-exponential, 0.005,  0, 4.768736",
        "shifted-exponential, 0.05,   0, 2.684111",
        "shifted-exponential, 0.1,    0, 2.145771",
        "uniform,             0.1,    0, 1.003353",
        "uniform,             0.5,    0, 1.098612",
        "uniform,             0.9,    0, 1.635799",
        "erlang,              0,      2, 2",
        "erlang,              0,      3, 1.5",
        "erlang,              0,      5, 1.25",
        "constant,            0,      0, 1",
    })
    void kTable(String name, double alpha, int h, String k) {
        LengthDistribution d = LengthDistribution.parse(name, 59.2, alpha, h);
        Printed.assertMatches(k, d.k(), "K of " + d);
        // the table prints 6 decimals: hold every entry to half a unit of the 6th decimal
        assertEquals(Double.parseDouble(k), d.k(), 5e-7, "K of " + d);
    }

    @Test
    void uniformHalfIsLogThree() {
        assertEquals(Math.log(3), LengthDistribution.uniform(1, 0.5).k(), 1e-15);
    }

    @Test
    void kIsIndependentOfTheMeanAndMeanInverseScales() {
        LengthDistribution a = LengthDistribution.shiftedExponential(1.0, 0.05);
        LengthDistribution b = LengthDistribution.shiftedExponential(473.6, 0.05);
        assertEquals(a.k(), b.k(), 0.0);
        assertEquals(b.k() / 473.6, b.meanInverse(), 1e-18);
        assertEquals(b, a.withMean(473.6));
    }

    @Test
    void exponentialHasInfiniteK() {
        assertEquals(Double.POSITIVE_INFINITY, LengthDistribution.exponential(10).k());
        assertEquals(Double.POSITIVE_INFINITY, LengthDistribution.erlang(10, 1).k());
        assertEquals(Double.POSITIVE_INFINITY, LengthDistribution.exponential(10).meanInverse());
        assertTrue(LengthDistribution.exponential(10).isExponential());
        assertTrue(LengthDistribution.erlang(10, 1).isExponential());
        assertFalse(LengthDistribution.erlang(10, 2).isExponential());
        assertFalse(LengthDistribution.shiftedExponential(10, 5e-4).isExponential());
    }

    @Test
    void shiftedExponentialNearOneStaysFinite() {
        // x = alpha/(1-alpha) = 999 999: e^x overflows but e^x E1(x) ~ 1/x; K -> 1 as the law becomes constant
        double k = LengthDistribution.shiftedExponential(1, 1 - 1e-6).k();
        assertEquals(1.0, k, 2e-6);
    }

    @Test
    void squaredCoefficientsOfVariation() {
        assertEquals(1.0, LengthDistribution.exponential(3).scv());
        assertEquals(0.0, LengthDistribution.constant(3).scv());
        assertEquals(0.25 / 3, LengthDistribution.uniform(3, 0.5).scv(), 1e-15);
        assertEquals(0.9025, LengthDistribution.shiftedExponential(3, 0.05).scv(), 1e-15);
        assertEquals(0.5, LengthDistribution.erlang(3, 2).scv());
    }

    @Test
    void accessorsAndNames() {
        LengthDistribution u = LengthDistribution.uniform(29.6, 0.5);
        assertEquals("uniform", u.name());
        assertEquals(29.6, u.mean());
        assertEquals(0.5, u.alpha());
        assertEquals(0, u.shape());
        LengthDistribution e = LengthDistribution.erlang(29.6, 3);
        assertEquals("erlang", e.name());
        assertEquals(3, e.shape());
        assertTrue(Double.isNaN(e.alpha()));
        assertEquals("shifted-exponential", LengthDistribution.shiftedExponential(1, 0.1).name());
        assertEquals("exponential", LengthDistribution.exponential(1).name());
        assertEquals("constant", LengthDistribution.constant(1).name());
        assertEquals("erlang(mean=29.6, h=3)", e.toString());
    }

    @Test
    void parseBuildsEveryFamilyAndIgnoresUnusedParameters() {
        assertEquals(LengthDistribution.exponential(5), LengthDistribution.parse("exponential", 5, 0.3, 7));
        assertEquals(LengthDistribution.constant(5), LengthDistribution.parse(" Constant ", 5, 0.3, 7));
        assertEquals(LengthDistribution.uniform(5, 0.3), LengthDistribution.parse("uniform", 5, 0.3, 7));
        assertEquals(LengthDistribution.shiftedExponential(5, 0.3),
                LengthDistribution.parse("shifted-exponential", 5, 0.3, 7));
        assertEquals(LengthDistribution.erlang(5, 7), LengthDistribution.parse("erlang", 5, 0.3, 7));
        assertEquals(LengthDistribution.shiftedExponential(5, 0.3),
                LengthDistribution.parse("SHIFTED_EXPONENTIAL", 5, 0.3, 7));
        assertNotEquals(LengthDistribution.erlang(5, 7), LengthDistribution.erlang(5, 6));
    }

    @Test
    void unknownNameListsTheValidNames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LengthDistribution.parse("pareto", 1, 0.5, 2));
        assertTrue(e.getMessage().contains("pareto"), e.getMessage());
        for (String valid : new String[] {"exponential", "constant", "uniform", "shifted-exponential", "erlang"}) {
            assertTrue(e.getMessage().contains(valid), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.parse(null, 1, 0.5, 2));
    }

    @Test
    void rejectsBadParameters() {
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.exponential(0));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.constant(-1));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.constant(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.constant(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.uniform(1, 0));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.uniform(1, 1));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.shiftedExponential(1, 0));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.shiftedExponential(1, 1.5));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.erlang(1, 0));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.parse("uniform", 1, 2, 0));
    }
}
