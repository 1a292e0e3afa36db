package org.gridsched.workflow.oa;

import java.util.List;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;

/**
 * The batch scheduler of a cluster that only the Ocean-Atmosphere controller uses (a performance estimate): every job
 * is started by the controller, none is ever queued.
 */
final class ControllerOnlyScheduler implements BatchScheduler {
    /** Its policy, for nested simulations (not a registered plugin: no profile can choose it). */
    static final BatchPolicy POLICY = new BatchPolicy() {
        @Override
        public String name() {
            return "controller-only";
        }

        @Override
        public BatchScheduler create(Cluster cluster, PluginOptions options) {
            return new ControllerOnlyScheduler();
        }
    };

    @Override
    public void jobSubmitted(QueuedJob job) {
        throw new IllegalStateException("job " + job.id() + " was queued on a cluster that only the ocean-atmosphere controller runs");
    }

    @Override
    public void jobEnded(QueuedJob job, boolean early) {
    }

    @Override
    public int waitingJobs() {
        return 0;
    }

    @Override
    public List<QueuedJob> waiting() {
        return List.of();
    }

    @Override
    public boolean cancel(QueuedJob job) {
        return false;
    }

    @Override
    public double estimateStart(int processors, double requestedTime) {
        return Double.NaN;
    }
}
