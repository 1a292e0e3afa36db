package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's large files are written from their builders piece by piece: the bytes must be those of the whole text. */
class ResultWriterTest {
    @TempDir
    Path tmp;

    @Test
    void aBuilderIsWrittenAsItsTextInUtf8WhateverWherePiecesEnd() throws Exception {
        StringBuilder text = new StringBuilder("cluster,from,to,state,processors\n");
        // a surrogate pair (U+1D11E) across the first piece's end, then accented names, over three pieces
        text.append("x".repeat((1 << 16) - text.length() - 1)).append("\uD834\uDD1E");
        while (text.length() < 3 * (1 << 16) + 123) {
            text.append("grappe-é,12.5,30,failed,0-3\n");
        }
        Path file = tmp.resolve("unavailable.csv");
        ResultWriter.write(file, text);
        assertEquals(text.toString(), Files.readString(file, StandardCharsets.UTF_8));
        ResultWriter.write(file, text.toString());
        assertEquals(text.toString(), Files.readString(file, StandardCharsets.UTF_8));
        ResultWriter.write(file, new StringBuilder());
        assertEquals(0, Files.size(file));
    }
}
