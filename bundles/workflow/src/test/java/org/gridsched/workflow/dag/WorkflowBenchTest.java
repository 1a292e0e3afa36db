package org.gridsched.workflow.dag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The benchmark's set-up at a fifth of its size: every workflow completes, every task runs once. The full benchmark
 * (10,000 workflows, 500,000 jobs, under 15 s) is {@link WorkflowBench}'s main; its numbers are in docs/workflows.md.
 */
class WorkflowBenchTest {

    @Test
    void twoThousandWorkflowsOfFiftyTasksComplete() {
        WorkflowBench.Result r = WorkflowBench.run(2000, "fcfs", "upward-rank");
        assertEquals(2000, r.workflows());
        assertEquals(100_000, r.jobs());
        assertTrue(r.ratio() >= 1 && r.ratio() < 2, "makespan / critical path " + r.ratio());
    }
}
