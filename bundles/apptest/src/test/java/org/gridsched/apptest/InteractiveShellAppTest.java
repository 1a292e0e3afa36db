package org.gridsched.apptest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interactive {@code gridsched shell} on a real terminal (issue 24): tmux runs it, the test types with
 * send-keys and reads the screen with capture-pane. tmux is installed by .ci/run (apt-get, as root) when missing, as the
 * Slurm test does; otherwise the test is skipped saying why.
 */
class InteractiveShellAppTest {
    private static final String PROMPT = "gridsched> ";
    @TempDir
    Path tmp;
    private String socket;

    @BeforeAll
    static void tmux() throws Exception {
        assertTrue(Files.isRegularFile(App.JAR), "the application is not built: " + App.JAR);
        // .ci/run installs it (as root, once, before the build); a test never installs anything
        Assumptions.assumeTrue(has("tmux"), "tmux is not installed: apt-get install tmux (.ci/run does it when run as root)");
    }

    private static boolean has(String program) throws Exception {
        return App.exec(List.of("sh", "-c", "command -v " + program), null, Map.of(), null, 10).exit() == 0;
    }

    /**
     * The shell in a private tmux server, its history in a temporary file. A wrapping sh prints the exit status
     * (tmux's own pane_dead_status is lost when JLine closes the terminal at exit before the process ends); its trap
     * keeps it alive through Ctrl-C, which reaches the whole foreground process group, and is reset for the shell.
     */
    @BeforeEach
    void start() throws Exception {
        socket = tmp.resolve("tmux.socket").toString();
        Path plugins = Files.createDirectories(tmp.resolve("plugins"));
        Path config = Files.createDirectories(tmp.resolve("config"));
        // (tmux runs it through sh: every argument quoted)
        String shell = App.command(plugins, config, "shell").stream().map(a -> "'" + a.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
        tmuxOk("new-session", "-d", "-x", "160", "-y", "50", "-e", "GRIDSCHED_HISTORY=" + tmp.resolve("history"), "-c", tmp.toString(),
                "trap : INT; " + shell + "; echo \"[shell exited $?]\"", ";", "set-option", "-g", "remain-on-exit", "on");
        await(PROMPT, 1);
    }

    /** Ends the shell and waits for its process: it writes its history file into the folder JUnit deletes next. */
    @AfterEach
    void stop() throws Exception {
        String pid = tmux("display-message", "-p", "-t", "0", "#{pane_pid}").out().strip();
        List<ProcessHandle> processes = new ArrayList<>();
        if (pid.matches("\\d+")) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(sh -> {
                processes.add(sh);
                sh.descendants().forEach(processes::add);
            });
        }
        tmux("kill-server");
        for (ProcessHandle p : processes) {
            p.destroy();
            p.onExit().orTimeout(30, java.util.concurrent.TimeUnit.SECONDS).join();
        }
    }

    @Test
    void upRecallsTheLastCommandAndTheHistoryOutlivesTheShell() throws Exception {
        type("runs", "Enter");
        await("no runs yet", 1);
        type("Up", "Enter");
        await("no runs yet", 2);
        assertFalse(screen().contains("Exception"), screen());
        type("exit", "Enter");
        awaitExit(0);
        assertTrue(Files.readString(tmp.resolve("history")).contains("runs"), "the history file keeps the commands");
    }

    @Test
    void tabCompletesCommandsPluginNamesAndFiles() throws Exception {
        type("featu", "Tab");
        await(PROMPT + "features ", 1);
        type("C-u", "plugins lubl", "Tab");
        await(PROMPT + "plugins lublin99 ", 1);
        type("Enter");
        await("workload generators:", 1);
        Files.writeString(tmp.resolve("my-profile.json"), "{}");
        type("run my-pro", "Tab");
        await(PROMPT + "run my-profile.json ", 1);
        type("C-u");
    }

    @Test
    void ctrlCCancelsTheLineNotTheShell() throws Exception {
        type("plugins this line is abandoned", "C-c");
        await(PROMPT, 2);
        type("runs", "Enter");
        await("no runs yet", 1);
        assertFalse(screen().contains("[shell exited"), screen());
        assertFalse(screen().contains("Command not found"), screen());
    }

    @Test
    void ctrlCStopsTheForegroundCommandButNotTheBackgroundRun() throws Exception {
        // about a minute of conservative backfilling: still running when Ctrl-C interrupts the wait for it
        Path profile = tmp.resolve("long.json");
        Files.writeString(profile, """
                {"name": "long", "platform": [{"name": "c", "processors": 1024}], "batch": "cbf",
                 "workload": {"generator": "lublin99", "options": {"jobs": 3000000}}}
                """);
        type("run long.json --out " + tmp.resolve("long-out"), "Enter");
        await("run 1 started", 1);
        type("await 1", "Enter");
        Thread.sleep(1000);
        type("C-c");
        await(PROMPT, 3);
        type("runs ", "Tab");
        await(PROMPT + "runs 1 ", 1);
        type("Enter");
        await("running", 1);
        assertFalse(screen().contains("[shell exited"), screen());
        type("exit", "Enter");
        awaitExit(0);
    }

    @Test
    void helpDescribesAGridschedCommandAndItsOptions() throws Exception {
        type("help run", "Enter");
        await("--seed", 1);
        String s = screen();
        assertTrue(s.contains("--out DIR") && s.contains("background"), s);
        assertFalse(s.contains("String[]"), s);
        type("help runs", "Enter");
        await("progress", 1);
    }

    private void type(String... keys) throws Exception {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", "0"));
        args.addAll(List.of(keys));
        tmuxOk(args.toArray(String[]::new));
    }

    private String screen() throws Exception {
        return tmux("capture-pane", "-p", "-J", "-N", "-S", "-200", "-t", "0").out();
    }

    /** Waits up to 30 s until TEXT shows at least COUNT times on the screen. */
    private void await(String text, int count) throws Exception {
        long end = System.nanoTime() + 30_000_000_000L;
        String s = "";
        while (System.nanoTime() < end) {
            s = screen();
            if (s.split(java.util.regex.Pattern.quote(text), -1).length - 1 >= count) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("'" + text + "' not shown " + count + " time(s) within 30 s; the screen:\n" + s);
    }

    /** Waits for the shell to end, then checks its exit status. */
    private void awaitExit(int status) throws Exception {
        await("[shell exited ", 1);
        assertTrue(screen().contains("[shell exited " + status + "]"), screen());
    }

    private App.Result tmux(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tmux", "-S", socket));
        cmd.addAll(List.of(args));
        return App.exec(cmd, null, Map.of(), null, 30);
    }

    private void tmuxOk(String... args) throws Exception {
        App.Result r = tmux(args);
        assertEquals(0, r.exit(), String.join(" ", args) + ": " + r.all());
    }
}
