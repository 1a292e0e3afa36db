package org.gridsched.cli;

import java.io.IOException;
import java.io.InputStream;
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
import org.gridsched.launcher.ControlChars;
import org.gridsched.launcher.RunManager;
import org.gridsched.launcher.ShellCommands;
import org.gridsched.launcher.ShellHelp;

/**
 * {@code gridsched shell}: a Gogo session over the framework, with the {@code gridsched:} commands and Gogo's own
 * ({@code lb}, {@code help}, ...).
 * <ul>
 * <li>{@code shell}: interactive, one command per line; {@code exit} (or end of input) cancels runs still going. On a
 * terminal with line editing, history ({@link #historyFile()}) and completion ({@link TerminalLines}).</li>
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
            err.println(ControlChars.escape("gridsched: error: " + file + ": cannot read: " + e.getMessage()));
            return 1;
        }
        boolean ok = true;
        commands.scriptFolder(file.toAbsolutePath().normalize().getParent());
        try {
            for (int i = 0; i < lines.size() && ok; i++) {
                String line = lines.get(i).strip();
                if (!line.isEmpty() && !line.startsWith("#")) {
                    ok = execute(session, line, file.toString(), i + 1);
                }
            }
        } finally {
            commands.scriptFolder(null);
        }
        return finishRuns(ok) ? 0 : 1;
    }

    private int interactive(CommandSession session) {
        out.println("gridsched shell: 'plugins', 'run PROFILE [--out DIR]', 'runs [ID]', 'cancel ID', 'await [ID]',"
                + " 'features', Gogo's 'lb' and 'help'; 'help CMD' describes one; 'exit' to leave");
        try (ShellLines lines = lines(session)) {
            commands.onFinish(r -> lines.notice("[run " + r.id() + " (" + r.name() + ") " + r.state()
                    + (r.message().isEmpty() ? "" : ": " + r.message()) + "; 'runs " + r.id() + "' shows its summary]"));
            while (true) {
                String line = lines.read("gridsched> ");
                if (line == null || line.strip().equals("exit") || line.strip().equals("quit")) {
                    break;
                }
                if (!line.isBlank()) {
                    execute(session, line, null, 0);
                }
            }
        }
        List<RunManager.Run> active = commands.commands().manager().active();
        if (!active.isEmpty()) {
            out.println("cancelling " + active.size() + " run(s) still going");
        }
        return 0;
    }

    /** A terminal gets line editing, history and completion; piped input is read as it is. */
    private ShellLines lines(CommandSession session) {
        if (System.console() != null) {
            try {
                ShellCommands sc = commands.commands();
                ShellCompleter completer = new ShellCompleter(session, sc::pluginNames,
                        () -> sc.manager().runs().stream().map(r -> String.valueOf(r.id())).toList());
                return new TerminalLines(session, completer, historyFile());
            } catch (java.io.IOException | RuntimeException e) {
                err.println("gridsched: no line editing on this terminal (" + e.getMessage() + ")");
            }
        }
        return new PipedLines(in, out);
    }

    /** The interactive shell's history: GRIDSCHED_HISTORY, else ~/.gridsched_history (one per user, all installations). */
    static Path historyFile() {
        String given = System.getenv("GRIDSCHED_HISTORY");
        return given != null && !given.isBlank() ? Path.of(given)
                : Path.of(System.getProperty("user.home"), ".gridsched_history");
    }

    /** Runs one command line; prints its value or its error. */
    private boolean execute(CommandSession session, String commands, String file, int line) {
        try {
            Object result = session.execute(helpOfGridschedCommand(commands));
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
            if (e instanceof InterruptedException || Thread.interrupted()) {
                Thread.interrupted(); // Ctrl-C stopped this command; the shell goes on
                err.println("gridsched: interrupted; runs in the background keep going ('runs' shows them)");
                return false;
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

    /**
     * {@code help CMD} of a gridsched command is {@code CMD --help}: Gogo's help would show its Java signature. Each
     * statement of the line is rewritten on its own ({@code help run; runs}, {@code { help run }}): the line is cut at
     * {@code ;}, line ends, pipes and braces outside quotes, brackets and parentheses, and the separators are kept.
     */
    static String helpOfGridschedCommand(String commands) {
        StringBuilder out = new StringBuilder(commands.length() + 16);
        int depth = 0;
        char quote = 0;
        int from = 0;
        for (int i = 0; i < commands.length(); i++) {
            char c = commands.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\\') {
                i++;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '[' || c == '(') {
                depth++;
            } else if ((c == ']' || c == ')') && depth > 0) {
                depth--;
            } else if (depth == 0 && (c == ';' || c == '\n' || c == '|' || c == '{' || c == '}')) {
                out.append(helpStatement(commands.substring(from, i))).append(c);
                from = i + 1;
            }
        }
        return out.append(helpStatement(commands.substring(from))).toString();
    }

    private static String helpStatement(String statement) {
        String[] words = statement.strip().split("\\s+");
        return words.length == 2 && words[0].equals("help") && ShellHelp.of(words[1]) != null
                ? " gridsched:" + words[1].substring(words[1].indexOf(':') + 1) + " --help " : statement;
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
