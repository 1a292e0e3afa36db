package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * docs/bag-of-tasks.md against the documented commands (issue 26): runs {@code runconfigs/bot-composition.json} (the
 * providers-per-bag histograms of the composition rules, 240 runs, about 30 s on 2 cores) as {@code gridsched run}
 * does and checks with {@code bin/doc-tables --check} that the page's block of it is what it prints. With
 * {@code -Dbot.docs=all} it also runs the seven Table II profiles (17,500 runs) and {@code bot-placement-tasks.json}
 * (3,000 runs) and checks the {@code bin/bot-tables} block (about half an hour on 2 cores shared with other work).
 * Each profile's runs/ folder is deleted once its tables are written (2,500 runs keep about 2.9 GB).
 *
 * <p>Without {@code -Dbot.docs=all} the Table II block is not recomputed (half an hour is beyond the suite's budget), but
 * what would make it silently stale is checked in milliseconds: the seven profiles run the same overestimations
 * and seeds (the reductions pair the rows run by run), bot-placement-tasks the same seeds, and every table of the
 * block is over exactly that many workloads (its headings say how many), so changing the profiles' workloads
 * without regenerating the block fails here.
 */
class BotDocsAppTest {
    static final Path DOC = App.HOME.resolve("docs/bag-of-tasks.md");

    @TempDir
    Path tmp;

    @Test
    void tableTwoProfilesArePairedAndTheDocsBlockIsOverTheirWorkloads() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode first = null;
        for (int row = 1; row <= 7; row++) {
            Path profile = App.HOME.resolve("runconfigs/bot-table2-row" + row + ".json");
            JsonNode matrix = json.readTree(profile.toFile()).get("matrix");
            List<String> labels = new ArrayList<>();
            matrix.get("controllers").fieldNames().forEachRemaining(labels::add);
            ObjectNode axes = json.createObjectNode();
            axes.set("o", json.valueToTree(labels));
            axes.set("seeds", matrix.get("seeds"));
            if (first == null) {
                first = axes;
            }
            assertEquals(first, axes, profile + ": its overestimations or seeds differ from row 1's; bin/bot-tables pairs the rows run by run");
        }
        // the block's last table pairs bot-placement-tasks' runs among themselves, over the same workloads
        Path tasks = App.HOME.resolve("runconfigs/bot-placement-tasks.json");
        assertEquals(first.get("seeds"), json.readTree(tasks.toFile()).get("matrix").get("seeds"), tasks + ": its seeds differ from the Table II profiles'");
        int workloads = first.get("seeds").size();
        String page = Files.readString(DOC);
        String begin = "<!-- BEGIN bin/bot-tables of runconfigs/bot-table2.gosh -->";
        int at = page.indexOf(begin);
        assertTrue(at >= 0, DOC + " has no block " + begin);
        String block = page.substring(at, page.indexOf("<!-- END -->", at));
        Matcher m = Pattern.compile("over the (\\d+) workloads").matcher(block);
        int headings = 0;
        while (m.find()) {
            headings++;
            assertEquals(workloads, Integer.parseInt(m.group(1)), "the bin/bot-tables block of " + DOC + " is over " + m.group(1)
                    + " workloads, the profiles run " + workloads + ": regenerate it (bin/doc-tables docs/bag-of-tasks.md RESULTS_DIR bot-table2)");
        }
        assertTrue(headings >= 15, "the block's tables should name their number of workloads; found " + headings + " that do");
    }

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
