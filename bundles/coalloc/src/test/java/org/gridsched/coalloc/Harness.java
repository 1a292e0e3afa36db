package org.gridsched.coalloc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.batch.QueuedJob;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.coalloc.control.CoallocationController;
import org.gridsched.coalloc.metrics.CoallocCollector;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;

/** Runs the co-allocation model on the plain-Java engine: FCFS per cluster, the coalloc controller and collector. */
final class Harness {
    private Harness() {
    }

    static Platform platform(int... sizes) {
        List<ClusterSpec> specs = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++) {
            specs.add(new ClusterSpec("c" + i, sizes[i], 1.0));
        }
        return new Platform(specs);
    }

    static JobRecord local(long id, double submit, double runtime, int processors, int home) {
        JobRecord r = new JobRecord().set(id, submit, runtime, runtime, processors);
        r.home = home;
        return r;
    }

    static JobRecord global(long id, double submit, double runtime, int components, int size) {
        JobRecord r = new JobRecord().set(id, submit, runtime, runtime, components * size);
        r.components = components;
        return r;
    }

    static SimulationResult run(Platform p, List<JobRecord> jobs, Map<String, ?> controllerOptions) {
        return run(p, new ListJobSource("test", jobs), controllerOptions, 1);
    }

    static SimulationResult run(Platform p, JobSource source, Map<String, ?> controllerOptions, long seed) {
        return run(p, source, CoallocationController.withBuiltInPlacements(), controllerOptions, seed);
    }

    static SimulationResult run(Platform p, JobSource source, CoallocationController controller, Map<String, ?> controllerOptions,
            long seed) {
        return run(p, source, controller, controllerOptions, seed, null);
    }

    /** With processor failures (null: none). */
    static SimulationResult run(Platform p, JobSource source, CoallocationController controller, Map<String, ?> controllerOptions,
            long seed, org.gridsched.engine.FailureSpec failures) {
        Simulation.Settings s = new Simulation.Settings();
        s.failures = failures;
        s.localFraction = 1; // local users' jobs go straight to their home cluster
        s.router = grid -> job -> 0; // every job is local or the controller's: the broker is never asked
        PluginOptions options = new PluginOptions("grid controller 'coalloc'", controllerOptions);
        s.controllers = List.of(grid -> controller.create(grid, options, seed));
        var collector = new CoallocCollector().create(info(p), PluginOptions.empty("collector"));
        FcfsPolicy fcfs = new FcfsPolicy();
        return new Simulation(p, cluster -> draining(fcfs.create(cluster, PluginOptions.empty("fcfs")), cluster),
                List.of(new Simulation.NamedCollector("coalloc", collector)), s).run(source);
    }

    static org.gridsched.api.metrics.RunInfo info(Platform p) {
        return new org.gridsched.api.metrics.RunInfo() {
            public int clusterCount() {
                return p.size();
            }

            public String clusterName(int c) {
                return p.get(c).name();
            }

            public int clusterProcessors(int c) {
                return p.get(c).processors();
            }

            public double clusterSpeed(int c) {
                return p.get(c).speed();
            }
        };
    }

    static Map<Long, SimJob> byId(SimulationResult r) {
        Map<Long, SimJob> m = new HashMap<>();
        for (SimJob j : r.jobs()) {
            m.put(j.id(), j);
        }
        return m;
    }

    /** A job that is never queued: ending it only makes FCFS look at its queue head again. */
    private static final QueuedJob NOBODY = new QueuedJob() {
        public long id() {
            return -1;
        }

        public double submitTime() {
            return 0;
        }

        public double requestedTime() {
            return 1;
        }

        public int processors() {
            return 1;
        }

        public long submitOrder() {
            return -1;
        }

        public Object attachment() {
            return null;
        }

        public void attach(Object state) {
        }
    };

    /**
     * The real FCFS, which in the installed build does not look at its queue when a claim or a multi-cluster
     * job gives processors back (FCFS honouring reservations is on its way): until then it is nudged here, so
     * that waiting local jobs start as soon as a global job ends. The nudge comes at a wake-up at the same
     * instant, as the new FCFS does it itself, never in the middle of an engine operation; with that FCFS it
     * changes nothing.
     */
    static BatchScheduler draining(BatchScheduler fcfs, Cluster cluster) {
        return new BatchScheduler() {
            public void jobSubmitted(QueuedJob job) {
                fcfs.jobSubmitted(job);
            }

            public void jobEnded(QueuedJob job, boolean early) {
                fcfs.jobEnded(job, early);
            }

            public int waitingJobs() {
                return fcfs.waitingJobs();
            }

            public List<QueuedJob> waiting() {
                return fcfs.waiting();
            }

            public boolean cancel(QueuedJob job) {
                return fcfs.cancel(job);
            }

            public double estimateStart(int processors, double requestedTime) {
                return fcfs.estimateStart(processors, requestedTime);
            }

            public double plannedStart(QueuedJob job) {
                return fcfs.plannedStart(job);
            }

            public void reservationsChanged() {
                fcfs.reservationsChanged();
                if (fcfs.waitingJobs() > 0) {
                    cluster.wakeUpAt(cluster.now());
                }
            }

            public void wakeUp() {
                fcfs.wakeUp();
                if (fcfs.waitingJobs() > 0) {
                    fcfs.jobEnded(NOBODY, true);
                }
            }

            public void jobOverran(QueuedJob job) {
                fcfs.jobOverran(job);
            }
        };
    }
}
