package org.gridsched.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@code help CMD} of a gridsched command becomes {@code CMD --help} in every statement of a line, and only there. */
class ShellHelpRewriteTest {
    @Test
    void eachStatementOfALineOrBlockIsRewrittenOnItsOwn() {
        assertEquals(" gridsched:run --help ", Shell.helpOfGridschedCommand("help run"));
        assertEquals(" gridsched:run --help ; runs", Shell.helpOfGridschedCommand("help run; runs"));
        assertEquals("runs; gridsched:runs --help \n gridsched:await --help ", Shell.helpOfGridschedCommand("runs; help gridsched:runs\nhelp await"));
    }

    @Test
    void otherCommandsQuotedTextAndListsStayAsTheyAre() {
        assertEquals("help lb", Shell.helpOfGridschedCommand("help lb"));
        assertEquals("echo [help run]", Shell.helpOfGridschedCommand("echo [help run]"));
        assertEquals("help", Shell.helpOfGridschedCommand("help"));
        assertEquals("echo 'a; help run'", Shell.helpOfGridschedCommand("echo 'a; help run'"));
        assertEquals("echo \"x\\\"; help run\"", Shell.helpOfGridschedCommand("echo \"x\\\"; help run\""));
        assertEquals("each [1 2] { gridsched:run --help ; runs }", Shell.helpOfGridschedCommand("each [1 2] { help run; runs }"));
        assertEquals(" gridsched:run --help | grep seed", Shell.helpOfGridschedCommand("help run | grep seed"));
        assertEquals("run a.json --help", Shell.helpOfGridschedCommand("run a.json --help"));
    }
}
