package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

import org.junit.jupiter.api.Test;

/** An output folder that cannot be created says why, also when Java's exception carries no reason. */
class OutputFolderReasonTest {
    @Test
    void theSystemsReasonOrWhatTheExceptionsTypeSays() {
        assertEquals("read-only file system", OutputFolder.reason(new FileSystemException("/m/x", null, "Read-only file system")));
        assertEquals("no such file or folder (/proc/x)",
                OutputFolder.reason(new NoSuchFileException("/proc/x")));
        assertEquals("permission denied (/root/x)", OutputFolder.reason(new java.nio.file.AccessDeniedException("/root/x")));
        assertEquals("the file system refused (FileSystemException) (/y)", OutputFolder.reason(new FileSystemException("/y")));
    }
}
