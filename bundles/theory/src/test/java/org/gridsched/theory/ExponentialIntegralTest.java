package org.gridsched.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExponentialIntegralTest {

    @Test
    void specCheckValues() {
        // spec §7: E1(0.00050025) = 7.023687 and E1(0.0526316) = 2.419170
        assertEquals(7.023687, ExponentialIntegral.e1(0.00050025), 5e-7);
        assertEquals(2.419170, ExponentialIntegral.e1(0.0526316), 5e-7);
    }

    @ParameterizedTest
    @CsvSource({
        // x, E1(x) (Abramowitz & Stegun / reference values from mpmath, 30 digits)
        "1e-10, 22.448635265138924",
        "0.1, 1.8229239584193907",
        "0.5, 0.55977359477616081",
        "1.0, 0.21938393439552027",
        "1.5, 0.10001958240663265",
        "2.0, 0.04890051070806112",
        "5.0, 0.0011482955912753258",
        "10.0, 4.1569689296853243e-06",
        "50.0, 3.7832640295504591e-24",
    })
    void referenceValuesToTwelveDigits(double x, double expected) {
        assertEquals(expected, ExponentialIntegral.e1(x), 1e-12 * expected, "E1(" + x + ")");
    }

    @Test
    void seriesAndContinuedFractionAgreeAcrossTheSwitch() {
        double below = ExponentialIntegral.e1(1.0);
        double above = ExponentialIntegral.e1(Math.nextUp(1.0));
        assertEquals(below, above, 1e-13);
        double slightlyAbove = ExponentialIntegral.e1(1.0 + 1e-9);
        // dE1/dx = -e^-x/x = -0.3679 at x = 1
        assertEquals(below - 0.36787944117144233e-9, slightlyAbove, 1e-14);
    }

    @Test
    void scaledFormStaysFiniteForLargeArguments() {
        double x = 1e4;
        double scaled = ExponentialIntegral.e1Scaled(x);
        // e^x E1(x) at x = 1e4 (mpmath, 40 digits); asymptotically (1/x)(1 - 1/x + 2/x^2 - ...)
        assertEquals(9.9990001999400239880e-5, scaled, 1e-15 * scaled);
        assertEquals(0.0, ExponentialIntegral.e1(x));
        assertEquals(Math.exp(0.3) * ExponentialIntegral.e1(0.3), ExponentialIntegral.e1Scaled(0.3), 1e-15);
        assertEquals(Math.exp(3.0) * ExponentialIntegral.e1(3.0), ExponentialIntegral.e1Scaled(3.0), 1e-14);
        assertEquals(0.0, ExponentialIntegral.e1(Double.POSITIVE_INFINITY));
    }

    @Test
    void paperClaimAboutHundred() {
        // spec §1.7: Gamma[0,x] > 100 only for x below about 2e-44
        assertTrue(ExponentialIntegral.e1(1e-44) > 100);
        assertTrue(ExponentialIntegral.e1(1e-43) < 100);
    }

    @Test
    void rejectsNonPositiveArguments() {
        assertThrows(IllegalArgumentException.class, () -> ExponentialIntegral.e1(0.0));
        assertThrows(IllegalArgumentException.class, () -> ExponentialIntegral.e1(-1.0));
        assertThrows(IllegalArgumentException.class, () -> ExponentialIntegral.e1(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> ExponentialIntegral.e1Scaled(0.0));
    }
}
