package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The shell commands' help (issue 24): every command has one, found with or without its Gogo scope. */
class ShellHelpTest {
    @Test
    void everyShellCommandSaysWhatItDoes() {
        assertEquals(List.of("plugins", "run", "runs", "cancel", "await", "features"), ShellHelp.commands());
        for (String c : ShellHelp.commands()) {
            String help = ShellHelp.of(c);
            assertTrue(help.startsWith("usage: " + c), help);
            assertTrue(help.lines().count() >= 2, "a line on what it does: " + help);
            assertEquals(help, ShellHelp.of("gridsched:" + c));
        }
        assertNull(ShellHelp.of("lb"), "Gogo's own commands keep Gogo's help");
    }

    @Test
    void runsOptionsAreThoseItAccepts() {
        assertEquals(List.of("--out", "--force", "--seed", "--reference", "--report"), ShellHelp.options("run"));
        assertEquals(List.of(), ShellHelp.options("runs"));
        assertTrue(ShellHelp.asked(List.of("x.json", "--help")) && ShellHelp.asked(List.of("-h")));
    }
}
