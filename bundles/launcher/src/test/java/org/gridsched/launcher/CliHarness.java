package org.gridsched.launcher;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.gridsched.api.Plugin;

/**
 * The command line on a registry filled by hand, without a framework: one fixture for every test that drives
 * {@link Cli} (here and in the experiments bundle, through the test-jar), instead of a copy of the same registry,
 * streams and helpers in each. A test gives its own folder (its {@code @TempDir}, the gridsched home) and its own
 * plugins; {@link #run} captures what a command prints, {@link #out} and {@link #err} return it.
 */
public final class CliHarness {
    private final PluginRegistry registry = new PluginRegistry();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Path folder;

    /** A harness with an empty registry; {@code folder} is the gridsched home the command line is given. */
    public CliHarness(Path folder) {
        this.folder = folder;
    }

    /** Adds these plugins to the registry, as from the classpath. */
    public CliHarness add(Plugin... plugins) {
        for (Plugin p : plugins) {
            registry.add(p);
        }
        return this;
    }

    /** Wires these experiments (matrices, studies, sweeps) in, as the framework does with the experiments bundle. */
    public CliHarness experiments(Experiments experiments) {
        registry.useExperiments(experiments);
        return this;
    }

    /** The registry the command line sees, for what {@link #add} does not cover. */
    public PluginRegistry registry() {
        return registry;
    }

    /** A command line on the registry that prints to this harness's streams, without clearing them. */
    public Cli cli() {
        return new Cli(registry, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                false, folder);
    }

    /** Runs one command with these arguments, after clearing what the previous one printed; its exit code. */
    public int run(String... args) {
        out.reset();
        err.reset();
        return cli().run(args);
    }

    /** What the last command printed on standard output. */
    public String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What the last command printed on standard error. */
    public String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
