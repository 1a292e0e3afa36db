package org.gridsched.workflow.oa;

/** How the scenarios of an experiment are spread over the clusters (thesis §4.4.3, §4.5.2). */
public enum Repartition {
    /** Algorithm 3: each scenario in turn to the cluster whose makespan with one more scenario is smallest. */
    ALGORITHM3("algorithm3"),
    /** Clusters one after the other in a cyclic manner (the thesis's baseline). */
    ROUND_ROBIN("round-robin");

    private final String word;

    Repartition(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Repartition of(String word) {
        for (Repartition r : values()) {
            if (r.word.equals(word)) {
                return r;
            }
        }
        return null;
    }
}
