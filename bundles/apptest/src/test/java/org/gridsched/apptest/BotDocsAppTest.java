package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/bag-of-tasks.md against the documented commands (issue 26): runs {@code runconfigs/bot-composition.json} (the
 * providers-per-bag histograms of the composition rules, 240 runs, about 30 s on 2 cores) as {@code gridsched run}
 * does and checks with {@code bin/doc-tables --check} that the page's block of it is what it prints. With
 * {@code -Dbot.docs=all} it also runs the seven Table II profiles (7,000 runs) and {@code bot-placement-tasks.json}
 * (1,200 runs) and checks the {@code bin/bot-tables} block (about 10 minutes on 2 cores). Each profile's runs/ folder
 * is deleted once its tables are written (1,000 runs keep about 1.5 GB).
 */
class BotDocsAppTest {
    static final Path DOC = App.HOME.resolve("docs/bag-of-tasks.md");

    @TempDir
    Path tmp;

    @Test
    void docsTablesAreWhatTheProfilesPrint() throws Exception {
        assertTrue(Files.isRegularFile(App.JAR), "the application is not built: " + App.JAR + " (bin/gridsched builds it)");
        List<String> profiles = new ArrayList<>(List.of("bot-composition"));
        List<String> blocks = new ArrayList<>(List.of("bot-composition"));
        if ("all".equals(System.getProperty("bot.docs"))) {
            for (int row = 1; row <= 7; row++) {
                profiles.add("bot-table2-row" + row);
            }
            profiles.add("bot-placement-tasks");
            blocks.add("bot-table2");
        }
        Path results = tmp.resolve("results");
        for (String name : profiles) {
            long t0 = System.nanoTime();
            App.Result r = App.run(3600, tmp.resolve("plugins"), tmp.resolve("config"), null, "run",
                    App.HOME.resolve("runconfigs/" + name + ".json").toString(), "--out", results.resolve(name).toString(), "--quiet");
            assertEquals(0, r.exit(), name + " failed:\n" + r.all());
            System.out.printf("%s: %.0f s%n", name, (System.nanoTime() - t0) / 1e9);
            deleteRuns(results.resolve(name).resolve("runs")); // every run's folder: GBs; the tables need matrix.csv and tables.md only
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> check = new ArrayList<>(List.of(java, "-Ddoctables.bin=" + App.HOME.resolve("bin"),
                App.HOME.resolve("bin/DocTables.java").toString(), DOC.toString(), results.toString(), "--check"));
        check.addAll(blocks);
        App.Result docs = App.exec(check, App.HOME, Map.of(), null, 300);
        assertEquals(0, docs.exit(), "docs/bag-of-tasks.md differs from what the profiles print (bin/doc-tables docs/bag-of-tasks.md "
                + "RESULTS_DIR rewrites it):\n" + docs.all());
    }

    /** Deletes a matrix's runs/ folder (each run keeps its jobs.csv: about 10 MB per co-allocation run). */
    static void deleteRuns(java.nio.file.Path runs) throws java.io.IOException {
        if (!java.nio.file.Files.exists(runs)) {
            return;
        }
        try (var walk = java.nio.file.Files.walk(runs)) {
            for (java.nio.file.Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.delete(f);
            }
        }
    }
}
