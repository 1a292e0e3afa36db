package org.gridsched.workflow.oa;

import org.gridsched.workflow.grouping.GroupingProblem;

/**
 * The basic grouping heuristic's makespan in closed form (thesis §4.4.2, eqs 4.1-4.7): NS scenarios of NM months on
 * R processors split into nb_max = min(NS, ⌊R/G⌋) equal groups of G; the main tasks run in lock-step iterations of
 * T_G; the R2 = R − nb_max·G processors outside the groups run ⌊T_G/T_P⌋ post-processing tasks each per iteration,
 * and the posts that do not fit run at the end on all R processors. The floors the OCR shows as |·| in eqs 4.3 and
 * 4.6 are floors; n, used in eq 4.5 before the text defines it, is ⌈nb_tasks/nb_max⌉.
 */
public final class ClosedForm {
    /** The groups sizes the basic heuristic tries (the thesis's "8 possibilities"). */
    public static final int SMALLEST = 4;
    public static final int LARGEST = 11;

    private ClosedForm() {
    }

    /** The basic heuristic's choice: group size, number of groups, makespan. */
    public record Choice(int groupSize, int groups, double makespan) {
    }

    /**
     * The counts of §4.4.2.1 for one G: nb_max = min(NS, ⌊R/G⌋) groups, R1 = nb_max·G processors for main tasks,
     * R2 = R − R1 for posts, nb_tasks = NS·NM, nb_last = nb_tasks mod nb_max groups busy in the last iteration, n =
     * ⌈nb_tasks/nb_max⌉ iterations. Null when G is not a possible group size here (outside 4..12, or more than R).
     */
    public record Terms(long nbMax, long r1, long r2, long tasks, long nbLast, long n) {
        public static Terms of(int ns, int nm, int r, int g) {
            if (g < GroupingProblem.MIN_GROUP || g > GroupingProblem.MAX_GROUP || g > r || ns < 1 || nm < 1) {
                return null;
            }
            long nbMax = Math.min(ns, r / g);
            long tasks = (long) ns * nm;
            return new Terms(nbMax, nbMax * g, r - nbMax * g, tasks, tasks % nbMax, ceilDiv(tasks, nbMax));
        }
    }

    /** Eqs 4.1-4.7, or +infinity when G is not a possible group size here. */
    public static double makespan(int ns, int nm, int r, int g, double tg, double tp) {
        Terms t = Terms.of(ns, nm, r, g);
        if (t == null || !(tg > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        long nbMax = t.nbMax();
        long tasks = t.tasks();
        long nbLast = t.nbLast();
        long n = t.n();
        double msMulti = n * tg;                                        // (4.1)
        long perProcessor = postsPerIteration(tg, tp);
        long remaining;                                                // posts left for the end, run on all R
        if (t.r2() == 0) {
            if (nbLast == 0) {
                remaining = tasks;                                     // (4.2)
            } else {
                long rLeft = r - nbLast * g;
                remaining = nbLast + Math.max(0, tasks - nbLast - perProcessor * rLeft);   // (4.3)
            }
        } else {
            long possible = perProcessor * t.r2();
            if (nbLast == 0) {
                long overpass = Math.max(0, (n - 1) * (nbMax - possible));
                remaining = overpass + nbMax;                          // (4.5)
            } else {
                long overpass = Math.max(0, (n - 2) * (nbMax - possible));
                long overTotal = overpass + nbMax;
                long rLeft = r - g * nbLast;
                remaining = nbLast + Math.max(0, overTotal - perProcessor * rLeft);          // (4.6)
            }
        }
        return msMulti + ceilDiv(remaining, r) * tp;                   // (4.2), (4.4), (4.5), (4.7)
    }

    /** The basic heuristic: the G of 4..11 with the smallest closed-form makespan (ties: fewer processors in groups). */
    public static Choice best(GroupingProblem p) {
        Choice best = null;
        for (int g = SMALLEST; g <= LARGEST; g++) {
            if (!p.benchmarked(g)) {
                continue;
            }
            double ms = makespan(p.scenarios(), p.months(), p.processors(), g, p.mainTime(g), p.postTime());
            if (Double.isInfinite(ms)) {
                continue;
            }
            int groups = Math.min(p.scenarios(), p.processors() / g);
            if (best == null || ms < best.makespan()
                    || (ms == best.makespan() && groups * g < best.groups() * best.groupSize())) {
                best = new Choice(g, groups, ms);
            }
        }
        return best;
    }

    /**
     * ⌊T_G/T_P⌋: the post-processing tasks one processor completes within one iteration. A relative tolerance keeps
     * an exact multiple exact when both times carry the same rounded speed factor.
     */
    public static long postsPerIteration(double tg, double tp) {
        return (long) Math.floor(tg / tp * (1 + 1e-12));
    }

    /** ⌈a/b⌉ for non-negative a and positive b. */
    public static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
