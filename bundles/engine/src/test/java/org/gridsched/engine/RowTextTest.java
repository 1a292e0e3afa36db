package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** RowText against a plain builder, over several pieces (a piece is put aside at the first row end past 1 MB). */
class RowTextTest {
    @Test
    void holdsTheSameTextAsABuilder() throws Exception {
        RowText text = new RowText("time,cluster,unavailable_processors\n");
        StringBuilder expected = new StringBuilder("time,cluster,unavailable_processors\n");
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 120_000; i++) {
            String row = (i * 37.125) + ",cl\u00e9-" + random.nextInt(1000) + "," + i + "\n";
            text.tail().append(row);
            text.rowEnd();
            expected.append(row);
        }
        String all = expected.toString();
        assertEquals(all.length(), text.length());
        assertEquals(all, text.toString());
        for (int k = 0; k < 300; k++) {
            int i = random.nextInt(all.length());
            assertEquals(all.charAt(i), text.charAt(i), "character " + i);
            int j = i + random.nextInt(Math.min(3_000_000, all.length() - i) + 1);
            assertEquals(all.substring(i, j), text.subSequence(i, j).toString(), "[" + i + ", " + j + ")");
        }
        assertEquals(all.substring(1_048_570), text.appendTo(new StringBuilder(), 1_048_570).toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        text.writeTo(out);
        assertEquals(all, out.toString(StandardCharsets.UTF_8));
        assertEquals(all, written(text));
        assertThrows(IndexOutOfBoundsException.class, () -> text.charAt(all.length()));
        assertThrows(IndexOutOfBoundsException.class, () -> text.subSequence(5, 4));
    }

    /** What ResultWriter writes of a text, read back. */
    private static String written(CharSequence text) throws Exception {
        Path f = Files.createTempFile("rowtext", ".csv");
        try {
            ResultWriter.write(f, text);
            return Files.readString(f, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
