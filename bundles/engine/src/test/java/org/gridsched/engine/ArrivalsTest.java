package org.gridsched.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrivalsTest {
    /**
     * Skipped impossible jobs are kept in summary.json under their source's description; a path of the checkout
     * in it made the same run give another summary on another machine (the CI's golden of hpc2n-cbf).
     */
    @Test
    void recordedSourcesNameFilesWithoutTheirFolder(@TempDir Path dir) throws IOException {
        Path a = Files.writeString(dir.resolve("a.swf"), "");
        Path b = Files.writeString(dir.resolve("b.swf"), "");
        assertEquals("a.swf", Arrivals.fileNamesOnly(a.toString()));
        assertEquals("merged(a.swf, b.swf)", Arrivals.fileNamesOnly("merged(" + a + ", " + b + ")"));
        // descriptions that are not files stay as they are, slashes included
        assertEquals("coalloc generator (lambda_g 0.01/s)", Arrivals.fileNamesOnly("coalloc generator (lambda_g 0.01/s)"));
        assertEquals("/no/such/file.swf", Arrivals.fileNamesOnly("/no/such/file.swf"));
    }
}
