package org.gridsched.engine;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
 *
 * <p>Past {@link #SPILL_AFTER_ROWS} rows the formatted chunks go to a temporary file ({@link Spill}) instead of the
 * heap: a million failures' two files are 125 MB of text that the collector otherwise copied at each young collection
 * and traced at each full one until the run ended (on issue 30's scale case, 1.5-1.7 s of pauses, 1.1-1.5 s since). The
 * file is deleted as soon as it is open where the system allows it (Linux), so that not even a killed run leaves it
 * behind; if it cannot be written (no room), the rows stay in the heap as before.
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

    /**
     * Rows kept in the heap before the next chunks go to a temporary file: 16 chunks, about 6 MB of text. Runs with a
     * few thousand failures, and every test but those of the spill, never touch the disk.
     */
    static final int SPILL_AFTER_ROWS = 16 * CHUNK;

    private final Format format;
    private final int spillAfterRows;
    private final Path spillDirectory;
    /**
     * The pieces in row order: the header and the chunks' texts ({@link String}), or chunks in the temporary file
     * ({@link Spilled}); a chunk on its way is a {@link Future} of one of them until {@link #settle}.
     */
    private final List<Object> pieces = new ArrayList<>();
    private int rowsSent;
    /** The temporary file, once the rows went past {@link #spillAfterRows}; null before, or if it could not be made. */
    private Spill spill;
    private boolean spillTried;
    /** The last chunk sent to the file: the next one is written after it, so the file keeps the rows' order. */
    private Future<?> lastSpilled;
    /** The last spilled piece read back as text (reads by character come in runs). */
    private int cachedPiece = -1;
    private String cachedText;
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
            return appendTo(new StringBuilder(size * 32), format).toString();
        }

        StringBuilder appendTo(StringBuilder sb, Format format) {
            for (int i = 0; i < size; i++) {
                format.row(sb, a[i], b[i], n[i], x[i], y[i]);
            }
            return sb;
        }
    }

    /**
     * A formatting thread's builder, characters and bytes, used again for every chunk it writes to the temporary file:
     * a chunk's text went through a builder grown to fit, a string and its UTF-8 copy, for a file that wants bytes only:
     * about 0.37 GB of garbage a run on issue 30's scale case (JFR's allocation samples of two runs and the workload
     * they share: 2.9 GB before, 2.2 GB since).
     */
    private static final class Scratch {
        final StringBuilder text = new StringBuilder(CHUNK * 64);
        char[] chars = new char[CHUNK * 64];
        byte[] bytes = new byte[CHUNK * 64];

        /**
         * The text's UTF-8 bytes in {@link #bytes} (their number): its characters narrowed one to one when they are all
         * ASCII, as the rows nearly always are (two plain loops over arrays); else encoded by the JDK (a cluster's name
         * may be anything).
         */
        int encode() {
            int length = text.length();
            if (chars.length < length) {
                chars = new char[Math.max(length, 2 * chars.length)];
                bytes = new byte[chars.length];
            }
            text.getChars(0, length, chars, 0);
            char[] in = chars;
            byte[] out = bytes;
            int any = 0;
            for (int i = 0; i < length; i++) {
                char c = in[i];
                any |= c;
                out[i] = (byte) c;
            }
            if (any < 0x80) {
                return length;
            }
            byte[] utf8 = text.toString().getBytes(StandardCharsets.UTF_8);
            if (bytes.length < utf8.length) {
                bytes = new byte[utf8.length];
            }
            System.arraycopy(utf8, 0, bytes, 0, utf8.length);
            return utf8.length;
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    RowText(String header, Format format) {
        this(header, format, SPILL_AFTER_ROWS, null);
    }

    /**
     * A text whose rows go to a temporary file in {@code spillDirectory} (null: the system's temporary folder) past
     * {@code spillAfterRows} (tests: a few, and a folder that cannot hold the file).
     */
    RowText(String header, Format format, int spillAfterRows, Path spillDirectory) {
        this.format = format;
        this.spillAfterRows = spillAfterRows;
        this.spillDirectory = spillDirectory;
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
            send(c);
        }
    }

    /** Sends a full chunk to be formatted on another thread, and past {@link #spillAfterRows} to be written to the file. */
    private void send(Chunk c) {
        Format f = format;
        if (!spillTried && rowsSent >= spillAfterRows) {
            spillTried = true;
            spill = Spill.open(spillDirectory);
        }
        rowsSent += c.size;
        Future<?> piece;
        if (spill == null) {
            piece = FORMATTER.submit(() -> c.text(f));
        } else {
            Spill file = spill;
            Future<?> before = lastSpilled;
            piece = FORMATTER.submit(() -> file.append(c, f, before));
            lastSpilled = piece;
        }
        pieces.add(piece);
        settled = false;
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
            at += pieces.get(i) instanceof Spilled s ? s.chars() : ((String) pieces.get(i)).length();
        }
        piecesLength = at;
        settled = true;
    }

    /** Whether some rows are kept in a temporary file rather than in the heap (tests). */
    boolean spilled() {
        settle();
        return pieces.stream().anyMatch(p -> p instanceof Spilled);
    }

    /** Piece {@code i}'s text (settled), read back from the file if it is there. */
    private String text(int i) {
        Object p = pieces.get(i);
        if (p instanceof String s) {
            return s;
        }
        if (i != cachedPiece) {
            cachedText = spill.read((Spilled) p);
            cachedPiece = i;
        }
        return cachedText;
    }

    private static Object done(Future<?> piece) {
        try {
            return piece.get();
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
        return text(p).charAt(index - starts[p]);
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
            String s = text(p);
            int end = Math.min(to, starts[p] + s.length());
            sb.append(s, at - starts[p], end - starts[p]);
            at = end;
        }
        return sb;
    }

    /** Writes the text as UTF-8, piece by piece; the pieces in the file are copied from it as they are, run by run. */
    void writeTo(OutputStream out) throws IOException {
        settle();
        byte[] buffer = null;
        for (int i = 0; i < pieces.size();) {
            if (pieces.get(i) instanceof Spilled first) {
                long end = first.offset() + first.bytes();
                int j = i + 1;
                for (; j < pieces.size() && pieces.get(j) instanceof Spilled next && next.offset() == end; j++) {
                    end += next.bytes();
                }
                if (buffer == null) {
                    buffer = new byte[1 << 20];
                }
                spill.copy(first.offset(), end, out, buffer);
                i = j;
            } else {
                out.write(((String) pieces.get(i)).getBytes(StandardCharsets.UTF_8));
                i++;
            }
        }
    }

    /** A chunk's text in the temporary file: {@code bytes} bytes of UTF-8 from {@code offset}, {@code chars} characters. */
    private record Spilled(long offset, int bytes, int chars) {
    }

    /**
     * The temporary file of a text's spilled chunks, written in row order (each chunk after the one before it) by the
     * formatting threads, read at any place. Opened with {@code DELETE_ON_CLOSE}: on Linux and other Unix systems the
     * JDK deletes the file as soon as it is open (the open channel keeps its data), so no run, even one killed, leaves
     * it behind; elsewhere it goes when the channel is closed, which the channel's own cleaner does once the text is
     * unreachable.
     */
    private static final class Spill {
        private final FileChannel channel;
        /** Bytes written (only by the chunk whose turn it is: the chunks wait for each other). */
        private long size;
        /** Set when a write failed (no room): the chunks after it stay in the heap. */
        private volatile boolean failed;

        private Spill(FileChannel channel) {
            this.channel = channel;
        }

        /** A temporary file in {@code directory} (null: the JVM's), or null (the text stays in the heap) if none can be made. */
        static Spill open(Path directory) {
            Path file = null;
            try {
                file = directory == null ? Files.createTempFile("gridsched-rows-", ".csv")
                        : Files.createTempFile(directory, "gridsched-rows-", ".csv");
                FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                        StandardOpenOption.DELETE_ON_CLOSE);
                return new Spill(channel);
            } catch (IOException | RuntimeException e) {
                if (file != null) {
                    try {
                        Files.deleteIfExists(file);
                    } catch (IOException ignored) {
                        // the text stays in the heap; the system's cleaning of its temporary folder takes the rest
                    }
                }
                return null;
            }
        }

        /**
         * Formats a chunk's rows and writes them after the chunk {@code before} (null for the first) is written, and
         * says where they are; if the write fails, their text itself (kept in the heap).
         */
        Object append(Chunk chunk, Format format, Future<?> before) throws InterruptedException {
            Scratch scratch = SCRATCH.get();
            StringBuilder text = scratch.text;
            text.setLength(0);
            chunk.appendTo(text, format);
            if (before != null) {
                try {
                    before.get(); // its turn first; it was queued earlier, so it runs already or is done
                } catch (ExecutionException e) {
                    // that chunk's failure comes out where its piece is read; this one is written all the same
                }
            }
            if (failed) {
                return text.toString();
            }
            int bytes = scratch.encode();
            long at = size;
            try {
                ByteBuffer b = ByteBuffer.wrap(scratch.bytes, 0, bytes);
                for (long p = at; b.hasRemaining();) {
                    p += channel.write(b, p);
                }
            } catch (IOException e) {
                failed = true;
                return text.toString();
            }
            size = at + bytes;
            return new Spilled(at, bytes, text.length());
        }

        String read(Spilled piece) {
            ByteBuffer b = ByteBuffer.allocate(piece.bytes());
            try {
                for (long p = piece.offset(); b.hasRemaining();) {
                    int n = channel.read(b, p);
                    if (n < 0) {
                        throw new IOException("the file ends before byte " + (piece.offset() + piece.bytes()));
                    }
                    p += n;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read back rows kept in a temporary file: " + e.getMessage(), e);
            }
            return new String(b.array(), StandardCharsets.UTF_8);
        }

        /** Copies bytes [from, to) of the file to {@code out}. */
        void copy(long from, long to, OutputStream out, byte[] buffer) throws IOException {
            ByteBuffer b = ByteBuffer.wrap(buffer);
            for (long p = from; p < to;) {
                b.clear().limit((int) Math.min(buffer.length, to - p));
                int n = channel.read(b, p);
                if (n < 0) {
                    throw new IOException("a temporary file of rows ends at byte " + p + ", before " + to);
                }
                out.write(buffer, 0, n);
                p += n;
            }
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
