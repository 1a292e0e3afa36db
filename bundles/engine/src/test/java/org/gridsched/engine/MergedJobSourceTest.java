package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        return trace(name, unixStart < 0 ? null : Long.toString(unixStart), submits);
    }

    /** A trace whose UnixStartTime header is {@code unixStart} as given (none when null). */
    private static JobSource trace(String name, String unixStart, double... submits) {
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
                return unixStart == null ? Map.of() : Map.of("UnixStartTime", unixStart);
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

    /**
     * UnixStartTime is read by the rule the SWF reader checks it with (HeaderNumbers): prose after the number and a
     * sign are allowed. The reader accepted {@code 1000 (Sun Jul 28 2002)} and {@code +997}, and --clock unix then
     * failed with "needs that header in every trace".
     */
    @Test
    void unixStartTimeIsReadAsTheReaderChecksIt() {
        MergedJobSource m = new MergedJobSource(List.of(trace("a", "1000 (Sun Jul 28 09:04:05 CEST 2002)", 0, 5),
                trace("b", "+997", 0, 4), trace("c", "998\n999", 3)), MergedJobSource.Clock.UNIX);
        assertEquals(List.of("1@0<1", "2@3<0", "3@4<1", "4@4<2", "5@8<0"), drain(m));
    }

    /** An absent, empty or unusable UnixStartTime is an error naming the trace and the header, saying what is wrong. */
    @Test
    void anUnusableUnixStartTimeNamesTheTraceAndTheHeader() {
        String[][] cases = {
            {null, "has none"},
            {"  ", "has an empty one"},
            {"soon", "expected a whole number, got 'soon'"},
            {"1e9", "expected a whole number, got '1e9'"},
            {"99999999999999999999", "number out of range"},
        };
        for (String[] c : cases) {
            InputException e = assertThrows(InputException.class, () -> new MergedJobSource(
                    List.of(trace("a.swf", 1000L, 0), trace("b.swf", c[0], 0)), MergedJobSource.Clock.UNIX), c[0]);
            assertEquals("b.swf", e.source(), e.getMessage());
            assertEquals("UnixStartTime", e.field(), e.getMessage());
            assertTrue(e.getMessage().contains(c[1]), e.getMessage());
        }
    }

    /** Start times so far apart that the later trace's jobs would all be beyond simulated time: named, not skipped one by one. */
    @Test
    void startTimesTooFarApartAreAnError() {
        InputException e = assertThrows(InputException.class, () -> new MergedJobSource(
                List.of(trace("a.swf", "-9223372036854775807", 0), trace("b.swf", "9223372036854775807", 0)),
                MergedJobSource.Clock.UNIX));
        assertEquals("b.swf", e.source(), e.getMessage());
        assertEquals("UnixStartTime", e.field());
        assertTrue(e.getMessage().contains("a.swf") && e.getMessage().contains("--clock zero"), e.getMessage());
        // 1e10 s apart is still simulated
        MergedJobSource ok = new MergedJobSource(List.of(trace("a", 0L, 0), trace("b", 10_000_000_000L, 0)), MergedJobSource.Clock.UNIX);
        assertEquals(List.of("1@0<0", "2@10000000000<1"), drain(ok));
    }
}
