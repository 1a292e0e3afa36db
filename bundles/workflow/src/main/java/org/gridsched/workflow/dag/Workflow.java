package org.gridsched.workflow.dag;

import java.util.List;

/**
 * A workflow read from a file: its tasks (runtime at reference speed, cores) and their dependencies, indexed in a
 * topological order (every parent before its children). Immutable; every simulated instance of it shares it.
 */
public final class Workflow {
    private final String name;
    private final String source;
    private final String[] ids;
    private final String[] names;
    private final double[] runtimes;
    private final int[] cores;
    private final int[][] parents;
    private final int[][] children;
    private final double[] upwardRanks;
    private final double criticalPath;
    private final int[][] dataFrom;
    private final double[][] dataBytes;

    /**
     * @param parents  for each task (in topological order) the indexes of its parents, all smaller than its own
     * @param children for each task the indexes of its children, all larger than its own
     * @param dataFrom  for each task the ancestors that produce its input files (increasing)
     * @param dataBytes for each task and each of {@code dataFrom}, the size of the largest such file, bytes
     */
    Workflow(String name, String source, String[] ids, String[] names, double[] runtimes, int[] cores, int[][] parents, int[][] children,
            int[][] dataFrom, double[][] dataBytes) {
        this.dataFrom = dataFrom;
        this.dataBytes = dataBytes;
        this.name = name;
        this.source = source;
        this.ids = ids;
        this.names = names;
        this.runtimes = runtimes;
        this.cores = cores;
        this.parents = parents;
        this.children = children;
        upwardRanks = new double[ids.length];
        double cp = 0;
        for (int t = ids.length - 1; t >= 0; t--) {     // children come later: reverse order sees them first
            double below = 0;
            for (int c : children[t]) {
                below = Math.max(below, upwardRanks[c]);
            }
            upwardRanks[t] = runtimes[t] + below;
            cp = Math.max(cp, upwardRanks[t]);
        }
        criticalPath = cp;
    }

    public String name() {
        return name;
    }

    /** The file it was read from, for messages. */
    public String source() {
        return source;
    }

    public int size() {
        return ids.length;
    }

    public String id(int task) {
        return ids[task];
    }

    public String taskName(int task) {
        return names[task];
    }

    /** Runtime at reference speed, seconds. */
    public double runtime(int task) {
        return runtimes[task];
    }

    public int cores(int task) {
        return cores[task];
    }

    public int[] parents(int task) {
        return parents[task];
    }

    public int[] children(int task) {
        return children[task];
    }

    /** The tasks (ancestors) that produce the task's input files, increasing. */
    public int[] dataFrom(int task) {
        return dataFrom[task];
    }

    /** For each of {@link #dataFrom}, the size in bytes of the largest input file of the task it produces. */
    public double[] dataBytes(int task) {
        return dataBytes[task];
    }

    /** Whether some task reads a file another task produces. */
    public boolean movesData() {
        for (int[] d : dataFrom) {
            if (d.length > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The task's upward rank (bottom level): its runtime plus the largest upward rank of its children, so the length
     * of the longest path from it to an exit task (HEFT's rank, without communication costs).
     */
    public double upwardRank(int task) {
        return upwardRanks[task];
    }

    /** The length of the longest path of runtimes: the makespan on unlimited processors at reference speed. */
    public double criticalPath() {
        return criticalPath;
    }

    /** The widest task. */
    public int maxCores() {
        int m = 0;
        for (int c : cores) {
            m = Math.max(m, c);
        }
        return m;
    }

    /** Task indexes by id, for tests. */
    public int index(String id) {
        return List.of(ids).indexOf(id);
    }

    @Override
    public String toString() {
        return "workflow '" + name + "' (" + ids.length + " tasks, " + source + ")";
    }
}
