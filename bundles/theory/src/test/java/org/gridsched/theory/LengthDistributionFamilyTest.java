package org.gridsched.theory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.Collectors;

import org.gridsched.theory.LengthDistribution.Family;
import org.junit.jupiter.api.Test;

/** The 1.1 additions: families by name, {@link LengthDistribution#of}, {@link LengthDistribution#variance()}. */
class LengthDistributionFamilyTest {

    @Test
    void familiesAreTheValidNamesInOrder() {
        assertEquals(LengthDistribution.VALID_NAMES,
                Arrays.stream(Family.values()).map(Family::label).collect(Collectors.joining(", ")));
    }

    @Test
    void byNameIgnoresCaseBlanksAndUnderscores() {
        assertSame(Family.SHIFTED_EXPONENTIAL, Family.byName(" Shifted_Exponential "));
        assertSame(Family.ERLANG, Family.byName("ERLANG"));
        assertNull(Family.byName("pareto"));
        assertNull(Family.byName(""));
        assertNull(Family.byName(null));
    }

    @Test
    void parametersOfEachFamily() {
        assertTrue(Family.UNIFORM.usesAlpha());
        assertTrue(Family.SHIFTED_EXPONENTIAL.usesAlpha());
        assertFalse(Family.ERLANG.usesAlpha());
        assertTrue(Family.ERLANG.usesShape());
        assertFalse(Family.EXPONENTIAL.usesShape());
        assertFalse(Family.CONSTANT.usesAlpha() || Family.CONSTANT.usesShape());
    }

    @Test
    void ofIsTheFactoryOfTheFamily() {
        for (Family f : Family.values()) {
            LengthDistribution d = LengthDistribution.of(f, 42, 0.25, 3);
            assertSame(f, d.family());
            assertEquals(LengthDistribution.parse(f.label(), 42, 0.25, 3), d);
        }
        assertEquals(LengthDistribution.uniform(42, 0.25), LengthDistribution.of(Family.UNIFORM, 42, 0.25, 3));
        assertEquals(LengthDistribution.erlang(42, 3), LengthDistribution.of(Family.ERLANG, 42, Double.NaN, 3));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.of(Family.UNIFORM, 42, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> LengthDistribution.of(Family.ERLANG, 42, 0.5, 0));
        assertThrows(NullPointerException.class, () -> LengthDistribution.of(null, 42, 0.5, 2));
    }

    @Test
    void varianceIsScvTimesMeanSquared() {
        double m = 59.2;
        assertEquals(m * m, LengthDistribution.exponential(m).variance());
        assertEquals(0.0, LengthDistribution.constant(m).variance());
        assertEquals(m * m / 12, LengthDistribution.uniform(m, 0.5).variance(), 1e-12 * m * m);
        assertEquals(0.95 * 0.95 * m * m, LengthDistribution.shiftedExponential(m, 0.05).variance(), 1e-12 * m * m);
        assertEquals(m * m / 4, LengthDistribution.erlang(m, 4).variance(), 1e-12 * m * m);
        for (Family f : Family.values()) {
            LengthDistribution d = LengthDistribution.of(f, m, 0.3, 5);
            assertEquals(d.scv() * m * m, d.variance(), 1e-12 * m * m, d.toString());
        }
    }
}
