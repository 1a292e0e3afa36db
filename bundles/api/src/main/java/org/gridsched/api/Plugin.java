package org.gridsched.api;

import java.util.List;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * What every plugin (batch policy, workload reader or generator, metric collector) tells the framework
 * about itself. Plugins are found at run time by {@link #name()}; names are lower-case and stable, because
 * run profiles and scripts refer to them.
 */
@ConsumerType
public interface Plugin {

    /** The name profiles and the command line use, e.g. {@code "cbf"}. */
    String name();

    /** One line for {@code gridsched plugins}. */
    default String description() {
        return "";
    }

    /** The options this plugin accepts; any other option given to it is an error. */
    default List<Parameter> parameters() {
        return List.of();
    }
}
