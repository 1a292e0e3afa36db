package org.gridsched.engine;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;

/**
 * Moldable jobs (thesis chapter 3.6.1): a trace job of n_t processors and walltime w_t gets a type with a
 * parallel fraction P and a processor limit; its work on one processor is w_1 = w_t · speedup(P, n_t),
 * and on n processors w_1 / speedup(P, n) (Amdahl), its runtime keeping the trace's runtime/walltime
 * ratio. The cluster's server picks, at each submission and each estimate, the size with the earliest
 * estimated completion, by exhaustive or binary search. Sequential trace jobs stay sequential.
 */
public final class Moldable {

    /** A moldable job type: parallel fraction, processor limit, share of the parallel jobs. */
    public record Type(String name, double parallelFraction, int limit, double share) {
    }

    /** The thesis's Table 3.2. */
    public static final List<Type> THESIS_TYPES = List.of(new Type("t1", 0.8, 32, 0.5), new Type("t2", 0.9, 96, 0.3),
            new Type("t3", 0.99, 256, 0.15), new Type("t4", 0.999, 650, 0.05));

    /** How the server searches the sizes 1..max. */
    public enum Search {
        /** Every size: max estimations. */
        EXHAUSTIVE,
        /** Bisection towards the better end: about log2(max) estimations, rarely worse. */
        BINARY
    }

    private Moldable() {
    }

    /** Amdahl's speedup on n processors of a program whose parallel fraction is p. */
    public static double speedup(double p, int n) {
        return 1 / ((1 - p) + p / n);
    }

    /** Draws a type by the shares, from a seeded stream. */
    public static Type draw(List<Type> types, SplittableRandom random) {
        double x = random.nextDouble();
        for (Type t : types) {
            x -= t.share();
            if (x < 0) {
                return t;
            }
        }
        return types.get(types.size() - 1);
    }

    /**
     * The size in 1..max with the smallest {@code completion}; ties to fewer processors. Binary search:
     * evaluate 1 and max, then while hi − lo > 1, mid = ⌊(lo + hi)/2⌋, keep the half whose end is better
     * (lo if completion(lo) ≤ completion(hi)); the answer is the best size evaluated.
     */
    public static int choose(int max, IntToDoubleFunction completion, Search search) {
        if (max <= 1) {
            return 1;
        }
        if (search == Search.EXHAUSTIVE) {
            int best = 1;
            double bestValue = completion.applyAsDouble(1);
            for (int n = 2; n <= max; n++) {
                double v = completion.applyAsDouble(n);
                if (v < bestValue) {
                    best = n;
                    bestValue = v;
                }
            }
            return best;
        }
        int lo = 1;
        int hi = max;
        double cLo = completion.applyAsDouble(lo);
        double cHi = completion.applyAsDouble(hi);
        int best = cHi < cLo ? hi : lo;
        double bestValue = Math.min(cLo, cHi);
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            double cMid = completion.applyAsDouble(mid);
            if (cMid < bestValue || (cMid == bestValue && mid < best)) {
                best = mid;
                bestValue = cMid;
            }
            if (cLo <= cHi) {
                hi = mid;
                cHi = cMid;
            } else {
                lo = mid;
                cLo = cMid;
            }
        }
        return best;
    }

    /**
     * A moldable job's shape, drawn when it arrives: its type, its requested time on one processor, and the
     * ratio runtime / requested time that every size keeps.
     */
    public record Shape(Type type, double work1, double runtimeRatio) {
    }
}
