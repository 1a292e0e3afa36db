package org.gridsched.launcher;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.gridsched.api.InputException;

/**
 * Runs profiles in the background for the shell: each run gets an id, reports its progress and can be
 * cancelled. Plain Java; the shell's Gogo commands and tests drive it.
 *
 * <p>A run looks its plugins up once, when it starts, and keeps those instances to its end: a plugin bundle
 * updated or removed meanwhile does not change a run in progress (the next run sees the change). If a removed
 * bundle's code can no longer be loaded the run stops with status {@code failed} and a message saying so; a
 * stopped or cancelled run writes no result files, so no output is ever half-written.
 */
public final class RunManager implements AutoCloseable {

    public enum State {
        QUEUED, RUNNING, FINISHED, FAILED, CANCELLED;

        public boolean done() {
            return this == FINISHED || this == FAILED || this == CANCELLED;
        }

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT); // not 'fınıshed' in a Turkish locale
        }
    }

    /** One submitted run. Its fields are written by the run's thread and read by the shell's. */
    public final class Run implements RunMonitor {
        private final long id;
        private final RunProfile profile;
        private final Path output;
        private final ByteArrayOutputStream log = new ByteArrayOutputStream();
        private volatile State state = State.QUEUED;
        private volatile boolean cancelRequested;
        /** When the first cancel was asked for ({@link System#nanoTime}), 0 before. */
        private volatile long cancelNanos;
        private volatile long jobsFinished;
        private volatile double fraction = Double.NaN;
        private volatile long startNanos;
        private volatile long endNanos;
        private volatile String message = "";
        private Future<?> future;

        Run(long id, RunProfile profile, Path output) {
            this.id = id;
            this.profile = profile;
            this.output = output;
        }

        public long id() {
            return id;
        }

        public String name() {
            return profile.name;
        }

        public Path output() {
            return output;
        }

        public State state() {
            return state;
        }

        /** Fraction of the workload consumed, NaN when unknown. */
        public double fraction() {
            return state == State.FINISHED ? 1.0 : fraction;
        }

        public long jobsFinished() {
            return jobsFinished;
        }

        /** Seconds since it started (to its end once done); 0 while queued. */
        public double elapsedSeconds() {
            if (startNanos == 0) {
                return 0;
            }
            return ((endNanos != 0 ? endNanos : System.nanoTime()) - startNanos) / 1e9;
        }

        /**
         * Seconds since a cancel was asked for while the run has not stopped yet; NaN when none is pending. A run
         * stops at its next progress check (every few hundred events): one that stays here is inside a plugin's
         * call that does not return.
         */
        public double cancelPendingSeconds() {
            long asked = cancelNanos;
            return asked == 0 || state.done() ? Double.NaN : (System.nanoTime() - asked) / 1e9;
        }

        /** Why it failed or was cancelled; empty otherwise. */
        public String message() {
            return message;
        }

        /** What the run printed (its summary, warnings, errors). */
        public String log() {
            synchronized (log) {
                return log.toString(StandardCharsets.UTF_8);
            }
        }

        /** Waits for the end of the run. */
        public State await(long timeout, TimeUnit unit) throws InterruptedException {
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            synchronized (this) {
                while (!state.done()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
            }
            return state;
        }

        @Override
        public void progress(long finished, double f, double now) {
            jobsFinished = finished;
            fraction = f;
        }

        @Override
        public boolean cancelled() {
            return cancelRequested;
        }

        private void execute() {
            if (cancelRequested) {
                finish(State.CANCELLED, "cancelled before it started");
                return;
            }
            startNanos = System.nanoTime();
            state = State.RUNNING;
            PrintStream print = new PrintStream(new SynchronizedOutput(log), true, StandardCharsets.UTF_8);
            try {
                new Runner(registry, print, print, false, home).monitoredBy(this).run(profile);
                finish(State.FINISHED, "");
            } catch (RunMonitor.Cancelled e) {
                finish(State.CANCELLED, "cancelled; no results written");
            } catch (InputException e) {
                finish(State.FAILED, e.getMessage());
            } catch (LinkageError e) {
                finish(State.FAILED, "a plugin's code could no longer be loaded (was its bundle removed during the run?): " + e);
            } catch (OutOfMemoryError e) {
                finish(State.FAILED, "out of memory; give Java more heap, e.g. GRIDSCHED_JAVA_OPTS=-Xmx8g");
            } catch (RuntimeException | Error e) {
                // whatever a plugin throws ends this run with a status, never the shell or a silent thread
                finish(State.FAILED, e.toString());
            }
        }

        private void finish(State s, String why) {
            endNanos = System.nanoTime();
            message = why;
            synchronized (this) {
                state = s;
                notifyAll();
            }
            onFinish.accept(this);
        }
    }

    /** Appends to the shared buffer under its lock, so {@link Run#log()} never sees a torn write. */
    private static final class SynchronizedOutput extends java.io.OutputStream {
        private final ByteArrayOutputStream target;

        SynchronizedOutput(ByteArrayOutputStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) {
            synchronized (target) {
                target.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) {
            synchronized (target) {
                target.write(b, off, len);
            }
        }
    }

    private final PluginRegistry registry;
    private final Path home;
    private final Consumer<Run> onFinish;
    private final ExecutorService executor;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, Run> runs = new ConcurrentSkipListMap<>();

    /**
     * @param parallel how many runs execute at once; later ones wait (state {@code queued})
     * @param onFinish told on the run's thread when a run ends, whatever the outcome
     */
    public RunManager(PluginRegistry registry, Path home, int parallel, Consumer<Run> onFinish) {
        this.registry = registry;
        this.home = home;
        this.onFinish = onFinish;
        AtomicLong threads = new AtomicLong();
        this.executor = Executors.newFixedThreadPool(Math.max(1, parallel), r -> {
            Thread t = new Thread(r, "gridsched-run-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts a run in the background (or queues it); refuses one that would write where another active run writes. */
    public synchronized Run submit(RunProfile profile) {
        Path out = Runner.outputDir(profile, home).toAbsolutePath().normalize();
        for (Run r : runs.values()) {
            if (!r.state().done() && r.output().equals(out)) {
                throw new InputException(null, 0, "--out", "run " + r.id() + " (" + r.name() + ") is already writing to "
                        + out + "; give this run another folder with --out DIR");
            }
        }
        profile.output = out;
        profile.progress = false;
        Run run = new Run(ids.incrementAndGet(), profile, out);
        runs.put(run.id(), run);
        run.future = executor.submit(run::execute);
        return run;
    }

    public List<Run> runs() {
        return new ArrayList<>(runs.values());
    }

    public Run get(long id) {
        Run r = runs.get(id);
        if (r == null) {
            throw new InputException(null, 0, "ID", "no run " + id + "; 'runs' lists them");
        }
        return r;
    }

    /**
     * Asks a run to stop; it stops within a few hundred simulation events and writes nothing.
     *
     * @return false when it had already ended
     */
    public boolean cancel(long id) {
        Run r = get(id);
        if (r.state().done()) {
            return false;
        }
        if (!r.cancelRequested) {
            r.cancelNanos = System.nanoTime();
            r.cancelRequested = true;
        }
        return true;
    }

    /** The runs not yet ended. */
    public List<Run> active() {
        return runs.values().stream().filter(r -> !r.state().done()).toList();
    }

    /** Cancels every active run and waits (a little) for them to stop. */
    @Override
    public void close() {
        for (Run r : active()) {
            r.cancelRequested = true;
        }
        executor.shutdown();
        try {
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
