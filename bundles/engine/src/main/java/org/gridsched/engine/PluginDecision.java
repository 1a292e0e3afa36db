package org.gridsched.engine;

/**
 * What the engine found wrong in a plugin's decision (a job started where it does not fit, jobs a batch policy lost, a
 * cluster index out of range, a job a reallocation cancelled and never submitted again, a controller's job never sent),
 * with which plugin decided: its role and, for a batch policy, its cluster; for a grid controller, its place among the
 * run's. The engine knows plugins only by their role, not by their registered names (it runs without OSGi, on plain
 * objects); whoever chose the plugins names the plugin with {@link #naming}: "the batch policy 'cbf' of cluster a lost
 * 3 job(s) ...".
 *
 * <p>Two exceptions carry it, so that each check keeps the exception type the API documents for it (a plugin may
 * catch it): {@link PluginDecisionException}, an {@link IllegalStateException} (the job is not waiting here), and
 * {@link PluginArgumentException}, an {@link IllegalArgumentException} (the rejection reason is no snake_case word).
 */
public sealed interface PluginDecision permits PluginDecisionException, PluginArgumentException {

    /** Who decided. */
    enum Decider {
        BATCH_POLICY("batch policy"),
        META_SCHEDULER("meta-scheduler"),
        REALLOCATION("reallocation algorithm"),
        CONTROLLER("grid controller");

        final String words;

        Decider(String words) {
            this.words = words;
        }
    }

    Decider decider();

    /** The index of the batch policy's cluster in the platform; -1 for the other deciders. */
    int cluster();

    /** The grid controller's place among the run's controllers (in the order they were chosen); -1 for the other deciders. */
    int controller();

    /**
     * The same finding, of the same exception type, with the plugin named in place of its role ({@code plugin}: "batch
     * policy 'cbf'", with its bundle if need be); this one is its cause, for its stack.
     */
    RuntimeException naming(String plugin);

    /** The finding in words: "the batch policy of cluster a lost 3 job(s) ...". */
    String getMessage();
}
