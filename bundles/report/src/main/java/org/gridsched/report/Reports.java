package org.gridsched.report;

import java.nio.file.Path;

/** Entry points of the {@code report} and {@code validate} commands. */
public final class Reports {
    private Reports() {
    }

    /** Validates a run folder's schedule. */
    public static Validation validate(Path dir) {
        return Validator.validate(RunDir.open(dir));
    }

    public static void main(String[] args) {
        long t0 = System.nanoTime();
        Validation v = validate(Path.of(args[0]));
        System.out.print(v.text());
        System.out.printf("%.2f s%n", (System.nanoTime() - t0) / 1e9);
    }
}
