package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.Csv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: a name holding a comma, a double quote and a line break goes through every CSV gridsched writes and
 * reads as it was: a workload file so named through {@code run} (jobs.csv), {@code validate} and
 * {@code report}; a matrix label so named through {@code matrix} as cells, {@code matrix --merge} (the same
 * matrix.csv as the one-shot run) and {@code report} of the matrix.
 */
class CsvRoundTripAppTest {
    private static final String NAME = "north, \"big\"\nwing";

    @TempDir
    Path tmp;

    private App.Result run(String... args) throws Exception {
        return App.run(tmp.resolve("plugins"), tmp.resolve("config"), null, args);
    }

    /** {@link #NAME} as a JSON string. */
    private static String json(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    private static List<List<String>> records(Path csv) throws Exception {
        List<List<String>> out = new ArrayList<>();
        Csv.Records r = new Csv.Records(new BufferedReader(new StringReader(Files.readString(csv))));
        for (String rec; (rec = r.next()) != null;) {
            out.add(Csv.split(rec));
        }
        return out;
    }

    /** Cluster names are restricted to letters, digits, '.', '_' and '-'; a workload is named after its file, which may hold anything. */
    @Test
    void aWorkloadNamedWithACommaAQuoteAndALineBreak() throws Exception {
        Path trace = tmp.resolve(NAME + ".swf");
        StringBuilder swf = new StringBuilder("; a small trace whose file name holds a comma, a quote and a line break\n");
        for (int i = 1; i <= 60; i++) {
            swf.append(i).append(' ').append(i * 100).append(" -1 ").append(500 + 37 * (i % 11)).append(' ').append(1 + i % 16)
                    .append(" -1 -1 ").append(1 + i % 16).append(' ').append(900 + 37 * (i % 11)).append(" -1 1 ").append(1 + i % 3)
                    .append(" 1 -1 1 -1 -1 -1\n");
        }
        Files.writeString(trace, swf);
        Path profile = tmp.resolve("named.json");
        Files.writeString(profile, "{\"name\": \"named\", \"platform\": \"a:16,b:8\", \"meta\": \"mct\", \"batch\": \"easy\","
                + " \"collectors\": [\"jobs\", {\"name\": \"queue\", \"options\": {\"sample_every\": 600}}],"
                + " \"workload\": {\"file\": " + json(trace.toString()) + ", \"reader\": \"swf\"}, \"seed\": 2}");
        Path out = tmp.resolve("out");
        App.Result r = run("run", profile.toString(), "--out", out.toString(), "--quiet");
        assertEquals(0, r.exit(), r.all());
        List<List<String>> jobs = records(out.resolve("jobs.csv"));
        int workload = jobs.get(0).indexOf("workload_name");
        assertEquals(61, jobs.size(), "a header and 60 jobs, though every job's workload name spans 2 lines");
        assertTrue(jobs.stream().skip(1).allMatch(f -> f.get(workload).equals(NAME + ".swf")), jobs.get(1).toString());
        assertTrue(jobs.stream().allMatch(f -> f.size() == jobs.get(0).size()), "every record has the header's fields");

        App.Result validate = run("validate", out.toString());
        assertEquals(0, validate.exit(), validate.all());
        App.Result report = run("report", out.toString(), "--no-images");
        assertEquals(0, report.exit(), report.all());
        assertTrue(Files.readString(out.resolve("report.html")).contains("60"), "the report was written");
    }

    @Test
    void aMatrixLabelWithACommaAQuoteAndALineBreak() throws Exception {
        Path profile = tmp.resolve("matrix.json");
        Files.writeString(profile, "{\"name\": \"labels\", \"platform\": \"a:64,b:32\", \"meta\": \"mct\", \"collectors\": [\"jobs\"],"
                + " \"workload\": {\"generator\": \"lublin99\", \"options\": {\"jobs\": 200, \"processors\": 64}},"
                + " \"matrix\": {\"batch\": {" + json(NAME) + ": \"easy\", \"plain\": \"fcfs\"}, \"metrics\": [\"mean_wait\"]},"
                + " \"seed\": 4, \"progress\": false}");
        Path oneShot = tmp.resolve("one-shot");
        App.Result r = run("run", profile.toString(), "--out", oneShot.toString());
        assertEquals(0, r.exit(), r.all());
        Path sweep = tmp.resolve("sweep");
        r = run("matrix", profile.toString(), "--out", sweep.toString(), "--cells", "0-1");
        assertEquals(0, r.exit(), r.all());
        r = run("matrix", profile.toString(), "--merge", sweep.toString());
        assertEquals(0, r.exit(), r.all());
        byte[] merged = Files.readAllBytes(sweep.resolve("matrix.csv"));
        assertEquals(Files.readString(oneShot.resolve("matrix.csv")), new String(merged), "--merge writes the one-shot matrix.csv");
        List<List<String>> rows = records(oneShot.resolve("matrix.csv"));
        assertEquals(3, rows.size(), "a header and 2 rows, though a label spans 2 lines: " + rows);
        assertTrue(rows.stream().anyMatch(f -> f.contains(NAME)), rows.toString());
        App.Result report = run("report", oneShot.toString(), "--no-images");
        assertEquals(0, report.exit(), report.all());
    }
}
