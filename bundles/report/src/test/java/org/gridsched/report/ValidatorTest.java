package org.gridsched.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.api.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidatorTest {
    @TempDir
    Path tmp;

    @Test
    void aValidScheduleIsValid() {
        Validation v = Reports.validate(Fixtures.valid(tmp));
        assertTrue(v.ok(), v.text());
        assertTrue(v.text().contains("valid schedule of 5 jobs"), v.text());
    }

    /** Without summary.json the platform's size is not known: the verdict says what it could not check. */
    @Test
    void withoutTheSummaryTheVerdictDoesNotClaimThePlatformCheck() throws Exception {
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 2, 0, 10, "744-745", "a"));
        assertTrue(Reports.validate(dir).examples().containsKey("outside_platform"), "found with the summary");
        java.nio.file.Files.delete(dir.resolve("summary.json"));
        Validation v = Reports.validate(dir);
        assertTrue(v.ok(), v.text());
        assertTrue(v.text().contains("not whether they lie inside the platform: no summary.json"), v.text());
        assertFalse(v.text().contains("processors inside the job's clusters"), v.text());
    }

    @Test
    void anInjectedOverlapIsCaughtNamingBothJobs() {
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 2, 0, 10, "0-1", "a"),
                Fixtures.row("2", 0, 2, 5, 15, "1-2", "a"), // processor 1 during [5, 10)
                Fixtures.row("3", 0, 1, 10, 12, "0", "a")); // takes processor 0 as job 1 frees it: fine
        Validation v = Reports.validate(dir);
        assertFalse(v.ok());
        assertEquals(1, v.counts().get("overlap"), v.text());
        String e = v.examples().get("overlap").get(0);
        assertTrue(e.contains("job 1 (line 2)") && e.contains("job 2 (line 3)") && e.contains("processor 1 of cluster a")
                && e.contains("[5, 10)"), e);
    }

    /** A job must not hold a processor while unavailable.csv says it had failed, was off or was switching. */
    @Test
    void aJobOnAProcessorThatWasDownIsCaught() throws Exception {
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4", "b:2"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 2, 0, 10, "0-1", "a"), // killed at 10 as processor 1 fails: fine
                Fixtures.row("2", 0, 1, 12, 15, "1", "a"), // on processor 1 while it is down [10, 15)
                Fixtures.row("3", 0, 1, 15, 30, "1", "a"), // takes it as it comes back: fine
                Fixtures.row("4", 0, 1, 3, 8, "5", "b")); // on b's processor 1, switched off during [0, 5)
        Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\na,10,15,failed,1\nb,0,5,off,0-1\n"
                + "a,15,20,switching_on,2-3\na,16,18,failed,3\n"); // two intervals of one processor meet: not the schedule's fault
        Validation v = Reports.validate(dir);
        assertEquals(2, v.counts().get("unavailable"), v.text());
        assertEquals(1, v.counts().size(), v.text());
        List<String> e = v.examples().get("unavailable");
        assertTrue(e.contains("job 2 (line 3) holds processor 1 of cluster a during [12, 15), while it was failed"
                + " (unavailable.csv line 2)"), e.toString());
        assertTrue(e.contains("job 4 (line 5) holds processor 1 of cluster b during [3, 5), while it was off"
                + " (unavailable.csv line 3)"), e.toString());
        Files.writeString(dir.resolve("unavailable.csv"), "cluster,from,to,state,processors\na,30,35,failed,0-1\n");
        Validation valid = Reports.validate(dir);
        assertTrue(valid.ok() && valid.text().contains("nor while it had failed, was off or switching"), valid.text());
    }

    /**
     * unavailable.csv is read once, when the run folder is opened: the validator checks every interval from that
     * reading, those after the ones the charts draw ({@link Unavailability#MAX_INTERVALS}) too, without reading the
     * file again (it read it a second time, whole, when the charts had left some out).
     */
    @Test
    void theValidatorChecksEveryIntervalOfTheOneReadingOfUnavailableCsv() throws Exception {
        Path dir = Fixtures.valid(tmp);
        StringBuilder csv = new StringBuilder("cluster,from,to,state,processors\n");
        for (int i = 0; i < Unavailability.MAX_INTERVALS; i++) {
            csv.append("b,").append(100 + i).append(",").append(100 + i).append(".5,failed,0\n"); // after every job
        }
        csv.append("b,15,16,off,1\n"); // b's processor 1 during job 4 ([12, 20) on a's 0 and b's 0-1): left out of the charts
        Files.writeString(dir.resolve("unavailable.csv"), csv);
        RunDir run = RunDir.open(dir);
        Files.delete(dir.resolve("unavailable.csv"));
        Validation v = Validator.validate(run);
        assertEquals(1, v.counts().get("unavailable"), v.text());
        assertEquals(List.of("job 4 (line 5) holds processor 1 of cluster b during [15, 16), while it was off"
                + " (unavailable.csv line " + (Unavailability.MAX_INTERVALS + 2) + ")"), v.examples().get("unavailable"));
        assertEquals(Unavailability.MAX_INTERVALS + 1, run.unavailable.total);
        assertEquals(Unavailability.MAX_INTERVALS, run.unavailable.drawn());
    }

    /**
     * Intervals of unavailable.csv that overlap on one processor (the engine's record, not the schedule's fault) are
     * each still checked against the jobs, once: a job on that processor meets every one of them. 50,000 such intervals
     * took minutes (each took a layer of the sweep of its own, which every later holder searched).
     */
    @Test
    void manyOverlappingIntervalsOnOneProcessorAreEachCheckedOnce() throws Exception {
        int many = 50_000;
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 2, 0, 10, "0-1", "a"), // before the intervals: fine
                Fixtures.row("2", 0, 1, 100, 200, "1", "a"), // beside them: fine
                Fixtures.row("3", 0, 2, 60_000, 60_010, "0-1", "a"), // on processor 0 while all of them are held
                Fixtures.row("4", 0, 1, 1_000, 200_000, "3", "a")); // on processor 3, switched off meanwhile
        StringBuilder csv = new StringBuilder("cluster,from,to,state,processors\n");
        for (int i = 0; i < many; i++) {
            csv.append("a,").append(10 + i).append(",100000,failed,0\n");
        }
        csv.append("a,150000,150001,off,2-3\n"); // taken while job 4 holds processor 3
        Files.writeString(dir.resolve("unavailable.csv"), csv);
        Validation v = Reports.validate(dir);
        assertEquals(many + 1, v.counts().get("unavailable"), v.text());
        assertEquals(1, v.counts().size(), v.text());
        List<String> e = v.examples().get("unavailable");
        assertEquals(Validation.EXAMPLES, e.size());
        for (int i = 0; i < e.size(); i++) { // the intervals as they start
            assertEquals("job 3 (line 4) holds processor 0 of cluster a during [60000, 60010), while it was failed"
                    + " (unavailable.csv line " + (i + 2) + ")", e.get(i));
        }
        Files.writeString(dir.resolve("unavailable.csv"), csv.toString().replace("150000,150001,off,2-3", "150000,150001,off,2"));
        v = Reports.validate(dir);
        assertEquals(many, v.counts().get("unavailable"), v.text());
    }

    @Test
    void overlapsAcrossClustersUsePlatformWideIds() {
        // job 2's part on b (ids 4-5) meets job 1 there; both on cluster a elsewhere, without overlap
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4", "b:2"), Fixtures.BATSIM_HEADER + ",clusters",
                Fixtures.row("1", 0, 2, 0, 10, "4-5", "b") + ",b",
                Fixtures.row("2", 0, 3, 9, 15, "0 5", "a") + ",a;b");
        Validation v = Reports.validate(dir);
        assertEquals(1, v.counts().get("overlap"), v.text());
        assertTrue(v.examples().get("overlap").get(0).contains("processor 1 of cluster b"), v.text());
    }

    @Test
    void startBeforeSubmitSizeAndPlacementProblemsAreNamed() {
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4", "b:2"), Fixtures.BATSIM_HEADER,
                Fixtures.row("7", 50, 1, 40, 60, "0", "a"),
                Fixtures.row("8", 0, 3, 0, 5, "1-2", "a"),
                Fixtures.row("9", 0, 1, 0, 5, "5", "a"),
                Fixtures.row("10", 0, 1, 0, 5, "9", "a"));
        Validation v = Reports.validate(dir);
        assertTrue(v.examples().get("start_before_submit").get(0).startsWith("job 7 (line 2) starts at 40, before its submission at 50"), v.text());
        assertTrue(v.examples().get("allocation_size").get(0).contains("job 8 (line 3) holds 2 processors for 3 requested"), v.text());
        assertTrue(v.examples().get("outside_cluster").get(0).contains("job 9 (line 4) holds processors 5 of cluster b"), v.text());
        assertTrue(v.examples().get("outside_platform").get(0).contains("job 10 (line 5)"), v.text());
        assertTrue(v.text().startsWith(dir.resolve("jobs.csv") + ": INVALID schedule"), v.text());
    }

    @Test
    void dependenciesAreCheckedWhenJobsCsvGivesThem() {
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4"), Fixtures.BATSIM_HEADER + ",dependencies",
                Fixtures.row("1", 0, 1, 0, 10, "0", "a") + ",",
                Fixtures.row("2", 0, 1, 10, 12, "1", "a") + ",1",
                Fixtures.row("3", 0, 1, 5, 12, "2", "a") + ",1 2",
                Fixtures.row("4", 0, 1, 20, 22, "2", "a") + ",99");
        Validation v = Reports.validate(dir);
        List<String> e = v.examples().get("dependency");
        assertEquals(3, e.size(), v.text());
        assertTrue(e.get(0).contains("job 3 (line 4) starts at 5, before job 1 (line 2) it depends on finishes at 10"), v.text());
        assertTrue(e.get(1).contains("before job 2 (line 3)"), v.text());
        assertTrue(e.get(2).contains("job 4 (line 5) depends on job 99, which is not in the file"), v.text());
    }

    /**
     * A workflow run's jobs.csv as the engine writes it (its header, a last dependencies column of space-separated ids,
     * every task submitted at its workflow's arrival): a diamond on two clusters is valid; its join starting a second
     * before its last parent ends is caught, and so is a job depending on itself never having run.
     */
    @Test
    void aWorkflowRunsDependenciesAreChecked() {
        String header = org.gridsched.engine.JobsCsv.HEADER + ",dependencies";
        String[] rows = {
            Fixtures.row("1000001", 0, 1, 0, 10, "0", "a") + ",",
            Fixtures.row("1000002", 0, 1, 10, 30, "0", "a") + ",1000001",
            Fixtures.row("1000003", 0, 1, 10.5, 40, "4", "b") + ",1000001", // waited 0.5 s for a transfer: still valid
            Fixtures.row("1000004", 0, 1, 40, 45, "4", "b") + ",1000002 1000003"};
        Validation ok = Reports.validate(Fixtures.run(tmp.resolve("ok"), Fixtures.summary("x", "a:4", "b:2"), header, rows));
        assertTrue(ok.ok(), ok.text());
        assertTrue(ok.text().contains("dependencies respected (no job starts before every job it depends on has ended; "
                + "data transfer times not checked)"), ok.text());
        rows[3] = Fixtures.row("1000004", 0, 1, 39, 44, "4", "b") + ",1000002 1000003";
        Validation bad = Reports.validate(Fixtures.run(tmp.resolve("bad"), Fixtures.summary("x", "a:4", "b:2"), header, rows));
        assertFalse(bad.ok());
        assertEquals(List.of("job 1000004 (line 5) starts at 39, before job 1000003 (line 4) it depends on finishes at 40"),
                bad.examples().get("dependency"), bad.text());
    }

    @Test
    void olderFilesNumberProcessorsPerClusterWithPartsSeparatedBySemicolons() throws Exception {
        String header = "job_id,submission_time,requested_number_of_resources,requested_time,starting_time,execution_time,"
                + "finish_time,waiting_time,turnaround_time,stretch,success,final_state,allocated_resources,cluster,reallocations,clusters";
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4", "b:2"), header,
                "1,0,2,20,0,10,10,0,10,1,1,COMPLETED_SUCCESSFULLY,0-1,b,0,b",
                "2,0,3,20,5,10,15,5,15,1.5,1,COMPLETED_SUCCESSFULLY,0-1;1,a,0,a;b"); // b's processor 1 = id 5: meets job 1
        JobsTable t = RunDir.open(dir).jobs;
        assertEquals(List.of(4, 6), List.of(t.alloc[0][0], t.alloc[0][1]));
        assertEquals(List.of(0, 2, 5, 6), List.of(t.alloc[1][0], t.alloc[1][1], t.alloc[1][2], t.alloc[1][3]));
        Validation v = Reports.validate(dir);
        assertEquals(1, v.counts().get("overlap"), v.text());
    }

    @Test
    void coallocatedComponentsMustStartWhenCoallocCsvSays() throws Exception {
        Path dir = Fixtures.valid(tmp);
        Files.writeString(dir.resolve("coalloc.csv"), "job_id,submission_time,deadline,components,component_size,outcome,how,tries,"
                + "left_queue_time,placement_queue_time,starting_time,wasted_processor_seconds,local_kills,clusters\n"
                + "4,3,30,2,1,placed,claimed_at_try_1,1,12,9,13,0,0,a;b\n");
        Validation v = Reports.validate(dir);
        assertTrue(v.examples().get("coallocation").get(0).contains("starts its components at 13, job 4 (line 5) at 12"), v.text());
    }

    @Test
    void manyProblemsAreCountedAndTheFirstOnesShown() {
        String[] rows = new String[100];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = Fixtures.row(String.valueOf(i + 1), 0, 1, i, i + 2, "0", "a"); // each meets the next
        }
        Validation v = Reports.validate(Fixtures.run(tmp, Fixtures.summary("x", "a:1"), Fixtures.BATSIM_HEADER, rows));
        assertEquals(99, v.counts().get("overlap"));
        assertTrue(v.text().contains("... and 79 more"), v.text());
    }

    @Test
    void badInputIsAnErrorNamingFileLineAndField() {
        Path dir = Fixtures.run(tmp, Fixtures.summary("x", "a:4"), Fixtures.BATSIM_HEADER,
                Fixtures.row("1", 0, 1, 0, 10, "0", "a"),
                Fixtures.row("2", 0, 1, 0, 10, "x-3", "a"));
        InputException e = assertThrows(InputException.class, () -> Reports.validate(dir));
        assertEquals(dir.resolve("jobs.csv") + ":3: allocated_resources: 'x-3' is not a processor id or a range FROM-TO of them", e.getMessage());
        Path noCluster = Fixtures.run(tmp.resolve("c"), Fixtures.summary("x", "a:4"), Fixtures.BATSIM_HEADER, Fixtures.row("1", 0, 1, 0, 10, "0", "zz"));
        assertTrue(assertThrows(InputException.class, () -> Reports.validate(noCluster)).getMessage()
                .contains(":2: cluster: 'zz' is not a cluster of the run's platform [a]"));
        assertTrue(assertThrows(InputException.class, () -> Reports.validate(tmp.resolve("nothing"))).getMessage().endsWith("no such folder"));
    }

    @Test
    void batsimsOwnFileLoadsWithoutSummary() throws Exception {
        Files.writeString(tmp.resolve("out_jobs.csv"), "job_id,workload_name,profile,submission_time,requested_number_of_resources,"
                + "requested_time,success,final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,"
                + "allocated_resources,consumed_energy,metadata\n"
                + "w!1,w,p,0,2,10,1,COMPLETED_SUCCESSFULLY,0,5,5,0,5,1,0-1,-1,\"\"\n"
                + "w!2,w,p,0,2,10,0,REJECTED,,,,,,,,-1,\"\"\n");
        RunDir run = RunDir.open(tmp);
        assertEquals(2, run.jobs.clusters.total());
        assertTrue(Validator.validate(run).ok());
    }
}
