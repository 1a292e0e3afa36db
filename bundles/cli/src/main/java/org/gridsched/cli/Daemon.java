package org.gridsched.cli;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The background server behind {@code bin/gridsched} (issue 17): a framework started once serves later commands
 * of the same user, build, options, features, plugin and configuration folders and working directory, so that
 * a short command costs a connection instead of a JVM, Equinox, SCR and the feature bundles.
 *
 * <p>It runs <em>one command at a time</em>, as the process of that command would: its standard streams are the
 * client's (two named pipes the client relays from, so a file the client writes to keeps its offset), and
 * {@link System#out}/{@link System#err} point at them while the command runs. A client that is interrupted
 * (SIGINT, SIGTERM, SIGHUP: it sends {@code cancel}) or dies (the connection closes) stops the command the
 * way a signal stops the one-shot process: this server exits, its shutdown hooks remove a run's staged
 * results and say so on the client's standard error. A busy server answers {@code busy} (the client tries
 * another or starts one), a server whose plugin, configuration or feature folders changed since it started
 * answers {@code stale} and exits (a new one sees the folders as a new process would: hot deploy and
 * configuration work as without a server).
 *
 * <p>Its folder holds {@code port} ("PORT TOKEN PID", readable by the user only, written last: its presence
 * means the server listens; its modification time is the last use) and {@code log}. The server stops when idle
 * for {@code idleMillis}, when {@code port} disappears ({@code gridsched daemon stop}, a clean build) or on
 * {@code stop}.
 *
 * <p>Protocol, over a loopback TCP connection (bash's {@code /dev/tcp}): the client sends the lines
 * {@code gridsched-daemon 1}, {@code token HEX}, then {@code stop}, or {@code run},
 * {@code interactive 0|1}, {@code out FIFO}, {@code err FIFO}, {@code args N} followed by N NUL-terminated
 * UTF-8 arguments; the server answers one line ({@code ok}, {@code busy}, {@code stale} or
 * {@code refused REASON}) and, after {@code ok}, {@code exit STATUS} when the command has ended.
 */
final class Daemon {
    /** Runs one command as the one-shot process would, on the given streams; returns its exit status. */
    interface Commands {
        int execute(List<String> args, PrintStream out, PrintStream err, boolean interactive);
    }

    static final String PROTOCOL = "gridsched-daemon 1";
    /** How long the server waits for a client's request lines (a client sends them at once). */
    private static final int REQUEST_TIMEOUT_MILLIS = 10_000;
    private static final int CHECK_MILLIS = 500;

    private final Path dir;
    private final Commands commands;
    private final long idleMillis;
    private final Supplier<String> folders;
    private final IntConsumer halt;
    private final String token;
    private final String startFolders;
    private volatile boolean busy;
    private volatile boolean stopRequested;
    private volatile long lastUsed = System.currentTimeMillis();

    /**
     * @param dir      the server's folder (created by the client that starts it)
     * @param folders  a signature of the plugin, configuration and feature folders (names, sizes, times)
     * @param halt     ends the process at once with a status, running its shutdown hooks ({@link Runtime#exit})
     */
    Daemon(Path dir, Commands commands, long idleMillis, Supplier<String> folders, IntConsumer halt) {
        this.dir = dir;
        this.commands = commands;
        this.idleMillis = idleMillis;
        this.folders = folders;
        this.halt = halt;
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        this.token = HexFormat.of().formatHex(secret);
        this.startFolders = folders.get();
    }

    Path portFile() {
        return dir.resolve("port");
    }

    /** Listens until idle, stopped or stale; returns the process's exit status (0). */
    int serve() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(CHECK_MILLIS);
            publish(server.getLocalPort());
            announce();
            while (true) {
                // a command under way always finishes first (a stop waits for it)
                if (!busy && (stopRequested || System.currentTimeMillis() - lastUsed > idleMillis || !Files.exists(portFile()))) {
                    break;
                }
                Socket client;
                try {
                    client = server.accept();
                } catch (SocketTimeoutException e) {
                    continue;
                }
                answer(client);
            }
        } finally {
            withdraw();
        }
        removeFolder();
        return 0;
    }

    /** A server that stops normally leaves nothing behind (one that is cancelled leaves its folder to the clients). */
    private void removeFolder() {
        for (String f : new String[] {"key", "out", "err", "ready", "log", "stopping"}) {
            try {
                Files.deleteIfExists(dir.resolve(f));
            } catch (IOException e) {
                return;
            }
        }
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // not empty: something else was put there; it stays
        }
    }

    /** "PORT TOKEN PID", user-only, moved into place whole. */
    private void publish(int port) throws IOException {
        Path tmp = dir.resolve("port.tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, port + " " + token + " " + ProcessHandle.current().pid() + "\n", StandardCharsets.US_ASCII);
        try {
            Files.move(tmp, portFile(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, portFile(), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Tells the client that started this server that it listens, on the named pipe {@code ready} it waits on
     * (opened read-write, which never waits for the other end: if that client is gone, nothing blocks).
     */
    private void announce() {
        Path ready = dir.resolve("ready");
        if (!Files.exists(ready)) {
            return;
        }
        try (java.io.RandomAccessFile pipe = new java.io.RandomAccessFile(ready.toFile(), "rw")) {
            pipe.write("ready\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // the client also looks for the port file, written before
        }
    }

    /** No new client finds this server. */
    private void withdraw() {
        try {
            Files.deleteIfExists(portFile());
        } catch (IOException e) {
            // the client then fails to connect and removes it
        }
    }

    private void answer(Socket client) {
        Request request;
        try {
            client.setSoTimeout(REQUEST_TIMEOUT_MILLIS);
            request = Request.read(client.getInputStream());
        } catch (IOException | RuntimeException e) {
            close(client);
            return;
        }
        if (!MessageDigest.isEqual(request.token.getBytes(StandardCharsets.US_ASCII), token.getBytes(StandardCharsets.US_ASCII))) {
            reply(client, "refused wrong token");
            close(client);
            return;
        }
        if (request.stop) {
            stopRequested = true;
            withdraw();
            reply(client, "ok");
            close(client);
            return;
        }
        if (busy || stopRequested) {
            reply(client, "busy");
            close(client);
            return;
        }
        if (!startFolders.equals(folders.get())) {
            // as a new process would see them: the client starts a new server
            stopRequested = true;
            withdraw();
            reply(client, "stale");
            close(client);
            return;
        }
        busy = true;
        Thread worker = new Thread(() -> run(client, request), "gridsched-request");
        worker.start();
    }

    /**
     * One command, on the client's streams; a cancel or a lost client ends the process. A stream the client
     * gives directly (its terminal, pipe or device, through /proc) is opened before the answer, so that a
     * failure leaves the command to the client; the server's own named pipes only once the client relays them
     * (opening a pipe waits for its reader).
     */
    private void run(Socket client, Request request) {
        AtomicBoolean ended = new AtomicBoolean();
        PrintStream out = null;
        PrintStream err = null;
        try {
            client.setSoTimeout(0);
            try {
                out = relayed(request.out) ? null : open(request.out);
                err = relayed(request.err) ? null : open(request.err);
            } catch (IOException e) {
                reply(client, "refused cannot write to " + e.getMessage());
                return;
            }
            reply(client, "ok");
            // the client's cancel, or its death (the connection closes): stop as a signal stops a process
            Thread watcher = new Thread(() -> {
                try {
                    // blocks until "cancel" (any byte after the request) or the end of the connection
                    client.getInputStream().read();
                } catch (IOException e) {
                    // the connection is gone
                }
                if (ended.get()) {
                    return;
                }
                withdraw();
                halt.accept(130);
            }, "gridsched-request-watcher");
            watcher.setDaemon(true);
            watcher.start();
            if (out == null) {
                out = open(request.out);
            }
            if (err == null) {
                err = open(request.err);
            }
            int status;
            PrintStream oldOut = System.out;
            PrintStream oldErr = System.err;
            System.setOut(out);
            System.setErr(err);
            try {
                status = CheckedOutput.status(commands.execute(request.args, out, err, request.interactive), out, err);
            } catch (RuntimeException | Error e) {
                err.println("gridsched: internal error: " + e);
                e.printStackTrace(oldErr);
                status = 1;
            } finally {
                out.flush();
                err.flush();
                System.setOut(oldOut);
                System.setErr(oldErr);
            }
            // closed before the status: the client's relays end when the command's output has all been read
            out.close();
            err.close();
            out = null;
            err = null;
            ended.set(true);
            reply(client, "exit " + status);
        } catch (IOException e) {
            // the client went away before the command started: nothing ran
            System.err.println("gridsched: a request ended before its command ran: " + e);
            ended.set(true);
        } finally {
            if (out != null) {
                out.close();
            }
            if (err != null) {
                err.close();
            }
            close(client);
            lastUsed = System.currentTimeMillis();
            try {
                Files.setLastModifiedTime(portFile(), FileTime.fromMillis(lastUsed));
            } catch (IOException e) {
                // removed: the server stops at its next check
            }
            busy = false;
        }
    }

    /** Whether the client relays this stream from one of the server's named pipes. */
    private boolean relayed(String path) {
        if (path.equals("closed")) {
            return false;
        }
        Path parent = Path.of(path).toAbsolutePath().normalize().getParent();
        return dir.toAbsolutePath().normalize().equals(parent);
    }

    /** Appending: never truncates what the client's stream already holds. */
    private static PrintStream open(String path) throws IOException {
        if (path.equals("closed")) {
            return CheckedOutput.closed(Charset.defaultCharset()); // the caller closed it (>&-): writes fail, as in its own process
        }
        try {
            return CheckedOutput.of(new FileOutputStream(path, true), Charset.defaultCharset());
        } catch (java.io.FileNotFoundException e) {
            throw new IOException(path + " (" + e.getMessage() + ")", e);
        }
    }

    private static void reply(Socket client, String line) {
        try {
            OutputStream o = client.getOutputStream();
            o.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            o.flush();
        } catch (IOException e) {
            // the client is gone; its watcher (if any) handles it
        }
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // nothing to do
        }
    }

    /** One client's request. */
    static final class Request {
        String token = "";
        boolean stop;
        boolean interactive;
        String out;
        String err;
        final List<String> args = new ArrayList<>();

        static Request read(InputStream in) throws IOException {
            if (!PROTOCOL.equals(line(in))) {
                throw new IOException("not a gridsched client");
            }
            Request r = new Request();
            String t = line(in);
            if (!t.startsWith("token ")) {
                throw new IOException("no token");
            }
            r.token = t.substring(6);
            String what = line(in);
            if (what.equals("stop")) {
                r.stop = true;
                return r;
            }
            if (!what.equals("run")) {
                throw new IOException("unknown request " + what);
            }
            r.interactive = value(line(in), "interactive").equals("1");
            r.out = value(line(in), "out");
            r.err = value(line(in), "err");
            int n = Integer.parseInt(value(line(in), "args"));
            for (int i = 0; i < n; i++) {
                r.args.add(until(in, 0));
            }
            return r;
        }

        private static String value(String line, String key) throws IOException {
            if (!line.startsWith(key + " ")) {
                throw new IOException("expected " + key + ", got " + line);
            }
            return line.substring(key.length() + 1);
        }

        private static String line(InputStream in) throws IOException {
            return until(in, '\n');
        }

        /** UTF-8 bytes up to (not including) {@code end}; at most 1 MB. */
        private static String until(InputStream in, int end) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) != end) {
                if (c < 0) {
                    throw new IOException("request cut short");
                }
                if (b.size() > 1 << 20) {
                    throw new IOException("request too long");
                }
                b.write(c);
            }
            return b.toString(StandardCharsets.UTF_8);
        }
    }
}
