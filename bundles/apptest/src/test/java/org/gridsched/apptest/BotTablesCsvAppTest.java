package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/bot-tables and bin/coalloc-verdicts read matrix.csv as RFC 4180 (issue 26): a matrix label holding a comma, a
 * double quote or a line break is quoted in matrix.csv, and reading it by splitting lines on commas shifted every
 * column after it (or split one record into two). The files here are small hand-made matrices whose labels need
 * quoting, with values chosen so that the expected tables are known exactly; a comma-splitting reader fails on
 * them. Both are commands of one single-file Java program (bin/ResultTables.java), launched as the documented
 * commands launch them (about 1-2 s each).
 */
class BotTablesCsvAppTest {
    @TempDir
    Path tmp;

    /** A label needing every kind of quoting RFC 4180 has: comma, doubled quote, line break (CRLF, read as LF). */
    static final String HARD = "o=50, \"fast\"\r\nsecond line";

    static String quoted(String s) {
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /**
     * Rows 1-7 with two overestimations (one label plain, one quoted) and three seeds; stretch_factor_multi of the
     * baseline rows (1, 5) is 10 + seed, of every other row (1 - row / 100) times the baseline's, so its reduction
     * is exactly {@code row} % with a zero-width interval.
     */
    void writeTable2(Path results) throws Exception {
        String[] metrics = {"stretch_factor_multi", "bounded_stretch_factor_multi", "response_time", "response_time_single", "response_time_multi",
            "bounded_slowdown", "bounded_slowdown_multi", "bags_on_1_providers", "bags_on_2_providers", "bags_on_3_providers",
            "bags_on_4_providers", "bot_utilization_percent"};
        for (int row = 1; row <= 7; row++) {
            StringBuilder csv = new StringBuilder("controllers,seed," + String.join(",", metrics) + "\r\n");
            for (String o : List.of("o=0", quoted(HARD))) {
                for (int seed = 1; seed <= 3; seed++) {
                    double base = 10 + seed;
                    double sf = row == 1 || row == 5 ? base : base * (1 - row / 100.0);
                    csv.append(o).append(',').append(seed).append(',').append(sf);
                    // the other metrics: the same for every row, so their reductions are 0; bags 70/20/7/3 %
                    csv.append(",2,5000,4000,6000,1.5,2.5,70,20,7,3,67.5\r\n");
                }
            }
            Path dir = Files.createDirectories(results.resolve("bot-table2-row" + row));
            Files.writeString(dir.resolve("matrix.csv"), csv);
        }
    }

    @Test
    void botTablesReadsQuotedLabels() throws Exception {
        Path results = tmp.resolve("results");
        writeTable2(results);
        App.Result r = App.exec(List.of(App.HOME.resolve("bin/bot-tables").toString(), results.toString()), App.HOME, Map.of(), null, 120);
        assertEquals(0, r.exit(), r.all());
        String out = r.out();
        String sfReduction = out.substring(out.indexOf("#### stretch_factor_multi: reduction"));
        // columns: o=0, then the quoted label (its line break kept in the header cell)
        assertTrue(sfReduction.contains("| o=0 | " + HARD.replace("\r\n", "\n") + " |"), sfReduction);
        for (int row : new int[] {2, 3, 4, 6, 7}) {
            assertTrue(sfReduction.contains("\n| " + row + " | " + row + ".0 ± 0.0 | " + row + ".0 ± 0.0 |"), "row " + row + ":\n" + sfReduction);
        }
        // row 1's stretch factors 11, 12, 13: mean 12, half-width t(2) x 1 / sqrt(3) = 4.303 / 1.732
        assertTrue(out.contains("\n| 1 | 12.00 ± 2.48 | 12.00 ± 2.48 |"), out);
        assertTrue(out.contains("\n| 1 | 70.0 ± 0.0 | 20.0 ± 0.0 | 7.0 ± 0.0 | 3.0 ± 0.0 |"), out);
        assertTrue(out.contains("over the 3 workloads"), out);
    }

    @Test
    void botTablesNamesFileAndLineOfBadCsvAndUnpairedRuns() throws Exception {
        Path results = tmp.resolve("results");
        writeTable2(results);
        Path row4 = results.resolve("bot-table2-row4/matrix.csv");
        String good = Files.readString(row4);
        // a record opening a quote that nothing closes, after 10 lines (the quoted label's records take two each)
        Files.writeString(row4, good + "\"o=0,4,1\r\n");
        App.Result r = App.exec(List.of(App.HOME.resolve("bin/bot-tables").toString(), results.toString()), App.HOME, Map.of(), null, 120);
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains(row4 + ":11: a quoted field is not closed before the end of the file"), r.all());
        assertTrue(!r.all().contains("Exception"), r.all());
        // row 6 without seed 3: its reductions could not pair it with row 5
        Files.writeString(row4, good);
        Path row6 = results.resolve("bot-table2-row6/matrix.csv");
        Files.writeString(row6, String.join("\r\n", Files.readString(row6).lines().filter(l -> !l.startsWith("o=0,3,")).toList()) + "\r\n");
        r = App.exec(List.of(App.HOME.resolve("bin/bot-tables").toString(), results.toString()), App.HOME, Map.of(), null, 120);
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains(row6 + " and " + results.resolve("bot-table2-row1/matrix.csv") + " differ in their overestimations or seeds (at o=0)"), r.all());
    }

    @Test
    void coallocVerdictsReadsQuotedLabels() throws Exception {
        Path results = tmp.resolve("coalloc-paper");
        Files.createDirectories(results);
        StringBuilder csv = new StringBuilder("workload,controllers,seed,global_success_percent,local_mean_response_time,local_kill_percent\n");
        String workload = quoted("lambda_g=0.004, \"x\"\nlong");
        String[] policies = {"wait-0", "wait-10", "wait-100", "wait-1000", "rpp"};
        for (int p = 0; p < policies.length; p++) {
            for (int seed = 1; seed <= 4; seed++) {
                // success falls along the list, response time and kills grow: every ordering of the three figures holds
                csv.append(workload).append(',').append(policies[p]).append(',').append(seed).append(',').append(90 - 10 * p + seed % 2)
                        .append(',').append(1000 + 100 * p + seed).append(',').append(p + 0.1 * seed).append('\n');
            }
        }
        Files.writeString(results.resolve("matrix.csv"), csv);
        App.Result r = App.exec(List.of(App.HOME.resolve("bin/coalloc-verdicts").toString(), results.toString()), App.HOME, Map.of(), null, 120);
        assertEquals(0, r.exit(), r.all());
        // wait-10 against wait-1000: 2 x 10 points more success on every seed
        assertTrue(r.out().contains("| lambda_g=0.004, \"x\"\nlong | 4 | global_success_percent | wait-10 > wait-1000 | 20.00 ± 0.00 | holds |"), r.out());
        assertEquals(8, r.out().split("\\| holds \\|", -1).length - 1, r.out());
    }

    /** One seed gives no confidence interval: a clear error naming the file and the pair (it was an index out of bounds). */
    @Test
    void coallocVerdictsNeedTwoSeeds() throws Exception {
        Path results = Files.createDirectories(tmp.resolve("one-seed"));
        StringBuilder csv = new StringBuilder("workload,controllers,seed,global_success_percent,local_mean_response_time,local_kill_percent\n");
        for (String p : List.of("wait-0", "wait-10", "wait-100", "wait-1000", "rpp")) {
            csv.append("lambda_g=0.004,").append(p).append(",1,50,1000,3\n");
        }
        Files.writeString(results.resolve("matrix.csv"), csv);
        App.Result r = App.exec(List.of(App.HOME.resolve("bin/coalloc-verdicts").toString(), results.toString()), App.HOME, Map.of(), null, 120);
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains(results.resolve("matrix.csv") + ": wait-0 and wait-1000 at lambda_g=0.004 ran 1 seed(s); a verdict needs at least 2"),
                r.all());
    }
}
