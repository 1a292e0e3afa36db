package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.batch.Reservation;
import org.gridsched.api.batch.kit.JobOrder;
import org.gridsched.api.batch.kit.PlanningRule;
import org.gridsched.api.batch.kit.PlanningScheduler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A policy on the planning kit that tells it about a job it does not hold (never submitted to it, submitted to another
 * kit, its attachment replaced, ended already) gets an exception naming the job, what it was asked and the likely
 * mistake: it was a NullPointerException inside the kit (Planner.releaseRest, a TreeSet's comparator), or worse, a
 * second end silently gave the job's processors back twice.
 */
class KitMisuseTest {

    /** A cluster of 4 processors at t = 0 that starts what it is asked to, and records it. */
    private static final class FakeCluster implements Cluster {
        int free = 4;
        final List<QueuedJob> started = new ArrayList<>();

        @Override
        public String name() {
            return "c";
        }

        @Override
        public int processors() {
            return 4;
        }

        @Override
        public double speed() {
            return 1;
        }

        @Override
        public double now() {
            return 0;
        }

        @Override
        public int freeProcessors() {
            return free;
        }

        @Override
        public void start(QueuedJob job) {
            free -= job.processors();
            started.add(job);
        }

        @Override
        public void wakeUpAt(double time) {
        }

        @Override
        public List<Reservation> reservations() {
            return List.of();
        }
    }

    private static PlanningRule rule(String name) {
        return switch (name) {
            case "headOnly" -> PlanningRule.headOnly();
            case "easy" -> PlanningRule.easy();
            default -> PlanningRule.conservative();
        };
    }

    private static PlanningScheduler kit(FakeCluster cluster, String rule) {
        return new PlanningScheduler(cluster, JobOrder.submission(), rule(rule));
    }

    @ParameterizedTest
    @ValueSource(strings = {"headOnly", "easy", "conservative"})
    void theEndOrOverrunOfAJobNeverSubmittedNamesItAndWhatWasAsked(String rule) {
        PlanningScheduler kit = kit(new FakeCluster(), rule);
        StubJob stranger = new StubJob(7, 1);
        IllegalArgumentException ended = assertThrows(IllegalArgumentException.class, () -> kit.jobEnded(stranger, true));
        assertEquals("the planning kit was told that job 7 ended (jobEnded), but job 7 was never submitted to this kit (jobSubmitted):"
                + " pass the kit every job the policy gives it, and only those (not a job the policy started, rejected or kept"
                + " itself)", ended.getMessage());
        IllegalArgumentException overran = assertThrows(IllegalArgumentException.class, () -> kit.jobOverran(stranger));
        assertTrue(overran.getMessage().startsWith("the planning kit was told that job 7 overran its requested time (jobOverran),"
                + " but job 7 was never submitted to this kit"), overran.getMessage());
        // cancel and plannedStart answer for any job, as BatchScheduler says
        assertFalse(kit.cancel(stranger));
        assertTrue(Double.isNaN(kit.plannedStart(stranger)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"headOnly", "easy", "conservative"})
    void aJobWhoseAttachmentThePolicyReplacedIsNamedWithTheAttachmentsClass(String rule) {
        FakeCluster cluster = new FakeCluster();
        PlanningScheduler kit = kit(cluster, rule);
        StubJob job = new StubJob(3, 1);
        kit.jobSubmitted(job);
        job.attach(42.0); // the policy keeps its own state in the attachment too
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> kit.jobEnded(job, false));
        assertEquals("the planning kit was told that job 3 ended (jobEnded), but job 3's attachment is a java.lang.Double, not the kit's"
                + " state: the kit keeps its state of each job in QueuedJob.attach, so a policy on the kit must not attach anything"
                + " else to the jobs it gives the kit (keep the policy's own state in a map)", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"headOnly", "easy", "conservative"})
    void aJobOfAnotherKitIsNamedSo(String rule) {
        PlanningScheduler first = kit(new FakeCluster(), rule);
        PlanningScheduler second = kit(new FakeCluster(), rule);
        StubJob job = new StubJob(5, 1);
        first.jobSubmitted(job);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> second.jobEnded(job, false));
        assertTrue(e.getMessage().startsWith("the planning kit was told that job 5 ended (jobEnded), but job 5 was submitted to another"
                + " PlanningScheduler"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"headOnly", "easy", "conservative"})
    void anEndOfAJobThatIsNotRunningIsRefused(String rule) {
        FakeCluster cluster = new FakeCluster();
        PlanningScheduler kit = kit(cluster, rule);
        StubJob wide = new StubJob(1, 4);
        StubJob waiting = new StubJob(2, 4);
        kit.jobSubmitted(wide);
        kit.jobSubmitted(waiting);
        assertEquals(List.of(wide), cluster.started);
        IllegalStateException notStarted = assertThrows(IllegalStateException.class, () -> kit.jobEnded(waiting, false));
        assertEquals("the planning kit was told that job 2 ended (jobEnded), but the kit has not started job 2: it is waiting in the"
                + " kit's queue (a job the kit plans must be started by the kit only, not by the policy's own Cluster.start)",
                notStarted.getMessage());
        IllegalStateException notRunning = assertThrows(IllegalStateException.class, () -> kit.jobOverran(waiting));
        assertTrue(notRunning.getMessage().startsWith("the planning kit was told that job 2 overran its requested time (jobOverran),"
                + " but the kit has not started job 2"), notRunning.getMessage());

        cluster.free += 4;
        kit.jobEnded(wide, true);
        assertEquals(List.of(wide, waiting), cluster.started, "the kit's state is intact after the refusals");
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> kit.jobEnded(wide, true));
        assertEquals("the planning kit was told that job 1 ended (jobEnded), but job 1 is no longer in the kit: it ended, or was"
                + " cancelled or withdrawn, before (an end reported twice would give its processors back twice)", twice.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"headOnly", "easy", "conservative"})
    void aJobSubmittedTwiceIsRefusedButOneThatLeftMayComeBack(String rule) {
        FakeCluster cluster = new FakeCluster();
        PlanningScheduler kit = kit(cluster, rule);
        StubJob running = new StubJob(1, 4);
        StubJob waiting = new StubJob(2, 2);
        kit.jobSubmitted(running);
        kit.jobSubmitted(waiting);
        IllegalStateException again = assertThrows(IllegalStateException.class, () -> kit.jobSubmitted(waiting));
        assertEquals("the planning kit was told that job 2 was submitted (jobSubmitted), but job 2 is already waiting in the kit's"
                + " queue (each job is submitted once, and again only after it ended or was cancelled)", again.getMessage());
        assertThrows(IllegalStateException.class, () -> kit.jobSubmitted(running));
        // killed by a failure and submitted again, or cancelled and submitted again by a reallocation: a new stay
        assertTrue(kit.cancel(waiting));
        cluster.free += 4;
        kit.jobEnded(running, true);
        assertDoesNotThrow(() -> kit.jobSubmitted(running));
        assertDoesNotThrow(() -> kit.jobSubmitted(waiting));
        assertEquals(2, cluster.started.stream().filter(j -> j == running).count(), "started again");
    }
}
