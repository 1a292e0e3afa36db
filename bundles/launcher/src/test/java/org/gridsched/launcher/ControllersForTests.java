package org.gridsched.launcher;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridController;
import org.gridsched.api.control.GridJob;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.control.JobSpec;

/** Small grid controllers for launcher tests: each does one thing the engine reports on. */
public final class ControllersForTests {
    private ControllersForTests() {
    }

    /** The seed each controller was last created with, by name. */
    static final Map<String, Long> SEEDS = new ConcurrentHashMap<>();

    /** Submits one job of {@code runtime} seconds on 1 processor at time 0 (id 1,000,000). */
    public static final class Submitter implements GridController {
        @Override
        public String name() {
            return "submitter";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(new Parameter("runtime", "10", "runtime of the job submitted"));
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            SEEDS.put(name(), seed);
            double runtime = options.getPositive("runtime", 10);
            grid.submit(new JobSpec(1_000_000, 0, runtime, runtime, 1));
            return new Controller() {
            };
        }
    }

    /** Kills the first job that starts; re-queues it if {@code requeue}. */
    public static final class Killer implements GridController {
        @Override
        public String name() {
            return "killer";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(new Parameter("requeue", "false", "re-queue the killed job"));
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            SEEDS.put(name(), seed);
            boolean requeue = options.getBoolean("requeue", false);
            return new Controller() {
                private boolean done;

                @Override
                public void jobStarted(GridJob job) {
                    if (!done) {
                        done = true;
                        grid.kill(job, requeue);
                    }
                }
            };
        }
    }

    /** Takes the first arriving job in charge and rejects it ("test"). */
    static final class Rejecter implements GridController {
        @Override
        public String name() {
            return "rejecter";
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            return new Controller() {
                private boolean done;

                @Override
                public boolean jobArrived(GridJob job) {
                    if (done) {
                        return false;
                    }
                    done = true;
                    grid.reject(job, "test");
                    return true;
                }
            };
        }
    }

    /** Claims 2 processors of the first cluster over [0, 100) and leaves them idle. */
    static final class Claimer implements GridController {
        @Override
        public String name() {
            return "claimer";
        }

        @Override
        public Controller create(GridOperations grid, PluginOptions options, long seed) {
            grid.claim(0, 2, 0, 100);
            return new Controller() {
            };
        }
    }
}
