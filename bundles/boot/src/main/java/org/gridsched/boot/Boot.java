package org.gridsched.boot;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Properties;

/**
 * The process entry point of the prepared layout (docs/performance.md): starts bnd's launcher on a copy of a
 * framework storage prepared once per build, instead of an empty one.
 *
 * <p>A framework started on an empty storage installs, resolves and starts every bundle and Felix SCR parses
 * every bundle's component descriptions: about a quarter of the CPU time of {@code gridsched plugins}. The
 * prepared storage ({@code bin/gridsched} makes it once per build by running {@code plugins} in
 * {@link #PREPARE} mode) holds all of that: Equinox's persisted state (bundles installed and resolved, the
 * feature bundles started) and SCR's metadata cache ({@code ds.cache.metadata}). One storage cannot serve two
 * frameworks at once, and a run must not depend on what an earlier run left in it, so each process runs on a
 * copy of its own, removed when the process ends. The copy hard-links the bundles' content files (Equinox
 * never writes them; a link also keeps them when a later build replaces the prepared storage under a running
 * process) and copies everything else.
 *
 * <p>System properties (set by {@code bin/gridsched}):
 * <ul>
 * <li>{@value #STORAGE}: the prepared storage to run a copy of; {@value #SCRATCH}: the folder for the copies
 * (on the same file system, for the links). Without them, bnd's launcher runs as it is configured (a fresh
 * temporary storage).</li>
 * <li>{@value #PREPARE}: the folder to prepare a storage in, kept after the process ends.</li>
 * </ul>
 * A copy whose process was killed outright (no shutdown hook ran) is removed by the next process: each copy
 * holds a lock on its {@code .lock} file while its process lives.
 */
public final class Boot {
    static final String STORAGE = "gridsched.storage";
    static final String SCRATCH = "gridsched.storage.scratch";
    static final String PREPARE = "gridsched.storage.prepare";
    /** The content of an installed bundle in Equinox's storage: written once at install, then only read. */
    static final String BUNDLE_CONTENT = "bundleFile";
    private static final String LOCK_SUFFIX = ".lock";
    /** The framework's system bundle context, handed over by bnd's launcher through {@link #activator}. */
    private static volatile Object systemContext;

    private Boot() {
    }

    public static void main(String[] args) {
        int status;
        try {
            Properties launch = load(System.getProperty("launcher.properties"));
            String prepare = System.getProperty(PREPARE);
            String storage = System.getProperty(STORAGE);
            String scratch = System.getProperty(SCRATCH);
            if (prepare != null) {
                useStorage(launch, Path.of(prepare));
            } else if (storage != null && scratch != null) {
                StartupSignals.install();
                Path copy = copyOf(Path.of(storage), Path.of(scratch));
                if (copy != null) {
                    useStorage(launch, copy);
                }
            }
            status = launch(args, launch);
        } catch (Throwable t) {
            // as bnd's own main does with what escapes the launcher
            t.printStackTrace(System.err);
            status = 127;
        }
        System.exit(status);
    }

    /**
     * bnd's launcher, kept and run on {@code dir}: it then installs only what the storage does not hold. The storage
     * keeps each bundle's start level (FileInstall's 2, see runconfigs/gridsched.bndrun), and the launcher raises the
     * framework to it as from the executable jar.
     */
    private static void useStorage(Properties launch, Path dir) {
        launch.setProperty("launch.keep", "true");
        launch.setProperty("launch.storage.dir", dir.toAbsolutePath().toString());
    }

    private static Properties load(String file) throws IOException {
        if (file == null) {
            throw new IllegalStateException("no launcher.properties system property: start through bin/gridsched");
        }
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }

    /** {@code aQute.launcher.Launcher.launch(args, properties, null)}, its public entry point with given properties. */
    private static int launch(String[] args, Properties launch) throws Throwable {
        Class<?> launcher = Class.forName("aQute.launcher.Launcher");
        Class<?> activator = Class.forName("org.osgi.framework.BundleActivator");
        Method m = launcher.getMethod("launch", String[].class, Properties.class, activator);
        try {
            return (Integer) m.invoke(null, args, launch, activator(activator));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * A BundleActivator (built reflectively: this jar is compiled without the OSGi API) that keeps the system
     * bundle's context, so that {@link Cleanup} can tell whether the framework still runs at exit.
     */
    private static Object activator(Class<?> type) {
        return java.lang.reflect.Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, a) -> {
            switch (method.getName()) {
                case "start":
                    systemContext = a[0];
                    return null;
                case "toString":
                    return "gridsched boot activator";
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "equals":
                    return proxy == a[0];
                default:
                    return null; // stop: nothing to undo
            }
        });
    }

    /**
     * Whether the framework still runs: then Equinox's shutdown hook ({@code StorageSaver}) is registered and saves
     * the framework's state into the storage during the exit. A framework that was stopped removed its hook.
     */
    static boolean frameworkActive() {
        Object context = systemContext;
        if (context == null) {
            return false;
        }
        try {
            Object system = Class.forName("org.osgi.framework.BundleContext").getMethod("getBundle", long.class).invoke(context, 0L);
            int state = (Integer) Class.forName("org.osgi.framework.Bundle").getMethod("getState").invoke(system);
            return state == 32; // Bundle.ACTIVE
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false; // a context of a stopped framework is no longer valid
        }
    }

    /**
     * A private copy of the prepared storage under {@code scratch}, removed at exit; null (run on a fresh storage,
     * as without one) when the prepared storage is missing or cannot be copied.
     */
    static Path copyOf(Path prepared, Path scratch) {
        if (!Files.isDirectory(prepared)) {
            return null;
        }
        Path copy = null;
        try {
            Files.createDirectories(scratch);
            removeAbandoned(scratch);
            // the lock first, then the folder named after it: another process's removeAbandoned never sees a
            // folder whose lock is not yet held
            // (named after the process id, not with Files.createTempFile, whose SecureRandom cost 20 ms at start)
            String name = "fw." + ProcessHandle.current().pid();
            Path lockFile = scratch.resolve(name + LOCK_SUFFIX);
            for (int n = 1; !createNew(lockFile); n++) {
                name = "fw." + ProcessHandle.current().pid() + "-" + n;
                lockFile = scratch.resolve(name + LOCK_SUFFIX);
            }
            FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            copy = Files.createDirectory(scratch.resolve(name));
            // registered before the copy, so that a signal during it leaves nothing behind either
            Runtime.getRuntime().addShutdownHook(new Thread(new Cleanup(copy, lockFile, lock, channel), "gridsched-storage-cleanup"));
            copyTree(prepared, copy);
            return copy;
        } catch (IOException | RuntimeException e) {
            System.err.println("gridsched: warning: cannot copy the prepared framework storage " + prepared + " into "
                    + scratch + " (" + e.getMessage() + "); starting on an empty one");
            if (copy != null) {
                try {
                    delete(copy);
                } catch (IOException ignored) {
                    // the shutdown hook tries again
                }
            }
            return null;
        }
    }

    /** Whether it created the file (false: it exists). */
    private static boolean createNew(Path file) throws IOException {
        try {
            Files.createFile(file);
            return true;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            return false;
        }
    }

    /** Removes a process's copy and its lock file when the process ends. */
    private record Cleanup(Path copy, Path lockFile, FileLock lock, FileChannel channel) implements Runnable {
        /** Equinox's own shutdown hook, which saves the framework's state into its storage (StorageSaver). */
        static final String EQUINOX_HOOK = "Equinox Shutdown Hook";

        @Override
        public void run() {
            try {
                // Shutdown hooks run concurrently, and this one may start before Equinox's: deleting while Equinox
                // saves would leave its new files behind. While the framework runs, its hook is registered: wait
                // for it to start (at most a second), then for it to end.
                if (frameworkActive()) {
                    Thread hook = null;
                    for (long end = System.nanoTime() + 1_000_000_000L; hook == null && System.nanoTime() < end; ) {
                        hook = thread(EQUINOX_HOOK);
                        if (hook == null) {
                            Thread.sleep(2);
                        }
                    }
                    if (hook != null) {
                        hook.join(2000);
                    }
                }
                delete(copy);
                // last: a copy that could not be removed keeps its lock file, so the next process removes it
                Files.deleteIfExists(lockFile);
                if (lock != null) {
                    lock.release();
                }
                channel.close();
            } catch (IOException e) {
                // the next process removes it (its lock is gone with this process)
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A live thread of that name other than the current one, or null. */
    private static Thread thread(String name) {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t != Thread.currentThread() && t.getName().equals(name)) {
                return t;
            }
        }
        return null;
    }

    /** Copies {@code from} into the existing folder {@code to}: bundle content files as hard links when it can. */
    static void copyTree(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Path target = to.resolve(from.relativize(file).toString());
                if (file.getFileName().toString().equals(BUNDLE_CONTENT)) {
                    try {
                        Files.createLink(target, file);
                        return FileVisitResult.CONTINUE;
                    } catch (IOException | UnsupportedOperationException e) {
                        // another file system, or no hard links there: a copy does too
                    }
                }
                Files.copy(file, target);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Removes the copies of processes that ended without removing theirs (their lock is free). */
    static void removeAbandoned(Path scratch) throws IOException {
        // a copy without its lock file: its process deleted the copy, then the lock, while Equinox, still stopping,
        // wrote into the copy again (a process creates its lock file before its copy, so no live copy lacks one)
        try (DirectoryStream<Path> copies = Files.newDirectoryStream(scratch, "fw.*")) {
            for (Path copy : copies) {
                String name = copy.getFileName().toString();
                if (!name.endsWith(LOCK_SUFFIX) && !Files.exists(scratch.resolve(name + LOCK_SUFFIX))) {
                    try {
                        delete(copy);
                    } catch (IOException e) {
                        // removed meanwhile by another process: fine
                    }
                }
            }
        }
        try (DirectoryStream<Path> locks = Files.newDirectoryStream(scratch, "*" + LOCK_SUFFIX)) {
            for (Path lockFile : locks) {
                try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
                    FileLock lock = channel.tryLock();
                    if (lock == null) {
                        continue; // its process runs
                    }
                    String name = lockFile.getFileName().toString();
                    Path copy = scratch.resolve(name.substring(0, name.length() - LOCK_SUFFIX.length()));
                    delete(copy);
                    Files.deleteIfExists(lockFile);
                    lock.release();
                } catch (IOException | java.nio.channels.OverlappingFileLockException e) {
                    // gone meanwhile, or held in this process: leave it
                }
            }
        }
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.deleteIfExists(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
