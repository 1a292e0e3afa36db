package org.gridsched.report;

import java.util.Locale;

import org.gridsched.engine.Numbers;

/**
 * Numbers in words a person reads: counts ("1 job", "2 jobs", "20,000 jobs", never "1 jobs" nor "job(s)"), exact
 * numbers with thousands separators, and durations; the run's console summary writes them the same way (the launcher
 * calls these).
 */
public final class Words {
    private Words() {
    }

    /** {@code n} with thousands separators and the noun, plural with an s unless {@code n} is 1. */
    public static String count(long n, String one) {
        return count(n, one, one + "s");
    }

    public static String count(long n, String one, String many) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? one : many);
    }

    /** Exactly as {@link Numbers#format} (whole numbers without a point, others in their shortest form), grouped by thousands. */
    static String number(double v) {
        String s = Numbers.format(v);
        if (s.indexOf('E') >= 0 || Double.isNaN(v) || Double.isInfinite(v)) {
            return s;
        }
        int sign = s.startsWith("-") ? 1 : 0;
        int point = s.indexOf('.');
        int end = point < 0 ? s.length() : point;
        StringBuilder sb = new StringBuilder(s.length() + 6).append(s, 0, sign);
        for (int i = sign; i < end; i++) {
            if (i > sign && (end - i) % 3 == 0) {
                sb.append(',');
            }
            sb.append(s.charAt(i));
        }
        return sb.append(s, end, s.length()).toString();
    }

    /**
     * Seconds as seconds and, from a minute on, as {@code 2d 03:12:45} / {@code 03:12:45} beside them, as the run's
     * console summary writes them: "-5282045 s" alone tells a person nothing.
     */
    public static String duration(double seconds) {
        String s = Double.isNaN(seconds) ? "n/a" : seconds >= 100 || seconds <= -100 || seconds == Math.rint(seconds)
                ? String.format(Locale.ROOT, "%,.0f s", seconds) : String.format(Locale.ROOT, "%,.1f s", seconds);
        if (!(Math.abs(seconds) >= 60) || Double.isInfinite(seconds)) {
            return s;
        }
        long t = Math.round(Math.abs(seconds));
        long days = t / 86_400;
        String clock = String.format(Locale.ROOT, "%02d:%02d:%02d", t % 86_400 / 3600, t % 3600 / 60, t % 60);
        return s + " (" + (seconds < 0 ? "-" : "") + (days > 0 ? days + "d " : "") + clock + ")";
    }
}
