package org.gridsched.engine;

import org.gridsched.api.InputException;

/**
 * The electrical power of one cluster's processors, in watts per processor: {@code idle} while a processor is up and
 * runs no job, {@code busy} while it runs one. A cluster's power is then linear in its load:
 * processors x idle + busy processors x (busy - idle). A job's energy is its processors' busy power times the time
 * they ran it (Batsim's {@code consumed_energy}, joules); the idle energy is the idle power of the processors that
 * ran no job. With power management ({@link Simulation.Settings#powerTimeouts}) a processor can also be off
 * ({@code off} watts) and takes {@code switchOnTime} seconds and {@code switchOnEnergy} joules to come on, and
 * {@code switchOffTime} and {@code switchOffEnergy} to go off.
 */
public record PowerModel(double idle, double busy, double off, double switchOnTime, double switchOnEnergy, double switchOffTime,
        double switchOffEnergy) {
    /** More watts per processor than this is a typo (a whole rack is a few tens of kilowatts). */
    public static final double MAX_WATTS = 1e7;

    /** A model without off state (no power management). */
    public PowerModel(double idle, double busy) {
        this(idle, busy, 0, 0, 0, 0, 0);
    }

    public PowerModel {
        check(idle, "idle", MAX_WATTS);
        check(busy, "busy", MAX_WATTS);
        check(off, "off", MAX_WATTS);
        check(switchOnTime, "switch_on_time", org.gridsched.api.SimTime.MAX_JOB_TIME);
        check(switchOffTime, "switch_off_time", org.gridsched.api.SimTime.MAX_JOB_TIME);
        check(switchOnEnergy, "switch_on_energy", 1e15);
        check(switchOffEnergy, "switch_off_energy", 1e15);
    }

    private static void check(double v, String field, double max) {
        if (!(v >= 0) || v > max) {
            throw new InputException(null, 0, field, "must be between 0 and " + Numbers.format(max) + ", got " + Numbers.format(v));
        }
    }
}
