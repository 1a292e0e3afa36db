package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.gridsched.api.InputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeatureCatalogTest {
    @TempDir
    Path dir;

    private void write(String name, String json) throws Exception {
        Files.writeString(dir.resolve(name + ".json"), json);
    }

    @Test
    void bundlesOfAFeatureIncludeThoseOfItsIncludesOnceInOrder() throws Exception {
        write("core", "{\"bundles\": [\"a\", \"b\"]}");
        write("batch", "{\"description\": \"policies\", \"includes\": [\"core\"], \"bundles\": [\"c\"]}");
        write("all", "{\"includes\": [\"batch\", \"core\"], \"bundles\": [\"d\"]}");
        FeatureCatalog c = FeatureCatalog.load(dir);
        assertEquals(List.of("a", "b", "c", "d"), c.bundlesOf(List.of("all")));
        assertEquals(List.of("a", "b", "c"), c.bundlesOf(List.of("batch", "core")));
        assertEquals("policies", c.get("batch").description());
    }

    @Test
    void theShippedFeaturesLoadAndTheDefaultHoldsEveryPluginBundle() {
        Path shipped = Path.of(System.getProperty("gridsched.home", "../..")).resolve("features");
        FeatureCatalog c = FeatureCatalog.load(shipped);
        List<String> all = c.bundlesOf(List.of("default"));
        for (String b : List.of("org.gridsched.batch", "org.gridsched.meta", "org.gridsched.metrics",
                "org.gridsched.workload.swf", "org.gridsched.workload.synthetic", "org.gridsched.launcher")) {
            assertTrue(all.contains(b), b + " missing from the default feature: " + all);
        }
        assertTrue(!c.bundlesOf(List.of("single-cluster")).contains("org.gridsched.meta"));
    }

    @Test
    void mistakesNameTheFileAndTheField() throws Exception {
        write("core", "{\"bundles\": [\"a\"], \"bundle\": [\"typo\"]}");
        InputException e = assertThrows(InputException.class, () -> FeatureCatalog.load(dir));
        assertTrue(e.getMessage().contains("core.json") && e.getMessage().contains("bundle") && e.getMessage().contains("valid keys"), e.getMessage());

        write("core", "{\"includes\": [\"nothing\"]}");
        e = assertThrows(InputException.class, () -> FeatureCatalog.load(dir));
        assertTrue(e.getMessage().contains("unknown feature 'nothing'"), e.getMessage());

        write("core", "{\"includes\": [\"batch\"]}");
        write("batch", "{\"includes\": [\"core\"]}");
        e = assertThrows(InputException.class, () -> FeatureCatalog.load(dir));
        assertTrue(e.getMessage().contains("loop"), e.getMessage());

        write("core", "{\"bundles\": \"a\"}");
        Files.delete(dir.resolve("batch.json"));
        e = assertThrows(InputException.class, () -> FeatureCatalog.load(dir));
        assertTrue(e.getMessage().contains("expected an array of names"), e.getMessage());

        write("core", "{\"bundles\": [\"a\"]}");
        e = assertThrows(InputException.class, () -> FeatureCatalog.load(dir).bundlesOf(List.of("grid")));
        assertTrue(e.getMessage().contains("unknown feature 'grid'; features: core"), e.getMessage());
    }
}
