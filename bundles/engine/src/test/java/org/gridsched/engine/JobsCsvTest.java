package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
     * A merged workload renumbers its jobs; jobs.csv keeps where each came from: the trace in Batsim's
     * workload_name (quoted per RFC 4180 when its name holds a comma) and its id there in source_job_id.
     */
    @Test
    void mergedJobsKeepTheirTraceAndTheirIdInIt(@TempDir Path dir) throws IOException {
        MergedJobSource m = new MergedJobSource(List.of(trace("a,b.swf", 7, 8), trace("c.swf", 3)), MergedJobSource.Clock.ZERO);
        List<String> lines = run(dir, m, List.of("a,b.swf", "c.swf"));
        assertEquals(JobsCsv.HEADER + ",source_job_id", lines.get(0));
        assertEquals("1,\"a,b.swf\",,0,1,5,1,COMPLETED_SUCCESSFULLY,0,5,5,0,5,1,0,,,c,0,7", lines.get(1));
        assertEquals("2,c.swf,,0,1,5,1,COMPLETED_SUCCESSFULLY,0,5,5,0,5,1,1,,,c,0,3", lines.get(2));
        assertEquals("3,\"a,b.swf\",,10,1,5,1,COMPLETED_SUCCESSFULLY,10,5,15,0,5,1,0,,,c,0,8", lines.get(3));
    }

    @Test
    void aSingleWorkloadHasNoSourceColumnAndQuotesOnlyWhatNeedsIt() {
        assertEquals("plain.swf", JobsCsv.quote("plain.swf"));
        assertEquals("\"say \"\"hi\"\".swf\"", JobsCsv.quote("say \"hi\".swf"));
        assertEquals("\"two\nlines\"", JobsCsv.quote("two\nlines"));
    }
}
