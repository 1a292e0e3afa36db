package org.gridsched.theory;

import static org.junit.jupiter.api.Assertions.fail;

/** Comparison of a computed value with a number printed in the specification's tables. */
final class Printed {

    private Printed() {
    }

    /**
     * Passes when {@code actual} agrees with the printed value to within half a unit of its last printed digit,
     * or to within a relative {@code 1e-3}.
     */
    static void assertMatches(String printed, double actual, String what) {
        double expected = Double.parseDouble(printed);
        int dot = printed.indexOf('.');
        int decimals = dot < 0 ? 0 : printed.length() - dot - 1;
        double halfUnit = 0.5 * Math.pow(10, -decimals);
        double error = Math.abs(actual - expected);
        if (!(error <= halfUnit * (1 + 1e-9) || error <= 1e-3 * Math.abs(expected))) {
            fail(what + ": expected " + printed + " (to +-" + halfUnit + " or 1e-3 relative), got " + actual);
        }
    }
}
