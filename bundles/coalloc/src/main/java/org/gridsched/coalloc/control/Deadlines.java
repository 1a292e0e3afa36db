package org.gridsched.coalloc.control;

/**
 * The deadline of each global job: submit + U[D_min, D_max]. The workload record has no deadline field, and its
 * requested time is the walltime (the engine kills at it, claims and FCFS plan with it), so the deadline is
 * drawn here, from the controller's seed and the job's id alone: the same job gets the same deadline in every
 * variant of the policy run with the same seed (common random numbers), whatever the order of events, and
 * trace jobs, which carry no deadline, get one the same way.
 */
final class Deadlines {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private final long seed;
    private final double min;
    private final double max;

    Deadlines(long seed, double min, double max) {
        this.seed = seed;
        this.min = min;
        this.max = max;
    }

    /** D − S for job {@code id}. */
    double offset(long id) {
        return min + (max - min) * unit(id);
    }

    /** A uniform number in [0, 1) that depends only on the seed and the id (SplitMix64's finaliser). */
    private double unit(long id) {
        long z = seed + GOLDEN * (id + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return (z >>> 11) * 0x1.0p-53;
    }
}
