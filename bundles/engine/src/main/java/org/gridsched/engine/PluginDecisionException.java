package org.gridsched.engine;

/**
 * A {@link PluginDecision} where the API documents an {@link IllegalStateException}: a plugin did something the
 * state of the run does not allow (started a job that does not fit or is not waiting, lost jobs, cancelled a job
 * and never submitted it again).
 */
public final class PluginDecisionException extends IllegalStateException implements PluginDecision {
    private static final long serialVersionUID = 1L;

    private final transient DecisionFinding finding;

    /**
     * @param cluster the batch policy's cluster; null for the other deciders
     * @param what    what it did wrong, as the rest of a sentence whose subject is the plugin ("lost 3 job(s) ...")
     */
    PluginDecisionException(Decider decider, ClusterRuntime cluster, String what) {
        this(DecisionFinding.of(decider, cluster, what), null, null);
    }

    /** What the run's {@code controller}-th grid controller did wrong. */
    static PluginDecisionException ofController(int controller, String what) {
        return new PluginDecisionException(DecisionFinding.ofController(controller, what), null, null);
    }

    private PluginDecisionException(DecisionFinding finding, String plugin, Throwable cause) {
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
    public PluginDecisionException naming(String plugin) {
        PluginDecisionException named = new PluginDecisionException(finding, plugin, this);
        named.setStackTrace(getStackTrace());
        return named;
    }
}
