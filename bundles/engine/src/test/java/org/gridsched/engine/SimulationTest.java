package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.workload.JobRecord;
import org.junit.jupiter.api.Test;

/** The engine's own contract, with a minimal scheduler written here (no policy bundle involved). */
class SimulationTest {

    /** Starts jobs in order when they fit; records the order of the calls it receives. */
    static class Greedy implements BatchScheduler {
        final Cluster cluster;
        final ArrayDeque<QueuedJob> queue = new ArrayDeque<>();
        final List<String> calls = new ArrayList<>();

        Greedy(Cluster cluster) {
            this.cluster = cluster;
        }

        public void jobSubmitted(QueuedJob job) {
            calls.add("submit " + job.id() + "@" + Numbers.format(cluster.now()));
            queue.add(job);
            drain();
        }

        public void jobEnded(QueuedJob job, boolean early) {
            calls.add("end " + job.id() + "@" + Numbers.format(cluster.now()) + (early ? " early" : ""));
            ends.remove(job);
            drain();
        }

        public void wakeUp() {
            calls.add("wake@" + Numbers.format(cluster.now()));
        }

        /** Requested ends of the running jobs, for estimates. */
        final java.util.Map<QueuedJob, Double> ends = new java.util.HashMap<>();

        void drain() {
            while (!queue.isEmpty() && queue.peek().processors() <= cluster.freeProcessors()) {
                QueuedJob j = queue.poll();
                cluster.start(j);
                ends.put(j, cluster.now() + j.requestedTime());
            }
        }

        public int waitingJobs() {
            return queue.size();
        }

        public List<QueuedJob> waiting() {
            return List.copyOf(queue);
        }

        public boolean cancel(QueuedJob job) {
            return queue.remove(job);
        }

        /** With an empty queue: the first time enough processors are free, running jobs ending at their requested ends. */
        public double estimateStart(int processors, double requestedTime) {
            if (!queue.isEmpty()) {
                return Double.NaN;
            }
            int free = cluster.freeProcessors();
            double t = cluster.now();
            java.util.List<java.util.Map.Entry<QueuedJob, Double>> byEnd = new java.util.ArrayList<>(ends.entrySet());
            byEnd.sort(java.util.Map.Entry.comparingByValue());
            for (int i = 0; free < processors; i++) {
                free += byEnd.get(i).getKey().processors();
                t = byEnd.get(i).getValue();
            }
            return t;
        }
    }

    private static JobRecord job(long id, double submit, double runtime, double requested, int procs) {
        JobRecord r = new JobRecord().set(id, submit, runtime, requested, procs);
        r.line = id + 1;
        return r;
    }

    private Greedy scheduler;

    private SimulationResult run(List<JobRecord> jobs, boolean strict) {
        Simulation.Settings s = new Simulation.Settings();
        s.strict = strict;
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        return new Simulation(p, c -> scheduler = new Greedy(c), List.of(), s).run(new ListJobSource("w.swf", jobs));
    }

    @Test
    void arrivalsComeBeforeEndsAtTheSameTimeAndEndsInStartOrder() {
        run(List.of(job(1, 0, 10, 10, 2), job(2, 0, 10, 20, 2), job(3, 10, 1, 1, 4)), false);
        assertEquals(List.of("submit 1@0", "submit 2@0", "submit 3@10", "end 1@10", "end 2@10 early", "end 3@11"),
                scheduler.calls);
    }

    @Test
    void impossibleJobsAreSkippedAndCountedOrRejectedInStrictMode() {
        List<JobRecord> jobs = List.of(job(1, 0, 10, 10, 2), job(2, 1, 0, 10, 2), job(3, 2, 5, 5, 9), job(4, 3, 5, 5, 0));
        SimulationResult r = run(jobs, false);
        assertEquals(1, r.simulated());
        assertEquals(Map.of("invalid_job", 2L, "wider_than_platform", 1L), r.workload().skipped());
        InputException e = assertThrows(InputException.class, () -> run(jobs, true));
        assertEquals("w.swf:3: job: job 2 has runtime 0.0; it must be positive", e.getMessage());
    }

    /** Times, processor counts and speeds beyond documented bounds are errors, not silent nonsense (issue 15). */
    @Test
    void valuesBeyondTheBoundsAreRejected() {
        List<JobRecord> jobs = List.of(job(1, 0, 10, 10, 2), job(2, 1e30, 10, 10, 2), job(3, 2e30, 1e30, 1e30, 1));
        SimulationResult r = run(List.of(jobs.get(0), jobs.get(1)), false);
        assertEquals(1, r.simulated());
        assertEquals(Map.of("invalid_job", 1L), r.workload().skipped());
        InputException e = assertThrows(InputException.class, () -> run(jobs, true));
        assertTrue(e.getMessage().contains("job 2 has submit time 1.0E30") && e.getMessage().contains("times must be at most 10000000000 s"),
                e.getMessage());
        InputException wide = assertThrows(InputException.class, () -> new ClusterSpec("a", Integer.MAX_VALUE, 1));
        assertTrue(wide.getMessage().contains("at most 16777216 are supported"), wide.getMessage());
        InputException slow = assertThrows(InputException.class, () -> new ClusterSpec("a", 4, 1e-300));
        assertTrue(slow.getMessage().contains("speeds are relative and must be between 1.0E-6 and 1000000.0"), slow.getMessage());
        assertEquals(1 << 24, new ClusterSpec("big", 1 << 24, 1e6).processors());
        for (String bad : List.of("a,b", "a b", "a;b", "\"a\"", "a:b", "-a", "a\nb")) {
            InputException n = assertThrows(InputException.class, () -> new ClusterSpec(bad, 4, 1), bad);
            assertTrue(n.getMessage().contains("use letters, digits, '.', '_' and '-'"), n.getMessage());
        }
        assertEquals("Bordeaux_2.x-1", new ClusterSpec("Bordeaux_2.x-1", 4, 1).name());
    }

    @Test
    void decreasingSubmitTimesAreAnErrorNamingTheLine() {
        InputException e = assertThrows(InputException.class, () -> run(List.of(job(1, 5, 1, 1, 1), job(2, 4, 1, 1, 1)), false));
        assertTrue(e.getMessage().startsWith("w.swf:3: submit time: job 2 is submitted at 4, before the previous job (5)"), e.getMessage());
    }

    @Test
    void wakeUpsArriveAtTheirTimeAndNotInThePast() {
        Simulation.Settings s = new Simulation.Settings();
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        List<String> seen = new ArrayList<>();
        Simulation sim = new Simulation(p, c -> new Greedy(c) {
            @Override
            public void jobSubmitted(QueuedJob job) {
                c.wakeUpAt(7.5);
                assertThrows(IllegalArgumentException.class, () -> c.wakeUpAt(c.now() - 1));
                super.jobSubmitted(job);
            }

            @Override
            public void wakeUp() {
                seen.add("wake@" + Numbers.format(c.now()));
            }
        }, List.of(), s);
        sim.run(new ListJobSource("w", List.of(job(1, 5, 10, 10, 1))));
        assertEquals(List.of("wake@7.5"), seen);
    }

    @Test
    void startingAJobThatDoesNotFitIsAPolicyError() {
        Platform p = new Platform(List.of(new ClusterSpec("c", 2, 1.0)));
        Simulation sim = new Simulation(p, c -> new Greedy(c) {
            @Override
            void drain() {
                while (!queue.isEmpty()) {
                    cluster.start(queue.poll());
                }
            }
        }, List.of(), null);
        SimulationFailure e = assertThrows(SimulationFailure.class,
                () -> sim.run(new ListJobSource("w", List.of(job(1, 0, 5, 5, 2), job(2, 0, 5, 5, 1)))));
        assertTrue(e.getMessage().startsWith("at t=0 s, during the submission of a job from the workload: the batch policy of cluster c"
                + " started job 2, which needs 1 processors, at t=0 s when only 0 are free"), e.getMessage());
        assertTrue(e.getCause() instanceof PluginDecisionException d && d.decider() == PluginDecision.Decider.BATCH_POLICY
                && d.cluster() == 0, String.valueOf(e.getCause()));
    }

    @Test
    void aPolicysExceptionSaysWhenAndDuringWhat() {
        Platform p = new Platform(List.of(new ClusterSpec("c", 2, 1.0)));
        Simulation sim = new Simulation(p, c -> new Greedy(c) {
            @Override
            public void jobEnded(QueuedJob job, boolean early) {
                throw new NullPointerException("its own bug");
            }
        }, List.of(), null);
        SimulationFailure e = assertThrows(SimulationFailure.class, () -> sim.run(new ListJobSource("w", List.of(job(1, 3, 5, 9, 2)))));
        assertEquals("at t=8 s, during the end of job 1: java.lang.NullPointerException: its own bug", e.toString());
        assertEquals(8.0, e.time());
        // a workload's bad line is not wrapped: it names its file and line
        Simulation again = new Simulation(p, c -> new Greedy(c), List.of(), null);
        assertThrows(org.gridsched.api.InputException.class,
                () -> again.run(new ListJobSource("w.swf", List.of(job(1, 5, 1, 1, 1), job(2, 4, 1, 1, 1)))));
    }

    /** A policy that drops jobs (neither starts, rejects nor counts them): they would be listed as completed, without a start. */
    @Test
    void aPolicyThatLosesJobsFailsTheRunNamingThem() {
        Platform p = new Platform(List.of(new ClusterSpec("c", 2, 1.0)));
        Simulation sim = new Simulation(p, c -> new Greedy(c) {
            @Override
            public void jobSubmitted(QueuedJob job) {
                if (job.id() % 2 == 0) {
                    super.jobSubmitted(job);
                }
            }
        }, List.of(), null);
        List<JobRecord> jobs = new ArrayList<>();
        for (long id = 1; id <= 16; id++) {
            jobs.add(job(id, id, 1, 1, 1));
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sim.run(new ListJobSource("w", jobs)));
        assertEquals("the batch policy of cluster c lost 8 job(s) submitted to it: it never started or rejected them, and does not"
                + " count them as waiting (jobs 1, 3, 5, 7, 9 and 3 more; a policy bug)", e.getMessage());
    }

    @Test
    void aPolicyThatAsksToBeWokenForEverIsStopped() {
        Platform p = new Platform(List.of(new ClusterSpec("c", 2, 1.0)));
        // at the same instant, each wake-up asking for another: the run never left t=5
        Simulation sameInstant = new Simulation(p, c -> new Greedy(c) {
            @Override
            public void wakeUp() {
                c.wakeUpAt(c.now());
            }

            @Override
            public void jobSubmitted(QueuedJob job) {
                super.jobSubmitted(job);
                c.wakeUpAt(c.now());
            }
        }, List.of(), null);
        SimulationFailure e = assertThrows(SimulationFailure.class, () -> sameInstant.run(new ListJobSource("w", List.of(job(1, 5, 1, 1, 1)))));
        assertTrue(e.getMessage().startsWith("at t=5 s, during a wake-up of the batch policy of cluster c: the"
                + " batch policy of cluster c asked to be woken up again from each wake-up, at t=5 s, 1,000,000 times, with no job started,"
                + " ended or submitted meanwhile (0 waiting here)"), e.getMessage());
        // a minute later each time, after the last job: simulated time ran on for ever
        Simulation polling = new Simulation(p, c -> new Greedy(c) {
            @Override
            public void wakeUp() {
                c.wakeUpAt(c.now() + 60);
            }

            @Override
            public void jobSubmitted(QueuedJob job) {
                super.jobSubmitted(job);
                c.wakeUpAt(c.now() + 60);
            }
        }, List.of(), null);
        e = assertThrows(SimulationFailure.class, () -> polling.run(new ListJobSource("w", List.of(job(1, 5, 1, 1, 1)))));
        assertTrue(e.getMessage().contains("asked to be woken up again from each wake-up, 1,000,000 times since t=65 s,"), e.getMessage());
        // a policy that wakes itself now and then between jobs is no loop
        Simulation fine = new Simulation(p, c -> new Greedy(c) {
            int asked;

            @Override
            public void jobSubmitted(QueuedJob job) {
                super.jobSubmitted(job);
                c.wakeUpAt(c.now() + 1);
            }

            @Override
            public void wakeUp() {
                if (++asked < 1000) {
                    c.wakeUpAt(c.now() + 1);
                }
            }
        }, List.of(), null);
        SimulationResult r = fine.run(new ListJobSource("w", List.of(job(1, 5, 1, 1, 1))));
        assertEquals(1, r.jobs().size());
    }

    @Test
    void numbersAndJsonAreDeterministic() {
        assertEquals("3", Numbers.format(3.0));
        assertEquals("2.5", Numbers.format(2.5));
        assertEquals("", Numbers.format(Double.NaN));
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("a", List.of(1, 2.5, "x\"y"));
        m.put("b", Double.NaN);
        m.put("c", Map.of());
        assertEquals("{\n  \"a\": [1, 2.5, \"x\\\"y\"],\n  \"b\": null,\n  \"c\": {}\n}\n", Json.write(m));
    }

    @Test
    void localUsersJobsGoHomeAndTheOthersThroughTheMetaScheduler() {
        Platform p = new Platform(List.of(new ClusterSpec("home0", 4, 1.0), new ClusterSpec("grid", 4, 1.0)));
        List<JobRecord> jobs = new java.util.ArrayList<>();
        for (int i = 0; i < 400; i++) {
            JobRecord r = job(i + 1, i, 1, 1, 1);
            r.home = 0;
            jobs.add(r);
        }
        for (double fraction : new double[] {0, 0.5, 1}) {
            Simulation.Settings s = new Simulation.Settings();
            s.router = grid -> job -> 1; // the middleware would send everything to "grid"
            s.localFraction = fraction;
            s.localSeed = 3;
            SimulationResult r = new Simulation(p, c -> new Greedy(c), List.of(), s).run(new ListJobSource("w", jobs));
            long atHome = r.jobs().stream().filter(j -> j.cluster() == 0).count();
            assertEquals(atHome, r.jobs().stream().filter(SimJob::isLocal).count());
            assertEquals(atHome, r.localJobs());
            if (fraction == 0) {
                assertEquals(0, atHome);
            } else if (fraction == 1) {
                assertEquals(400, atHome);
            } else {
                assertTrue(atHome > 160 && atHome < 240, "about half local: " + atHome);
            }
        }
    }

    @Test
    void referenceSpeedScalesRuntimes() {
        Simulation.Settings s = new Simulation.Settings();
        s.referenceSpeed = 2;
        Platform p = new Platform(List.of(new ClusterSpec("c", 4, 1.0)));
        SimulationResult r = new Simulation(p, c -> new Greedy(c), List.of(), s)
                .run(new ListJobSource("w", List.of(job(1, 0, 10, 10, 1))));
        assertEquals(20.0, r.jobs().get(0).finishTime()); // recorded at speed 2, runs on speed 1: twice as long
    }

    @Test
    void moldableJobsTakeTheSizeThatCompletesFirst() {
        for (Moldable.Search search : Moldable.Search.values()) {
            Simulation.Settings s = new Simulation.Settings();
            s.moldable = search;
            s.moldableTypes = List.of(new Moldable.Type("t1", 0.8, 32, 1.0));
            Platform p = new Platform(List.of(new ClusterSpec("c", 8, 1.0)));
            // job 1: rigid in effect (sequential); job 2 traced on 4 processors for 1000 s (2500 s on one):
            // on an empty 8-processor cluster the best is 8 processors: 2500 / speedup(0.8, 8) = 750 s
            SimulationResult r = new Simulation(p, c -> new Greedy(c), List.of(), s)
                    .run(new ListJobSource("w", List.of(job(2, 0, 1000, 1000, 4))));
            SimJob j = r.jobs().get(0);
            assertEquals(8, j.processors(), search.name());
            assertEquals(750.0, j.finishTime(), 1e-9, search.name());
            assertEquals("t1", j.moldableType());
            // busy cluster: six sequential jobs (sequential jobs stay rigid) hold 6 of 8 processors until
            // 10000; 2 processors now (1500 s) beat 8 later
            List<JobRecord> busy = new java.util.ArrayList<>();
            for (int i = 1; i <= 6; i++) {
                busy.add(job(i, 0, 10000, 10000, 1));
            }
            busy.add(job(7, 0, 1000, 1000, 4));
            r = new Simulation(p, c -> new Greedy(c), List.of(), s).run(new ListJobSource("w", busy));
            assertEquals(1, r.jobs().get(0).processors());
            assertEquals(2, r.jobs().get(6).processors(), search.name());
            assertEquals(1500.0, r.jobs().get(6).finishTime(), 1e-9, search.name());
        }
    }
}
