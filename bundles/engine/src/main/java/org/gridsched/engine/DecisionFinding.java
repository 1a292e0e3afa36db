package org.gridsched.engine;

/**
 * What both exceptions of a {@link PluginDecision} hold: who decided (the cluster's name or the controller's place, when it has
 * one) and what.
 */
record DecisionFinding(PluginDecision.Decider decider, int index, String clusterName, String what) {
    static DecisionFinding of(PluginDecision.Decider decider, ClusterRuntime cluster, String what) {
        return new DecisionFinding(decider, cluster == null ? -1 : cluster.index, cluster == null ? null : cluster.spec.name(), what);
    }

    static DecisionFinding ofController(int controller, String what) {
        return new DecisionFinding(PluginDecision.Decider.CONTROLLER, controller, null, what);
    }

    /** The sentence, its subject the plugin ({@code plugin}, "batch policy 'cbf'") or, when null, its role. */
    String sentence(String plugin) {
        return "the " + (plugin == null ? decider.words : plugin) + (clusterName == null ? "" : " of cluster " + clusterName) + " " + what;
    }

    int cluster() {
        return decider == PluginDecision.Decider.BATCH_POLICY ? index : -1;
    }

    int controller() {
        return decider == PluginDecision.Decider.CONTROLLER ? index : -1;
    }
}
