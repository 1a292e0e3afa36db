package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.WorkloadReport;
import org.gridsched.engine.ListJobSource;
import org.junit.jupiter.api.Test;

/** The share of a workload's jobs that were skipped, against max_skipped_fraction. */
class RunInputsTest {
    private final RunInputs inputs = new RunInputs(new PluginRegistry(), new PrintStream(java.io.OutputStream.nullOutputStream()));

    private static WorkloadReport readAndSkipped(int read, int skipped) {
        WorkloadReport r = new WorkloadReport();
        for (int i = 0; i < read; i++) {
            r.countRead();
        }
        for (int i = 0; i < skipped; i++) {
            r.skip("runtime_not_positive", "t.swf", i + 1, "runtime 0");
        }
        return r;
    }

    /**
     * Counted out of the records the source read: a controller that runs a job in parts (a bag of tasks split across
     * providers) finished more jobs than the trace handed it, and "3 of 5 jobs were skipped" was said of a 4-job trace.
     */
    @Test
    void theShareIsOfTheRecordsTheSourceRead() {
        RunProfile p = new RunProfile();
        p.maxSkippedFraction = 0.5;
        InputException e = assertThrows(InputException.class,
                () -> inputs.checkSkipped(p, readAndSkipped(4, 3), 2, new ListJobSource("t.swf", List.of())));
        assertTrue(e.getMessage().contains("3 of 4 jobs were skipped"), e.getMessage());
        // a source that does not count what it read (a third party's): out of the skipped and simulated jobs, as before
        InputException third = assertThrows(InputException.class,
                () -> inputs.checkSkipped(p, readAndSkipped(0, 3), 2, new ListJobSource("t.swf", List.of())));
        assertTrue(third.getMessage().contains("3 of 5 jobs were skipped"), third.getMessage());
    }
}
