package org.gridsched.experiments;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;

import org.gridsched.launcher.RunProfile;

/** The "N/M runs done" lines of a matrix whose runs go in parallel. */
final class Progress {
    private Progress() {
    }

    /** Counts one more finished run; prints the count when the profile shows progress (one line at a time). */
    static void runDone(PrintStream err, RunProfile p, AtomicInteger done, int total) {
        int d = done.incrementAndGet();
        if (p.progress) {
            synchronized (err) {
                err.printf("%s: %d/%d runs done%n", p.name, d, total);
            }
        }
    }
}
