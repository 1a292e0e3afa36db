package org.gridsched.coalloc.control;

import java.util.List;

import org.gridsched.api.control.Claim;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.Part;

/**
 * The controller's state of one global (co-allocated) job, hung on the job's tag. The {@code coalloc}
 * collector reads it back from the same tag (see {@link #of}) for the per-job results: there is no other
 * channel from a controller to a collector.
 */
public final class GlobalJob {

    /** Where the job is in the placement queue's life. */
    public enum Outcome {
        /** In the placement queue. */
        WAITING,
        /** Placed by a try before its deadline; its processors are claimed until then. */
        CLAIMED,
        /**
         * Placed by a try before its deadline with {@code claim: at_deadline}: its clusters are chosen, nothing is
         * held, and the processors are claimed at the deadline.
         */
        PLACED,
        /** Started at its deadline. */
        STARTED,
        /** Given up (rejected). */
        FAILED
    }

    /** The timer tag of the job's deadline (tries use the job state itself as tag). */
    record Deadline(GlobalJob job) {
    }

    final GridJob job;
    final int componentSize;
    final double submit;
    final double deadline;
    final Deadline atDeadline = new Deadline(this);
    Outcome outcome = Outcome.WAITING;
    /** How it was placed, or why it failed (snake_case). */
    String how = "";
    int tries;
    /** True when the schedule's last try falls on the deadline (handled by the deadline event). */
    boolean tryAtDeadline;
    double leftQueue = Double.NaN;
    double claimedAt = Double.NaN;
    int claimedProcessors;
    Claim[] claims;
    /** The parts chosen by the successful try, while the job is {@link Outcome#PLACED}. */
    List<Part> parts;
    int kills;
    int collateral;
    /** Claimed-idle processor-seconds of claims a failure broke, and how many times that happened. */
    double brokenWaste;
    int brokenClaims;

    GlobalJob(GridJob job, int componentSize, double submit, double deadline) {
        this.job = job;
        this.componentSize = componentSize;
        this.submit = submit;
        this.deadline = deadline;
    }

    /** The controller's state of a job, or null if no {@code coalloc} controller took it in charge. */
    public static GlobalJob of(Object job) {
        return job instanceof GridJob g && g.tag() instanceof GlobalJob s ? s : null;
    }

    void claimed(double now, Claim[] claims) {
        this.claims = claims;
        outcome = Outcome.CLAIMED;
        how = "claimed_at_try_" + tries;
        leftQueue = now;
        claimedAt = now;
        for (Claim c : claims) {
            claimedProcessors += c.processors();
        }
    }

    /** A claim broke (a failure): back to the placement queue; the claims' idle time so far stays wasted. */
    void claimBroken(double now) {
        brokenWaste += claimedProcessors * (now - claimedAt);
        brokenClaims++;
        claimedAt = Double.NaN;
        claimedProcessors = 0;
        claims = null;
        outcome = Outcome.WAITING;
        how = "";
        leftQueue = Double.NaN;
    }

    /** With {@code claim: at_deadline}: the try's parts are kept for the claim at the deadline; the job leaves the queue. */
    void placed(double now, List<Part> parts) {
        this.parts = parts;
        outcome = Outcome.PLACED;
        how = "placed";
        leftQueue = now;
    }

    /** Started at the deadline; a job that had claimed keeps {@code claimed_at_try_N} as how it was placed. */
    void started(double now, String how) {
        if (outcome == Outcome.WAITING) {
            leftQueue = now;
        }
        if (outcome != Outcome.CLAIMED) {
            this.how = how;
        }
        outcome = Outcome.STARTED;
        claims = null;
        parts = null;
    }

    void failed(double now, String reason) {
        if (outcome == Outcome.WAITING) {
            leftQueue = now;
        }
        outcome = Outcome.FAILED;
        how = reason;
        parts = null;
    }

    public double submit() {
        return submit;
    }

    public double deadline() {
        return deadline;
    }

    public int components() {
        return job.components();
    }

    public int componentSize() {
        return componentSize;
    }

    public Outcome outcome() {
        return outcome;
    }

    /**
     * How it was placed ({@code claimed_at_try_N}, {@code try_at_deadline}, {@code global_priority},
     * {@code global_priority_kills}, {@code claimed_at_deadline}, {@code claimed_at_deadline_kills}) or why it failed.
     */
    public String how() {
        return how;
    }

    /** Placement tries made (the RPP's, not counting global priority's placement at the deadline). */
    public int tries() {
        return tries;
    }

    /** When it left the placement queue (claimed, placed, started or failed); NaN while it waits. */
    public double leftQueue() {
        return leftQueue;
    }

    /** Claimed-but-idle processor-seconds before its deadline: the "processor wasted time" it caused. */
    public double wastedProcessorSeconds() {
        return brokenWaste + (Double.isNaN(claimedAt) ? 0 : claimedProcessors * (deadline - claimedAt));
    }

    /** How many times a failure broke its claims (it then tried again). */
    public int brokenClaims() {
        return brokenClaims;
    }

    /** Local jobs killed to make room for it (global priority). */
    public int kills() {
        return kills;
    }

    /**
     * Of {@link #kills()}, local jobs that the local policy had started at this very instant into processors
     * freed by an earlier kill, and that were re-queued rather than lost (see docs/coallocation.md).
     */
    public int collateral() {
        return collateral;
    }
}
