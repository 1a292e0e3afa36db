package org.gridsched.workflow.grouping;

import java.util.Arrays;

/**
 * One cluster's grouping problem (thesis §4.4.2): NS scenarios of NM months each on R identical processors, the
 * benchmarked time T[G] of a main task on G processors and the time T_P of a (sequential) post-processing task.
 * Times are seconds on this cluster.
 */
public final class GroupingProblem {
    /** A main task needs 3 processors for TRIP, OPA and OASIS and at least one for ARPEGE. */
    public static final int MIN_GROUP = 4;
    /** The largest group any heuristic may form (12 only in the extension where T[12] is known or taken as T[11]). */
    public static final int MAX_GROUP = 12;

    private final int scenarios;
    private final int months;
    private final int processors;
    private final double[] mainTimes;
    private final double postTime;
    private final int coresPerNode;

    /**
     * @param mainTimes    T[G] indexed by G (length at most {@code MAX_GROUP + 1}); NaN or 0 where not benchmarked
     * @param coresPerNode cores of one node of the cluster (1 when unknown); the revised heuristics keep group sizes
     *                     divisible by it
     */
    public GroupingProblem(int scenarios, int months, int processors, double[] mainTimes, double postTime, int coresPerNode) {
        if (scenarios < 1 || months < 1 || processors < 0) {
            throw new IllegalArgumentException("need at least one scenario of one month and no negative processor count, got NS="
                    + scenarios + " NM=" + months + " R=" + processors);
        }
        if (!(postTime > 0) || Double.isInfinite(postTime)) {
            throw new IllegalArgumentException("the post-processing time must be positive, got " + postTime);
        }
        this.scenarios = scenarios;
        this.months = months;
        this.processors = processors;
        this.mainTimes = new double[MAX_GROUP + 1];
        Arrays.fill(this.mainTimes, Double.NaN);
        for (int g = MIN_GROUP; g < Math.min(mainTimes.length, MAX_GROUP + 1); g++) {
            double t = mainTimes[g];
            this.mainTimes[g] = t > 0 && !Double.isInfinite(t) ? t : Double.NaN;
        }
        this.postTime = postTime;
        this.coresPerNode = Math.max(1, coresPerNode);
    }

    /** NS: the number of independent scenarios (chains). */
    public int scenarios() {
        return scenarios;
    }

    /** NM: the number of months (main tasks) of each scenario. */
    public int months() {
        return months;
    }

    /** R: the processors of the cluster. */
    public int processors() {
        return processors;
    }

    /** T[G], or NaN when G is outside {@code MIN_GROUP..MAX_GROUP} or was not benchmarked. */
    public double mainTime(int g) {
        return g >= MIN_GROUP && g <= MAX_GROUP ? mainTimes[g] : Double.NaN;
    }

    public boolean benchmarked(int g) {
        return !Double.isNaN(mainTime(g));
    }

    /** T_P: one post-processing task on one processor. */
    public double postTime() {
        return postTime;
    }

    public int coresPerNode() {
        return coresPerNode;
    }

    /** The same cluster with another number of scenarios (a performance vector evaluates 1..NS). */
    public GroupingProblem withScenarios(int ns) {
        return new GroupingProblem(ns, months, processors, mainTimes, postTime, coresPerNode);
    }

    /** The same problem with T[G] set (e.g. the 12-processor extension's T[12] = T[11]). */
    public GroupingProblem withMainTime(int g, double time) {
        double[] t = mainTimes.clone();
        t[g] = time;
        return new GroupingProblem(scenarios, months, processors, t, postTime, coresPerNode);
    }

    @Override
    public String toString() {
        return "NS=" + scenarios + " NM=" + months + " R=" + processors + " T_P=" + postTime;
    }
}
