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
        DocProfiles.run(tmp, results, profiles, 3600);
        DocProfiles.assertBlocksMatch(DOC, results, blocks);
    }
}
