package org.gridsched.engine;

import org.gridsched.api.InputException;

/**
 * A cluster of identical processors.
 *
 * @param name       unique name within the platform
 * @param processors number of processors, positive
 * @param speed      relative speed; a job's runtime and requested time are divided by it
 */
public record ClusterSpec(String name, int processors, double speed) {
    /** The most processors a cluster may have: the plans of the batch policies hold per-processor state. */
    public static final int MAX_PROCESSORS = 1 << 24;
    /** Speeds are relative and kept within a factor of a million of 1, so that scaled times stay exact. */
    public static final double MIN_SPEED = 1e-6;
    public static final double MAX_SPEED = 1e6;
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    public ClusterSpec {
        if (name == null || name.isBlank()) {
            throw new InputException(null, 0, "platform", "a cluster needs a name");
        }
        if (!NAME.matcher(name).matches()) {
            throw new InputException(null, 0, "platform", "cluster name '" + name + "': use letters, digits, '.', '_' and '-'"
                    + " (starting with a letter or digit), so that it reads the same in jobs.csv, file names and platform texts");
        }
        if (processors <= 0) {
            throw new InputException(null, 0, "platform", "cluster '" + name + "' needs a positive processor count, got " + processors);
        }
        if (processors > MAX_PROCESSORS) {
            throw new InputException(null, 0, "platform", "cluster '" + name + "' has " + processors + " processors; at most "
                    + MAX_PROCESSORS + " are supported");
        }
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new InputException(null, 0, "platform", "cluster '" + name + "' needs a positive speed, got " + speed);
        }
        if (speed < MIN_SPEED || speed > MAX_SPEED) {
            throw new InputException(null, 0, "platform", "cluster '" + name + "' has speed " + speed + "; speeds are relative and must be between "
                    + MIN_SPEED + " and " + MAX_SPEED);
        }
    }
}
