package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.gridsched.api.Decimals;
import org.gridsched.api.SimTime;
import org.junit.jupiter.api.Test;

/**
 * Result numbers do not depend on the JDK (issue 27): the values where JDK 17's {@code Double.toString} is not
 * the shortest form (JDK-4511638) are written as JDK 19 and later write them, and every value JDK 17 already
 * writes in its shortest form is written as before.
 */
class DecimalsTest {

    @Test
    void valuesWhereTheJdksDiffer() {
        // JDK 17: 1.9999999999999998E23, 8.409999999999999E21, 9.999999999999999E22, 2.82879384806159008E17,
        // 5.6843418860808015E-14
        assertEquals("2.0E23", Numbers.format(2.0E23));
        assertEquals("8.41E21", Numbers.format(8.41E21));
        assertEquals("1.0E23", Numbers.format(1.0E23));
        assertEquals("2.82879384806159E17", Numbers.format(2.82879384806159E17));
        assertEquals("5.684341886080802E-14", Numbers.format(5.684341886080802E-14));
        StringBuilder sb = new StringBuilder();
        Numbers.append(sb, 2.0E23);
        assertEquals("2.0E23", sb.toString());
        assertEquals("2.0E23", Decimals.shortest(2.0E23));
        assertEquals("8.41E21", SimTime.format(8.41E21), "beyond the grid's exact range: the shortest form");
    }

    @Test
    void todaysOutputWhereJdk17IsAlreadyShortest() {
        assertEquals("0.1", Numbers.format(0.1));
        assertEquals("1652.2", Numbers.format(1652.2));
        assertEquals("2133.3333333333335", Numbers.format(6400.0 / 3));
        assertEquals("1.0E-5", Numbers.format(1e-5));
        assertEquals("4.9E-324", Numbers.format(Double.MIN_VALUE));
        assertEquals("1.0E15", Numbers.format(1e15));
        assertEquals("999999999999999", Numbers.format(999_999_999_999_999.0));
        assertEquals("", Numbers.format(Double.NaN));
        assertEquals("", Numbers.format(Double.POSITIVE_INFINITY));
        assertEquals("0.0", Decimals.shortest(0.0), "Double.toString's layout");
        SplittableRandom r = new SplittableRandom(27);
        int compared = 0;
        for (int i = 0; i < 200_000; i++) {
            double d = i % 2 == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble() * Math.pow(10, r.nextInt(-8, 12));
            if (!Double.isFinite(d)) {
                continue;
            }
            String jdk = Double.toString(d);
            String ours = Decimals.shortest(d);
            assertEquals(d, Double.parseDouble(ours), "reads back: " + ours);
            assertTrue(digits(ours) <= digits(jdk), ours + " is no longer than " + jdk);
            if (digits(ours) == digits(jdk)) {
                compared++;
                // the same number of digits: both shortest; Schubfach then picks the one closest to d, as JDK 19+
                // does, and JDK 17 agrees except on a rare tie of two shortest candidates
                if (!ours.equals(jdk)) {
                    java.math.BigDecimal exact = new java.math.BigDecimal(d);
                    assertTrue(new java.math.BigDecimal(ours).subtract(exact).abs()
                            .compareTo(new java.math.BigDecimal(jdk).subtract(exact).abs()) <= 0, ours + " vs " + jdk);
                }
            }
        }
        assertTrue(compared > 190_000, "most values are compared: " + compared);
    }

    private static int digits(String s) {
        String mantissa = s.contains("E") ? s.substring(0, s.indexOf('E')) : s;
        String d = mantissa.replace("-", "").replace(".", "").replaceFirst("^0+", "");
        return d.replaceFirst("0+$", "").length();
    }
}
