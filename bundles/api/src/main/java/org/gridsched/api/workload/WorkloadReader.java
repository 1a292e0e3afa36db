package org.gridsched.api.workload;

import java.io.IOException;
import java.nio.file.Path;

import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ConsumerType;

/** Reads a trace file format (e.g. SWF) as a stream of jobs. */
@ConsumerType
public interface WorkloadReader extends Plugin {

    /** Whether this reader recognises the file, typically by its extension. */
    boolean accepts(Path file);

    /**
     * Opens the file. Options are checked against {@link #parameters()} before this is called.
     *
     * @throws IOException if the file cannot be opened
     */
    JobSource open(Path file, PluginOptions options) throws IOException;
}
