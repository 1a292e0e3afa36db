package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * runconfigs/hpc2n-multifactor.json runs in the application (the multifactor policy is registered and
 * reads its options from the profile), limits show up as held_by_limit in summary.json, and a bad option
 * fails naming its key. Skipped, saying so, where ../shared/data lacks the HPC2N excerpt.
 */
class MultifactorProfileAppTest {
    private static final Path PROFILE = App.HOME.resolve("runconfigs/hpc2n-multifactor.json");
    private static final Path TRACE = App.HOME.resolve("../shared/data/HPC2N-seth-excerpt.swf").normalize();

    @TempDir
    Path tmp;

    @BeforeEach
    void needsTrace() {
        Assumptions.assumeTrue(Files.isRegularFile(TRACE), "the HPC2N excerpt is absent at " + TRACE
                + "; real traces live beside the repository in ../shared/data and are never copied into it: skipping");
    }

    private App.Result run(String... args) throws Exception {
        return App.run(Files.createDirectories(tmp.resolve("plugins")), Files.createDirectories(tmp.resolve("config")),
                null, args);
    }

    /** The profile with its trace path made absolute and {@code options} added to the policy's options. */
    private Path variant(String name, String options) throws Exception {
        String json = Files.readString(PROFILE).replace("../../shared/data/HPC2N-seth-excerpt.swf", TRACE.toString())
                .replace("\"rule\": \"easy\",", "\"rule\": \"easy\", " + options);
        Path p = tmp.resolve(name + ".json");
        Files.writeString(p, json);
        return p;
    }

    @Test
    void theProfileRuns() throws Exception {
        Path out = tmp.resolve("out");
        App.Result r = run("run", PROFILE.toString(), "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.contains("\"batch multifactor\""), summary);
        assertTrue(summary.contains("\"fidelity_jobs\": 3145"), summary);
        assertTrue(!summary.contains("held_by_limit"), "no limits, no count: " + summary);
        // every job goes to the first partition that admits it: short (<= 1 h, <= 32 processors) or batch
        long toShort = count(summary, "routed_to_short");
        long toBatch = count(summary, "routed_to_batch");
        assertEquals(3145, toShort + toBatch, summary);
        assertTrue(toShort > 1000 && toBatch > 1000, summary);
        assertTrue(!summary.contains("rejected_by_reason"), "batch admits every job: " + summary);
        // short jobs ran on short's processors 176-239 only
        List<String> lines = Files.readAllLines(out.resolve("jobs.csv"));
        long shortOnShort = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (Double.parseDouble(f[5]) <= 3600 && Integer.parseInt(f[4]) <= 32) {
                for (String range : f[14].split(" ")) {
                    assertTrue(Integer.parseInt(range.split("-")[0]) >= 176, "a short job outside short: " + line);
                }
                shortOnShort++;
            }
        }
        assertEquals(toShort, shortOnShort, "the jobs short admits are those routed there");
    }

    /** Routed by the trace's partition number to short, the jobs over its limits are rejected and counted. */
    @Test
    void jobsNoPartitionAdmitsAreRejectedAndCounted() throws Exception {
        Path out = tmp.resolve("routed");
        App.Result r = run("run", variant("routed", "\"partition_names\": {\"1\": \"short\"},").toString(),
                "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        String summary = Files.readString(out.resolve("summary.json"));
        long overTime = count(summary, "over_partition_time_limit");
        long overSize = count(summary, "over_partition_size_limit");
        assertTrue(overTime > 1000 && overSize > 0, summary);
        assertEquals(3145 - overTime - overSize, count(summary, "routed_to_short"), summary);
        assertEquals(0, count(summary, "routed_to_batch"), summary);
        long rejectedRows = Files.readAllLines(out.resolve("jobs.csv")).stream().filter(l -> l.contains(",REJECTED,")).count();
        assertEquals(overTime + overSize, rejectedRows, "every rejected job is in jobs.csv as REJECTED");
    }

    private static long count(String summary, String key) {
        int at = summary.indexOf("\"" + key + "\": ");
        assertTrue(at >= 0, key + " in " + summary);
        return Long.parseLong(summary.substring(at + key.length() + 4).split("[,\\s}]")[0]);
    }

    @Test
    void limitsAreCountedInTheSummary() throws Exception {
        Path out = tmp.resolve("limited");
        App.Result r = run("run", variant("limited", "\"limits\": {\"user\": {\"max_running\": 2}},").toString(),
                "--quiet", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        String summary = Files.readString(out.resolve("summary.json"));
        assertTrue(summary.indexOf("\"held_by_limit\": ") > summary.indexOf("\"clusters\""), "held_by_limit under the cluster: " + summary);
        long held = count(summary, "held_by_limit");
        assertTrue(held > 0, "users of the excerpt run more than 2 jobs at once: " + held);
    }

    @Test
    void anUnknownQosNameIsAnErrorNamingTheKey() throws Exception {
        App.Result r = run("run", variant("badqos", "\"qos\": {\"normal\": 1}, \"qos_names\": {\"1\": \"hihg\"},").toString(),
                "--quiet", "--out", tmp.resolve("bad").toString());
        assertNotEquals(0, r.exit(), r.all());
        assertTrue(r.all().contains("qos_names") && r.all().contains("hihg"), r.all());
    }
}
