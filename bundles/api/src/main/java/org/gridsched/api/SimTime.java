package org.gridsched.api;

/**
 * Simulated time: seconds in a {@code double}, every instant and duration a whole number of ticks of
 * {@link #RESOLUTION} = 1/138,600 s (about 7.2 µs).
 *
 * <p>Why. Instants that are equal in exact arithmetic must compare equal: two groups of tasks that end together
 * must end at the same instant, whatever their durations and the order they were added in. In plain floating
 * point they do not: {@code 2000 * 1.1 = 2200.0000000000005}, {@code 5 * (1600 * 4/3)} and
 * {@code 4 * (2000 * 4/3)} differ, and {@code (a + b) + c} need not equal {@code a + (b + c)}.
 *
 * <p>How. Like OMNeT++'s simulated time, an instant is an integer number of ticks at one global resolution, here
 * kept in a {@code double} as the nearest {@code double} to (ticks / 138,600) so that plugins keep their
 * {@code double} API. The resolution is chosen so that the scalings users write are exact: 138,600 = 2<sup>3</sup>
 * 3<sup>2</sup> 5<sup>2</sup> 7 11, so an integer number of seconds times or divided by 1.05, 1.1, 1.2, 1.25, 4/3,
 * 1.4, 1.5, 2, 3 ... (any factor whose numerator and denominator divide 138,600) lands exactly on a tick, where a
 * decimal or binary resolution would cut thirds, sevenths and elevenths. A duration enters the simulation rounded
 * once to the nearest tick ({@link #of}); an instant is the sum of such durations, computed with {@link #add}, which
 * rounds the floating-point sum back to its tick, so every instant is exact: sums and differences of grid values
 * below {@link #EXACT_LIMIT} (2<sup>33</sup> s, 272 years) are exact in ticks (verified on random pairs; the
 * floating-point error of a sum stays far below half a tick there). Comparing two grid values with {@code <},
 * {@code ==} compares their ticks.
 *
 * <p>For plugin authors: times the simulator gives you (now, submission times, requested times, reservations)
 * are on the grid. Add and subtract them with {@link #add} and {@link #sub} and your instants are exact;
 * plain {@code +} is within a few ulps, and the simulator rounds an instant you hand it (a wake-up, a timer, a
 * claim) to the nearest tick, never to now or earlier when you asked for a later instant.
 *
 * @since 1.1
 */
public final class SimTime {
    /** Ticks per second: 138,600 = 2^3 3^2 5^2 7 11. */
    public static final double TICKS_PER_SECOND = 138_600.0;
    /** One tick, in seconds: 1/138,600 s, about 7.215 µs (the {@code double} nearest to it). */
    public static final double RESOLUTION = 1.0 / TICKS_PER_SECOND;
    /** Below this many seconds (2<sup>33</sup>, about 272 years) sums and differences of grid values are exact. */
    public static final double EXACT_LIMIT = 8_589_934_592.0;

    /**
     * The largest submission time, runtime or requested time a job may have, seconds (10<sup>10</sup>, about 317
     * years): every reader, generator and controller bounds its times by it, so that sums stay exact.
     *
     * @since 1.2
     */
    public static final double MAX_JOB_TIME = 1e10;

    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000};
    /** {@link #TICKS_PER_SECOND} as an int, for the remainders of {@link #append}. */
    private static final int TICKS = 138_600;

    private SimTime() {
    }

    /**
     * The grid value nearest to {@code seconds} (ties to even): how a computed time or duration enters the
     * simulation. Idempotent; NaN and infinities are returned unchanged.
     */
    public static double of(double seconds) {
        return Math.rint(seconds * TICKS_PER_SECOND) / TICKS_PER_SECOND;
    }

    /** {@code a + b} of two grid values, exactly (the grid value of the sum of their ticks). */
    public static double add(double a, double b) {
        return of(a + b);
    }

    /** {@code a - b} of two grid values, exactly. */
    public static double sub(double a, double b) {
        return of(a - b);
    }

    /** The number of whole ticks in a grid value: what {@code ==} and {@code <} on grid values compare. */
    public static long ticks(double seconds) {
        return (long) Math.rint(seconds * TICKS_PER_SECOND);
    }

    /** Whether {@code seconds} is a grid value (finite and the {@code double} of a whole number of ticks). */
    public static boolean isOnGrid(double seconds) {
        return of(seconds) == seconds && !Double.isInfinite(seconds);
    }

    /**
     * A grid value in its shortest decimal form that reads back to the same value: whole seconds without a
     * decimal point ({@code 2200}), otherwise the fewest decimals, at most six, whose value {@link #of} rounds
     * back to it ({@code 1652.2}; {@code 2133.333333} for 6400/3). Independent of the JDK's
     * {@code Double.toString}. A value off the grid (only a plugin's own arithmetic makes one) is written
     * in its shortest round-trip form ({@link Decimals#shortest}); NaN and infinities as the empty string.
     */
    public static String format(double seconds) {
        StringBuilder sb = new StringBuilder(24);
        append(sb, seconds);
        return sb.toString();
    }

    /** Appends {@link #format(double)} to {@code sb} (no allocation for whole seconds). */
    public static void append(StringBuilder sb, double seconds) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            return;
        }
        if (seconds == Math.rint(seconds) && Math.abs(seconds) < 1e15) {
            sb.append((long) seconds);
            return;
        }
        if (!isOnGrid(seconds) || Math.abs(seconds) >= EXACT_LIMIT) {
            sb.append(Decimals.shortest(seconds));
            return;
        }
        // The instant's tick modulo the ticks of a second, times 10^decimals below: how far the instant is, in
        // ticks x 10^decimals, from the nearest number with that many decimals. The floating-point test below
        // can only pass within half a tick plus its rounding error (under 0.3 tick below EXACT_LIMIT), so a
        // count of decimals whose nearest number is over a tick away is skipped without it: the same result
        // with one or two tests instead of up to six for an instant that needs five or six decimals.
        int rest = (int) Math.floorMod((long) Math.rint(seconds * TICKS_PER_SECOND), TICKS);
        for (int decimals = 1; decimals < POWERS_OF_TEN.length; decimals++) {
            rest = rest * 10 % TICKS;
            long scale = POWERS_OF_TEN[decimals];
            if (Math.min(rest, TICKS - rest) > scale) {
                continue;
            }
            long scaled = (long) Math.rint(seconds * scale);
            if (of((double) scaled / scale) == seconds) {
                appendDecimal(sb, scaled, decimals);
                return;
            }
        }
        sb.append(Decimals.shortest(seconds)); // beyond 9e9 s six decimals no longer fit a double's 53 bits
    }

    private static void appendDecimal(StringBuilder sb, long scaled, int decimals) {
        if (scaled < 0) {
            sb.append('-');
            scaled = -scaled;
        }
        long scale = POWERS_OF_TEN[decimals];
        sb.append(scaled / scale);
        // the fraction's digits with their leading zeros: scale + fraction is "1" then exactly that many digits
        int dot = sb.length();
        sb.append(scale + scaled % scale);
        sb.setCharAt(dot, '.');
    }
}
