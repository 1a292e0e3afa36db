package org.gridsched.engine;

/**
 * What the engine found wrong in a plugin's decision (a job started where it does not fit, jobs a batch policy lost, a
 * cluster index out of range), with which plugin decided: its role and, for a batch policy, its cluster. The engine
 * knows plugins only by their role, not by their registered names (it runs without OSGi, on plain objects); whoever
 * chose the plugins names the plugin with {@link #naming}: "the batch policy 'cbf' of cluster a lost 3 job(s) ...".
 */
public final class PluginDecisionException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** Who decided. */
    public enum Decider {
        BATCH_POLICY("batch policy"),
        META_SCHEDULER("meta-scheduler");

        private final String words;

        Decider(String words) {
            this.words = words;
        }
    }

    private final Decider decider;
    private final int cluster;
    private final String clusterName;
    private final String what;

    /**
     * @param cluster the batch policy's cluster; null for a meta-scheduler
     * @param what    what it did wrong, as the rest of a sentence whose subject is the plugin ("lost 3 job(s) ...")
     */
    PluginDecisionException(Decider decider, ClusterRuntime cluster, String what) {
        this(decider, cluster == null ? -1 : cluster.index, cluster == null ? null : cluster.spec.name(), what, null, null);
    }

    private PluginDecisionException(Decider decider, int cluster, String clusterName, String what, String plugin, Throwable cause) {
        super("the " + (plugin == null ? decider.words : plugin) + (clusterName == null ? "" : " of cluster " + clusterName) + " " + what,
                cause);
        this.decider = decider;
        this.cluster = cluster;
        this.clusterName = clusterName;
        this.what = what;
    }

    public Decider decider() {
        return decider;
    }

    /** The index of the batch policy's cluster in the platform; -1 for a meta-scheduler. */
    public int cluster() {
        return cluster;
    }

    /**
     * The same finding with the plugin named in place of its role ({@code plugin}: "batch policy 'cbf'", with its bundle
     * if need be); this one is its cause, for its stack.
     */
    public PluginDecisionException naming(String plugin) {
        PluginDecisionException named = new PluginDecisionException(decider, cluster, clusterName, what, plugin, this);
        named.setStackTrace(getStackTrace());
        return named;
    }
}
