package org.gridsched.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.DeclaredReservation;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;

/** A small hand-written workload on one cluster, run through the real engine. */
final class Scenario {
    private final int processors;
    private double speed = 1.0;
    private boolean kill = true;
    private final List<JobRecord> jobs = new ArrayList<>();
    private final List<DeclaredReservation> reservations = new ArrayList<>();
    private final List<org.gridsched.engine.FailureSpec.Event> failures = new ArrayList<>();
    private boolean resubmit = true;
    private org.gridsched.engine.PowerModel power;
    private Double powerTimeout;
    private int retries = 3;
    private SimulationResult result;
    private final Map<Long, SimJob> byId = new LinkedHashMap<>();

    private Scenario(int processors) {
        this.processors = processors;
    }

    static Scenario on(int processors) {
        return new Scenario(processors);
    }

    Scenario speed(double s) {
        speed = s;
        return this;
    }

    Scenario noKill() {
        kill = false;
        return this;
    }

    /** Reserves processors over [start, end), as a profile's {@code reservations} does (a maintenance window). */
    Scenario reserve(double start, double end, int procs) {
        reservations.add(new DeclaredReservation("maintenance", 0, procs, start, end));
        return this;
    }

    /** Reserves processors over [start, end) for the jobs of {@code groups} (a standing reservation). */
    Scenario reserveFor(double start, double end, int procs, int... groups) {
        reservations.add(new DeclaredReservation("for groups", 0, procs, start, end, groups));
        return this;
    }

    /** Processors [from, to) fail at {@code time} for {@code duration} seconds. */
    Scenario fail(double time, double duration, int from, int to) {
        java.util.BitSet ids = new java.util.BitSet();
        ids.set(from, to);
        failures.add(new org.gridsched.engine.FailureSpec.Event(0, ids, time, duration, "scenario", failures.size() + 1));
        return this;
    }

    /** A power model, and with a timeout, power management (idle processors switched off after it). */
    Scenario power(org.gridsched.engine.PowerModel model, Double timeout) {
        power = model;
        powerTimeout = timeout;
        return this;
    }

    /** How many times a job killed by failures is re-submitted (0: it ends failed at the first). */
    Scenario retries(int n) {
        retries = n;
        return this;
    }

    /** Adds a job of a group: id, submit time, actual runtime, requested time, processors, group. */
    Scenario job(long id, double submit, double runtime, double requested, int procs, int group) {
        JobRecord r = new JobRecord().set(id, submit, runtime, requested, procs);
        r.group = group;
        jobs.add(r);
        return this;
    }

    /** Adds a job: id, submit time, actual runtime, requested time, processors. */
    Scenario job(long id, double submit, double runtime, double requested, int procs) {
        jobs.add(new JobRecord().set(id, submit, runtime, requested, procs));
        return this;
    }

    Scenario run(BatchPolicy policy) {
        Simulation.Settings settings = new Simulation.Settings();
        settings.killAtRequestedTime = kill;
        settings.reservations = List.copyOf(reservations);
        if (power != null) {
            settings.power = List.of(power);
            settings.powerTimeouts = powerTimeout == null ? null : java.util.Collections.singletonList(powerTimeout);
        }
        if (!failures.isEmpty()) {
            settings.failures = new org.gridsched.engine.FailureSpec(failures, null, resubmit, retries, 1, 0);
        }
        Platform platform = new Platform(List.of(new ClusterSpec("c", processors, speed)));
        Simulation sim = new Simulation(platform, c -> policy.create(c, PluginOptions.empty(policy.name())), List.of(), settings);
        result = sim.run(new ListJobSource("scenario", jobs));
        for (SimJob j : result.jobs()) {
            byId.put(j.id(), j);
        }
        return this;
    }

    SimJob job(long id) {
        return byId.get(id);
    }

    /** Asserts start times given as id, start, id, start, ... */
    Scenario starts(double... idAndStart) {
        for (int i = 0; i < idAndStart.length; i += 2) {
            long id = (long) idAndStart[i];
            assertEquals(idAndStart[i + 1], job(id).startTime(), 1e-9, "start of job " + id);
        }
        return this;
    }

    Scenario finishes(long id, double finish) {
        assertEquals(finish, job(id).finishTime(), 1e-9, "finish of job " + id);
        return this;
    }

    Scenario allocated(long id, String resources) {
        assertEquals(resources, job(id).allocationText(), "processors of job " + id);
        return this;
    }

    SimulationResult result() {
        return result;
    }
}
