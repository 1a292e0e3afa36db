package org.gridsched.experiments;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.launcher.CliHarness;
import org.gridsched.launcher.MatrixAxes;
import org.gridsched.metrics.JobMetricsCollector;
import org.gridsched.metrics.UtilizationCollector;
import org.gridsched.workload.synthetic.SyntheticGenerator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A matrix as numbered cells ({@code gridsched matrix}): the list, cells run one by one or in ranges and merged into
 * the one-shot run's files byte for byte, resumption, replications, errors; and the Slurm scripts ({@code gridsched
 * slurm}) against their golden file. Reallocation studies, whose plugins are not in this module, are checked the same
 * way on the exported application (apptest's SweepAppTest).
 */
class SweepTest {
    @TempDir
    Path tmp;

    private CliHarness cli;

    @BeforeEach
    void plugins() {
        cli = new CliHarness(tmp).experiments(new MatrixExperiments()).add(
                new FcfsPolicy(), new EasyPolicy(), new SyntheticGenerator(), new JobMetricsCollector(), new UtilizationCollector());
    }

    private static String workload(double rate) {
        return String.format(Locale.ROOT, "{\"generator\": \"synthetic\", \"options\": {\"rate\": %s, \"duration\": 20000,"
                + " \"size\": \"uniform\", \"max_size\": 8, \"mean_length\": 400, \"requested_time\": \"overestimate\"}}", rate);
    }

    /** 2 workloads x 2 batch policies x 2 seeds: 8 cells. */
    private Path profile(String name, String seeds) throws IOException {
        Path f = tmp.resolve(name + ".json");
        Files.writeString(f, """
                {"name": "%s", "platform": "c:16", "collectors": ["jobs", "utilization"], "progress": false,
                 "matrix": {
                   "workloads": {"light": %s, "heavy, busy": %s},
                   "batch": ["fcfs", "easy"],
                   %s,
                   "metrics": ["mean_wait", "utilization", "max_wait"]}}
                """.formatted(name, workload(0.005), workload(0.02), seeds));
        return f;
    }

    /** Every file under a folder, by relative path, with its bytes. */
    private static Map<String, byte[]> files(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(dir.relativize(p).toString(), Files.readAllBytes(p));
            }
        }
        return m;
    }

    private static void assertSameFiles(Map<String, byte[]> expected, Map<String, byte[]> actual) {
        assertEquals(expected.keySet(), actual.keySet());
        expected.forEach((k, v) -> assertArrayEquals(v, actual.get(k), k + " differs"));
    }

    @Test
    void listIsStableAndNamesEveryCellWithItsKeyAndSeed() throws Exception {
        Path p = profile("m", "\"seeds\": [5, 7]");
        assertEquals(0, cli.run("matrix", p.toString(), "--list"), cli.err());
        String first = cli.out();
        assertEquals(0, cli.run("matrix", p.toString(), "--list"), cli.err());
        assertEquals(first, cli.out(), "the same list every time");
        assertEquals("""
                # m: 8 cells (each one run), numbered 0-7; columns: cell, key (its folder under cells/), seed, what it runs
                0\tlight-fcfs-seed-5\t5\tworkload light, batch fcfs, seed 5
                1\tlight-fcfs-seed-7\t7\tworkload light, batch fcfs, seed 7
                2\tlight-easy-seed-5\t5\tworkload light, batch easy, seed 5
                3\tlight-easy-seed-7\t7\tworkload light, batch easy, seed 7
                4\theavy-busy-fcfs-seed-5\t5\tworkload heavy, busy, batch fcfs, seed 5
                5\theavy-busy-fcfs-seed-7\t7\tworkload heavy, busy, batch fcfs, seed 7
                6\theavy-busy-easy-seed-5\t5\tworkload heavy, busy, batch easy, seed 5
                7\theavy-busy-easy-seed-7\t7\tworkload heavy, busy, batch easy, seed 7
                # m: 8 cells, 8 runs (one a cell)
                """, first);
    }

    @Test
    void cellsRunSeparatelyAndMergedEqualTheOneShotRunByteForByte() throws Exception {
        Path p = profile("m", "\"seeds\": [1, 2]");
        assertEquals(0, cli.run("run", p.toString(), "--out", tmp.resolve("one-shot").toString()), cli.err());
        Path sweep = tmp.resolve("sweep");
        // out of order, one by one and in ranges, on one thread and on several
        assertEquals(0, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "5-7", "--threads", "1"), cli.err());
        assertEquals(0, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cell", "0"), cli.err());
        assertEquals(0, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "1-4", "--threads", "3"), cli.err());
        assertEquals(0, cli.run("matrix", p.toString(), "--merge", sweep.toString()), cli.err());
        assertTrue(cli.out().contains("m: merged 8 cells into " + sweep.resolve("matrix.csv")), cli.out());
        for (String f : List.of("matrix.csv", "tables.md")) {
            assertArrayEquals(Files.readAllBytes(tmp.resolve("one-shot").resolve(f)), Files.readAllBytes(sweep.resolve(f)), f);
        }
        // every run of the one-shot run's runs/ is in its cell, byte for byte
        Map<String, byte[]> oneShot = files(tmp.resolve("one-shot/runs"));
        Map<String, byte[]> cells = new TreeMap<>();
        files(sweep.resolve("cells")).forEach((k, v) -> {
            if (!k.endsWith("cell.json") && !k.contains(".gridsched")) {
                cells.put(k.substring(k.indexOf("/runs/") + "/runs/".length()), v);
            }
        });
        assertEquals(8 * 2, oneShot.size(), oneShot.keySet().toString());
        assertSameFiles(oneShot, cells);
        // and the merge puts them where the one-shot run has them, as links to the cells' files
        assertSameFiles(oneShot, files(sweep.resolve("runs")));
        assertTrue(Files.isSameFile(sweep.resolve("runs/light-easy-seed-2/jobs.csv"), sweep.resolve("cells/light-easy-seed-2/runs/light-easy-seed-2/jobs.csv")));
        assertEquals(0, cli.run("matrix", p.toString(), "--merge", sweep.toString()), "a merge again: " + cli.err());
        assertSameFiles(oneShot, files(sweep.resolve("runs")));

        // the local default: every cell left, then the merge, into another folder: the same again
        assertEquals(0, cli.run("matrix", p.toString(), "--out", tmp.resolve("local").toString()), cli.err());
        assertArrayEquals(Files.readAllBytes(sweep.resolve("matrix.csv")), Files.readAllBytes(tmp.resolve("local/matrix.csv")));
        assertSameFiles(files(sweep.resolve("cells")), files(tmp.resolve("local/cells")));
        assertSameFiles(files(sweep.resolve("runs")), files(tmp.resolve("local/runs")));
    }

    @Test
    void aRerunSkipsCompleteCellsAndRunsPartialOnesAgain() throws Exception {
        Path p = profile("m", "\"seeds\": [1, 2]");
        Path sweep = tmp.resolve("sweep");
        assertEquals(0, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "0-3"), cli.err());
        Path cells = sweep.resolve("cells");
        FileTime old = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(cells.resolve("light-fcfs-seed-1/cell.json"), old);
        // a cell killed while it ran: its staging folder, no record
        Files.createDirectories(cells.resolve("heavy-busy-fcfs-seed-1/.gridsched-partial/runs/heavy-busy-fcfs-seed-1"));
        Files.writeString(cells.resolve("heavy-busy-fcfs-seed-1/.gridsched-partial/runs/heavy-busy-fcfs-seed-1/jobs.csv"), "half a fi");
        // a cell killed while its files were moved into place: some files, no record
        Files.createDirectories(cells.resolve("heavy-busy-fcfs-seed-2/runs/heavy-busy-fcfs-seed-2"));
        // (the record, which lists the files before they are moved, is written first)
        Files.writeString(cells.resolve("heavy-busy-fcfs-seed-2/.gridsched-run"), "{\"format\": \"gridsched output record 1\", \"run\": \"m\","
                + " \"origin\": \"profile " + p.toRealPath() + "\", \"paths\": [\"runs/\", \"runs/heavy-busy-fcfs-seed-2/\","
                + " \"runs/heavy-busy-fcfs-seed-2/jobs.csv\", \"runs/heavy-busy-fcfs-seed-2/summary.json\"]}");
        Files.writeString(cells.resolve("heavy-busy-fcfs-seed-2/runs/heavy-busy-fcfs-seed-2/jobs.csv"), "half a fi");

        assertEquals(1, cli.run("matrix", p.toString(), "--merge", sweep.toString()));
        assertTrue(cli.err().contains("4 of 8 cells are not complete:\n  missing (never run): 6-7 (2 cells)\n"
                + "  partially written (stopped before the end): 4-5 (2 cells)\n"
                + "run them (complete cells are skipped), e.g.: gridsched matrix " + p + " --out " + sweep + " --cells 4-7"), cli.err());
        assertFalse(Files.exists(sweep.resolve("matrix.csv")), "no merge from incomplete cells");

        String before = Files.readString(p);
        Files.writeString(p, before.replace("\"progress\": false", "\"progress\": true"));
        assertEquals(0, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--threads", "2"), cli.err());
        assertTrue(cli.err().contains("m: cells 0-7: 4 to run (4 already complete, skipped) on 2 threads, 4 runs (one a cell), into " + cells),
                cli.err());
        for (int i : new int[] {4, 5, 6, 7}) {
            assertTrue(cli.err().contains("m: cell " + i + " ("), "cell " + i + " runs again: " + cli.err());
        }
        assertFalse(cli.err().contains("m: cell 0 ("), cli.err());
        assertEquals(old, Files.getLastModifiedTime(cells.resolve("light-fcfs-seed-1/cell.json")), "a complete cell is not touched");
        assertFalse(Files.exists(cells.resolve("heavy-busy-fcfs-seed-1/.gridsched-partial")));
        assertEquals(0, cli.run("run", p.toString(), "--out", tmp.resolve("one-shot").toString()), cli.err());
        for (String f : List.of("matrix.csv", "tables.md")) {
            assertArrayEquals(Files.readAllBytes(tmp.resolve("one-shot").resolve(f)), Files.readAllBytes(sweep.resolve(f)), f);
        }
        assertArrayEquals(Files.readAllBytes(tmp.resolve("one-shot/runs/heavy-busy-fcfs-seed-2/jobs.csv")),
                Files.readAllBytes(cells.resolve("heavy-busy-fcfs-seed-2/runs/heavy-busy-fcfs-seed-2/jobs.csv")));
        assertEquals(0, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "2-3"), cli.err());
        assertTrue(cli.err().contains("m: cells 2-3 already complete in " + cells + "; nothing to run"), cli.err());
        assertEquals(0, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "2-3", "--quiet"), cli.err());
        assertEquals("", cli.out() + cli.err(), "--quiet prints nothing but errors");
        assertEquals(1, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "2-30", "--quiet"));
        assertTrue(cli.err().contains("--cells: cells 2-30 go beyond the last cell"), "errors still reach the user: " + cli.err());
        // --no-progress: no line per cell, which a job log of thousands of cells does not need
        Path quieter = tmp.resolve("quieter");
        assertEquals(0, cli.run("matrix", p.toString(), "--out", quieter.toString(), "--cells", "0-1", "--no-progress"), cli.err());
        assertFalse(cli.err().contains("m: cell 0 ("), cli.err());
        assertTrue(Files.exists(quieter.resolve("cells/light-fcfs-seed-1/cell.json")));
    }

    @Test
    void replicationsDeriveTheSeedsFromTheProfileSeedAndAProfileWithoutThemKeepsItsSeeds() throws Exception {
        assertEquals(MatrixAxes.replicationSeeds(1, 3), MatrixAxes.replicationSeeds(1, 3));
        assertEquals(MatrixAxes.replicationSeeds(1, 3), MatrixAxes.replicationSeeds(1, 5).subList(0, 3), "replicate r's seed does not depend on their number");
        assertNotEquals(MatrixAxes.replicationSeeds(1, 3), MatrixAxes.replicationSeeds(2, 3));
        assertEquals(1000, new java.util.HashSet<>(MatrixAxes.replicationSeeds(42, 1000)).size());
        Path p = profile("r", "\"replications\": 2");
        assertEquals(0, cli.run("matrix", p.toString(), "--list"), cli.err());
        List<Long> seeds = MatrixAxes.replicationSeeds(1, 2);
        assertTrue(cli.out().contains("\n0\tlight-fcfs-seed-" + seeds.get(0) + "\t" + seeds.get(0) + "\tworkload light, batch fcfs, seed " + seeds.get(0)
                + "\n1\tlight-fcfs-seed-" + seeds.get(1) + "\t" + seeds.get(1) + "\t"), cli.out());
        assertEquals(0, cli.run("matrix", p.toString(), "--list", "--seed", "9"), cli.err());
        assertTrue(cli.out().contains("\t" + MatrixAxes.replicationSeeds(9, 2).get(1) + "\t"), "--seed changes the derived seeds: " + cli.out());
        // no seeds, no replications: the profile's seed, as ever
        Files.writeString(p, Files.readString(p).replace("\"replications\": 2,", "").replace("\"progress\": false,", "\"progress\": false, \"seed\": 3,"));
        assertEquals(0, cli.run("matrix", p.toString(), "--list"), cli.err());
        assertTrue(cli.out().startsWith("# r: 4 cells") && cli.out().contains("\n3\theavy-busy-easy\t3\tworkload heavy, busy, batch easy, seed 3\n"), cli.out());
        Files.writeString(p, Files.readString(p).replace("\"batch\": [", "\"seeds\": [1], \"replications\": 2, \"batch\": ["));
        assertEquals(1, cli.run("matrix", p.toString(), "--list"));
        assertTrue(cli.err().contains("matrix.replications: give either \"seeds\" (the seeds themselves) or \"replications\""), cli.err());
        Path listed = tmp.resolve("listed-seeds.json");
        Files.writeString(listed, Files.readString(p).replace("\"replications\": 2,", ""));
        assertEquals(2, cli.run("matrix", listed.toString(), "--list", "--seed", "9"));
        assertTrue(cli.err().contains("--seed: the profile's matrix lists its own seeds (matrix.seeds [1])"), "a listed seed is not replaced: " + cli.err());
        Files.writeString(p, Files.readString(p).replace("\"seeds\": [1], \"replications\": 2,", "\"replications\": 0,"));
        assertEquals(1, cli.run("matrix", p.toString(), "--list"));
        assertTrue(cli.err().contains("matrix.replications: expected a whole number of replications from 1 to 100000, got 0"), cli.err());
    }

    @Test
    void badCellsRangesAndFoldersAreClearErrors() throws Exception {
        Path p = profile("m", "\"seeds\": [1, 2]");
        Path sweep = tmp.resolve("sweep");
        assertEquals(1, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cell", "8"));
        assertTrue(cli.err().contains("--cell: there is no cell 8: 'm' has 8 cells, numbered 0-7 (see --list)"), cli.err());
        assertEquals(1, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "6-12"));
        assertTrue(cli.err().contains("--cells: cells 6-12 go beyond the last cell: 'm' has 8 cells, numbered 0-7"), cli.err());
        assertEquals(2, cli.run("matrix", p.toString(), "--cells", "5-2"));
        assertTrue(cli.err().contains("--cells 5-2: the first cell is after the last; write 2-5"), cli.err());
        assertEquals(2, cli.run("matrix", p.toString(), "--cells", "x"));
        assertTrue(cli.err().contains("--cells expects a range FIRST-LAST of cell numbers, e.g. --cells 0-9; got 'x'"), cli.err());
        assertEquals(2, cli.run("matrix", p.toString(), "--cell", "1-2"));
        assertTrue(cli.err().contains("--cell takes one cell number; give a range with --cells 1-2"), cli.err());
        assertEquals(2, cli.run("matrix", p.toString(), "--list", "--merge", sweep.toString()));
        assertTrue(cli.err().contains("matrix: --list and --merge do different things; give one of them"), cli.err());
        assertEquals(2, cli.run("matrix", p.toString(), "--cels", "1"));
        assertTrue(cli.err().contains("matrix: unknown option '--cels'; did you mean '--cell'?"), cli.err());
        assertEquals(1, cli.run("matrix", p.toString(), "--merge", tmp.resolve("nowhere").toString()));
        assertTrue(cli.err().contains("nowhere: merge: no such folder; give the folder the cells were run into (their --out)"), cli.err());

        Path single = tmp.resolve("single.json");
        Files.writeString(single, "{\"name\": \"s\", \"platform\": \"c:16\", \"workload\": " + workload(0.01) + "}");
        assertEquals(1, cli.run("matrix", single.toString(), "--list"));
        assertTrue(cli.err().contains("single.json: matrix: this profile has no \"matrix\"; matrix and slurm run the cells of a matrix"), cli.err());

        // cells of another profile, or of an edited one, are neither merged nor skipped
        assertEquals(0, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "0-1"), cli.err());
        Path other = profile("other", "\"seeds\": [1, 2]");
        assertEquals(1, cli.run("matrix", other.toString(), "--merge", sweep.toString()));
        assertTrue(cli.err().contains("merge: holds the results of 'm' (profile " + p.toRealPath() + "), not of 'other' (profile "
                + other.toRealPath() + "); give the profile the cells were run from"), cli.err());
        assertEquals(1, cli.run("matrix", other.toString(), "--out", sweep.toString(), "--cell", "0"));
        assertTrue(cli.err().contains(sweep + ": output: holds the results of 'm' (profile " + p.toRealPath() + "), not of 'other'"), cli.err());
        Files.writeString(p, Files.readString(p).replace("\"max_size\": 8", "\"max_size\": 4"));
        assertEquals(1, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "0-2"));
        assertTrue(cli.err().contains("holds cells this profile did not compute:\n  cell 0: " + sweep.resolve("cells/light-fcfs-seed-1/cell.json")
                + " was computed from another version of the profile (or with another --seed)\n  cell 1: "), cli.err());
        assertEquals(1, cli.run("matrix", p.toString(), "--merge", sweep.toString()));
        assertTrue(cli.err().contains("8 of 8 cells are not complete:\n  missing (never run): 2-7 (6 cells)\n  not computed from this profile: 0-1 (2 cells)"),
                cli.err());
        // editing the description only does not change the cells
        Files.writeString(p, Files.readString(p).replace("\"max_size\": 4", "\"max_size\": 8").replace("\"progress\": false,",
                "\"progress\": false, \"description\": \"now described\","));
        assertEquals(0, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--cells", "0-1"), cli.err());
        assertTrue(cli.err().contains("cells 0-1 already complete"), cli.err());

        Path foreign = tmp.resolve("foreign");
        Files.createDirectories(foreign);
        Files.writeString(foreign.resolve("notes.txt"), "mine");
        assertEquals(1, cli.run("matrix", p.toString(), "--out", foreign.toString(), "--cell", "0"));
        assertTrue(cli.err().contains(foreign + " holds a file that gridsched did not write (notes.txt)"), cli.err());
        assertEquals(1, cli.run("slurm", p.toString(), "--out", foreign.toString(), "--max-array-size", "1001"));
        assertTrue(cli.err().contains(foreign + " holds a file that gridsched did not write (notes.txt)"), cli.err());
        assertFalse(Files.exists(foreign.resolve("slurm")), "no scripts whose every task would fail");

        // a cell folder that is no cell of the profile (an axis value since removed, say) is named, and ignored
        Files.createDirectories(sweep.resolve("cells/old-value-seed-1"));
        assertEquals(1, cli.run("matrix", p.toString(), "--merge", sweep.toString()));
        assertTrue(cli.err().contains("gridsched: warning: " + sweep.resolve("cells/old-value-seed-1") + " is no cell of 'm' (ignored)"), cli.err());
    }

    @Test
    void aMetricNoCollectorReportsStopsTheSweepAfterItsFirstCell() throws Exception {
        // every cell would run its simulation and then fail alike: the sweep stops at the first
        Path p = profile("m", "\"seeds\": [1, 2]");
        Files.writeString(p, Files.readString(p).replace("\"max_wait\"]", "\"max_wiat\"]"));
        Path sweep = tmp.resolve("sweep");
        assertEquals(1, cli.run("matrix", p.toString(), "--out", sweep.toString(), "--threads", "1"));
        assertTrue(cli.err().contains(p + ": matrix.metrics: no collector reported 'max_wiat' in the cell workload light, batch fcfs, seed 1;"
                + " did you mean 'max_wait'?"), cli.err());
        assertTrue(cli.err().contains("\nthe sweep stopped there (7 of 8 cells not started): every cell would have failed alike after its runs;"
                + " correct the profile and run again"), cli.err());
        assertEquals(1, cli.err().lines().filter(l -> l.contains(" FAILED; ")).count(), cli.err());
        try (Stream<Path> s = Files.walk(sweep)) {
            assertFalse(s.anyMatch(f -> f.getFileName().toString().equals("cell.json")), "no cell is complete");
        }
        assertFalse(Files.exists(sweep.resolve("matrix.csv")));
    }

    // ------------------------------------------------------------------------------------------------ slurm

    private static final Path GOLDEN = Path.of("src/test/resources/slurm");

    /** The scripts, with the test's folders written as @TMP@ (the golden's are the same on every machine). */
    private String scripts(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String f : List.of("cells.sbatch", "merge.sbatch", "submit.sh")) {
            sb.append("==> ").append(f).append(" <==\n").append(Files.readString(dir.resolve(f)));
        }
        return sb.toString().replace(tmp.toAbsolutePath().toString(), "@TMP@");
    }

    private void assertGolden(String name, String actual) throws IOException {
        Path golden = GOLDEN.resolve(name);
        if (Boolean.getBoolean("gridsched.golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(golden, actual);
        }
        assertEquals(Files.readString(golden), actual, "the scripts differ from " + golden.toAbsolutePath()
                + " (after a deliberate change, rerun with -Dgridsched.golden.update=true and review the diff)");
    }

    /** 2 batch policies x 500 replications: 1,000 cells. */
    private Path thousandCells() throws IOException {
        Path f = tmp.resolve("sweep of 1000.json");
        Files.writeString(f, "{\"name\": \"big\", \"platform\": \"c:16\", \"workload\": " + workload(0.01) + ", \"matrix\": {\"batch\":"
                + " [\"fcfs\", \"easy\"], \"replications\": 500, \"metrics\": [\"mean_wait\"]}}");
        return f;
    }

    @Test
    void theSlurmScriptsForAThousandCellsTenPerTaskFiftyRunningAreTheGoldenOnes() throws Exception {
        Path p = thousandCells();
        Path o = tmp.resolve("results/big");
        assertEquals(0, cli.run("slurm", p.toString(), "--out", o.toString(), "--per-task", "10", "--max-running", "50", "--partition", "short",
                "--max-array-size", "1001", "--time", "01:00:00"), cli.err());
        assertEquals("big: 1000 cells, 10 per task: 100 array tasks in 1 array (MaxArraySize 1001, from --max-array-size), at most 50 running"
                + " per array\n", cli.out().lines().findFirst().get() + "\n");
        assertTrue(cli.out().contains("submit with: bash " + o.resolve("slurm/submit.sh")), cli.out());
        assertGolden("sweep-1000-k10-m50.txt", scripts(o.resolve("slurm")));
        assertTrue(Files.isDirectory(o.resolve("slurm/logs")), "Slurm does not create the folder of --output");
        // scripts readable and executable by whoever the umask lets read files (a group sharing the sweep), not the owner only
        java.util.Set<java.nio.file.attribute.PosixFilePermission> plain = Files.getPosixFilePermissions(Files.createFile(tmp.resolve("umask-probe")));
        java.util.Set<java.nio.file.attribute.PosixFilePermission> script = Files.getPosixFilePermissions(o.resolve("slurm/submit.sh"));
        for (String who : List.of("OWNER", "GROUP", "OTHERS")) {
            boolean reads = plain.contains(java.nio.file.attribute.PosixFilePermission.valueOf(who + "_READ"));
            assertEquals(reads, script.contains(java.nio.file.attribute.PosixFilePermission.valueOf(who + "_READ")), who);
            assertEquals(reads, script.contains(java.nio.file.attribute.PosixFilePermission.valueOf(who + "_EXECUTE")), who);
        }
        assertTrue(Files.isExecutable(o.resolve("slurm/submit.sh")));

        // above MaxArraySize: several arrays, each below it, all before the merge
        assertEquals(0, cli.run("slurm", p.toString(), "--out", o.toString(), "--per-task", "10", "--max-running", "50", "--max-array-size", "40"),
                cli.err());
        assertTrue(cli.out().startsWith("big: 1000 cells, 10 per task: 100 array tasks in 3 arrays (MaxArraySize 40, from --max-array-size)"), cli.out());
        assertGolden("sweep-1000-k10-m50-max40.txt", scripts(o.resolve("slurm")));
    }

    @Test
    void theTaskArithmeticOfTheScriptRunsEveryCellOnce() throws Exception {
        // what cells.sbatch computes for each array task, checked by bash itself over every task of every array
        SlurmSweep.Settings s = new SlurmSweep.Settings("x", Path.of("/g"), Path.of("/p.json"), Path.of("/o"), 997, 7, 0, null, null, 1,
                null, 40, "test");
        String cells = SlurmSweep.scripts(s).get("cells.sbatch");
        String body = cells.substring(cells.indexOf("task=$(("), cells.indexOf("# every task"));
        StringBuilder script = new StringBuilder();
        for (int[] a : s.arrays()) {
            script.append("offset=").append(a[0]).append("\nfor SLURM_ARRAY_TASK_ID in $(seq 0 ").append(a[1] - 1).append("); do\n")
                    .append(body).append("echo \"$first $last\"\ndone\n");
        }
        Process pr = new ProcessBuilder("bash", "-c", script.toString()).redirectErrorStream(true).start();
        List<String> lines = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, pr.waitFor());
        List<Integer> covered = new ArrayList<>();
        for (String l : lines) {
            String[] fl = l.split(" ");
            for (int c = Integer.parseInt(fl[0]); c <= Integer.parseInt(fl[1]); c++) {
                covered.add(c);
            }
        }
        assertEquals(143, lines.size(), "ceil(997 / 7) tasks");
        assertEquals(java.util.stream.IntStream.range(0, 997).boxed().toList(), covered, "every cell once, in order");
        assertTrue(s.arrays().stream().allMatch(a -> a[1] <= 40), "array indices below MaxArraySize");
    }

    /**
     * The file Slurm writes the log of an #SBATCH script to: sbatch's reading of the {@code --output} line (quotes group,
     * a backslash escapes the next character), then slurmstepd's replacement symbols (man sbatch, "filename pattern":
     * {@code %%} is the character, {@code %A} the array's job, {@code %a} the task, {@code %j} the job, {@code %x} the job
     * name, an optional width between).
     */
    private static String slurmLogFile(String script, long arrayJob, int task, long job) {
        String line = script.lines().filter(l -> l.startsWith("#SBATCH --output=")).findFirst().orElseThrow();
        StringBuilder arg = new StringBuilder();
        char quote = 0;
        boolean escaped = false;
        for (char c : line.substring("#SBATCH --output=".length()).toCharArray()) {
            if (escaped) {
                arg.append(c);
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (quote != 0 && c == quote) {
                quote = 0;
            } else if (quote == 0 && (c == '"' || c == '\'')) {
                quote = c;
            } else if (quote == 0 && Character.isWhitespace(c)) {
                break;
            } else {
                arg.append(c);
            }
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("%\\d*([%AajJNnstux])").matcher(arg);
        StringBuilder file = new StringBuilder();
        while (m.find()) {
            String v = switch (m.group(1)) {
                case "%" -> "%";
                case "A" -> "" + arrayJob;
                case "a" -> "" + task;
                case "j" -> "" + job;
                case "J" -> job + ".0";
                case "x" -> "JOBNAME";
                default -> "SYMBOL-" + m.group(1);
            };
            m.appendReplacement(file, java.util.regex.Matcher.quoteReplacement(v));
        }
        m.appendTail(file);
        return file.toString();
    }

    @Test
    void aPercentOrAQuoteInTheFolderReachesSlurmsLogPathsAsItIsAndABackslashIsRefused() throws Exception {
        Path p = thousandCells();
        // (the logs of /tmp/100%jobs were written to /tmp/100<job id>obs/...; of /tmp/a%b to a folder Slurm made up)
        Path o = tmp.resolve("at 100%jobs, \"a%b\" 50%%");
        assertEquals(0, cli.run("slurm", p.toString(), "--out", o.toString(), "--max-array-size", "1001"), cli.err());
        Path logs = o.resolve("slurm/logs");
        assertEquals(logs + "/cells-77_3.out", slurmLogFile(Files.readString(o.resolve("slurm/cells.sbatch")), 77, 3, 80));
        assertEquals(logs + "/merge-90.out", slurmLogFile(Files.readString(o.resolve("slurm/merge.sbatch")), 0, 0, 90));
        // the folder as it is in the commands, which bash reads
        assertTrue(Files.readString(o.resolve("slurm/cells.sbatch")).contains(" --out '" + o + "' "));

        Path slash = tmp.resolve("a\\b");
        assertEquals(2, cli.run("slurm", p.toString(), "--out", slash.toString(), "--max-array-size", "1001"));
        assertTrue(cli.err().contains("slurm: --out: the sweep's folder " + slash + " has a backslash, which Slurm's log file names cannot"
                + " hold"), cli.err());
        assertFalse(Files.exists(slash), "nothing written for a folder Slurm cannot log into");
    }

    @Test
    void slurmErrorsNameWhatIsWrong() throws Exception {
        Path p = thousandCells();
        assertEquals(2, cli.run("slurm", p.toString(), "--per-task", "0"));
        assertTrue(cli.err().contains("--per-task needs a whole number of at least 1, got '0'"), cli.err());
        assertEquals(2, cli.run("slurm", p.toString(), "--partition", "a b"));
        assertTrue(cli.err().contains("--partition 'a b' is not a Slurm partition"), cli.err());
        assertEquals(2, cli.run("slurm", p.toString(), "--time", "abc"));
        assertTrue(cli.err().contains("--time 'abc' is not a Slurm time limit"), cli.err());
        assertEquals(2, cli.run("slurm", p.toString(), "--time", "1:00:00:00"));
        Files.writeString(p, Files.readString(p).replace("\"easy\"", "\"sjf\""));
        assertEquals(1, cli.run("slurm", p.toString(), "--max-array-size", "1001"));
        assertTrue(cli.err().contains("matrix.batch.sjf"), cli.err());
        assertFalse(Files.exists(tmp.resolve("workspace/results/big/slurm")), "no scripts for a matrix that cannot run");
    }
}
