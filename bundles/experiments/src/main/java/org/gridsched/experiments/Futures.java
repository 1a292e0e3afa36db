package org.gridsched.experiments;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** Waiting for the runs an experiment gave to its thread pool. */
final class Futures {
    private Futures() {
    }

    /** The futures' values, in their order (see {@link #get}). */
    static <T> List<T> joinAll(List<CompletableFuture<T>> futures) {
        List<T> values = new ArrayList<>(futures.size());
        for (CompletableFuture<T> f : futures) {
            values.add(get(f));
        }
        return values;
    }

    /**
     * The future's value. A run's own exception (an input error naming its cell, say) is rethrown as it was, so that
     * the command reports it as if the run had been made in this thread; an interrupt keeps the thread's flag.
     */
    static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
