package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.api.Csv;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobsCsvTest {
    private static ListJobSource trace(String name, long... ids) {
        List<JobRecord> jobs = new java.util.ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            jobs.add(new JobRecord().set(ids[i], i * 10, 5, 5, 1));
        }
        return new ListJobSource(name, jobs);
    }

    private static List<String> run(Path dir, MergedJobSource source, List<String> names) throws IOException {
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        SimulationResult r = new Simulation(p, SimulationTest.Greedy::new, List.of(), new Simulation.Settings()).run(source);
        Path f = dir.resolve("jobs.csv");
        JobsCsv.write(r, f, names);
        return Files.readAllLines(f);
    }

    /**
     * Who submitted each job comes last, after every optional column: user, group, queue, partition, empty when
     * the workload does not say (-1), whatever else it says; a merged workload keeps them per job.
     */
    @Test
    void userGroupQueueAndPartitionAreTheLastColumnsEmptyWhenUnknown(@TempDir Path dir) throws IOException {
        List<JobRecord> jobs = new java.util.ArrayList<>();
        jobs.add(new JobRecord().set(1, 0, 5, 5, 1));
        JobRecord known = new JobRecord().set(2, 0, 5, 5, 1);
        known.user = 17;
        known.group = 0;
        known.queue = 3;
        known.partition = 2;
        known.recordedWait = 60;
        jobs.add(known);
        JobRecord someKnown = new JobRecord().set(3, 1, 5, 5, 1);
        someKnown.group = 4;
        jobs.add(someKnown);
        MergedJobSource m = new MergedJobSource(List.of(new ListJobSource("x.swf", jobs), trace("y.swf", 9)), MergedJobSource.Clock.ZERO);
        List<String> lines = run(dir, m, List.of("x.swf", "y.swf"));
        assertEquals(JobsCsv.HEADER + ",source_job_id,user,group,queue,partition", lines.get(0));
        assertEquals("1,x.swf,,0,1,5,1,COMPLETED_SUCCESSFULLY,0,5,5,0,5,1,0,,,c,0,1,,,,", lines.get(1));
        assertEquals("2,x.swf,,0,1,5,1,COMPLETED_SUCCESSFULLY,0,5,5,0,5,1,1,,,c,0,2,17,0,3,2", lines.get(2));
        assertEquals("3,y.swf,,0,1,5,1,COMPLETED_SUCCESSFULLY,0,5,5,0,5,1,2,,,c,0,9,,,,", lines.get(3));
        assertEquals("4,x.swf,,1,1,5,1,COMPLETED_SUCCESSFULLY,1,5,6,0,5,1,3,,,c,0,3,,4,,", lines.get(4));
    }

    /**
     * A merged workload renumbers its jobs; jobs.csv keeps where each came from: the trace in Batsim's
     * workload_name (quoted per RFC 4180 when its name holds a comma) and its id there in source_job_id.
     */
    @Test
    void mergedJobsKeepTheirTraceAndTheirIdInIt(@TempDir Path dir) throws IOException {
        MergedJobSource m = new MergedJobSource(List.of(trace("a,b.swf", 7, 8), trace("c.swf", 3)), MergedJobSource.Clock.ZERO);
        List<String> lines = run(dir, m, List.of("a,b.swf", "c.swf"));
        assertEquals(JobsCsv.HEADER + ",source_job_id,user,group,queue,partition", lines.get(0));
        assertEquals("1,\"a,b.swf\",,0,1,5,1,COMPLETED_SUCCESSFULLY,0,5,5,0,5,1,0,,,c,0,7,,,,", lines.get(1));
        assertEquals("2,c.swf,,0,1,5,1,COMPLETED_SUCCESSFULLY,0,5,5,0,5,1,1,,,c,0,3,,,,", lines.get(2));
        assertEquals("3,\"a,b.swf\",,10,1,5,1,COMPLETED_SUCCESSFULLY,10,5,15,0,5,1,0,,,c,0,8,,,,", lines.get(3));
    }

    /**
     * Blocks formatted on several threads come out in order: the same bytes as one thread writing one block, for
     * blocks of one job, of a few jobs and larger than the run, with a trace name outside ASCII.
     */
    @Test
    void blocksFormattedInParallelGiveTheSameBytes(@TempDir Path dir) throws IOException {
        long[] ids = new long[700];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = 1000 + 3L * i;
        }
        MergedJobSource m = new MergedJobSource(List.of(trace("grid,é.swf", ids), trace("b.swf", 1, 2, 3, 4, 5)),
                MergedJobSource.Clock.ZERO);
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        SimulationResult r = new Simulation(p, SimulationTest.Greedy::new, List.of(), new Simulation.Settings()).run(m);
        List<String> names = List.of("grid,é.swf", "b.swf");
        Path one = dir.resolve("one.csv");
        JobsCsv.write(r, one, names, 1_000_000, 1);
        byte[] expected = Files.readAllBytes(one);
        assertEquals(706, Files.readAllLines(one).size());
        for (int[] blockAndThreads : new int[][] {{1, 2}, {7, 3}, {64, 4}, {100, 2}, {5, 1}}) {
            Path f = dir.resolve("blocks-" + blockAndThreads[0] + "-" + blockAndThreads[1] + ".csv");
            JobsCsv.write(r, f, names, blockAndThreads[0], blockAndThreads[1]);
            assertArrayEquals(expected, Files.readAllBytes(f), f.getFileName().toString());
        }
    }

    @Test
    void aSingleWorkloadHasNoSourceColumnAndQuotesOnlyWhatNeedsIt() {
        assertEquals("plain.swf", Csv.field("plain.swf"));
        assertEquals("\"say \"\"hi\"\".swf\"", Csv.field("say \"hi\".swf"));
        assertEquals("\"two\nlines\"", Csv.field("two\nlines"));
    }
}
