package org.gridsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The background server's protocol and rules, with a fake command set and regular files for the client's streams. */
@Timeout(30)
class DaemonTest {
    @TempDir
    Path dir;

    /** A server on its own thread; its result when serve() returns. */
    private final CompletableFuture<Integer> served = new CompletableFuture<>();
    private final AtomicInteger halted = new AtomicInteger(-1);
    private final AtomicReference<String> folders = new AtomicReference<>("v1");

    private Daemon start(Daemon.Commands commands, long idleMillis) throws Exception {
        Daemon d = new Daemon(dir, commands, idleMillis, folders::get, halted::set);
        Thread t = new Thread(() -> {
            try {
                served.complete(d.serve());
            } catch (Throwable e) {
                served.completeExceptionally(e);
            }
        });
        t.setDaemon(true);
        t.start();
        while (!Files.exists(d.portFile())) {
            Thread.sleep(5);
        }
        return d;
    }

    private String[] port() throws IOException {
        return Files.readString(dir.resolve("port")).strip().split(" ");
    }

    /** A connected client that sent a run request; its reader gives the server's lines. */
    private record Client(Socket socket, BufferedReader lines, Path out, Path err) {
        String line() throws IOException {
            return lines.readLine();
        }
    }

    private Client request(String token, String... args) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(port()[0]));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        OutputStream o = s.getOutputStream();
        StringBuilder r = new StringBuilder("gridsched-daemon 1\ntoken " + token + "\nrun\ninteractive 1\nout " + out + "\nerr " + err
                + "\nargs " + args.length + "\n");
        for (String a : args) {
            r.append(a).append('\0');
        }
        o.write(r.toString().getBytes(StandardCharsets.UTF_8));
        o.flush();
        return new Client(s, new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)), out, err);
    }

    @Test
    void runsTheCommandOnTheClientsStreamsAndReturnsItsStatus() throws Exception {
        List<String> seen = new ArrayList<>();
        start((args, out, err, interactive) -> {
            seen.addAll(args);
            out.println("to out " + interactive);
            System.out.println("System.out is the client's too");
            err.println("to err");
            return 3;
        }, 60_000);
        Client c = request(port()[1], "simulate", "--out", "a folder with spaces", "line\nbreak", "ünï", "");
        assertEquals("ok", c.line());
        assertEquals("exit 3", c.line());
        assertEquals(null, c.line(), "the server closes the connection");
        assertEquals(List.of("simulate", "--out", "a folder with spaces", "line\nbreak", "ünï", ""), seen);
        assertEquals("to out true\nSystem.out is the client's too\n", Files.readString(c.out()));
        assertEquals("to err\n", Files.readString(c.err()));
        assertEquals(-1, halted.get());
        assertFalse(served.isDone(), "it serves the next command");
    }

    @Test
    void itSaysReadyOnTheNamedPipeOfTheClientThatStartedIt() throws Exception {
        Path ready = dir.resolve("ready");
        Process mkfifo = new ProcessBuilder("mkfifo", ready.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        // read-write, as the client opens it: neither end waits for the other
        try (java.io.RandomAccessFile pipe = new java.io.RandomAccessFile(ready.toFile(), "rw")) {
            start((args, out, err, interactive) -> 0, 60_000);
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = pipe.read()) != '\n') {
                assertTrue(c >= 0, "the pipe closed before a whole line: " + line);
                line.append((char) c);
            }
            assertEquals("ready", line.toString());
            assertTrue(Files.exists(dir.resolve("port")), "the port file comes first");
        }
    }

    @Test
    void aWrongTokenIsRefusedAndRunsNothing() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        start((args, out, err, interactive) -> runs.incrementAndGet(), 60_000);
        Client c = request("0123", "plugins");
        assertEquals("refused wrong token", c.line());
        assertEquals(0, runs.get());
    }

    /** A server running a command that prints "finished" once RELEASE opens; the client that asked for it, once it runs. */
    private Client commandHeldUntil(CountDownLatch release) throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        start((args, out, err, interactive) -> {
            running.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            out.println("finished");
            return 0;
        }, 60_000);
        Client c = request(port()[1], "run", "long.json");
        assertEquals("ok", c.line());
        assertTrue(running.await(10, TimeUnit.SECONDS));
        return c;
    }

    @Test
    void aSecondClientIsToldTheServerIsBusy() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Client first = commandHeldUntil(release);
        Client second = request(port()[1], "plugins");
        assertEquals("busy", second.line());
        release.countDown();
        assertEquals("exit 0", first.line());
    }

    @Test
    void aStopWaitsForTheCommandUnderWay() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Client first = commandHeldUntil(release);
        String[] p = port();
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(p[0]))) {
            s.getOutputStream().write(("gridsched-daemon 1\ntoken " + p[1] + "\nstop\n").getBytes(StandardCharsets.US_ASCII));
            assertEquals("ok", new BufferedReader(new InputStreamReader(s.getInputStream())).readLine());
        }
        Thread.sleep(1_200);
        assertFalse(served.isDone(), "still serving its command");
        release.countDown();
        assertEquals("exit 0", first.line());
        assertEquals(0, served.get(10, TimeUnit.SECONDS));
        assertEquals("finished\n", Files.readString(first.out()));
    }

    @Test
    void changedFoldersMakeTheServerStaleAndItStops() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        start((args, out, err, interactive) -> runs.incrementAndGet(), 60_000);
        folders.set("v2: a plugin was dropped");
        Client c = request(port()[1], "plugins");
        assertEquals("stale", c.line());
        assertEquals(0, served.get(10, TimeUnit.SECONDS));
        assertFalse(Files.exists(dir.resolve("port")), "no client finds it any more");
        assertEquals(0, runs.get());
    }

    /** Waits for the server to halt the process (the test's halt hook records the status); the class's timeout bounds it. */
    private void awaitHalt() throws InterruptedException {
        while (halted.get() < 0) {
            Thread.sleep(5);
        }
    }

    @Test
    void aCancelEndsTheProcessAsASignalWould() throws Exception {
        Client c = commandHeldUntil(new CountDownLatch(1)); // never released: the command runs until the halt
        c.socket().getOutputStream().write("cancel\n".getBytes(StandardCharsets.US_ASCII));
        c.socket().getOutputStream().flush();
        awaitHalt();
        assertEquals(130, halted.get());
        assertFalse(Files.exists(dir.resolve("port")), "withdrawn before the process ends");
    }

    @Test
    void aClientThatDiesEndsTheProcessToo() throws Exception {
        Client c = commandHeldUntil(new CountDownLatch(1)); // never released: the command runs until the halt
        c.socket().close();
        awaitHalt();
        assertEquals(130, halted.get());
    }

    @Test
    void anIdleServerStops() throws Exception {
        start((args, out, err, interactive) -> 0, 300);
        assertEquals(0, served.get(10, TimeUnit.SECONDS));
        assertFalse(Files.exists(dir.resolve("port")));
    }

    @Test
    void aRemovedPortFileStopsIt() throws Exception {
        start((args, out, err, interactive) -> 0, 60_000);
        Files.delete(dir.resolve("port"));
        assertEquals(0, served.get(10, TimeUnit.SECONDS));
    }

    @Test
    void theStopRequestStopsIt() throws Exception {
        start((args, out, err, interactive) -> 0, 60_000);
        String[] p = port();
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(p[0]))) {
            s.getOutputStream().write(("gridsched-daemon 1\ntoken " + p[1] + "\nstop\n").getBytes(StandardCharsets.US_ASCII));
            assertEquals("ok", new BufferedReader(new InputStreamReader(s.getInputStream())).readLine());
        }
        assertEquals(0, served.get(10, TimeUnit.SECONDS));
        assertEquals(String.valueOf(ProcessHandle.current().pid()), p[2]);
    }

    @Test
    void theFolderSignatureSeesADroppedJarAnEditedFileAndNothingElse() throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Path config = Files.createDirectories(dir.resolve("config"));
        List<Path> watched = List.of(plugins, config, dir.resolve("absent"));
        String empty = FolderSignature.of(watched);
        assertEquals(empty, FolderSignature.of(watched), "stable");
        Files.writeString(plugins.resolve("a.jar"), "jar");
        String one = FolderSignature.of(watched);
        assertFalse(empty.equals(one));
        Files.writeString(config.resolve("x.cfg"), "period = 1800");
        String cfg = FolderSignature.of(watched);
        assertFalse(one.equals(cfg));
        Files.setLastModifiedTime(config.resolve("x.cfg"), java.nio.file.attribute.FileTime.fromMillis(1_000));
        assertFalse(cfg.equals(FolderSignature.of(watched)), "same size, other time");
        try (PrintStream p = new PrintStream(Files.newOutputStream(dir.resolve("elsewhere.txt")))) {
            p.println("not watched");
        }
        assertEquals(FolderSignature.of(watched), FolderSignature.of(watched));
    }
}
