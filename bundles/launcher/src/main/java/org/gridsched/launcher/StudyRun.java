package org.gridsched.launcher;

import java.io.PrintStream;
import java.nio.file.Path;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.simulate.Study;
import org.gridsched.api.simulate.StudyContext;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * A study's profile ({@code "study"}): the experiment plugin runs in a {@link StudyContext} whose output is the staging
 * folder of the run's {@link OutputFolder} (checked, locked, recorded and written whole like a run's), or is only
 * checked ({@code run --check}).
 */
final class StudyRun {
    private final PluginRegistry registry;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;

    StudyRun(PluginRegistry registry, PrintStream out, PrintStream err, boolean terminal) {
        this.registry = registry;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
    }

    /** The study plugin and its checked options (configured values, then the profile's). */
    private record Chosen(Study study, PluginOptions options, long seed) {
    }

    private Chosen choose(RunProfile p) {
        RunProfile.Choice c = p.study();
        PluginRegistry.Entry e = registry.entry(Kind.STUDY, c.name(), Kind.STUDY.profileKey());
        PluginOptions options;
        try {
            options = e.options(Kind.STUDY.owner(e.name()), c.options());
        } catch (InputException x) {
            throw new InputException(source(p), 0, Kind.STUDY.profileKey() + ".options", x.getMessage());
        }
        return new Chosen((Study) e.plugin(), options, p.seedFor(Kind.STUDY.seedRole(e.name())));
    }

    /** Checks the study's name and options (and what its options name) without simulating. */
    void check(RunProfile p) {
        Chosen c = choose(p);
        c.study().check(context(p, c, null, null));
    }

    /** Runs the study into {@code stage}; the progress of long studies goes to standard error. */
    void run(RunProfile p, Path stage, RunMonitor monitor) {
        Chosen c = choose(p);
        ProgressBar bar = p.progress ? new ProgressBar(err, terminal, p.name) : null;
        try {
            c.study().run(context(p, c, stage, (done, total) -> {
                if (monitor != null) {
                    if (monitor.cancelled()) {
                        throw new RunMonitor.Cancelled();
                    }
                    monitor.progress(done, total == 0 ? Double.NaN : (double) done / total, Double.NaN);
                }
                if (bar != null) {
                    bar.steps(done, total, "steps");
                }
            }));
        } finally {
            if (bar != null) {
                bar.finish();
            }
        }
    }

    private interface Progress {
        void progress(long done, long total);
    }

    private static String source(RunProfile p) {
        return p.profileSource != null ? p.profileSource : p.name;
    }

    private StudyContext context(RunProfile p, Chosen c, Path stage, Progress progress) {
        Path base = p.profileFile != null ? p.profileFile.getParent() : Path.of("").toAbsolutePath();
        return new StudyContext() {
            @Override
            public String name() {
                return p.name;
            }

            @Override
            public String source() {
                return StudyRun.source(p);
            }

            @Override
            public PluginOptions options() {
                return c.options();
            }

            @Override
            public Path resolve(String path) {
                Path given = Path.of(path);
                return given.isAbsolute() ? given : base.resolve(given).normalize();
            }

            @Override
            public Path output() {
                return stage;
            }

            @Override
            public long seed() {
                return c.seed();
            }

            @Override
            public PrintStream out() {
                return out;
            }

            @Override
            public void progress(long done, long total) {
                if (progress != null) {
                    progress.progress(done, total);
                }
            }
        };
    }
}
