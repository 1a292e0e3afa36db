package org.gridsched.launcher;

/**
 * A command of {@link Cli} run on a thread of its own, which the caller waits for in short steps and can cancel: the
 * Python package runs its commands so, because Python handles Ctrl-C only between two of its own steps, never while
 * a call into Java runs (a long run went on to its end after Ctrl-C). A cancelled run stops at its next progress
 * check (every 256 events) and writes nothing; the command then ends with status 130.
 */
public final class CancellableCommand implements RunMonitor {
    private final Thread thread;
    private volatile boolean cancelled;
    private volatile int status = -1;
    private volatile Throwable failure;

    /** Starts {@code cli.run(args)} at once. */
    public CancellableCommand(Cli cli, String[] args) {
        cli.monitoredBy(this);
        thread = new Thread(() -> {
            try {
                status = cli.run(args);
            } catch (Throwable t) { // Cli reports its own errors; anything else (an Error) is the caller's to see
                failure = t;
            }
        }, "gridsched-command");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Waits up to {@code millis} ms; whether the command has ended. An interrupt of the waiting thread only ends the
     * wait early, and is consumed: on Ctrl-C JPype interrupts Python's main thread (this caller) and only then marks
     * the interrupt for Python. Thrown, the InterruptedException could reach JPype before that mark, which JPype
     * cannot handle ("Fatal error in exception handling"); returned from, the caller's loop meets the
     * KeyboardInterrupt at its next step.
     */
    public boolean finish(long millis) {
        try {
            thread.join(Math.max(1, millis));
        } catch (InterruptedException e) {
            // consumed on purpose (see above): the caller learns of the interrupt its own way
        }
        Thread.interrupted(); // also one that came when no wait was under way, or it would trip the caller's next wait
        return !thread.isAlive();
    }

    /** Stops the command's runs at their next progress check. */
    public void cancel() {
        cancelled = true;
    }

    /** The command's exit status, once it has ended; what it threw, if it threw, is thrown again. */
    public int status() {
        if (thread.isAlive()) {
            throw new IllegalStateException("the command has not ended");
        }
        Throwable t = failure;
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return status;
    }

    @Override
    public void progress(long jobsFinished, double fraction, double now) {
    }

    @Override
    public boolean cancelled() {
        return cancelled;
    }
}
