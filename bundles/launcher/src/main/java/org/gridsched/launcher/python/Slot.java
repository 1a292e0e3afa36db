package org.gridsched.launcher.python;

import java.util.concurrent.locks.LockSupport;

/**
 * A one-value handoff between two threads that take turns (each value is taken before the next is put): the
 * taker spins briefly (the other side usually answers within microseconds), then parks.
 */
final class Slot<T> {
    private static final int SPINS = 4000;
    private volatile T value;
    private volatile Thread waiter;

    void put(T v) {
        value = v;
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    T take() throws InterruptedException {
        for (int i = 0; i < SPINS; i++) {
            T v = value;
            if (v != null) {
                value = null;
                return v;
            }
            Thread.onSpinWait();
        }
        waiter = Thread.currentThread();
        try {
            while (true) {
                T v = value;
                if (v != null) {
                    value = null;
                    return v;
                }
                LockSupport.park(this);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        } finally {
            waiter = null;
        }
    }
}
