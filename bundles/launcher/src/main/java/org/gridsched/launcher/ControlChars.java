package org.gridsched.launcher;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Keeps what gridsched prints from acting on the terminal: a trace field, a CSV header or a file name can hold
 * escape sequences (clear the screen, set the window title) or NUL bytes, and messages quote such input. Control
 * characters are printed as {@code \x1b}-style escapes; line feed, tab and carriage return (the progress bar's) pass.
 */
public final class ControlChars {
    private ControlChars() {
    }

    /** The text with its control characters (C0 but LF, TAB and CR; DEL; C1) written as {@code \xNN} / {@code \u0085}. */
    public static String escape(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isControl(c)) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                sb.append(c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    private static boolean isControl(char c) {
        return (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || (c >= 0x7f && c <= 0x9f);
    }

    /**
     * A stream that escapes, as {@link #escape}, what is printed to {@code out} (UTF-8 text): the one place every
     * message of a command passes through. Unbuffered, so that the progress bar's partial lines show at once.
     */
    public static PrintStream escaping(PrintStream out) {
        if (out instanceof Escaping) {
            return out;
        }
        return new Escaping(out);
    }

    private static final class Escaping extends PrintStream {
        Escaping(PrintStream target) {
            super(new Filter(target), true, StandardCharsets.UTF_8);
        }
    }

    /** Byte-level: C0 controls and DEL are single bytes in UTF-8, C1 controls the two bytes C2 80..C2 9F. */
    private static final class Filter extends FilterOutputStream {
        private boolean afterC2;

        Filter(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            b &= 0xff;
            if (afterC2) {
                afterC2 = false;
                if (b >= 0x80 && b <= 0x9f) {
                    out.write(String.format("\\u%04x", b).getBytes(StandardCharsets.US_ASCII));
                    return;
                }
                out.write(0xc2);
            }
            if (b == 0xc2) {
                afterC2 = true;
            } else if ((b < 0x20 && b != '\n' && b != '\t' && b != '\r') || b == 0x7f) {
                out.write(String.format("\\x%02x", b).getBytes(StandardCharsets.US_ASCII));
            } else {
                out.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            // whole runs of harmless bytes go through at once; the rare others one by one
            int start = off;
            int end = off + len;
            for (int i = off; i < end; i++) {
                int v = b[i] & 0xff;
                boolean special = v < 0x20 || v == 0x7f || v == 0xc2 || afterC2;
                if (special) {
                    if (i > start) {
                        out.write(b, start, i - start);
                    }
                    write(v);
                    start = i + 1;
                }
            }
            if (end > start) {
                out.write(b, start, end - start);
            }
            out.flush();
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }
    }
}
