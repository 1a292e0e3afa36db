package org.gridsched.coalloc.control;

/**
 * The placement tries of the Repeated Placement Policy (RPP) with the Wait-X ignore rule. A job submitted at
 * S with deadline D is ignored until T = max(S, D − X) (X = +∞: never ignored, the pure RPP); then the
 * tries are at PT_0 = T + L_p·(D − T) and PT_{m+1} = PT_m + L_p·(D − PT_m), at most M_p of them, and never
 * after D: a try that would be at or after D is at D and is the last one (with L_p = 1, or Wait-0, the single
 * try is at D).
 */
public final class TrySchedule {
    private TrySchedule() {
    }

    /** The first try. */
    public static double first(double submit, double deadline, double lp, double ignore) {
        double from = Math.max(submit, deadline - ignore); // deadline - infinity = -infinity
        return next(from, deadline, lp);
    }

    /** The try after one at {@code pt} (or the first, from the end of the ignore period). */
    public static double next(double pt, double deadline, double lp) {
        double t = pt + lp * (deadline - pt);
        return t >= deadline ? deadline : t;
    }

    /** All the tries of a job that never gets placed: at most {@code mp}, the last one possibly at D. */
    public static double[] times(double submit, double deadline, double lp, int mp, double ignore) {
        double[] t = new double[mp];
        int n = 0;
        double pt = first(submit, deadline, lp, ignore);
        while (n < mp) {
            t[n++] = pt;
            if (pt >= deadline) {
                break;
            }
            pt = next(pt, deadline, lp);
        }
        return java.util.Arrays.copyOf(t, n);
    }
}
