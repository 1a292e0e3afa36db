package org.gridsched.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

import org.gridsched.api.InputException;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadReport;
import org.gridsched.workload.swf.writer.SwfWriter;

/**
 * The file {@code generate --swf} writes: never one of the profile's inputs (the trace it reads, the profile itself),
 * an existing file only with {@code --force}, and always through a temporary file beside it that is moved into place
 * when the whole trace is written, so that a failed or killed write leaves the earlier file as it was.
 */
final class SwfOutput {
    private SwfOutput() {
    }

    /** Fails, saying why, when {@code swf} must not be written. */
    static void check(Path swf, RunProfile p, boolean force) {
        for (Path input : inputs(p)) {
            if (same(swf, input)) {
                throw new InputException(swf.toString(), 0, "--swf", "is " + (input.equals(p.profileFile) ? "the profile itself" : "the profile's own workload")
                        + "; writing it would destroy what it is read from: give another file");
            }
        }
        if (Files.isDirectory(swf)) {
            throw new InputException(swf.toString(), 0, "--swf", "is a folder; give a file name");
        }
        if (Files.exists(swf) && !force) {
            throw new InputException(swf.toString(), 0, "--swf", "already exists; add --force to replace it, or give another file");
        }
    }

    /**
     * The jobs written, and what SWF cannot hold of them: how many had a home cluster, and how many were co-allocated.
     */
    record Written(long jobs, long homes, long coallocated) {
    }

    /**
     * Writes the trace through a temporary file in the same folder, moved into place at the end. When {@code cancelled}
     * turns true (the Python package's Ctrl-C, a signal stopping the process) the write stops within a few thousand
     * jobs with {@link RunMonitor.Cancelled} and leaves no file: a 30-million-job trace took its whole 2 GB first.
     * {@code check} is given the number of jobs written before the file is moved into place: an exception it throws
     * (the workload lost too many lines) leaves no file, and an earlier one as it was.
     */
    static Written write(JobSource source, Path swf, BooleanSupplier cancelled, LongConsumer check) {
        Path target = swf.toAbsolutePath().normalize();
        // the same ending, so that a .gz name is compressed; hidden, so that it is not taken for a trace meanwhile
        Path tmp = target.resolveSibling(".gridsched-" + ProcessHandle.current().pid() + "-" + target.getFileName());
        try {
            tmp.toFile().deleteOnExit(); // a signal that stops the process leaves no temporary file
            Cancellable counted = new Cancellable(source, cancelled);
            long n = SwfWriter.write(counted, tmp);
            check.accept(n);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return new Written(n, counted.homes, counted.coallocated);
        } catch (NoClassDefFoundError e) {
            // the writer's bundle (workloads feature) is not in this framework: started with other --features
            throw new InputException(swf.toString(), 0, "--swf", "writing SWF needs the bundle org.gridsched.workload.swf (feature"
                    + " workloads), which is not running; start with a feature that includes it");
        } catch (UncheckedIOException e) {
            throw new InputException(swf.toString(), 0, "--swf", "cannot write: " + e.getCause().getMessage());
        } catch (IOException e) {
            throw new InputException(swf.toString(), 0, "--swf", "cannot write: " + e.getMessage());
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // removed at exit
            }
        }
    }

    /** A source that checks every {@link #EVERY} jobs whether the command was cancelled. */
    private static final class Cancellable implements JobSource {
        static final int EVERY = 4096;
        private final JobSource source;
        private final BooleanSupplier cancelled;
        private int untilCheck;
        long homes;
        long coallocated;

        Cancellable(JobSource source, BooleanSupplier cancelled) {
            this.source = source;
            this.cancelled = cancelled;
        }

        @Override
        public boolean next(JobRecord into) {
            if (--untilCheck < 0) {
                untilCheck = EVERY;
                if (cancelled.getAsBoolean()) {
                    throw new RunMonitor.Cancelled();
                }
            }
            if (!source.next(into)) {
                return false;
            }
            if (into.components > 1) {
                coallocated++;
            } else if (into.home >= 0) {
                homes++;
            }
            return true;
        }

        @Override
        public String describe() {
            return source.describe();
        }

        @Override
        public WorkloadReport report() {
            return source.report();
        }

        @Override
        public Map<String, String> header() {
            return source.header();
        }

        @Override
        public double progress() {
            return source.progress();
        }
    }

    private static List<Path> inputs(RunProfile p) {
        List<Path> in = new ArrayList<>(p.workloadFiles);
        p.matrixWorkloads.values().forEach(w -> in.addAll(w.workloadFiles));
        if (p.profileFile != null) {
            in.add(p.profileFile);
        }
        return in;
    }

    /** The same file, also through links or another spelling of its path. */
    private static boolean same(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (IOException e) {
            // compared by name below
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }
}
