package org.gridsched.cli;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * A command's standard output that remembers why a write failed. A {@link PrintStream} swallows write errors, so a
 * command whose output went to a full disk ({@code gridsched plugins > /dev/full}) or a closed descriptor ended with
 * status 0 and nothing written; {@link #status} turns that into an error, and a reader that went away
 * ({@code | head -1}) into the status a process killed by SIGPIPE has, as other command-line tools end.
 */
final class CheckedOutput extends PrintStream {
    private final Recorder recorder;

    private CheckedOutput(Recorder recorder, Charset charset) {
        super(new BufferedOutputStream(recorder, 8192), true, charset);
        this.recorder = recorder;
    }

    /** A print stream on {@code raw} that remembers its first write error. */
    static CheckedOutput of(OutputStream raw, Charset charset) {
        return new CheckedOutput(new Recorder(raw), charset);
    }

    /** Output to a descriptor the caller closed ({@code >&-}): every write fails, as it does in a process of its own. */
    static CheckedOutput closed(Charset charset) {
        return of(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Bad file descriptor");
            }
        }, charset);
    }

    /**
     * The command's exit status once its output is flushed: {@code status} when everything was written; else 141
     * (128 + SIGPIPE) without a word when the reader went away, and an error on {@code err} with status 1 (or the
     * command's own non-zero status) otherwise.
     */
    static int status(int status, PrintStream out, PrintStream err) {
        out.flush();
        if (!out.checkError()) {
            return status;
        }
        IOException why = out instanceof CheckedOutput c ? c.recorder.first : null;
        String reason = why == null || why.getMessage() == null ? null : why.getMessage();
        if (reason != null && reason.contains("Broken pipe")) {
            return status == 0 ? 141 : status;
        }
        err.println("gridsched: error: the standard output could not be written" + (reason == null ? "" : " (" + reason + ")")
                + "; what the command printed is lost");
        return status == 0 ? 1 : status;
    }

    /** Passes writes on and keeps the first failure. */
    private static final class Recorder extends FilterOutputStream {
        volatile IOException first;

        Recorder(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        private void keep(IOException e) {
            if (first == null) {
                first = e;
            }
        }
    }
}
