package org.gridsched.engine;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

import org.gridsched.api.InputException;

/** What the engine's readers of text files (failure traces, carbon series) say when a file cannot be read. */
final class InputFiles {
    /** The byte order mark some editors put at the start of a UTF-8 file, read as this character. */
    static final char BOM = '\uFEFF';

    private InputFiles() {
    }

    /**
     * A reader of the UTF-8 text of {@code file}, decompressed when it is gzip data (by its first two bytes, whatever
     * its name, as the SWF reader does). A byte that is not UTF-8 makes reading fail with a
     * {@link CharacterCodingException} ({@link #unreadable}). A byte order mark is not removed: see {@link #line}.
     */
    static BufferedReader open(Path file) throws IOException {
        BufferedInputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        try {
            in.mark(2);
            int b1 = in.read();
            int b2 = in.read();
            in.reset();
            InputStream stream = b1 == 0x1f && b2 == 0x8b ? new GZIPInputStream(in, 1 << 16) : in;
            return new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)), 1 << 16);
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /**
     * The text of line {@code number} (from 1) without a leading byte order mark on the first line: a UTF-8 file saved
     * by some editors starts with one, which would otherwise make the first field of the first line a word (a header
     * skipped, its data lost) or a number that does not parse.
     */
    static String line(String text, long number) {
        return number == 1 && !text.isEmpty() && text.charAt(0) == BOM ? text.substring(1) : text;
    }

    /**
     * The error for an input file that could not be read, in words instead of the exception's class.
     *
     * @param name what the user gave (the file name)
     * @param what what the file is, e.g. "failure trace"
     */
    static InputException unreadable(String name, String what, IOException e) {
        if (e instanceof CharacterCodingException) {
            return new InputException(name, 0, null, "cannot read the " + what + ": it is not UTF-8 text");
        }
        if (e instanceof java.util.zip.ZipException) {
            return new InputException(name, 0, null, "cannot read the " + what + ": it starts as gzip data but is not a"
                    + " valid gzip file (" + e.getMessage() + ")");
        }
        if (e instanceof java.io.EOFException) {
            return new InputException(name, 0, null, "cannot read the " + what + ": the gzip data ends too early (a truncated"
                    + " file?)");
        }
        if (e instanceof NoSuchFileException) {
            return new InputException(name, 0, null, "no such " + what);
        }
        return new InputException(name, 0, null, "cannot read the " + what + ": " + e.getMessage());
    }
}
