package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The README's list of profile keys is the parser's (issue 27: it cannot drift): the "Run profiles" paragraph
 * names every key a profile may have at its top ({@link ProfileParser#TOP_KEYS}: the profile's settings and each
 * plugin kind's key) in backquotes, and the key list it opens with names no key the parser refuses.
 */
class ReadmeKeysTest {
    private static final Path README = Path.of("../../README.md");

    @Test
    void theReadmeNamesEveryProfileKey() throws Exception {
        assertTrue(Files.isRegularFile(README), "run from bundles/launcher: " + README.toAbsolutePath());
        String text = Files.readString(README);
        int from = text.indexOf("- **Run profiles**");
        int to = text.indexOf("\n- **", from + 1);
        assertTrue(from > 0 && to > from, "the README's Run profiles paragraph");
        String paragraph = text.substring(from, to);
        Set<String> quoted = new TreeSet<>();
        Matcher m = Pattern.compile("`\"?([a-z_]+)\"?`").matcher(paragraph);
        while (m.find()) {
            quoted.add(m.group(1));
        }
        Set<String> missing = new TreeSet<>(ProfileParser.TOP_KEYS);
        missing.removeAll(quoted);
        assertEquals(Set.of(), missing, "profile keys the README's Run profiles paragraph does not name");
        // the opening list: "every simulate option has a profile key (`a`, `b`, ...)"
        Matcher list = Pattern.compile("has a\\s+profile\\s+key\\s*\\(([^)]*)\\)").matcher(paragraph);
        assertTrue(list.find(), paragraph);
        Matcher key = Pattern.compile("`([a-z_]+)`").matcher(list.group(1));
        while (key.find()) {
            assertTrue(ProfileParser.TOP_KEYS.contains(key.group(1)), "the README lists `" + key.group(1) + "`, which no profile takes");
        }
    }
}
