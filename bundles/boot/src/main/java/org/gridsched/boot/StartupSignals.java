package org.gridsched.boot;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) or SIGTERM while the framework starts: the process says so and ends at once. The JVM's own handling
 * runs the shutdown hooks while Equinox, SCR and bnd's launcher go on starting on other threads, which then fail
 * ("Shutdown in progress", a storage removed under them) and print their stack traces. Nothing of the user's has been
 * touched before the command begins, so there is nothing to finish: this handler halts without the hooks. The
 * framework storage copy it leaves is removed by the next process ({@link Boot#removeAbandoned}: its lock is released
 * with the process).
 *
 * <p>From the moment the command begins ({@link #STARTED}, set by the cli bundle's main component under the lock of
 * the system properties, which this handler takes too) a signal gets the JVM's handling again: the shutdown hooks
 * of the output folders remove what a run had staged. The property is the only channel between this class (class
 * path) and the bundles (their own class loaders).
 */
final class StartupSignals {
    /** Set to "true" by the command's start; read here under {@code synchronized (System.getProperties())}. */
    static final String STARTED = "gridsched.command.started";

    private StartupSignals() {
    }

    /** Installs the handler for SIGINT and SIGTERM; where the platform refuses, the JVM's handling stays. */
    static void install() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal signal = new Signal(name);
                SignalHandler[] previous = new SignalHandler[1];
                previous[0] = Signal.handle(signal, s -> handle(s, previous[0]));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the signal is ignored (nohup, a background job) or reserved: keep what the JVM does
            }
        }
    }

    private static void handle(Signal signal, SignalHandler previous) {
        synchronized (System.getProperties()) {
            if (!"true".equals(System.getProperty(STARTED))) {
                System.err.println("gridsched: interrupted while starting; nothing was run");
                System.err.flush();
                Runtime.getRuntime().halt(128 + signal.getNumber());
            }
        }
        if (previous != null && previous != SignalHandler.SIG_DFL && previous != SignalHandler.SIG_IGN) {
            previous.handle(signal);
        } else {
            System.exit(128 + signal.getNumber()); // what the JVM's own handler does
        }
    }
}
