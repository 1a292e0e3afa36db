package org.gridsched.api.control;

/**
 * A job a controller submits during the run. Times are seconds at reference speed. {@code runtime} is the
 * time the job really needs (unknown to schedulers), {@code requestedTime} its walltime.
 *
 * @param id            job number; need not be unique, but output is easier to read when it is
 * @param submitTime    when it arrives (not before now); a job with dependencies arrives at the later of
 *                      this and its last parent's end
 * @param runtime       positive
 * @param requestedTime positive
 * @param processors    positive
 */
public record JobSpec(long id, double submitTime, double runtime, double requestedTime, int processors) {

    public JobSpec {
        if (!(runtime > 0) || Double.isInfinite(runtime)) {
            throw new IllegalArgumentException("job " + id + ": runtime must be positive and finite, got " + runtime);
        }
        if (!(requestedTime > 0) || Double.isInfinite(requestedTime)) {
            throw new IllegalArgumentException("job " + id + ": requested time must be positive and finite, got " + requestedTime);
        }
        if (processors <= 0) {
            throw new IllegalArgumentException("job " + id + ": processors must be positive, got " + processors);
        }
        if (Double.isNaN(submitTime) || Double.isInfinite(submitTime)) {
            throw new IllegalArgumentException("job " + id + ": submit time must be finite, got " + submitTime);
        }
    }
}
