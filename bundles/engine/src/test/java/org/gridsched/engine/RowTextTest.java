package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RowText against a plain builder, over many chunks (each formatted on another thread while rows are still recorded),
 * read in every way, also in the middle of the recording.
 */
class RowTextTest {
    private static final RowText.Format FORMAT = (sb, a, b, n, x, y) ->
            sb.append(a).append(',').append((String) x).append(n).append(',').append((long) b).append('\n');

    @Test
    void holdsTheSameTextAsABuilder() throws Exception {
        RowText text = new RowText("time,cluster,unavailable_processors\n", FORMAT);
        checkAgainstABuilder(text);
        assertFalse(text.spilled(), "120,000 rows stay in the heap");
    }

    /** The same text when the chunks after the third go to a temporary file, which no one sees in its folder. */
    @Test
    void rowsKeptInATemporaryFileReadTheSame(@TempDir Path folder) throws Exception {
        RowText text = new RowText("time,cluster,unavailable_processors\n", FORMAT, 3 * RowText.CHUNK, folder);
        checkAgainstABuilder(text);
        assertTrue(text.spilled(), "the rows past the third chunk are in the file");
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(List.of(), files.toList(), "the file is deleted as soon as it is open (Linux)");
        }
    }

    /**
     * The same text from a file whose chunks are ASCII but for a few rows (a cluster's name may be anything): the
     * chunks are narrowed to bytes one to one, those few encoded as UTF-8.
     */
    @Test
    void asciiRowsAndAFewOthersKeptInATemporaryFileReadTheSame(@TempDir Path folder) throws Exception {
        RowText text = new RowText("time,cluster,unavailable_processors\n", FORMAT, 0, folder);
        checkAgainstABuilder(text, i -> i % 40_009 == 7 ? "\u00e9t\u00e9-" : "cluster-");
        assertTrue(text.spilled(), "every chunk is in the file");
    }

    /** A folder that cannot hold the file: the rows stay in the heap, and the text is the same. */
    @Test
    void withoutARoomForTheFileTheRowsStayInTheHeap(@TempDir Path folder) throws Exception {
        RowText text = new RowText("time,cluster,unavailable_processors\n", FORMAT, 0, folder.resolve("missing"));
        checkAgainstABuilder(text);
        assertFalse(text.spilled());
    }

    private static void checkAgainstABuilder(RowText text) throws Exception {
        checkAgainstABuilder(text, i -> "cl\u00e9-");
    }

    /** {@code names}: the name in row i. */
    private static void checkAgainstABuilder(RowText text, IntFunction<String> names) throws Exception {
        StringBuilder expected = new StringBuilder("time,cluster,unavailable_processors\n");
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 120_000; i++) {
            int n = random.nextInt(1000);
            text.add(i * 37.125, i, n, names.apply(i), null);
            FORMAT.row(expected, i * 37.125, i, n, names.apply(i), null);
            if (i == 50_000) {
                // read in the middle: what is recorded so far, then the recording goes on
                assertEquals(expected.toString(), text.toString());
            }
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

    @Test
    void aHeaderAloneAndAFewRows() {
        RowText text = new RowText("h\n", FORMAT);
        assertEquals("h\n", text.toString());
        text.add(1.5, 2, 3, "c", null);
        assertEquals("h\n1.5,c3,2\n", text.toString());
        assertEquals('1', text.charAt(2));
    }

    @Test
    void whatAFormatThrowsComesOutWhenTheTextIsRead(@TempDir Path folder) {
        RowText.Format failing = (sb, a, b, n, x, y) -> {
            throw new IllegalArgumentException("row " + n);
        };
        // in the heap, and on the way to a temporary file (where the second chunk waits for the first, which failed)
        for (RowText text : List.of(new RowText("h\n", failing), new RowText("h\n", failing, 0, folder))) {
            for (int i = 0; i < 2 * RowText.CHUNK + 5; i++) {
                text.add(0, 0, i, null, null); // the first chunks go to the other thread
            }
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, text::length);
            assertEquals("row 0", e.getMessage());
        }
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
