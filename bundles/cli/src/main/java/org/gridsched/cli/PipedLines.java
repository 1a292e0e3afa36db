package org.gridsched.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Lines from input that is not a terminal (a pipe, a file): no editing, the prompt printed as it is. */
final class PipedLines implements ShellLines {
    private final BufferedReader lines;
    private final PrintStream out;

    PipedLines(InputStream in, PrintStream out) {
        this.lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        this.out = out;
    }

    @Override
    public String read(String prompt) {
        out.print(prompt);
        out.flush();
        try {
            return lines.readLine();
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void notice(String text) {
        out.println("\n" + text);
    }

    @Override
    public void close() {
        // the process's standard input: left open
    }
}
