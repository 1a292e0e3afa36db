package org.gridsched.engine;

import org.gridsched.api.InputException;

/**
 * The electrical power of one cluster's processors, in watts per processor: {@code idle} while a processor is up and
 * runs no job, {@code busy} while it runs one. A cluster's power is then linear in its load:
 * processors x idle + busy processors x (busy - idle). A job's energy is its processors' busy power times the time
 * they ran it (Batsim's {@code consumed_energy}, joules); the idle energy is the idle power of the processors that
 * ran no job.
 *
 * @param idle watts of an idle processor, 0 or more
 * @param busy watts of a busy processor, 0 or more
 */
public record PowerModel(double idle, double busy) {
    /** More watts per processor than this is a typo (a whole rack is a few tens of kilowatts). */
    public static final double MAX_WATTS = 1e7;

    public PowerModel {
        check(idle, "idle");
        check(busy, "busy");
    }

    private static void check(double watts, String field) {
        if (!(watts >= 0) || watts > MAX_WATTS) {
            throw new InputException(null, 0, field, "watts must be between 0 and " + Numbers.format(MAX_WATTS) + ", got "
                    + Numbers.format(watts));
        }
    }
}
