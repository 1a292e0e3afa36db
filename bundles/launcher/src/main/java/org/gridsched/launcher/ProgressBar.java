package org.gridsched.launcher;

import java.io.PrintStream;

import org.gridsched.engine.ProgressListener;

/**
 * Progress of a long run on standard error: nothing for runs under a second; then a bar redrawn in place
 * on a terminal, or a plain line every ten seconds when standard error is a file or a pipe (logs in CI).
 */
final class ProgressBar implements ProgressListener {
    private static final long QUIET_NANOS = 1_000_000_000L;
    private final PrintStream err;
    private final boolean terminal;
    private final String label;
    private final long startNanos = System.nanoTime();
    private long lastDraw;
    private boolean drawn;

    ProgressBar(PrintStream err, boolean terminal, String label) {
        this.err = err;
        this.terminal = terminal;
        this.label = label;
    }

    @Override
    public void progress(long jobsFinished, double fraction, double now) {
        double elapsed = dueElapsed();
        if (Double.isNaN(elapsed)) {
            return;
        }
        String pct = Double.isNaN(fraction) ? "" : String.format(" %3.0f%%", 100 * fraction);
        draw(fraction, String.format("%s%s %,d jobs done, simulated time %.0f s, %.0f s elapsed%s", label, pct,
                jobsFinished, now, elapsed, eta(fraction, elapsed)));
    }

    /** Progress of an experiment of many steps (a study's simulations): the same rules, counted in steps. */
    void steps(long done, long total, String what) {
        double elapsed = dueElapsed();
        if (Double.isNaN(elapsed)) {
            return;
        }
        double fraction = total > 0 ? (double) done / total : Double.NaN;
        draw(fraction, String.format("%s %,d of %,d %s done, %.0f s elapsed%s", label, done, total, what, elapsed,
                eta(fraction, elapsed)));
    }

    /** Seconds since the start when a line is due (quiet at first, then at most 5 a second, or one per 10 s in a log); else NaN. */
    private double dueElapsed() {
        long t = System.nanoTime();
        if (t - startNanos < QUIET_NANOS || t - lastDraw < (terminal ? 200_000_000L : 10_000_000_000L)) {
            return Double.NaN;
        }
        lastDraw = t;
        return (t - startNanos) / 1e9;
    }

    private static String eta(double fraction, double elapsed) {
        return !Double.isNaN(fraction) && fraction > 0.01 && fraction < 1
                ? String.format(", about %.0f s left", elapsed * (1 - fraction) / fraction) : "";
    }

    /** A bar and the text on a terminal (redrawn in place), the text alone in a log. */
    private void draw(double fraction, String text) {
        if (terminal) {
            int width = 24;
            int filled = Double.isNaN(fraction) ? 0 : (int) Math.round(width * Math.min(1, fraction));
            err.print("\r[" + "#".repeat(filled) + ".".repeat(width - filled) + "] " + text + "   ");
        } else {
            err.println(text);
        }
        err.flush();
        drawn = true;
    }

    /**
     * The simulation is done and the result files are being written: on a long run (a million jobs take
     * seconds to write) the user sees that phase instead of a finished bar and a silent wait.
     */
    void writing(long jobs) {
        finish();
        if (System.nanoTime() - startNanos >= QUIET_NANOS) {
            err.printf("%s: simulated; writing the results of %,d jobs...%n", label, jobs);
            err.flush();
        }
    }

    /** Clears the bar so the summary starts on a clean line. */
    void finish() {
        if (drawn && terminal) {
            err.print("\r" + " ".repeat(120) + "\r");
            err.flush();
        }
    }
}
