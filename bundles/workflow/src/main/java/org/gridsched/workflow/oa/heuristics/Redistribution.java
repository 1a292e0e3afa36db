package org.gridsched.workflow.oa.heuristics;

import org.gridsched.workflow.grouping.Grouping;
import org.gridsched.workflow.grouping.GroupingProblem;
import org.gridsched.workflow.oa.ClosedForm;

/**
 * Optimisations 1 and 2 of the basic heuristic (thesis §4.4.2.4): keep its groups and give the processors it left
 * out to them, one per group in turn from the first, no group beyond 11.
 */
final class Redistribution {
    private Redistribution() {
    }

    /**
     * @param keepForPosts whether to keep enough processors for the posts of one iteration (optimisation 1:
     *                     ⌈nb_max / ⌊T_G/T_P⌋⌉ of them, at most what was left out) or none (optimisation 2: posts at
     *                     the end)
     */
    static Grouping apply(GroupingProblem p, boolean keepForPosts) {
        ClosedForm.Choice c = ClosedForm.best(p);
        if (c == null) {
            return Grouping.none();
        }
        int g = c.groupSize();
        int left = p.processors() - c.groups() * g;
        int keep = 0;
        if (keepForPosts) {
            long perProcessor = ClosedForm.postsPerIteration(p.mainTime(g), p.postTime());
            keep = perProcessor == 0 ? left : (int) Math.min(left, ClosedForm.ceilDiv(c.groups(), perProcessor));
        }
        int[] groups = new int[c.groups()];
        java.util.Arrays.fill(groups, g);
        int extra = left - keep;
        boolean grew = true;
        while (extra > 0 && grew) {                     // one pass = one more processor per group, first groups first
            grew = false;
            for (int i = 0; i < groups.length && extra > 0; i++) {
                if (groups[i] < ClosedForm.LARGEST && p.benchmarked(groups[i] + 1)) {
                    groups[i]++;
                    extra--;
                    grew = true;
                }
            }
        }
        return Grouping.of(groups);
    }
}
