package org.gridsched.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * SHA-256 of workload files, for summary.json. Kept per file (path, size, modification time): a matrix of 600
 * runs over three traces hashes each trace once, not 600 times.
 */
final class WorkloadDigests {
    private record Key(Path file, long size, long modified) {
    }

    private static final Map<Key, String> CACHE = new ConcurrentHashMap<>();

    private WorkloadDigests() {
    }

    /** The file's SHA-256 in hex; "unreadable: REASON" when it cannot be read (the reader then says why). */
    static String sha256(Path file) {
        Key key;
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            key = new Key(file.toAbsolutePath().normalize(), a.size(), a.lastModifiedTime().toMillis());
        } catch (IOException e) {
            return "unreadable: " + e.getClass().getSimpleName();
        }
        return CACHE.computeIfAbsent(key, k -> digest(k.file()));
    }

    private static String digest(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            return "unreadable: " + e.getClass().getSimpleName();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
