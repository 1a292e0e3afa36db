package org.gridsched.workflow.oa;

/**
 * Which scenario an idle group of a cluster runs next (option {@code assignment}; docs/ocean-atmosphere.md, "The
 * simulation"). Both give the next month of the least advanced scenario not running to the fastest idle group (thesis
 * §4.4.2: "when a group of resources becomes idle, we schedule the next task of the less advanced DAG on this group");
 * they differ only with groups of unequal speeds, where no scenario may be free when a fast group becomes idle.
 */
public enum Assignment {
    /**
     * Work-conserving: an idle group never waits. With as many groups as scenarios, a group that ends a month finds
     * only the scenario it just advanced, so every scenario keeps its group and the slowest group sets the makespan.
     */
    LEAST_ADVANCED("least-advanced"),
    /**
     * Fair progress across unequal groups: an idle group may instead wait for a less advanced scenario running on a
     * slower group, when running both scenarios' remaining months on the swapped groups ends them both earlier than
     * keeping them where they are; the scenario it would have taken then goes to the slower group when that one ends.
     * With equal groups it is {@link #LEAST_ADVANCED}.
     */
    BALANCED("balanced");

    final String word;

    Assignment(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    static Assignment of(String word) {
        for (Assignment a : values()) {
            if (a.word.equals(word)) {
                return a;
            }
        }
        return null;
    }
}
