package org.gridsched.bot;

import java.util.Locale;

import org.gridsched.api.InputException;

/**
 * How a provider's run-time estimates come about (Table II): the user's estimate with overestimation o,
 * a perfect estimate, or a system-generated estimate that removes a fraction of the user's error and costs a
 * generation delay before offers can be made. Underestimates are not modelled (the paper kills them), so
 * an estimate is never below the real run time.
 *
 * @param kind     "user", "perfect" or "system"
 * @param accuracy for system estimates, the fraction of the overestimation removed (0.5: "50 % more
 *                 accurate"); 0 otherwise
 */
record Estimate(String kind, double accuracy) {

    static final Estimate USER = new Estimate("user", 0);
    static final Estimate PERFECT = new Estimate("perfect", 0);

    /** The requested time for a task of real run time {@code runtime} when users overestimate by o (a fraction). */
    double requested(double runtime, double overestimation) {
        return switch (kind) {
            case "user" -> runtime * (1 + overestimation);
            case "perfect" -> runtime;
            default -> runtime * (1 + overestimation * (1 - accuracy));
        };
    }

    boolean generated() {
        return kind.equals("system");
    }

    /** Parses {@code user}, {@code perfect} or {@code system-P} (P in (0, 100]: percent of the error removed). */
    static Estimate parse(String text, String option) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("user")) {
            return USER;
        }
        if (t.equals("perfect")) {
            return PERFECT;
        }
        if (t.startsWith("system-")) {
            try {
                double p = Double.parseDouble(t.substring("system-".length()));
                if (p > 0 && p <= 100) {
                    return new Estimate("system", p / 100);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw new InputException(null, 0, option, "each provider's estimate must be 'user', 'perfect' or 'system-P' with P a percentage in (0, 100] (e.g. system-50), got '"
                + text.trim() + "' (for grid controller 'bot')");
    }

    @Override
    public String toString() {
        return generated() ? "system-" + (accuracy * 100) : kind;
    }
}
