package org.gridsched.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * An output folder's own record ({@code .gridsched-run}) of the run that owns it and of every file and folder that
 * gridsched wrote there. It is what makes a folder safe to reuse: a rerun replaces only what the record lists, and
 * anything else in the folder (a user's notes, a git repository, another run stored inside) makes it refuse, whatever
 * the owner and even with {@code --force}.
 *
 * @param run    the run's name
 * @param origin what makes two runs "the same run" (see {@link #originOf}): a rerun of the same profile, or of the same
 *               workload from the command line, replaces its results; another origin needs {@code --force}
 * @param paths  the folder's entries gridsched wrote, relative, '/'-separated; folders end with '/'
 */
public record OutputRecord(String run, String origin, SortedSet<String> paths) {
    public static final String FILE = ".gridsched-run";
    private static final String FORMAT = "gridsched output record 1";
    /** Doubles by Schubfach ({@code USE_FAST_DOUBLE_WRITER}): the same digits on every JDK. */
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build())
            .enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * The origin of a run: its profile file when it came from one, else its workload (the trace files or the
     * generator), so that {@code simulate --name quickstart} is not taken for the quickstart profile's run.
     */
    public static String originOf(RunProfile p) {
        if (p.profileFile != null) {
            return "profile " + p.profileFile;
        }
        if (p.generator != null) {
            return "command line, generator " + p.generator;
        }
        List<String> files = new ArrayList<>();
        p.workloadFiles.forEach(f -> files.add(f.toAbsolutePath().normalize().toString()));
        return "command line, workload " + String.join(", ", files);
    }

    /** Whether a run of that name and origin owns the folder this record describes. */
    public boolean ownedBy(String name, String origin) {
        return run.equals(name) && this.origin.equals(origin);
    }

    /**
     * The record in {@code dir}; null when there is none; {@link #LEGACY} when the folder was written by a gridsched
     * that kept no record of its files (its marker holds only a run's name), which therefore owns nothing.
     */
    public static OutputRecord read(Path dir) throws IOException {
        String text;
        try {
            text = Files.readString(dir.resolve(FILE), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return null;
        }
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return LEGACY;
        }
        if (root == null || !FORMAT.equals(root.path("format").asText()) || !root.path("paths").isArray()) {
            return LEGACY;
        }
        SortedSet<String> paths = new TreeSet<>();
        root.path("paths").forEach(n -> paths.add(n.asText()));
        return new OutputRecord(root.path("run").asText(), root.path("origin").asText(), paths);
    }

    /** A record that owns nothing: a marker written before records listed files. */
    public static final OutputRecord LEGACY = new OutputRecord("", "an earlier gridsched that kept no record of the files it wrote", new TreeSet<>());

    /** Writes the record into {@code dir} through a temporary file, so that a record is always whole. */
    public void write(Path dir) throws IOException {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("format", FORMAT);
        m.put("run", run);
        m.put("origin", origin);
        m.put("paths", paths);
        OutputFolder.writeWhole(dir.resolve(FILE), JSON.writeValueAsBytes(m), false);
    }

    public OutputRecord with(SortedSet<String> more) {
        SortedSet<String> all = new TreeSet<>(paths);
        all.addAll(more);
        return new OutputRecord(run, origin, all);
    }

    /**
     * Every entry below {@code root} (not following links), relative and '/'-separated, folders with a trailing '/';
     * {@code skip} filters the top-level names left out (bookkeeping).
     */
    public static SortedSet<String> entries(Path root, java.util.function.Predicate<String> skip) throws IOException {
        SortedSet<String> all = new TreeSet<>();
        try (Stream<Path> top = Files.list(root)) {
            for (Path p : top.toList()) {
                if (!skip.test(p.getFileName().toString())) {
                    walk(root, p, all);
                }
            }
        }
        return all;
    }

    private static void walk(Path root, Path p, SortedSet<String> into) throws IOException {
        String rel = root.relativize(p).toString().replace(java.io.File.separatorChar, '/');
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            into.add(rel + "/");
            try (Stream<Path> s = Files.list(p)) {
                for (Path c : s.toList()) {
                    walk(root, c, into);
                }
            }
        } else {
            into.add(rel);
        }
    }

    /**
     * The entries of {@code found} that this record does not list, shortest first: a foreign folder is named once,
     * not with everything in it.
     */
    public List<String> foreign(SortedSet<String> found) {
        List<String> out = new ArrayList<>();
        String inside = null;
        for (String e : found) { // sorted: a folder comes before its content
            if (inside != null && e.startsWith(inside)) {
                continue;
            }
            if (!paths.contains(e)) {
                out.add(e);
                inside = e.endsWith("/") ? e : null;
            } else {
                inside = null;
            }
        }
        return out;
    }
}
