package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.batch.BatchScheduler;
import org.gridsched.api.batch.Cluster;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridOperations;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationListener;
import org.gridsched.engine.SimulationResult;

/**
 * A hand-written workload on one cluster with a grid controller (claims, jobs it starts itself), run
 * through the real engine; optionally a probe of the policy's answers after the first event at or after a
 * given time.
 */
final class ControlledRun {
    private final int processors;
    private final List<JobRecord> jobs = new ArrayList<>();
    private Function<GridOperations, Controller> controller;
    private double probeAt = Double.NaN;
    private Consumer<ControlledRun> probe;
    private SimulationListener listener;
    private boolean kill = true;
    private final Map<Long, SimJob> byId = new LinkedHashMap<>();
    BatchScheduler scheduler;
    Cluster cluster;
    SimulationResult result;

    private ControlledRun(int processors) {
        this.processors = processors;
    }

    static ControlledRun on(int processors) {
        return new ControlledRun(processors);
    }

    /** Adds a job: id, submit time, actual runtime, requested time, processors. */
    ControlledRun job(long id, double submit, double runtime, double requested, int procs) {
        jobs.add(new JobRecord().set(id, submit, runtime, requested, procs));
        return this;
    }

    ControlledRun controller(Function<GridOperations, Controller> c) {
        controller = c;
        return this;
    }

    /** Calls {@code p} once, after the first event handled at or after {@code time}. */
    ControlledRun probe(double time, Consumer<ControlledRun> p) {
        probeAt = time;
        probe = p;
        return this;
    }

    /** Jobs run past their requested time instead of being killed there. */
    ControlledRun noKill() {
        kill = false;
        return this;
    }

    ControlledRun listener(SimulationListener l) {
        listener = l;
        return this;
    }

    ControlledRun run(BatchPolicy policy) {
        Simulation.Settings settings = new Simulation.Settings();
        settings.killAtRequestedTime = kill;
        if (controller != null) {
            settings.controllers = List.of(controller);
        }
        boolean[] probed = {false};
        SimulationListener inner = listener;
        settings.listener = new SimulationListener() {
            @Override
            public void jobSubmitted(SimJob job, double now) {
                byId.put(job.id(), job);
                if (inner != null) {
                    inner.jobSubmitted(job, now);
                }
            }

            @Override
            public void jobStarted(SimJob job, double now) {
                if (inner != null) {
                    inner.jobStarted(job, now);
                }
            }

            @Override
            public void jobEnded(SimJob job, double now) {
                if (inner != null) {
                    inner.jobEnded(job, now);
                }
            }

            @Override
            public void eventHandled(double now) {
                if (inner != null) {
                    inner.eventHandled(now);
                }
                if (probe != null && !probed[0] && now >= probeAt) {
                    probed[0] = true;
                    probe.accept(ControlledRun.this);
                }
            }
        };
        Platform platform = new Platform(List.of(new ClusterSpec("c", processors, 1.0)));
        Simulation sim = new Simulation(platform, c -> {
            cluster = c;
            scheduler = policy.create(c, PluginOptions.empty(policy.name()));
            return scheduler;
        }, List.of(), settings);
        result = sim.run(new ListJobSource("reservations", jobs));
        for (SimJob j : result.jobs()) {
            byId.put(j.id(), j);
        }
        return this;
    }

    SimJob job(long id) {
        return byId.get(id);
    }

    /** Asserts start times given as id, start, id, start, ... */
    ControlledRun starts(String policy, double... idAndStart) {
        for (int i = 0; i < idAndStart.length; i += 2) {
            long id = (long) idAndStart[i];
            assertEquals(idAndStart[i + 1], job(id).startTime(), 1e-9, policy + ": start of job " + id);
        }
        return this;
    }
}
