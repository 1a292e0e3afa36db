package org.gridsched.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SortedSet;
import java.util.stream.Stream;


import org.gridsched.api.InputException;

/**
 * A run's output folder, held for the whole run, so that results are never lost or mixed:
 * <ul>
 * <li>checked before anything is read or simulated (a file, a folder that cannot be created or written is an
 * error that says why);</li>
 * <li>locked ({@code .gridsched.lock}, an OS file lock, removed at the end): a second run into the same folder,
 * from this process or another, fails at once;</li>
 * <li>reused only as far as its record ({@link OutputRecord}, {@code .gridsched-run}) says gridsched wrote it: any
 * other file or folder in it (a user's notes, a git repository, a run stored inside) makes the run fail before it
 * starts, naming the file, with or without {@code --force}; the recorded results of the same run (same profile, or
 * same workload from the command line, and name) are replaced as a whole, those of another run only with
 * {@code force};</li>
 * <li>written through a staging folder ({@code .gridsched-partial}) whose entries are moved into place only when
 * the run has finished, {@code summary.json} (a sweep cell's {@code cell.json}) last: a folder holds a complete result or none, whatever kills the
 * run (a killed run leaves only the staging folder, which the next run into the folder removes); a folder this run
 * created is removed again when the run fails.</li>
 * </ul>
 */
public final class OutputFolder implements AutoCloseable {
    static final String LOCK = ".gridsched.lock";
    static final String MARKER = OutputRecord.FILE;
    static final String STAGING = ".gridsched-partial";
    /** Moved into place last, so that their presence means the whole folder is: a run's summary, a sweep cell's record. */
    static final java.util.Set<String> LAST = java.util.Set.of("summary.json", "cell.json");

    private final Path dir;
    private final String runName;
    private final String origin;
    /** Whether this run created the folder: a failed run then removes it, rather than leave an empty folder behind. */
    private final boolean created;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private boolean committed;
    private boolean closed;
    /** Says so and removes the staged files when the process is stopped (SIGINT, SIGTERM) before the commit. */
    private final Thread guard = new Thread(this::interrupted, "gridsched-output-guard");

    private OutputFolder(Path dir, String runName, String origin, boolean created, FileChannel lockChannel, FileLock lock) {
        this.dir = dir;
        this.runName = runName;
        this.origin = origin;
        this.created = created;
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    /**
     * Set when the process is being stopped (SIGINT, SIGTERM) before a run's commit: runs stop at their next progress
     * check and write nothing more ({@link Runner}), so that the staged files, once removed, are not written again by
     * the runs of a matrix still going on other threads (shutdown hooks run while those threads do).
     */
    private static volatile boolean stopping;

    /** Whether the process is being stopped: a run in progress should stop and write nothing. */
    public static boolean stopping() {
        return stopping;
    }

    /** How long the guard removes staged files again while runs of other threads may still be writing them. */
    private static final long QUIET_MILLIS = 200;
    private static final long GIVE_UP_MILLIS = 5_000;

    private synchronized void interrupted() {
        if (!committed && !closed) {
            stopping = true;
            boolean removed = removeStaged();
            System.err.println("gridsched: interrupted; no results written to " + ControlChars.escape(dir.toString())
                    + (!removed ? " (its staging folder " + STAGING + " could not be removed: the next run into the folder removes it)"
                            : created ? " (the folder the run created is removed)" : " (it keeps what it held before the run)"));
        }
    }

    /**
     * Removes the staging folder until it has stayed away for {@link #QUIET_MILLIS} (a matrix's runs on other threads
     * may write into it until they see {@link #stopping}), then the lock, then the folder if the run created it and
     * it is empty; false if the staging folder could not be removed within {@link #GIVE_UP_MILLIS}.
     */
    private boolean removeStaged() {
        long start = System.nanoTime();
        long quietSince = -1;
        while (true) {
            long now = System.nanoTime();
            try {
                if (Files.exists(staging(), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    deleteTree(staging());
                    quietSince = -1;
                } else if (quietSince < 0) {
                    quietSince = now;
                } else if (now - quietSince >= QUIET_MILLIS * 1_000_000) {
                    break;
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                quietSince = -1; // a file written while the tree was walked: again
            }
            if (now - start >= GIVE_UP_MILLIS * 1_000_000) {
                return false;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        try {
            Files.deleteIfExists(dir.resolve(LOCK));
            if (created) {
                Files.deleteIfExists(dir); // only if empty, as after a failed run: no empty folder left behind
            }
        } catch (IOException e) {
            // the next run into the folder removes the lock (a folder not empty is left as it is)
        }
        return true;
    }

    /** Whether a file of an output folder is gridsched's bookkeeping rather than a result. */
    public static boolean bookkeeping(String fileName) {
        return fileName.equals(LOCK) || fileName.equals(MARKER) || fileName.equals(STAGING);
    }

    /**
     * Creates (if needed), checks, locks and prepares the folder; the staging folder is empty afterwards.
     *
     * @param origin what the run is a run of ({@link OutputRecord#originOf}): with the name, what owns the folder
     * @param force  replace the recorded results of another run instead of refusing them (never anything else)
     */
    public static OutputFolder claim(Path dir, String runName, String origin, boolean force) {
        String shown = dir.toString();
        // what run --check says, in its words: a new folder under a read-only mount was "cannot create ...: read-only
        // file system" here and "... P is not writable (a read-only file system)" there
        String cannotWrite = cannotWrite(dir);
        if (cannotWrite != null) {
            throw error(cannotWrite);
        }
        boolean created = !Files.exists(dir);
        try {
            Files.createDirectories(dir);
        } catch (AccessDeniedException e) {
            throw error("cannot create the output folder " + shown + ": permission denied (" + e.getFile() + ")");
        } catch (FileSystemException e) {
            throw error("cannot create the output folder " + shown + ": " + reason(e) + (e instanceof java.nio.file.NoSuchFileException
                    ? "; the file system there does not let a folder be created" : ""));
        } catch (IOException e) {
            throw error("cannot create the output folder " + shown + ": " + e.getMessage());
        }
        if (!Files.isWritable(dir)) {
            // in the words of run --check (cannotWrite): on a read-only file system no permission would help
            throw error("cannot write into the output folder " + shown + notWritable(dir));
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
        OutputFolder folder = new OutputFolder(dir, runName, origin, created, channel, lock);
        try {
            Runtime.getRuntime().addShutdownHook(folder.guard);
        } catch (IllegalStateException e) { // stopped (SIGINT, SIGTERM) as the folder was claimed: the lock is not left behind
            folder.close();
            throw new RunMonitor.Cancelled();
        }
        try {
            folder.prepare(force);
        } catch (RuntimeException e) {
            folder.close();
            throw e;
        }
        return folder;
    }

    /**
     * A folder that a '..' of the path goes up from but that does not exist. The system resolves '..' against the
     * folder before it, so such a path cannot be used: creating it would make the folders after the '..' (Java
     * creates them) and then fail to write into them. Found before anything is created.
     */
    /**
     * Without creating or changing anything: why a run could not create or write the folder (a file in its place, a '..'
     * from a missing folder, the nearest existing folder not writable), or null. {@code run --check} says it, and
     * {@link #claim} refuses with it before it creates anything, so that both give the same reason.
     */
    static String cannotWrite(Path dir) {
        String notUsable = notUsable(dir);
        if (notUsable != null) {
            return notUsable;
        }
        Path existing = dir.toAbsolutePath().normalize();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null || !Files.isDirectory(existing)) {
            return "cannot create the output folder " + dir + ": " + existing + " is not a folder";
        }
        if (!Files.isWritable(existing)) {
            return (existing.equals(dir.toAbsolutePath().normalize()) ? "cannot write into the output folder " + dir
                    : "cannot create the output folder " + dir + ": " + existing + " is not writable")
                    + notWritable(existing);
        }
        return null;
    }

    /** Why an existing folder is not writable, as {@link #claim} and {@link #cannotWrite} both say it. */
    private static String notWritable(Path existing) {
        return readOnly(existing) ? " (a read-only file system)" : " (permission denied)";
    }

    private static boolean readOnly(Path existing) {
        try {
            return Files.getFileStore(existing).isReadOnly();
        } catch (IOException e) {
            return false;
        }
    }

    /** What {@link #claim} and {@link #cannotWrite} refuse before touching anything: an empty name, a file, '..' from a missing folder. */
    private static String notUsable(Path dir) {
        if (dir.toString().isEmpty()) {
            return "the output folder is empty; give a folder of its own (--out DIR)";
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return dir + " is a file, not a folder; choose another --out";
        }
        return missingBeforeParent(dir).map(missing -> "cannot create the output folder " + dir + ": it goes up ('..') from " + missing
                + ", which does not exist; give the folder without '..', or create " + missing + " first").orElse(null);
    }

    static java.util.Optional<Path> missingBeforeParent(Path dir) {
        Path abs = dir.toAbsolutePath();
        Path prefix = abs.getRoot();
        for (Path name : abs) {
            if (name.toString().equals("..") && prefix != null && !Files.isDirectory(prefix)) {
                return java.util.Optional.of(prefix);
            }
            prefix = prefix == null ? name : prefix.resolve(name);
        }
        return java.util.Optional.empty();
    }

    private void prepare(boolean force) {
        try {
            deleteTree(dir.resolve(STAGING)); // left by a run that was killed
            OutputRecord record = OutputRecord.read(dir);
            SortedSet<String> found = OutputRecord.entries(dir, OutputFolder::bookkeeping);
            if (!found.isEmpty()) {
                refuseForeign(dir, record, found);
                if (!record.ownedBy(runName, origin) && !force) {
                    throw error(dir + " already holds the results of '" + record.run() + "' (" + record.origin() + "; "
                            + listed(topLevel(found)) + "), not this run's ('" + runName + "', " + origin
                            + "); choose an empty --out, or add --force to replace them");
                }
            }
            Files.createDirectories(dir.resolve(STAGING));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the output folder " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Fails, naming them, when {@code found} holds entries the record does not list: gridsched never deletes or
     * replaces what it did not write, whoever asks and with whatever option.
     */
    public static void refuseForeign(Path dir, OutputRecord record, SortedSet<String> found) {
        List<String> foreign = (record == null ? OutputRecord.LEGACY : record).foreign(found);
        if (!foreign.isEmpty()) {
            String what = foreign.size() > 1 ? foreign.size() + " files or folders" : foreign.get(0).endsWith("/") ? "a folder" : "a file";
            throw error(dir + " holds " + what
                    + " that gridsched did not write (" + listed(foreign) + ")"
                    + (record == OutputRecord.LEGACY ? " as far as its record says (an earlier gridsched wrote it and kept no list of its files)" : "")
                    + "; gridsched replaces only what it wrote itself, even with --force: move "
                    + (foreign.size() == 1 ? "it" : "them") + " away, or choose an empty --out");
        }
    }

    private static List<String> topLevel(SortedSet<String> entries) {
        return entries.stream().filter(e -> e.indexOf('/') < 0 || e.indexOf('/') == e.length() - 1).toList();
    }

    /** "a, b/, c, ..." : the first five. */
    private static String listed(List<String> names) {
        return String.join(", ", names.subList(0, Math.min(5, names.size()))) + (names.size() > 5 ? ", ... (" + names.size() + " in all)" : "");
    }

    /**
     * Writes a whole file through a temporary file beside it, moved into place, so that a reader never sees half of
     * it. The temporary file is created as any result file is, with the permissions the umask gives (a file from
     * {@code Files.createTempFile} is readable by its owner only, and the move kept that: a group sharing a results
     * folder could not read the records and scripts). {@code executable}: executable by whoever may read it.
     */
    public static void writeWhole(Path file, byte[] bytes, boolean executable) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + "-" + Thread.currentThread().getId()
                + ".tmp");
        try {
            Files.write(tmp, bytes, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING,
                    java.nio.file.StandardOpenOption.WRITE);
            if (executable) {
                try {
                    java.util.Set<java.nio.file.attribute.PosixFilePermission> p = new java.util.HashSet<>(Files.getPosixFilePermissions(tmp));
                    for (String who : new String[] {"OWNER", "GROUP", "OTHERS"}) {
                        if (p.contains(java.nio.file.attribute.PosixFilePermission.valueOf(who + "_READ"))) {
                            p.add(java.nio.file.attribute.PosixFilePermission.valueOf(who + "_EXECUTE"));
                        }
                    }
                    Files.setPosixFilePermissions(tmp, p);
                } catch (UnsupportedOperationException e) {
                    tmp.toFile().setExecutable(true);
                }
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Where the run writes everything; moved into place by {@link #commit()}. */
    public Path staging() {
        return dir.resolve(STAGING);
    }

    public Path dir() {
        return dir;
    }

    /**
     * Replaces the folder's recorded results (if any) by the staged ones, {@code summary.json} last. The record lists
     * old and new entries while they are exchanged, so that whatever stops the exchange, everything gridsched wrote is
     * recorded as such.
     */
    public synchronized void commit() {
        try {
            OutputRecord old = OutputRecord.read(dir);
            SortedSet<String> staged = OutputRecord.entries(staging(), name -> false);
            OutputRecord now = new OutputRecord(runName, origin, staged);
            (old == null ? now : now.with(old.paths())).write(dir);
            if (old != null) {
                deleteRecorded(dir, old.paths());
            }
            List<Path> top;
            try (Stream<Path> s = Files.list(staging())) {
                top = new ArrayList<>(s.sorted(Comparator.comparing((Path p) -> LAST.contains(p.getFileName().toString()))
                        .thenComparing(p -> p.getFileName().toString())).toList());
            }
            for (Path p : top) {
                Files.move(p, dir.resolve(p.getFileName().toString()), StandardCopyOption.ATOMIC_MOVE);
            }
            Files.delete(staging());
            now.write(dir);
            committed = true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move the results into " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes the recorded entries of {@code dir} that are there, files first, then the folders they leave empty
     * (deepest first); a folder that still holds something is left.
     */
    public static void deleteRecorded(Path dir, java.util.Collection<String> paths) throws IOException {
        List<String> folders = new ArrayList<>();
        for (String e : paths) {
            if (e.endsWith("/")) {
                folders.add(e);
            } else {
                Files.deleteIfExists(dir.resolve(e));
            }
        }
        folders.sort(Comparator.reverseOrder()); // a folder's subfolders sort after it
        for (String f : folders) {
            Path p = dir.resolve(f);
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> s = Files.list(p)) {
                    if (s.findAny().isPresent()) {
                        continue; // nothing foreign was there when the run started; what was added since stays
                    }
                }
                Files.delete(p);
            }
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
        if (created && !committed) {
            try {
                Files.deleteIfExists(dir); // only if empty: a failed run leaves no empty folder behind
            } catch (IOException e) {
                // not empty (something was put there meanwhile): left as it is
            }
        }
    }

    /** Deletes a file or folder and everything in it, without following links (a link is deleted, not its target). */
    public static void deleteTree(Path p) throws IOException {
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

    /**
     * Why the file system refused, in words: the system's reason when Java gives one, else what the exception's type
     * says (mkdir under /proc fails with a bare {@code NoSuchFileException} whose message is only the path).
     */
    static String reason(FileSystemException e) {
        String r = e.getReason();
        if (r != null) {
            return r.toLowerCase(java.util.Locale.ROOT);
        }
        String file = e.getFile() == null ? "" : " (" + e.getFile() + ")";
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or folder" + file;
        } else if (e instanceof AccessDeniedException) {
            return "permission denied" + file;
        } else if (e instanceof java.nio.file.FileAlreadyExistsException) {
            return "a file is in the way" + file;
        } else if (e instanceof java.nio.file.NotDirectoryException) {
            return "not a folder" + file;
        }
        return "the file system refused (" + e.getClass().getSimpleName() + ")" + file;
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
