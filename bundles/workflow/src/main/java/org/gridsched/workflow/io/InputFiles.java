package org.gridsched.workflow.io;

import java.nio.file.Files;
import java.nio.file.Path;

import org.gridsched.api.InputException;

/**
 * Files named in a plugin's options. The launcher resolves the paths of a profile's own keys against the profile's
 * folder but hands plugin options over as they are, so a relative path here is resolved against the working
 * directory, then against the gridsched home ({@code -Dgridsched.home}, set by {@code bin/gridsched}): profiles
 * name these files from the repository's root, e.g. {@code runconfigs/data/workflows/x.json}.
 */
public final class InputFiles {
    private InputFiles() {
    }

    /** @param option the option naming the file, for messages */
    public static Path resolve(String path, String option) {
        Path p = Path.of(path);
        if (p.isAbsolute() || Files.exists(p)) {
            return p;
        }
        String home = System.getProperty("gridsched.home");
        if (home != null && Files.exists(Path.of(home).resolve(p))) {
            return Path.of(home).resolve(p).normalize();
        }
        throw new InputException(null, 0, option, "file '" + path + "' not found (a relative path is resolved against the working directory"
                + (home == null ? "" : ", then " + home) + ")");
    }
}
