package org.gridsched.api.simulate;

import java.io.PrintStream;
import java.nio.file.Path;

import org.gridsched.api.PluginOptions;
import org.osgi.annotation.versioning.ProviderType;

/** What the framework gives a {@link Study} for one run. */
@ProviderType
public interface StudyContext {

    /** The run's name (the profile's "name"). */
    String name();

    /** The profile file, as error messages name it (the source of an {@link org.gridsched.api.InputException}). */
    String source();

    /** The study's options from the profile, already checked against its parameters. */
    PluginOptions options();

    /** A path given in the options, resolved against the profile's folder (absolute paths are kept). */
    Path resolve(String path);

    /**
     * The folder to write the results into (empty at the start; moved into the output folder when the study has
     * finished). Null in {@link Study#check}.
     */
    Path output();

    /** The study's seed, derived from the profile's "seed" and the study's name. */
    long seed();

    /** Where a summary of the results goes (standard output, or nowhere with --quiet). */
    PrintStream out();

    /**
     * Reports progress ({@code done} of {@code total} steps; shown on standard error when the study is long).
     *
     * @throws RuntimeException to stop the study when the run has been cancelled
     */
    void progress(long done, long total);
}
