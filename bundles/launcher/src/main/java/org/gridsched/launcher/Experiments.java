package org.gridsched.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.engine.Platform;
import org.gridsched.engine.SimulationResult;
import org.gridsched.engine.report.RunReport;
import org.gridsched.engine.report.SummarySection;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * What the launcher asks of the experiments bundle ({@code org.gridsched.experiments}): running a profile's matrix, the
 * commands over a matrix's cells, and what a single run adds to its summary from the studies (its comparison with a
 * reference run, queueing theory's predictions). The launcher defines this interface and never names the bundle's classes;
 * the bundle implements it, depends on the launcher's run API ({@link Runner}, {@link RunProfile},
 * {@link MatrixAxes}) and registers it as a service, which the plugin registry follows
 * ({@link PluginRegistry#experiments}). So the dependency runs one way, experiments to launcher, and no package
 * of either bundle imports the other's in return.
 */
@ConsumerType
public interface Experiments {
    /** The commands the experiments provide, as {@code gridsched COMMAND ...}. */
    List<String> COMMANDS = List.of("matrix", "slurm");

    /**
     * Runs every cell of a profile's matrix, each into its folder under {@code dir/runs/}, and writes
     * {@code matrix.csv} and {@code tables.md} into {@code dir}.
     *
     * @param runner runs one cell; its plugins are checked already
     * @param err    progress and warnings
     */
    void runMatrix(Runner runner, RunProfile p, MatrixAxes.Axes axes, Path dir, PrintStream err);

    /**
     * Runs one of {@link #COMMANDS} with its arguments (after the command's name). Throws
     * {@link Cli.UsageException} for a wrong command line and {@link org.gridsched.api.InputException} for wrong
     * input, as the CLI's own commands do.
     */
    void command(String command, List<String> args, PluginRegistry registry, PrintStream out, PrintStream err, boolean terminal,
            Path home);

    /**
     * What one run adds to its report beside its own results, in this order: its comparison with the reference run
     * (when {@code reference} is given) and queueing theory's predictions (where they apply).
     */
    List<SummarySection> sections(RunProfile p, Platform platform, SimulationResult result, SimulationResult reference);

    /** Prints for people what the report's sections say (the comparison with the reference), after the run's summary. */
    void printSections(RunReport report, PrintStream out);

    /**
     * {@code gridsched theory}: runs a profile of one run with its clusters listed and prints each cluster's simulated
     * values beside queueing theory's; an {@link org.gridsched.api.InputException} saying why when theory does not apply.
     */
    void theory(Runner runner, RunProfile p, PrintStream out);
}
