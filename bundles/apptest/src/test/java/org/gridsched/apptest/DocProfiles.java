package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What the doc-page tests share (issue 26): run documented profiles as {@code gridsched run} does, keeping only
 * their tables, and check a page's generated blocks against them with {@code bin/doc-tables --check}.
 */
final class DocProfiles {
    private DocProfiles() {
    }

    /**
     * Runs {@code runconfigs/NAME.json} for each name into {@code results/NAME}, printing how long each took, and
     * deletes each profile's runs/ once its tables are written (every run keeps its jobs.csv: GBs in all).
     */
    static void run(Path tmp, Path results, List<String> names, int timeoutSeconds) throws Exception {
        for (String name : names) {
            long t0 = System.nanoTime();
            App.Result r = App.runLong(timeoutSeconds, tmp.resolve("plugins"), tmp.resolve("config"), "run",
                    App.HOME.resolve("runconfigs/" + name + ".json").toString(), "--out", results.resolve(name).toString(), "--quiet");
            assertEquals(0, r.exit(), name + " failed:\n" + r.all());
            System.out.printf("%s: %.0f s%n", name, (System.nanoTime() - t0) / 1e9);
            deleteRuns(results.resolve(name).resolve("runs"));
        }
    }

    /** Asserts that {@code doc}'s blocks of {@code blocks} are what {@code bin/doc-tables} makes of {@code results}. */
    static void assertBlocksMatch(Path doc, Path results, List<String> blocks) throws Exception {
        List<String> check = new ArrayList<>(List.of(java(), "-Ddoctables.bin=" + App.HOME.resolve("bin"),
                App.HOME.resolve("bin/DocTables.java").toString(), doc.toString(), results.toString(), "--check"));
        check.addAll(blocks);
        App.Result docs = App.exec(check, App.HOME, Map.of(), null, 300);
        assertEquals(0, docs.exit(), doc.getFileName() + " differs from what the profiles print (bin/doc-tables docs/"
                + doc.getFileName() + " RESULTS_DIR rewrites it):\n" + docs.all());
    }

    /** The java of this JVM, for single-file programs under bin/. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Deletes a matrix's runs/ folder (each run keeps its jobs.csv: about 10 MB per co-allocation run). */
    static void deleteRuns(Path runs) throws IOException {
        if (!Files.exists(runs)) {
            return;
        }
        try (var walk = Files.walk(runs)) {
            for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
