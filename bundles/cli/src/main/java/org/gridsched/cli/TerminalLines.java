package org.gridsched.cli;

import java.io.IOException;
import java.nio.file.Path;

import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Job;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * Lines typed on a terminal, through JLine 3 (the pieces Gogo's own gogo.jline shell uses, without its activator; see
 * the root pom): line editing, a history kept in a file, tab completion ({@link ShellCompleter}). Ctrl-C while typing cancels the line; while a command runs, it interrupts
 * that command only (Gogo's foreground job), never the shell or the runs in the background.
 */
final class TerminalLines implements ShellLines {
    private final Terminal terminal;
    private final LineReader reader;

    TerminalLines(CommandSession session, ShellCompleter completer, Path history) throws IOException {
        this.terminal = terminal();
        this.reader = LineReaderBuilder.builder().terminal(terminal).appName("gridsched")
                .parser(new DefaultParser())
                .completer(completer)
                .variable(LineReader.HISTORY_FILE, history)
                // a '!' in a command is text, not a history reference
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .build();
        // replaces the JVM's default handler, which would end the process and with it every background run
        terminal.handle(Terminal.Signal.INT, s -> {
            Job job = session.foregroundJob();
            if (job != null) {
                job.interrupt();
            }
        });
    }

    /** JLine looks its terminal providers up through the context class loader: make that its own bundle's. */
    private static Terminal terminal() throws IOException {
        Thread t = Thread.currentThread();
        ClassLoader previous = t.getContextClassLoader();
        t.setContextClassLoader(TerminalBuilder.class.getClassLoader());
        try {
            return TerminalBuilder.builder().system(true).nativeSignals(true).build();
        } finally {
            t.setContextClassLoader(previous);
        }
    }

    @Override
    public String read(String prompt) {
        try {
            return reader.readLine(prompt);
        } catch (UserInterruptException e) {
            return "";
        } catch (EndOfFileException e) {
            return null;
        }
    }

    @Override
    public void notice(String text) {
        reader.printAbove(text);
    }

    /**
     * Saves the history and gives Ctrl-C back to the JVM. The terminal itself stays open: closing a system terminal
     * closes the process's standard input and output, and the shell still prints after this (runs it cancels);
     * JLine restores the terminal's settings when the process exits.
     */
    @Override
    public void close() {
        try {
            reader.getHistory().save();
        } catch (IOException e) {
            terminal.writer().println("gridsched: the history could not be saved: " + e.getMessage());
        }
        terminal.handle(Terminal.Signal.INT, Terminal.SignalHandler.SIG_DFL);
    }
}
