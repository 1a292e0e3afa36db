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
    public ClusterSpec {
        if (name == null || name.isBlank()) {
            throw new InputException(null, 0, "platform", "a cluster needs a name");
        }
        if (processors <= 0) {
            throw new InputException(null, 0, "platform", "cluster '" + name + "' needs a positive processor count, got " + processors);
        }
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new InputException(null, 0, "platform", "cluster '" + name + "' needs a positive speed, got " + speed);
        }
    }
}
