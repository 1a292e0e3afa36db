package org.gridsched.workflow.oa;

import java.util.Arrays;

import org.gridsched.workflow.grouping.GroupingProblem;

/**
 * One cluster's benchmarks (thesis §4.4.1): T[G], the time of a main task on G processors (G = 4..11, optionally
 * 12), T_P, the time of a post-processing task on one processor, and the cores per node (the revised heuristics'
 * divisibility constraint). Seconds on that cluster.
 */
public final class ClusterBenchmark {
    private final String cluster;
    private final double[] mainTimes;
    private final double postTime;
    private final int coresPerNode;

    /** @param mainTimes indexed by G, NaN where not benchmarked */
    public ClusterBenchmark(String cluster, double[] mainTimes, double postTime, int coresPerNode) {
        this.cluster = cluster;
        this.mainTimes = Arrays.copyOf(mainTimes, GroupingProblem.MAX_GROUP + 1);
        this.postTime = postTime;
        this.coresPerNode = coresPerNode;
    }

    public String cluster() {
        return cluster;
    }

    /** T[G], NaN when not benchmarked. */
    public double mainTime(int g) {
        return g >= 0 && g < mainTimes.length ? mainTimes[g] : Double.NaN;
    }

    /**
     * The time of a main task on a group of G processors: T[G]; for 12 processors without a benchmark, T[11] (the
     * thesis measured them equal on a few clusters, §4.6.2); NaN otherwise.
     */
    public double groupTime(int g) {
        double t = mainTime(g);
        return Double.isNaN(t) && g == GroupingProblem.MAX_GROUP ? mainTime(11) : t;
    }

    public double postTime() {
        return postTime;
    }

    public int coresPerNode() {
        return coresPerNode;
    }

    /** The grouping problem of NS scenarios of NM months on R processors of this cluster. */
    public GroupingProblem problem(int scenarios, int months, int processors) {
        return new GroupingProblem(scenarios, months, processors, mainTimes, postTime, coresPerNode);
    }

    /** The same cluster under another name (a platform's clusters named differently from the benchmark file). */
    public ClusterBenchmark named(String name) {
        return new ClusterBenchmark(name, mainTimes, postTime, coresPerNode);
    }

    @Override
    public String toString() {
        return cluster + " T_P=" + postTime + " T=" + Arrays.toString(Arrays.copyOfRange(mainTimes, 4, mainTimes.length));
    }
}
