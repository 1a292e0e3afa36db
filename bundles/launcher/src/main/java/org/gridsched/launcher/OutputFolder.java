package org.gridsched.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.api.InputException;

/**
 * A run's output folder, held for the whole run, so that results are never lost or mixed:
 * <ul>
 * <li>checked before anything is read or simulated (a file, a folder that cannot be created or written is an
 * error that says why);</li>
 * <li>locked ({@code .gridsched.lock}, an OS file lock, removed at the end): a second run into the same folder,
 * from this process or another, fails at once;</li>
 * <li>refused when it holds results that are not this run's own (another profile's, or files gridsched did not
 * write), unless {@code force} clears it first; a run's own earlier results are replaced as a whole;</li>
 * <li>written through a staging folder ({@code .gridsched-partial}) whose entries are moved into place only when
 * the run has finished, {@code summary.json} (a sweep cell's {@code cell.json}) last: a folder holds a complete result or none, whatever kills the
 * run (a killed run leaves only the staging folder, which the next run into the folder removes).</li>
 * </ul>
 * The marker {@code .gridsched-run} names the run that owns the folder (for folders written before markers
 * existed, the run named in their {@code summary.json}).
 */
final class OutputFolder implements AutoCloseable {
    static final String LOCK = ".gridsched.lock";
    static final String MARKER = ".gridsched-run";
    static final String STAGING = ".gridsched-partial";
    /** Moved into place last, so that their presence means the whole folder is: a run's summary, a sweep cell's record. */
    static final java.util.Set<String> LAST = java.util.Set.of("summary.json", "cell.json");

    private final Path dir;
    private final String runName;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private boolean committed;
    private boolean closed;
    /** Says so and removes the staged files when the process is stopped (SIGINT, SIGTERM) before the commit. */
    private final Thread guard = new Thread(this::interrupted, "gridsched-output-guard");

    private OutputFolder(Path dir, String runName, FileChannel lockChannel, FileLock lock) {
        this.dir = dir;
        this.runName = runName;
        this.lockChannel = lockChannel;
        this.lock = lock;
        Runtime.getRuntime().addShutdownHook(guard);
    }

    private synchronized void interrupted() {
        if (!committed && !closed) {
            System.err.println("gridsched: interrupted; no results written to " + dir
                    + " (it keeps what it held before the run)");
            try {
                deleteTree(staging());
                Files.deleteIfExists(dir.resolve(LOCK));
            } catch (IOException e) {
                // the next run into the folder removes it
            }
        }
    }

    /** Whether a file of an output folder is gridsched's bookkeeping rather than a result. */
    static boolean bookkeeping(String fileName) {
        return fileName.equals(LOCK) || fileName.equals(MARKER) || fileName.equals(STAGING);
    }

    /**
     * Creates (if needed), checks, locks and prepares the folder; the staging folder is empty afterwards.
     *
     * @param force clear a folder that holds other results instead of refusing it
     */
    static OutputFolder claim(Path dir, String runName, boolean force) {
        String shown = dir.toString();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw error(shown + " is a file, not a folder; choose another --out");
        }
        try {
            Files.createDirectories(dir);
        } catch (AccessDeniedException e) {
            throw error("cannot create the output folder " + shown + ": permission denied (" + e.getFile() + ")");
        } catch (FileSystemException e) {
            throw error("cannot create the output folder " + shown + ": " + reason(e));
        } catch (IOException e) {
            throw error("cannot create the output folder " + shown + ": " + e.getMessage());
        }
        if (!Files.isWritable(dir)) {
            throw error("cannot write into the output folder " + shown + ": permission denied");
        }
        FileChannel channel;
        try {
            channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (FileSystemException e) {
            throw error("cannot write into the output folder " + shown + ": " + reason(e));
        } catch (IOException e) {
            throw error("cannot write into the output folder " + shown + ": " + e.getMessage());
        }
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        } catch (IOException e) {
            close(channel);
            throw error("cannot lock the output folder " + shown + ": " + e.getMessage());
        }
        if (lock == null) {
            close(channel);
            throw error("another gridsched run is writing into " + shown + "; wait for it to finish or choose another --out");
        }
        OutputFolder folder = new OutputFolder(dir, runName, channel, lock);
        try {
            folder.prepare(force);
        } catch (RuntimeException e) {
            folder.close();
            throw e;
        }
        return folder;
    }

    private void prepare(boolean force) {
        try {
            deleteTree(dir.resolve(STAGING)); // left by a run that was killed
            List<Path> results = results();
            if (!results.isEmpty() && !ownedByThisRun()) {
                if (!force) {
                    List<String> names = new ArrayList<>();
                    for (Path p : results.subList(0, Math.min(5, results.size()))) {
                        names.add(p.getFileName() + (Files.isDirectory(p) ? "/" : ""));
                    }
                    String owner = owner();
                    throw error(dir + " already holds " + (owner == null ? "files gridsched did not write" : "the results of '" + owner + "'")
                            + " (" + String.join(", ", names) + (results.size() > 5 ? ", ..." : "") + "), not this run's ('" + runName
                            + "'); choose an empty --out, or add --force to clear it first");
                }
                refuseToClear(results);
                for (Path p : results) {
                    deleteTree(p);
                }
            }
            Files.createDirectories(dir.resolve(STAGING));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the output folder " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * --force clears result folders, not a home, a file system's root or a source checkout that was given as
     * {@code --out} by mistake.
     */
    private void refuseToClear(List<Path> results) {
        Path real = dir.toAbsolutePath().normalize();
        Path home = Path.of(System.getProperty("user.home", "/")).toAbsolutePath().normalize();
        boolean checkout = results.stream().anyMatch(p -> p.getFileName().toString().equals(".git"));
        if (real.getParent() == null || real.equals(home) || home.startsWith(real) || checkout) {
            throw error("--force would delete everything in " + dir + (checkout ? ", a git checkout" : ", which holds your home folder")
                    + "; give an --out folder of its own");
        }
    }

    /** Where the run writes everything; moved into place by {@link #commit()}. */
    Path staging() {
        return dir.resolve(STAGING);
    }

    Path dir() {
        return dir;
    }

    /** Replaces this run's earlier results (if any) by the staged ones, {@code summary.json} last. */
    synchronized void commit() {
        try {
            for (Path p : results()) {
                deleteTree(p);
            }
            Files.writeString(dir.resolve(MARKER), runName + "\n", StandardCharsets.UTF_8);
            Path staging = staging();
            List<Path> staged;
            try (Stream<Path> s = Files.list(staging)) {
                staged = new ArrayList<>(s.sorted(Comparator.comparing((Path p) -> LAST.contains(p.getFileName().toString()))
                        .thenComparing(p -> p.getFileName().toString())).toList());
            }
            for (Path p : staged) {
                Files.move(p, dir.resolve(p.getFileName().toString()), StandardCopyOption.ATOMIC_MOVE);
            }
            Files.delete(staging);
            committed = true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move the results into " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Releases the lock; without a commit the staged files are removed (the folder keeps its earlier results). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(guard);
        } catch (IllegalStateException e) {
            // the process is shutting down: the guard runs, and finds the folder closed
        }
        if (!committed) {
            try {
                deleteTree(staging());
            } catch (IOException e) {
                // the next run into the folder removes it
            }
        }
        try {
            // removed while still held, so that a run starting now creates and locks a new one
            Files.deleteIfExists(dir.resolve(LOCK));
        } catch (IOException e) {
            // an empty lock file left behind is harmless
        }
        try {
            lock.release();
        } catch (IOException e) {
            // released with the channel
        }
        close(lockChannel);
    }

    private List<Path> results() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> !bookkeeping(p.getFileName().toString())).sorted().toList();
        }
    }

    private boolean ownedByThisRun() {
        return runName.equals(owner());
    }

    /**
     * The run named by the marker; for a folder written before there were markers, the run named in its
     * {@code summary.json}; else null.
     */
    private String owner() {
        try {
            return Files.readString(dir.resolve(MARKER), StandardCharsets.UTF_8).strip();
        } catch (NoSuchFileException e) {
            return summaryRunName();
        } catch (IOException e) {
            return null;
        }
    }

    private String summaryRunName() {
        Path summary = dir.resolve("summary.json");
        if (!Files.isRegularFile(summary)) {
            return null;
        }
        try {
            JsonNode name = new ObjectMapper().readTree(summary.toFile()).path("run").path("name");
            return name.isTextual() ? name.asText() : null;
        } catch (IOException e) {
            return null; // not a summary gridsched wrote
        }
    }

    /** Deletes a file or folder and everything in it, without following links (a link is deleted, not its target). */
    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> s = Files.list(p)) {
                for (Path c : s.toList()) {
                    deleteTree(c);
                }
            }
        }
        Files.delete(p);
    }

    private static String reason(FileSystemException e) {
        String r = e.getReason();
        return r == null ? e.getMessage() : r.toLowerCase(java.util.Locale.ROOT);
    }

    private static void close(FileChannel c) {
        try {
            c.close();
        } catch (IOException e) {
            // nothing more to release
        }
    }

    private static InputException error(String message) {
        return new InputException(null, 0, "output", message);
    }
}
