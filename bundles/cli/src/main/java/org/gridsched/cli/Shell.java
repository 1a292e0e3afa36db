package org.gridsched.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;
import org.gridsched.launcher.RunManager;
import org.gridsched.launcher.ShellCommands;

/**
 * {@code gridsched shell}: a Gogo session over the framework, with the {@code gridsched:} commands and Gogo's own
 * ({@code lb}, {@code help}, ...).
 * <ul>
 * <li>{@code shell}: interactive, one command per line; {@code exit} (or end of input) cancels runs still going.</li>
 * <li>{@code shell -c "CMD; CMD"}: runs the commands, then waits for the runs they started.</li>
 * <li>{@code shell FILE}: the same for a script, one command per line ({@code #} comments); stops at the first error.</li>
 * </ul>
 * Exit code 0 when every command succeeded and every run finished, 1 otherwise, 2 for bad usage.
 */
final class Shell {
    private static final String USAGE = "usage: gridsched shell [-c \"COMMANDS\" | SCRIPT]";
    private final CommandProcessor processor;
    private final GogoCommands commands;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    Shell(CommandProcessor processor, GogoCommands commands, InputStream in, PrintStream out, PrintStream err) {
        this.processor = processor;
        this.commands = commands;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    int run(List<String> args) {
        try (CommandSession session = processor.createSession(in, out, err)) {
            if (args.isEmpty()) {
                return interactive(session);
            }
            if (args.get(0).equals("-c")) {
                if (args.size() != 2) {
                    err.println("gridsched: " + USAGE);
                    return 2;
                }
                boolean ok = execute(session, args.get(1), null, 0);
                return finishRuns(ok) ? 0 : 1;
            }
            if (args.size() != 1 || args.get(0).startsWith("-")) {
                err.println("gridsched: " + USAGE);
                return 2;
            }
            return script(session, Path.of(args.get(0)));
        }
    }

    private int script(CommandSession session, Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            err.println("gridsched: error: " + file + ": no such script");
            return 1;
        } catch (IOException e) {
            err.println("gridsched: error: " + file + ": cannot read: " + e.getMessage());
            return 1;
        }
        boolean ok = true;
        for (int i = 0; i < lines.size() && ok; i++) {
            String line = lines.get(i).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                ok = execute(session, line, file.toString(), i + 1);
            }
        }
        return finishRuns(ok) ? 0 : 1;
    }

    private int interactive(CommandSession session) {
        out.println("gridsched shell: 'plugins', 'run PROFILE [--out DIR]', 'runs [ID]', 'cancel ID', 'await [ID]',"
                + " 'features', Gogo's 'lb' and 'help'; 'exit' to leave");
        commands.onFinish(r -> out.println("\n[run " + r.id() + " (" + r.name() + ") " + r.state()
                + (r.message().isEmpty() ? "" : ": " + r.message()) + "; 'runs " + r.id() + "' shows its summary]"));
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        while (true) {
            out.print("gridsched> ");
            out.flush();
            String line;
            try {
                line = lines.readLine();
            } catch (IOException e) {
                break;
            }
            if (line == null || line.strip().equals("exit") || line.strip().equals("quit")) {
                break;
            }
            if (!line.isBlank()) {
                execute(session, line, null, 0);
            }
        }
        List<RunManager.Run> active = commands.commands().manager().active();
        if (!active.isEmpty()) {
            out.println("cancelling " + active.size() + " run(s) still going");
        }
        return 0;
    }

    /** Runs one command line; prints its value or its error. */
    private boolean execute(CommandSession session, String commands, String file, int line) {
        try {
            Object result = session.execute(commands);
            if (result != null) {
                out.println(session.format(result, Converter.INSPECT));
            }
            return true;
        } catch (Exception thrown) {
            Throwable e = thrown;
            // Gogo calls commands by reflection: show the command's own error, not the wrapper
            while ((e instanceof java.lang.reflect.InvocationTargetException || e instanceof java.lang.reflect.UndeclaredThrowableException)
                    && e.getCause() != null) {
                e = e.getCause();
            }
            String where = file == null ? "" : file + ":" + line + ": ";
            String msg = e instanceof org.gridsched.api.InputException || e instanceof IllegalArgumentException
                    ? e.getMessage() : e.toString();
            if (Boolean.getBoolean("gridsched.debug")) {
                e.printStackTrace(err);
            }
            if (e instanceof IllegalArgumentException && msg != null && msg.startsWith("Command not found")) {
                msg = msg + " (the gridsched commands: plugins, run, runs, cancel, await, features; 'help' lists all)";
            }
            err.println("gridsched: error: " + where + msg);
            return false;
        }
    }

    /** Non-interactive end: waits for the runs the commands started and reports each. */
    private boolean finishRuns(boolean ok) {
        ShellCommands sc = commands.commands();
        boolean allFinished = true;
        for (RunManager.Run r : sc.manager().runs()) {
            try {
                r.await(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            allFinished &= r.state() == RunManager.State.FINISHED;
        }
        for (RunManager.Run r : sc.manager().runs()) {
            sc.report(r, out);
        }
        return ok && allFinished;
    }
}
