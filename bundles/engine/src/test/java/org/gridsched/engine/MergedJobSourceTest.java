package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;
import org.junit.jupiter.api.Test;

class MergedJobSourceTest {

    private static JobSource trace(String name, long unixStart, double... submits) {
        List<JobRecord> jobs = new ArrayList<>();
        for (int i = 0; i < submits.length; i++) {
            jobs.add(new JobRecord().set(i + 1, submits[i], 10, 10, 1));
        }
        ListJobSource base = new ListJobSource(name, jobs);
        return new JobSource() {
            public boolean next(JobRecord into) {
                return base.next(into);
            }

            public String describe() {
                return name;
            }

            public WorkloadReport report() {
                return base.report();
            }

            public Map<String, String> header() {
                return unixStart < 0 ? Map.of() : Map.of("UnixStartTime", Long.toString(unixStart));
            }
        };
    }

    private static List<String> drain(MergedJobSource m) {
        List<String> out = new ArrayList<>();
        JobRecord r = new JobRecord();
        while (m.next(r)) {
            out.add(r.id + "@" + Numbers.format(r.submitTime) + "<" + m.origin(r.id));
        }
        return out;
    }

    @Test
    void mergesInSubmitOrderWithTiesToTheFirstSourceAndRenumbers() {
        MergedJobSource m = new MergedJobSource(List.of(trace("a", -1, 0, 5, 9), trace("b", -1, 5, 6)), MergedJobSource.Clock.ZERO);
        assertEquals(List.of("1@0<0", "2@5<0", "3@5<1", "4@6<1", "5@9<0"), drain(m));
        assertEquals(5, m.report().read());
    }

    /** A trace without a job is an error alone; among others it is one too, naming it, not a silent part of the run. */
    @Test
    void aTraceWithoutJobsIsNamed() {
        InputException e = assertThrows(InputException.class,
                () -> new MergedJobSource(List.of(trace("a", -1, 0, 5), trace("empty.swf", -1)), MergedJobSource.Clock.ZERO));
        assertEquals("empty.swf: workload: holds no job; leave it out of the workload's files", e.getMessage());
    }

    @Test
    void alignsOnUnixStartTime() {
        MergedJobSource m = new MergedJobSource(List.of(trace("a", 1000, 0, 5), trace("b", 997, 0, 4)), MergedJobSource.Clock.UNIX);
        assertEquals(List.of("1@0<1", "2@3<0", "3@4<1", "4@8<0"), drain(m));
        assertThrows(InputException.class,
                () -> new MergedJobSource(List.of(trace("a", 1, 0), trace("b", -1, 0)), MergedJobSource.Clock.UNIX));
    }
}
