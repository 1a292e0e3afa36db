package org.example.thirdparty;

import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.control.Claim;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridController;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.GridControl;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.ReallocationAlgorithm;
import org.gridsched.api.grid.Reallocator;
import org.gridsched.api.grid.Router;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;

/**
 * Third-party plugins with faults, in a package of their own as a plugin bundle's would be (the launcher names the
 * plugin whose code threw by the package of the stack's frames).
 */
public final class FaultyPlugins {
    private FaultyPlugins() {
    }

    /**
     * A batch policy that refuses its input with an {@link InputException}, with or without a field, when created or
     * when the first job arrives.
     */
    public static final class Refusing implements BatchPolicy {
        private final boolean whenCreated;
        private final boolean withField;

        public Refusing(boolean whenCreated, boolean withField) {
            this.whenCreated = whenCreated;
            this.withField = withField;
        }

        @Override
        public String name() {
            return "refusing";
        }

        private InputException refusal() {
            return withField ? new InputException(null, 0, "queue_file", "must name a readable file")
                    : new InputException("the queue file is missing");
        }

        @Override
        public BatchScheduler create(Cluster cluster, PluginOptions options) {
            if (whenCreated) {
                throw refusal();
            }
            return new Dropping(cluster, false) {
                @Override
                public void jobSubmitted(QueuedJob job) {
                    throw refusal();
                }
            };
        }
    }

    /** Starts every job at once, fitting or not. */
    public static final class Greedy implements BatchPolicy {
        @Override
        public String name() {
            return "greedy";
        }

        @Override
        public BatchScheduler create(Cluster cluster, PluginOptions options) {
            return new Dropping(cluster, true);
        }
    }

    /** Neither starts nor counts any job: loses them all. */
    public static final class Losing implements BatchPolicy {
        @Override
        public String name() {
            return "losing";
        }

        @Override
        public BatchScheduler create(Cluster cluster, PluginOptions options) {
            return new Dropping(cluster, false);
        }
    }

    /** Sends every job to a cluster index that does not exist. */
    public static final class Astray implements MetaScheduler {
        @Override
        public String name() {
            return "astray";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            return job -> 7;
        }
    }

    /** Sends the jobs to the clusters in turn (no fault: a broker for the runs of faulty policies on several clusters). */
    public static final class Alternating implements MetaScheduler {
        @Override
        public String name() {
            return "alternating";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            int[] next = {0};
            return job -> next[0]++ % grid.clusterCount();
        }
    }

    /** Rejects every job with a reason that is no snake_case word. */
    public static final class Picky implements BatchPolicy {
        @Override
        public String name() {
            return "picky";
        }

        @Override
        public BatchScheduler create(Cluster cluster, PluginOptions options) {
            return new Dropping(cluster, false) {
                @Override
                public void jobSubmitted(QueuedJob job) {
                    cluster.reject(job, "Too Big");
                }
            };
        }
    }

    /** Takes every job in charge and sends it to the first cluster, wide enough or not. */
    public static final class Careless implements GridController {
        @Override
        public String name() {
            return "careless";
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            return new Controller() {
                @Override
                public boolean jobArrived(GridJob job) {
                    grid.send(job, 0);
                    return true;
                }
            };
        }
    }

    /** Takes every job in charge and does nothing with it. */
    public static final class Hoarding implements GridController {
        @Override
        public String name() {
            return "hoarding";
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            return new Controller() {
                @Override
                public boolean jobArrived(GridJob job) {
                    return true;
                }
            };
        }
    }

    /** Takes no job in charge (no fault: a controller before another one). */
    public static final class Passing implements GridController {
        @Override
        public String name() {
            return "passing";
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            return new Controller() {
            };
        }
    }

    /** Claims 4 processors of the first cluster 10 s after the first arrival, for 100 s (no fault: a claim for another controller to misuse). */
    public static final class Claiming implements GridController {
        @Override
        public String name() {
            return "claiming";
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            return new Controller() {
                private boolean claimed;

                @Override
                public boolean jobArrived(GridJob job) {
                    if (!claimed) {
                        claimed = grid.claim(0, 4, grid.now() + 10, 100) != null;
                    }
                    return false;
                }
            };
        }
    }

    /** Releases every claim it is told has started, its own or not (it makes none). */
    public static final class Meddling implements GridController {
        @Override
        public String name() {
            return "meddling";
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            return new Controller() {
                @Override
                public void claimStarted(Claim claim) {
                    grid.release(claim);
                }
            };
        }
    }

    /** Takes every job in charge and starts it in a claim of its own making, which the engine never gave. */
    public static final class Forging implements GridController {
        @Override
        public String name() {
            return "forging";
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            return new Controller() {
                @Override
                public boolean jobArrived(GridJob job) {
                    grid.start(job, new Claim() {
                        @Override
                        public int cluster() {
                            return 0;
                        }

                        @Override
                        public int processors() {
                            return job.processors();
                        }

                        @Override
                        public double start() {
                            return grid.now();
                        }

                        @Override
                        public double end() {
                            return grid.now() + 3600;
                        }

                        @Override
                        public boolean active() {
                            return true;
                        }

                        @Override
                        public boolean over() {
                            return false;
                        }

                        @Override
                        public String toString() {
                            return "a claim of " + job.processors() + " processors it made up";
                        }
                    });
                    return true;
                }
            };
        }
    }

    /** Cancels every waiting job when it routes a job, as only a reallocation algorithm may, and sends jobs to the first cluster. */
    public static final class Cancelling implements MetaScheduler {
        @Override
        public String name() {
            return "cancelling";
        }

        @Override
        public Router create(Grid grid, PluginOptions options, long seed) {
            return job -> {
                ((GridControl) grid).cancelAll();
                return 0;
            };
        }
    }

    /** Every period, cancels every waiting job and submits none again. */
    public static final class Forgetful implements ReallocationAlgorithm {
        @Override
        public String name() {
            return "forgetful";
        }

        @Override
        public Reallocator create(GridControl grid, SelectionHeuristic heuristic, PluginOptions options) {
            return new Reallocator() {
                @Override
                public double period() {
                    return 600;
                }

                @Override
                public void reallocate() {
                    grid.cancelAll();
                }
            };
        }
    }

    /** The first candidate (no fault: the heuristic a reallocation algorithm needs). */
    public static final class First implements SelectionHeuristic {
        @Override
        public String name() {
            return "first";
        }

        @Override
        public int select(List<Candidate> candidates) {
            return 0;
        }
    }

    /** A generator that refuses to open, saying why without naming a file or option. */
    public static final class RefusingGenerator implements WorkloadGenerator {
        @Override
        public String name() {
            return "refusing-generator";
        }

        @Override
        public JobSource open(PluginOptions options, long seed) {
            throw new InputException("the site list is missing");
        }
    }

    /** Starts every job when it arrives ({@code start}), or drops it. */
    private static class Dropping implements BatchScheduler {
        private final Cluster cluster;
        private final boolean start;

        Dropping(Cluster cluster, boolean start) {
            this.cluster = cluster;
            this.start = start;
        }

        @Override
        public void jobSubmitted(QueuedJob job) {
            if (start) {
                cluster.start(job);
            }
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
}
