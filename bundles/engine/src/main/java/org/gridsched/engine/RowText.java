package org.gridsched.engine;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A text built row by row to be written at the end of the run (availability.csv and unavailable.csv, a row per failure
 * and per repair). The simulation records each row's numbers ({@link #add}); the rows are turned into text on another
 * thread, {@link #CHUNK} at a time, while the simulation goes on: a run with a million failures spent a second of its
 * simulation writing decimals (measured by leaving them out), on a machine whose second core was idle meanwhile. Each
 * chunk's text is a piece of its own: one builder grown by doubling to the 60 MB of such a run allocated and copied
 * about twice its text, in arrays the collector had to move at each full collection. The text is the same whatever
 * thread formats it: the format is a function of the numbers alone. Reading the text (any method of
 * {@link CharSequence}, {@link #writeTo}) waits for the chunks on their way and formats the rows not yet sent.
 */
final class RowText implements CharSequence {
    /** Appends one row's text (with its line end) to {@code sb}, from the numbers and objects it was recorded with. */
    interface Format {
        void row(StringBuilder sb, double a, double b, int n, Object x, Object y);
    }

    /** Rows a chunk: large enough that chunks are few, small enough that the last ones are quickly formatted. */
    static final int CHUNK = 1 << 13;

    /**
     * The threads for every text of every run in this JVM, ended after a few idle seconds: one fewer than the processors
     * (at least one), so that they do not take a core from a simulation; formatting is a small share of its work.
     */
    private static final ThreadPoolExecutor FORMATTER = formatter();

    private static ThreadPoolExecutor formatter() {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 5, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "gridsched rows");
            t.setDaemon(true);
            return t;
        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    private final Format format;
    /** Texts of the chunks formatted and those on their way, in row order (a Future until {@link #settle}). */
    private final List<Object> pieces = new ArrayList<>();
    /** starts[i]: where piece i begins in the text, once settled. */
    private int[] starts = new int[16];
    private int piecesLength;
    private boolean settled = true;
    private Chunk chunk = new Chunk(64);

    /**
     * The rows of a chunk: two numbers, a count and two objects each (what {@link Format} needs). The first chunk of a
     * text starts small and grows (a run with a few failures, of which a sweep may hold many, keeps a few rows).
     */
    private static final class Chunk {
        double[] a;
        double[] b;
        int[] n;
        Object[] x;
        Object[] y;
        int size;

        Chunk(int capacity) {
            a = new double[capacity];
            b = new double[capacity];
            n = new int[capacity];
            x = new Object[capacity];
            y = new Object[capacity];
        }

        void grow() {
            int capacity = Math.min(CHUNK, 2 * a.length);
            a = Arrays.copyOf(a, capacity);
            b = Arrays.copyOf(b, capacity);
            n = Arrays.copyOf(n, capacity);
            x = Arrays.copyOf(x, capacity);
            y = Arrays.copyOf(y, capacity);
        }

        String text(Format format) {
            StringBuilder sb = new StringBuilder(size * 32);
            for (int i = 0; i < size; i++) {
                format.row(sb, a[i], b[i], n[i], x[i], y[i]);
            }
            return sb.toString();
        }
    }

    RowText(String header, Format format) {
        this.format = format;
        pieces.add(header);
        starts[0] = 0;
        piecesLength = header.length();
    }

    /** Records a row; {@code x} and {@code y} must not change afterwards (they are read on another thread). */
    void add(double a, double b, int n, Object x, Object y) {
        Chunk c = chunk;
        if (c.size == c.a.length) {
            c.grow();
        }
        int i = c.size++;
        c.a[i] = a;
        c.b[i] = b;
        c.n[i] = n;
        c.x[i] = x;
        c.y[i] = y;
        if (c.size == CHUNK) {
            chunk = new Chunk(CHUNK);
            Format f = format;
            pieces.add(FORMATTER.submit(() -> c.text(f)));
            settled = false;
        }
    }

    /**
     * Waits for the chunks on their way (the first failure in row order is thrown), formats what is recorded and not yet
     * sent, and places every piece.
     */
    private void settle() {
        boolean partial = chunk.size > 0;
        if (settled && !partial) {
            return;
        }
        for (int i = 0; i < pieces.size(); i++) {
            if (pieces.get(i) instanceof Future<?> f) {
                pieces.set(i, done(f));
            }
        }
        if (partial) {
            pieces.add(chunk.text(format));
            chunk = new Chunk(64);
        }
        if (starts.length < pieces.size()) {
            starts = Arrays.copyOf(starts, Math.max(2 * starts.length, pieces.size()));
        }
        int at = 0;
        for (int i = 0; i < pieces.size(); i++) {
            starts[i] = at;
            at += ((String) pieces.get(i)).length();
        }
        piecesLength = at;
        settled = true;
    }

    private static String done(Future<?> piece) {
        try {
            return (String) piece.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException(new InterruptedIOException("interrupted while formatting rows"));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    @Override
    public int length() {
        settle();
        return piecesLength;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length()) {
            throw new IndexOutOfBoundsException("index " + index + " of a text of " + length() + " characters");
        }
        int p = piece(index);
        return ((String) pieces.get(p)).charAt(index - starts[p]);
    }

    @Override
    public CharSequence subSequence(int from, int to) {
        if (from < 0 || to > length() || from > to) {
            throw new IndexOutOfBoundsException("[" + from + ", " + to + ") of a text of " + length() + " characters");
        }
        return appendTo(new StringBuilder(to - from), from, to).toString();
    }

    /** Appends the text to {@code sb} from character {@code from} on. */
    StringBuilder appendTo(StringBuilder sb, int from) {
        return appendTo(sb, from, length());
    }

    private StringBuilder appendTo(StringBuilder sb, int from, int to) {
        settle();
        int at = from;
        for (int p = from < piecesLength ? piece(from) : pieces.size(); p < pieces.size() && at < to; p++) {
            String s = (String) pieces.get(p);
            int end = Math.min(to, starts[p] + s.length());
            sb.append(s, at - starts[p], end - starts[p]);
            at = end;
        }
        return sb;
    }

    /** Writes the text as UTF-8, piece by piece. */
    void writeTo(OutputStream out) throws IOException {
        settle();
        for (Object s : pieces) {
            out.write(((String) s).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The piece that holds character {@code index} (settled, before {@link #piecesLength}). */
    private int piece(int index) {
        // no piece is empty (a header, or the rows of a chunk): the starts are distinct
        int i = Arrays.binarySearch(starts, 0, pieces.size(), index);
        return i >= 0 ? i : -i - 2;
    }

    @Override
    public String toString() {
        return appendTo(new StringBuilder(length()), 0).toString();
    }
}
