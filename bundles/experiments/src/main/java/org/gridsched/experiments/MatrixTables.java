package org.gridsched.experiments;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A view of a matrix's results: the rows of {@code matrix.csv} and the tables of {@code tables.md}. A matrix of metrics
 * has {@link MetricTables}; a reallocation study has {@link StudyTables}, laid out like its paper's report. A study
 * with tables of its own adds a view, not a branch in the running ({@link MatrixExperiments}, {@link Sweep}).
 */
interface MatrixTables {
    /** {@code matrix.csv}: a header, then one row per run (or per compared run). */
    String csv();

    /** {@code tables.md}. */
    String markdown();

    /** Writes both files into {@code dir}, created if needed. */
    default void writeTo(Path dir) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("matrix.csv"), csv(), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("tables.md"), markdown(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write results to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Text in a markdown table cell or heading: a table row ends at a line break and its cells at a '|', so a label
     * holding either (a profile may give any string) would break the table. Line breaks become {@code <br>}, other
     * control characters a space; backslashes are doubled first so that the '|' escape stays one.
     */
    static String cellText(String s) {
        String text = s.replace("\\", "\\\\").replace("|", "\\|").replace("\r\n", "<br>").replace("\n", "<br>").replace("\r", "<br>");
        return text.replaceAll("\\p{Cntrl}", " ");
    }

    /** A number of a table with that many decimals (locale-independent); "-" where there is none (NaN). */
    static String format(double v, int digits) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + digits + "f", v);
    }
}
