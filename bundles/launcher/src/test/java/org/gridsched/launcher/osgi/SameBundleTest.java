package org.gridsched.launcher.osgi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A plugin jar that is a copy of one of the application's bundles is told apart from one that only takes its name. */
class SameBundleTest {

    @Test
    void theSameNameAtAnEqualVersionIsACopyAnotherVersionOrNameIsNot() {
        assertTrue(PluginTracker.sameBundle("org.apache.felix.scr 2.2.18", "org.apache.felix.scr 2.2.18"));
        assertTrue(PluginTracker.sameBundle("org.example.x 1.0", "org.example.x 1.0.0"), "versions compare as versions");
        assertFalse(PluginTracker.sameBundle("org.apache.felix.scr 2.2.20", "org.apache.felix.scr 2.2.18"));
        assertFalse(PluginTracker.sameBundle("org.example.x 1.0.0", "org.example.y 1.0.0"));
        assertFalse(PluginTracker.sameBundle("org.gridsched.batch 1.0.0", "org.gridsched.batch"), "a built-in known by name only");
        assertFalse(PluginTracker.sameBundle("org.example.x not-a-version", "org.example.x 1.0.0"));
    }
}
