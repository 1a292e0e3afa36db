package org.gridsched.engine;

/**
 * A {@link PluginDecision} where the API documents an {@link IllegalArgumentException}: a plugin passed a value the
 * call does not take (processor pools that overlap, a rejection reason that is no snake_case word, a wake-up in the
 * past, a cluster index that does not exist).
 */
public final class PluginArgumentException extends IllegalArgumentException implements PluginDecision {
    private static final long serialVersionUID = 1L;

    private final transient DecisionFinding finding;

    /**
     * @param cluster the batch policy's cluster; null for the other deciders
     * @param what    what it did wrong, as the rest of a sentence whose subject is the plugin
     */
    PluginArgumentException(Decider decider, ClusterRuntime cluster, String what) {
        this(DecisionFinding.of(decider, cluster, what), null, null);
    }

    /** What the run's {@code controller}-th grid controller did wrong. */
    static PluginArgumentException ofController(int controller, String what) {
        return new PluginArgumentException(DecisionFinding.ofController(controller, what), null, null);
    }

    private PluginArgumentException(DecisionFinding finding, String plugin, Throwable cause) {
        super(finding.sentence(plugin), cause);
        this.finding = finding;
    }

    @Override
    public Decider decider() {
        return finding.decider();
    }

    @Override
    public int cluster() {
        return finding.cluster();
    }

    @Override
    public int controller() {
        return finding.controller();
    }

    @Override
    public PluginArgumentException naming(String plugin) {
        PluginArgumentException named = new PluginArgumentException(finding, plugin, this);
        named.setStackTrace(getStackTrace());
        return named;
    }
}
