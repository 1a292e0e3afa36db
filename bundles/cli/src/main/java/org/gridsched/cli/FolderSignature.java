package org.gridsched.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a background server compares before each command to tell whether its plugin, configuration and feature
 * folders are still as they were when it started: every file's path, size and modification time (to the
 * nanosecond where the file system keeps it). A dropped, replaced or removed plugin jar, an edited
 * {@code .cfg} or feature file changes it.
 */
final class FolderSignature {
    /** Deeper than FileInstall and the feature catalogue look (they read the top level only). */
    private static final int DEPTH = 3;

    private FolderSignature() {
    }

    static String of(List<Path> folders) {
        StringBuilder s = new StringBuilder();
        for (Path folder : folders) {
            s.append(folder).append('\n');
            if (!Files.isDirectory(folder)) {
                s.append(" absent\n");
                continue;
            }
            try (Stream<Path> files = Files.walk(folder, DEPTH)) {
                files.sorted().forEach(f -> {
                    try {
                        BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
                        s.append(' ').append(folder.relativize(f)).append(' ').append(a.isDirectory() ? "dir" : a.size())
                                .append(' ').append(a.lastModifiedTime().toInstant()).append('\n');
                    } catch (IOException e) {
                        s.append(' ').append(folder.relativize(f)).append(" gone\n");
                    }
                });
            } catch (IOException | java.io.UncheckedIOException e) {
                // changing while listed: different from any complete listing, so the server is not reused
                s.append(" unreadable ").append(System.nanoTime()).append('\n');
            }
        }
        return s.toString();
    }
}
