package org.gridsched.workflow.oa;

/**
 * The repartition of scenarios over clusters (thesis §4.4.3). The thesis's prose says "the cluster on which the total
 * makespan increases the less", its pseudo-code compares the absolute makespan with one more scenario; the
 * pseudo-code is implemented (it is what minimises the largest makespan).
 */
public final class Algorithm3 {
    private Algorithm3() {
    }

    /** performance[i][x]: the time cluster i needs for x scenarios (x = 1..NS), evaluated on demand. */
    @FunctionalInterface
    public interface Performance {
        double of(int cluster, int scenarios);
    }

    /**
     * Algorithm 3, verbatim: for each scenario, the cluster i with the smallest performance[i][nbDags[i] + 1] (strict
     * comparison: ties go to the lowest index).
     *
     * @return the cluster of each scenario, in scenario order
     */
    public static int[] repartition(int clusters, int scenarios, Performance performance) {
        int[] nbDags = new int[clusters];
        int[] repartition = new int[scenarios];
        for (int dag = 0; dag < scenarios; dag++) {
            double msMin = Double.POSITIVE_INFINITY;
            int clusterMin = 0;
            for (int i = 0; i < clusters; i++) {
                double temp = performance.of(i, nbDags[i] + 1);
                if (temp < msMin) {
                    msMin = temp;
                    clusterMin = i;
                }
            }
            nbDags[clusterMin]++;
            repartition[dag] = clusterMin;
        }
        return repartition;
    }

    /**
     * Round robin: the clusters one after the other, skipping those that cannot run a main task.
     *
     * @param usable whether each cluster can run a scenario at all
     */
    public static int[] roundRobin(boolean[] usable, int scenarios) {
        int[] repartition = new int[scenarios];
        int next = 0;
        for (int dag = 0; dag < scenarios; dag++) {
            while (!usable[next % usable.length]) {
                next++;
            }
            repartition[dag] = next % usable.length;
            next++;
        }
        return repartition;
    }

    /**
     * Eqs 4.11-4.12: the most scenarios a cluster of R processors takes without a longer makespan, one group of 11 each
     * plus the processors their posts need: the largest nbDags ≤ NS with 11·nbDags + ⌈T_post·nbDags / T_main(11)⌉ ≤ R.
     * The OCR shows the bracket as [·]; it is a ceiling (110 processors then give 9 for NS=10 and 111 give 10, the
     * thesis's "10 groups of 11 plus 1").
     */
    public static int nbDags(int processors, double postTime, double main11, int scenarios) {
        int best = 0;
        for (int k = 1; k <= scenarios; k++) {
            long posts = (long) Math.ceil(postTime * k / main11 * (1 - 1e-12));
            if (11L * k + posts <= processors) {
                best = k;
            } else {
                break;
            }
        }
        return best;
    }

    /** Scenarios per cluster of a repartition. */
    public static int[] counts(int[] repartition, int clusters) {
        int[] n = new int[clusters];
        for (int c : repartition) {
            n[c]++;
        }
        return n;
    }
}
