package org.gridsched.experiments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.SortedSet;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.api.InputException;
import org.gridsched.launcher.OutputFolder;
import org.gridsched.launcher.OutputRecord;
import org.gridsched.launcher.RunProfile;

/**
 * A sweep's folder: one folder per cell under {@code cells/} with its record ({@code cell.json}) once complete, and the
 * folder's own record saying which profile it belongs to; foreign files and other profiles' cells are refused.
 */
final class SweepFolder {
    private final Path dir;
    private final RunProfile p;
    private final String fingerprint;

    SweepFolder(Path dir, RunProfile p, String fingerprint) {
        this.dir = dir;
        this.p = p;
        this.fingerprint = fingerprint;
    }


    Path cellDir(Sweep.CellInfo c) {
        return dir.resolve(Sweep.CELLS).resolve(c.key());
    }

    /** The cell's record when complete and of this profile; null otherwise (with the reason in {@code why}). */
    JsonNode record(Sweep.CellInfo c, StringBuilder why) {
        Path f = cellDir(c).resolve(Sweep.RECORD);
        JsonNode r;
        try {
            r = new ObjectMapper().readTree(f.toFile());
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            return null;
        } catch (IOException e) {
            why.append(f).append(" cannot be read (").append(e.getMessage()).append(')');
            return null;
        }
        if (r == null || !r.path("profile").asText().equals(p.name)) {
            why.append(f).append(" is a cell of '").append(r == null ? "?" : r.path("profile").asText()).append("', not of '")
                    .append(p.name).append('\'');
        } else if (!r.path("fingerprint").asText().equals(fingerprint)) {
            why.append(f).append(" was computed from another version of the profile (or with another --seed)");
        } else if (r.path("index").asInt(-1) != c.index() || !r.path("key").asText().equals(c.key())) {
            why.append(f).append(" is cell ").append(r.path("index").asText()).append(" (").append(r.path("key").asText())
                    .append("), not cell ").append(c.index()).append(" (").append(c.key()).append(')');
        } else {
            return r;
        }
        return null;
    }

    Sweep.State state(Sweep.CellInfo c, StringBuilder why) {
        JsonNode r = record(c, why);
        if (r != null) {
            return Sweep.State.COMPLETE;
        }
        if (why.length() > 0) {
            return Sweep.State.FOREIGN;
        }
        return Files.isDirectory(cellDir(c)) ? Sweep.State.PARTIAL : Sweep.State.MISSING;
    }

    /**
     * The sweep's folder: created if needed and recorded as this profile's ({@code .gridsched-run}, as a run's output
     * folder), refused when it belongs to another run or holds files gridsched did not write (cells and the Slurm
     * scripts have records or names of their own).
     */
    void claim() {
        try {
            Files.createDirectories(dir.resolve(Sweep.CELLS));
            OutputRecord record = ownRecord("output");
            if (record == null || record == OutputRecord.LEGACY) {
                new OutputRecord(p.name, OutputRecord.originOf(p), new TreeSet<>()).write(dir);
            }
        } catch (IOException e) {
            throw new InputException(null, 0, "output", "cannot prepare the sweep folder " + dir + ": " + e.getMessage());
        }
    }

    /**
     * The sweep folder's record after checking that nothing in the folder but cells and Slurm scripts is foreign to
     * it and that it is this profile's; null when it has none.
     */
    OutputRecord ownRecord(String field) throws IOException {
        OutputRecord record = OutputRecord.read(dir);
        String origin = OutputRecord.originOf(p);
        if (record != null && record != OutputRecord.LEGACY && !record.ownedBy(p.name, origin)) {
            throw new InputException(dir.toString(), 0, field, "holds the results of '" + record.run() + "' (" + record.origin()
                    + "), not of '" + p.name + "' (" + origin + "); give the profile the cells were run from, or another --out");
        }
        SortedSet<String> found = entries();
        if (!found.isEmpty()) {
            OutputFolder.refuseForeign(dir, record, found);
        }
        return record;
    }

    SortedSet<String> entries() throws IOException {
        return OutputRecord.entries(dir, n -> OutputFolder.bookkeeping(n) || n.equals(Sweep.CELLS) || n.equals(SlurmSweep.FOLDER)
                || n.equals(Sweep.MERGE_TMP));
    }
}
