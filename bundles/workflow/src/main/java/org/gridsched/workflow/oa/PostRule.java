package org.gridsched.workflow.oa;

/** When a post-processing task may start on a processor outside the busy groups. */
public enum PostRule {
    /**
     * The thesis's accounting (eqs 4.3-4.7): while main tasks run, a post starts only if it ends by the earliest end
     * of the running main tasks, so each processor completes ⌊T_G/T_P⌋ posts per iteration and none straddles an
     * iteration; with no main task running, posts start freely. With it the simulated makespan of the basic grouping
     * equals the closed form.
     */
    ITERATIONS("iterations"),
    /** As soon as a processor is free (never later than {@link #ITERATIONS}). */
    GREEDY("greedy");

    final String word;

    PostRule(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    static PostRule of(String word) {
        for (PostRule r : values()) {
            if (r.word.equals(word)) {
                return r;
            }
        }
        return null;
    }
}
