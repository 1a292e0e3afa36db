package org.gridsched.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.engine.Simulation;
import org.gridsched.launcher.PluginRegistry.Kind;

/** {@code run --check}: a profile checked without running anything and without touching its output folder (only whether it could be written). */
final class ProfileCheck {
    private final Runner runner;
    private final PluginRegistry registry;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;

    ProfileCheck(Runner runner, PluginRegistry registry, PrintStream out, PrintStream err, boolean terminal) {
        this.runner = runner;
        this.registry = registry;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
    }

    /**
     * Checks a profile without running anything ({@code run --check}): every plugin it chooses (per cluster, per
     * matrix value, the workload's reader or generator, a study) is available and takes its options, the workload's
     * files exist, a study accepts its options, the output folder can be created and written; the folder is not
     * touched.
     *
     * @return what the profile runs, for the "ok" line
     */
    String check(RunProfile p) {
        String output = OutputFolder.cannotWrite(Runner.outputDir(p, runner.home()));
        if (output != null) {
            throw new InputException(null, 0, "output", output);
        }
        if (p.study() != null) {
            new StudyRun(registry, out, err, terminal).check(p);
            return "study '" + p.study().name() + "'";
        }
        if (!(p.maxSkippedFraction >= 0 && p.maxSkippedFraction <= 1)) {
            throw new InputException(null, 0, "max_skipped_fraction", "must be between 0 and 1, got " + p.maxSkippedFraction);
        }
        if (!List.of("none", "binary", "exhaustive").contains(p.moldable)) {
            throw new InputException(null, 0, "moldable", "expected none, binary or exhaustive, got '" + p.moldable + "'");
        }
        if (!List.of("zero", "unix").contains(p.clock)) {
            throw new InputException(null, 0, "clock", "expected zero or unix, got '" + p.clock + "'");
        }
        int clusters = Math.max(1, p.clusters.size());
        if (!p.clusters.isEmpty()) { // the links name the platform's clusters (a matrix's platforms: checked per run)
            ReservationsKey.of(p.reservations, RunInputs.profilePlatform(p));
            Runner.energy(p, RunInputs.profilePlatform(p), new Simulation.Settings());
        }
        for (Kind kind : Kind.values()) {
            switch (kind.choosing()) {
                case WORKLOAD, EXPERIMENT -> {
                    // below; none chosen (a study's profile returned above)
                }
                case PER_CLUSTER -> {
                    for (int i = 0; i < clusters; i++) {
                        RunProfile.Choice c = p.batchOf(i);
                        runner.check(kind, c.name(), c.options(), p.clusters.isEmpty() || p.clusters.get(i).batch() == null ? kind.profileKey()
                                : "platform[" + i + "]." + kind.profileKey());
                    }
                }
                default -> {
                    for (RunProfile.Choice c : p.choices(kind, clusters)) {
                        runner.check(kind, c.name(), c.options(), kind.profileKey());
                    }
                }
            }
        }
        List<RunProfile> workloads = p.matrixWorkloads.isEmpty() ? List.of(p) : List.copyOf(p.matrixWorkloads.values());
        for (RunProfile w : workloads) {
            checkWorkload(w);
        }
        if (p.matrix != null) {
            MatrixAxes.checkPlugins(runner, p, MatrixAxes.parse(p.matrix, p, p.name));
            for (RunProfile w : p.matrix.containsKey(Kind.CONTROLLER.profileKey()) ? List.<RunProfile>of() : workloads) {
                RunProfile cell = p.oneRun(); // as the matrix runs it: the profile's settings with this workload
                cell.useWorkloadOf(w);
                runner.readThrough(cell); // (not when cells choose controllers: their jobs count too)
            }
            return "matrix";
        }
        if (p.reference && p.choice(Kind.REALLOCATION) == null) {
            throw new InputException(null, 0, "reference", "a reference run compares reallocation with none; give --realloc (\"realloc\" in the profile)");
        }
        runner.assemble(p); // the options' values, which only the plugins know
        return p.reference ? "a run and its reference" : "one run";
    }

    /** The workload's generator, or its files (they exist) and their reader, take the workload's options. */
    private void checkWorkload(RunProfile w) {
        if (w.generator != null) {
            checkWorkloadPlugin(Kind.GENERATOR, w.generator, w);
            return;
        }
        for (int i = 0; i < w.workloadFiles.size(); i++) {
            Path f = w.workloadFiles.get(i);
            String shown = i < w.workloadFilesAsGiven.size() ? w.workloadFilesAsGiven.get(i) : f.toString();
            if (java.nio.file.Files.isDirectory(f)) { // as the run says it
                throw new InputException(f.toString(), 0, "workload", "is a folder; give a trace file ('" + shown + "' in the profile)");
            }
            if (!java.nio.file.Files.isRegularFile(f)) {
                throw new InputException(f.toString(), 0, "workload", "no such workload file ('" + shown + "' in the profile)");
            }
            String reader = w.reader != null ? w.reader : RunInputs.readerFor(registry, f, "workload").name();
            checkWorkloadPlugin(Kind.READER, reader, w);
        }
    }

    /** The reader or generator is available and takes the workload's options (their names: {@link Runner#assemble} the values). */
    private void checkWorkloadPlugin(Kind kind, String name, RunProfile w) {
        PluginRegistry.Entry e = registry.entry(kind, name, kind.profileKey());
        try {
            e.options(kind.owner(e.name()), w.workloadOptions);
        } catch (InputException x) {
            throw RunInputs.inWorkloadOptions(x, e.plugin(), w.workloadOptions);
        }
    }

}
