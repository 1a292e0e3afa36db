package org.gridsched.engine;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.NoSuchFileException;

import org.gridsched.api.InputException;

/** What the engine's readers of text files (failure traces, carbon series) say when a file cannot be read. */
final class InputFiles {
    private InputFiles() {
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
        if (e instanceof NoSuchFileException) {
            return new InputException(name, 0, null, "no such " + what);
        }
        return new InputException(name, 0, null, "cannot read the " + what + ": " + e.getMessage());
    }
}
