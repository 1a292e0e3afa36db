package org.gridsched.api.simulate;

import org.gridsched.api.Plugin;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * An experiment plugin: many simulations (through a {@link Simulator}) and the tables it makes of them. A run profile
 * chooses it under {@code "study"}, {@code {"name": "NAME", "options": {...}}}, and {@code gridsched run} runs it
 * into the profile's output folder (checked, locked and written whole, like a run's); its options are checked
 * against {@link #parameters()} first. Register it as an OSGi service.
 */
@ConsumerType
public interface Study extends Plugin {

    /**
     * Checks the options (values, the files they name) without simulating anything: what {@code gridsched run --check}
     * reports. Errors are {@link org.gridsched.api.InputException}s naming the option.
     */
    void check(StudyContext context);

    /**
     * Runs the study, writing its files into {@link StudyContext#output()} and reporting progress; a tables summary
     * may go to {@link StudyContext#out()}.
     */
    void run(StudyContext context);
}
