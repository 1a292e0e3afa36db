package org.gridsched.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.Manifest;

/**
 * Which build of gridsched this is: the version and the git commit the launcher bundle was built from (headers
 * {@code Gridsched-Version} and {@code Gridsched-Commit} that bnd writes into its manifest). The one source of
 * both for summary.json's {@code run.build} and for {@code gridsched --version}; "unknown" when the launcher
 * runs from a folder without its manifest (an IDE).
 */
public final class BuildInfo {
    static final String UNKNOWN = "unknown";
    private static final Map<String, Object> CURRENT = read();

    private BuildInfo() {
    }

    /** {@code {"version": ..., "commit": ...}} for summary.json's {@code run.build}. */
    static Map<String, Object> current() {
        return CURRENT;
    }

    public static String version() {
        return (String) CURRENT.get("version");
    }

    public static String commit() {
        return (String) CURRENT.get("commit");
    }

    private static Map<String, Object> read() {
        Manifest mf = ownManifest();
        String version = mf == null ? null : mf.getMainAttributes().getValue("Gridsched-Version");
        String commit = mf == null ? null : mf.getMainAttributes().getValue("Gridsched-Commit");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", blank(version) ? UNKNOWN : version.strip());
        m.put("commit", blank(commit) ? UNKNOWN : commit.strip());
        return java.util.Collections.unmodifiableMap(m);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank() || s.contains("${");
    }

    /**
     * This bundle's manifest, found beside this class (in a jar, a bundle or target/classes), never another
     * jar's that happens to be first on the class path.
     */
    private static Manifest ownManifest() {
        URL self = BuildInfo.class.getResource("BuildInfo.class");
        if (self == null) {
            return null;
        }
        try {
            URL mf = new URL(self, "../../../META-INF/MANIFEST.MF"); // org/gridsched/launcher/ -> root
            try (InputStream in = mf.openStream()) {
                return new Manifest(in);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
