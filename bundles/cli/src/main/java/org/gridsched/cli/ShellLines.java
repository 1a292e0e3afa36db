package org.gridsched.cli;

/** Where the interactive shell reads its lines: a terminal ({@link TerminalLines}) or piped input ({@link PipedLines}). */
interface ShellLines extends AutoCloseable {
    /** The next line after showing the prompt; "" when the user cancelled the line, null at the end of input. */
    String read(String prompt);

    /** Prints a message (a background run ended) without breaking the line being typed. */
    void notice(String text);

    @Override
    void close();
}
