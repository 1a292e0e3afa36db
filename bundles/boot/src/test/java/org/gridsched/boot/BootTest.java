package org.gridsched.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BootTest {
    @TempDir
    Path tmp;

    /** A storage with one bundle's content and a framework state file, as Equinox lays it out. */
    private Path storage() throws IOException {
        Path s = tmp.resolve("prepared");
        Files.createDirectories(s.resolve("org.eclipse.osgi/7/0"));
        Files.writeString(s.resolve("org.eclipse.osgi/7/0/bundleFile"), "bundle content");
        Files.writeString(s.resolve("org.eclipse.osgi/framework.info.1"), "state");
        Files.createDirectories(s.resolve("org.eclipse.osgi/10/data/componentMetadataStore"));
        return s;
    }

    @Test
    void theCopyLinksBundleContentAndCopiesTheRest() throws IOException {
        Path prepared = storage();
        Path copy = Files.createDirectory(tmp.resolve("copy"));
        Boot.copyTree(prepared, copy);
        Path content = copy.resolve("org.eclipse.osgi/7/0/bundleFile");
        assertTrue(Files.isSameFile(content, prepared.resolve("org.eclipse.osgi/7/0/bundleFile")), "bundle content is linked");
        Path state = copy.resolve("org.eclipse.osgi/framework.info.1");
        assertEquals("state", Files.readString(state));
        assertFalse(Files.isSameFile(state, prepared.resolve("org.eclipse.osgi/framework.info.1")), "the state is a copy of its own");
        // what the framework writes into its copy never reaches the prepared storage
        Files.writeString(state, "changed");
        assertEquals("state", Files.readString(prepared.resolve("org.eclipse.osgi/framework.info.1")));
        assertTrue(Files.isDirectory(copy.resolve("org.eclipse.osgi/10/data/componentMetadataStore")));
    }

    @Test
    void copiesOfEndedProcessesAreRemovedAndLiveOnesKept() throws IOException {
        Path scratch = Files.createDirectory(tmp.resolve("frameworks"));
        // an abandoned copy: its lock file is not locked by any process
        Files.createDirectories(scratch.resolve("fw.1/org.eclipse.osgi"));
        Files.createFile(scratch.resolve("fw.1.lock"));
        // a copy whose lock file its process removed while Equinox, stopping, wrote into the copy again
        Files.createDirectories(scratch.resolve("fw.3/org.eclipse.osgi"));
        // a live copy: its lock is held (here by this process)
        Files.createDirectories(scratch.resolve("fw.2/org.eclipse.osgi"));
        try (FileChannel channel = FileChannel.open(scratch.resolve("fw.2.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            Boot.removeAbandoned(scratch);
            assertFalse(Files.exists(scratch.resolve("fw.1")));
            assertFalse(Files.exists(scratch.resolve("fw.1.lock")));
            assertFalse(Files.exists(scratch.resolve("fw.3")));
            assertTrue(Files.isDirectory(scratch.resolve("fw.2/org.eclipse.osgi")));
            assertTrue(held.isValid());
        }
    }

    @Test
    void eachProcessGetsACopyOfItsOwn() throws IOException {
        Path prepared = storage();
        Path scratch = tmp.resolve("frameworks");
        Path first = Boot.copyOf(prepared, scratch);
        Path second = Boot.copyOf(prepared, scratch);
        assertNotEquals(first, second);
        assertEquals("state", Files.readString(first.resolve("org.eclipse.osgi/framework.info.1")));
        assertEquals("state", Files.readString(second.resolve("org.eclipse.osgi/framework.info.1")));
        assertTrue(Files.exists(scratch.resolve(first.getFileName() + ".lock")));
    }

    @Test
    void noPreparedStorageMeansAFreshStart() {
        assertNull(Boot.copyOf(tmp.resolve("missing"), tmp.resolve("frameworks")));
    }
}
