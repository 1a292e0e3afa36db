package org.gridsched.apptest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Golden results: the SHA-256 of every file a run profile writes, kept in {@code golden/NAME.sha256} files
 * (bundles/apptest/src/test/resources/golden/). {@link GoldenResultsTest} checks the current build against
 * them; {@code bin/golden-update} regenerates them through {@link #main}. Depends on the JDK only, so that
 * {@code java Golden.java ...} runs it as a single source file.
 *
 * <p>A golden file is UTF-8 text, one record per line, fields separated by blanks; {@code #} starts a comment:
 * <pre>
 * command run runconfigs/quickstart.json --out {out}
 * input   ../shared/data/HPC2N-seth-excerpt.swf  SHA256
 * file    jobs.csv  SHA256  lines=20001  blocks=1334:8HEX,8HEX,...
 * file    summary.json  SHA256
 * </pre>
 * <ul>
 * <li>{@code command}: the arguments of {@code gridsched} (as in {@code bin/gridsched ARGS}), run from the
 * repository's root; {@code {out}} is the (empty, new) output folder, {@code {golden}} the folder of the golden
 * files (for test-only profiles kept there). No argument may contain blanks.</li>
 * <li>{@code input}: a file the profile reads (relative to the repository's root) and its SHA-256 when the
 * golden was made: the run is skipped when it is absent, and fails when it differs.</li>
 * <li>{@code file}: a result file, relative to the output folder, with its SHA-256. For CSV files also the
 * number of lines and short digests of line blocks — line 1 (the header) alone, then blocks of the given size —
 * which locate the first difference when only digests are kept.</li>
 * </ul>
 */
final class Golden {
    static final String SUFFIX = ".sha256";
    /** Line blocks per CSV file after the header: enough to locate a change, few enough to keep goldens small. */
    static final int BLOCKS = 15;
    private static final Pattern QUOTED = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** One result file: its digest and, for CSVs, its line count and block digests (else lines = -1). */
    record FileDigest(String sha256, long lines, long blockSize, List<String> blocks) {
        boolean hasBlocks() {
            return lines >= 0;
        }
    }

    /** A golden file. */
    record Spec(String name, String command, Map<String, String> inputs, Map<String, FileDigest> files, List<String> comments) {
    }

    private Golden() {
    }

    // ---------------------------------------------------------------------------------------- golden files

    static Spec read(Path file) throws IOException {
        String name = file.getFileName().toString();
        name = name.substring(0, name.length() - SUFFIX.length());
        String command = null;
        Map<String, String> inputs = new LinkedHashMap<>();
        Map<String, FileDigest> files = new TreeMap<>();
        List<String> comments = new ArrayList<>();
        int n = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            n++;
            String t = line.strip();
            if (t.startsWith("#")) {
                comments.add(line);
                continue;
            }
            if (t.isEmpty()) {
                continue;
            }
            String[] f = t.split("\\s+");
            String where = file + ":" + n + ": ";
            switch (f[0]) {
                case "command" -> command = t.substring("command".length()).strip();
                case "input" -> {
                    if (f.length != 3) {
                        throw new IOException(where + "expected 'input PATH SHA256'");
                    }
                    inputs.put(f[1], f[2]);
                }
                case "file" -> {
                    if (f.length != 3 && f.length != 5) {
                        throw new IOException(where + "expected 'file PATH SHA256 [lines=N blocks=SIZE:D,D,...]'");
                    }
                    if (f.length == 3) {
                        files.put(f[1], new FileDigest(f[2], -1, 0, List.of()));
                    } else {
                        String[] b = f[4].substring("blocks=".length()).split(":", 2);
                        files.put(f[1], new FileDigest(f[2], Long.parseLong(f[3].substring("lines=".length())),
                                Long.parseLong(b[0]), b[1].isEmpty() ? List.of() : List.of(b[1].split(","))));
                    }
                }
                default -> throw new IOException(where + "unknown record '" + f[0] + "' (expected command, input or file)");
            }
        }
        if (command == null) {
            throw new IOException(file + ": no 'command' line");
        }
        return new Spec(name, command, inputs, files, comments);
    }

    static void write(Path file, Spec spec) throws IOException {
        StringBuilder sb = new StringBuilder();
        spec.comments().forEach(c -> sb.append(c).append('\n'));
        sb.append("command ").append(spec.command()).append('\n');
        spec.inputs().forEach((p, d) -> sb.append("input ").append(p).append(' ').append(d).append('\n'));
        spec.files().forEach((p, d) -> {
            sb.append("file ").append(p).append(' ').append(d.sha256());
            if (d.hasBlocks()) {
                sb.append(" lines=").append(d.lines()).append(" blocks=").append(d.blockSize()).append(':')
                        .append(String.join(",", d.blocks()));
            }
            sb.append('\n');
        });
        Files.writeString(file, sb, StandardCharsets.UTF_8);
    }

    /** The golden files in a folder, by name. */
    static Map<String, Path> list(Path goldenDir) throws IOException {
        Map<String, Path> all = new TreeMap<>();
        try (Stream<Path> s = Files.list(goldenDir)) {
            s.filter(p -> p.getFileName().toString().endsWith(SUFFIX) && Files.isRegularFile(p)).forEach(p -> {
                String n = p.getFileName().toString();
                all.put(n.substring(0, n.length() - SUFFIX.length()), p);
            });
        }
        return all;
    }

    // ---------------------------------------------------------------------------------------- commands

    /** The command's arguments with {out} and {golden} replaced. */
    static List<String> arguments(String command, Path out, Path goldenDir) {
        List<String> args = new ArrayList<>();
        for (String a : command.strip().split("\\s+")) {
            args.add(a.replace("{out}", out.toString()).replace("{golden}", goldenDir.toString()));
        }
        return args;
    }

    /** Where an application's executable jar and feature bundles are: a gridsched home, or a folder of gridsched.jar and bundles/. */
    record AppLayout(Path home, Path jar, Path bundles) {
        static AppLayout of(Path dir, Path defaultHome) {
            Path d = dir.toAbsolutePath().normalize();
            if (Files.isRegularFile(d.resolve("runconfigs/target/gridsched.jar"))) {
                return new AppLayout(d, d.resolve("runconfigs/target/gridsched.jar"), d.resolve("runconfigs/target/bundles"));
            }
            if (Files.isRegularFile(d.resolve("gridsched.jar"))) {
                return new AppLayout(defaultHome, d.resolve("gridsched.jar"), d.resolve("bundles"));
            }
            throw new IllegalArgumentException(d + " holds neither runconfigs/target/gridsched.jar nor gridsched.jar");
        }
    }

    /**
     * {@code java -jar gridsched.jar ARGS} with the system properties bin/gridsched sets, the default features,
     * and the given plugin and configuration folders (the goldens are made with empty ones: no plugin jars, no
     * {@code .cfg} files). {@code GRIDSCHED_JAVA_OPTS} is honoured as by bin/gridsched. The locale is fixed
     * (en_US) because one result depends on it: {@code run.theory_model} in summary.json (brokering profiles) is
     * formatted with the default locale ("load 2.000" here, "load 2,000" under de_DE); time zone and file
     * encoding are fixed too, though no result was seen to depend on them.
     */
    static List<String> javaCommand(AppLayout app, Path plugins, Path config, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions());
        cmd.addAll(List.of("-Dgridsched.home=" + app.home(), "-Dgridsched.bundles=" + app.bundles(), "-Dgridsched.features=default",
                "-Dfelix.fileinstall.dir=" + plugins + "," + config, "-jar", app.jar().toString()));
        cmd.addAll(args);
        return cmd;
    }

    /** The JVM options of {@link #javaCommand} before gridsched's own: GRIDSCHED_JAVA_OPTS and the fixed locale. */
    static List<String> jvmOptions() {
        List<String> options = new ArrayList<>();
        String opts = System.getenv("GRIDSCHED_JAVA_OPTS");
        if (opts != null && !opts.isBlank()) {
            options.addAll(Arrays.asList(opts.strip().split("\\s+")));
        }
        options.addAll(List.of("-Duser.language=en", "-Duser.country=US", "-Duser.timezone=UTC", "-Dfile.encoding=UTF-8"));
        return options;
    }

    /**
     * The files a profile named in the command reads: every quoted string of the profile that names an
     * existing file relative to the profile's folder; relative to {@code home}.
     */
    static Set<String> inputsOf(List<String> args, Path home) throws IOException {
        Set<String> inputs = new TreeSet<>();
        for (String a : args) {
            if (!a.endsWith(".json")) {
                continue;
            }
            Path profile = home.resolve(a).normalize();
            if (!Files.isRegularFile(profile)) {
                continue;
            }
            Matcher m = QUOTED.matcher(Files.readString(profile, StandardCharsets.UTF_8));
            while (m.find()) {
                String s = m.group(1);
                if (!s.contains("/") && !s.contains(".")) {
                    continue;
                }
                try {
                    Path p = profile.getParent().resolve(s).normalize();
                    if (Files.isRegularFile(p) && !p.equals(profile)) {
                        inputs.add(home.relativize(p).toString());
                    }
                } catch (RuntimeException e) {
                    // not a path
                }
            }
        }
        return inputs;
    }

    // ---------------------------------------------------------------------------------------- digests

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(Path file) throws IOException {
        MessageDigest md = sha256();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int r; (r = in.read(buf)) > 0;) {
                md.update(buf, 0, r);
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    static boolean isCsv(String relativePath) {
        return relativePath.endsWith(".csv");
    }

    /** Lines of a file: '\n'-terminated lines, plus a last unterminated one. */
    static long countLines(Path file) throws IOException {
        long lines = 0;
        boolean open = false;
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int r; (r = in.read(buf)) > 0;) {
                for (int i = 0; i < r; i++) {
                    if (buf[i] == '\n') {
                        lines++;
                        open = false;
                    } else {
                        open = true;
                    }
                }
            }
        }
        return open ? lines + 1 : lines;
    }

    /** The block size for a CSV of {@code lines} lines: line 1 alone, then at most {@link #BLOCKS} blocks. */
    static long blockSize(long lines) {
        return Math.max(1, (lines - 1 + BLOCKS - 1) / BLOCKS);
    }

    /**
     * The whole-file digest and, with {@code blockSize > 0}, the line count and the short digests of line 1 and
     * of each following block of {@code blockSize} lines, in one pass.
     */
    /**
     * summary.json's {@code run.build} names the build (version and commit) that made a result, so it differs at
     * every commit by design; goldens compare results, so it is replaced by this before hashing.
     */
    static final String BUILD_PLACEHOLDER = "\"build\": \"(the build is not compared)\"";
    private static final java.util.regex.Pattern BUILD = java.util.regex.Pattern.compile("\"build\": \\{[^{}]*\\}");

    static FileDigest digest(Path file, long blockSize) throws IOException {
        if (file.getFileName().toString().endsWith(".json")) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            String compared = BUILD.matcher(text).replaceAll(java.util.regex.Matcher.quoteReplacement(BUILD_PLACEHOLDER));
            MessageDigest md = sha256();
            md.update(compared.getBytes(StandardCharsets.UTF_8));
            return new FileDigest(HexFormat.of().formatHex(md.digest()), -1, 0, List.of());
        }
        MessageDigest whole = sha256();
        MessageDigest block = sha256();
        List<String> blocks = new ArrayList<>();
        long lines = 0;
        long inBlock = 0;
        boolean open = false;
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int r; (r = in.read(buf)) > 0;) {
                whole.update(buf, 0, r);
                if (blockSize <= 0) {
                    continue;
                }
                int from = 0;
                for (int i = 0; i < r; i++) {
                    if (buf[i] != '\n') {
                        open = true;
                        continue;
                    }
                    open = false;
                    lines++;
                    inBlock++;
                    if (lines == 1 || inBlock == blockSize) {
                        block.update(buf, from, i + 1 - from);
                        from = i + 1;
                        blocks.add(shortHex(block));
                        inBlock = 0;
                    }
                }
                block.update(buf, from, r - from);
            }
        }
        String sha = HexFormat.of().formatHex(whole.digest());
        if (blockSize <= 0) {
            return new FileDigest(sha, -1, 0, List.of());
        }
        if (open || inBlock > 0) {
            lines += open ? 1 : 0;
            blocks.add(shortHex(block));
        }
        return new FileDigest(sha, lines, blockSize, blocks);
    }

    private static String shortHex(MessageDigest md) {
        return HexFormat.of().formatHex(md.digest(), 0, 4);
    }

    /** The first line number of block {@code b} (0 is line 1 alone). */
    static long firstLineOf(int b, long blockSize) {
        return b == 0 ? 1 : 2 + (b - 1) * blockSize;
    }

    /** Every regular file under {@code dir}, relative, '/'-separated, sorted; not the folder's bookkeeping marker. */
    static List<String> resultFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .filter(f -> !f.equals(".gridsched-run")).sorted().toList();
        }
    }

    /** The digests of every file under {@code dir}, with line blocks for CSVs. */
    static Map<String, FileDigest> digestTree(Path dir) throws IOException {
        Map<String, FileDigest> out = new TreeMap<>();
        for (String f : resultFiles(dir)) {
            Path p = dir.resolve(f);
            out.put(f, digest(p, isCsv(f) ? blockSize(countLines(p)) : 0));
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------- comparison

    /** A result file that differs from its golden, or is missing, or is not in the golden. */
    record Problem(String path, String kind, String detail) {
        @Override
        public String toString() {
            return path + ": " + kind + (detail.isEmpty() ? "" : "; " + detail);
        }
    }

    /** Compares an output folder with a golden; empty when identical. */
    static List<Problem> compare(Spec golden, Path out) throws IOException {
        List<Problem> problems = new ArrayList<>();
        List<String> actual = resultFiles(out);
        for (Map.Entry<String, FileDigest> e : golden.files().entrySet()) {
            if (!actual.contains(e.getKey())) {
                problems.add(new Problem(e.getKey(), "MISSING", "the golden run wrote it, this run did not"));
            }
        }
        for (String f : actual) {
            FileDigest g = golden.files().get(f);
            if (g == null) {
                problems.add(new Problem(f, "EXTRA", "this run wrote it, the golden run did not (" + Files.size(out.resolve(f)) + " bytes)"));
                continue;
            }
            FileDigest a = digest(out.resolve(f), g.hasBlocks() ? g.blockSize() : 0);
            if (!a.sha256().equals(g.sha256())) {
                problems.add(new Problem(f, "DIFFERS", g.hasBlocks() ? locate(g, a, out.resolve(f)) : ""));
            }
        }
        return problems;
    }

    /** Where a CSV first differs, from the block digests: the header, or a range of lines. */
    private static String locate(FileDigest g, FileDigest a, Path actual) throws IOException {
        StringBuilder sb = new StringBuilder(String.format("%,d lines (golden %,d)", a.lines(), g.lines()));
        int n = Math.min(g.blocks().size(), a.blocks().size());
        int b = 0;
        while (b < n && g.blocks().get(b).equals(a.blocks().get(b))) {
            b++;
        }
        if (b == 0) {
            sb.append("; line 1 (the header) differs, it now reads: ").append(clip(line(actual, 1)));
        } else if (b < n || g.blocks().size() != a.blocks().size()) {
            long first = firstLineOf(b, g.blockSize());
            long last = first + g.blockSize() - 1;
            sb.append(String.format("; the first difference is in lines %,d-%,d (the lines before are identical)", first, last));
        } else {
            sb.append("; the first difference is in the last lines");
        }
        return sb.toString();
    }

    /** Line {@code n} (1-based) of a file, or "(end of file)". */
    static String line(Path file, long n) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String l = null;
            for (long i = 0; i < n; i++) {
                l = r.readLine();
                if (l == null) {
                    return "(end of file)";
                }
            }
            return l;
        }
    }

    /**
     * The first differing line of two text files — "first differing line N (column c):", then the golden and the
     * actual line — or null when they are equal. Columns are named for CSVs, from the golden header.
     */
    static String firstDifference(Path golden, Path actual) throws IOException {
        boolean csv = isCsv(golden.getFileName().toString());
        try (BufferedReader g = Files.newBufferedReader(golden, StandardCharsets.UTF_8);
                BufferedReader a = Files.newBufferedReader(actual, StandardCharsets.UTF_8)) {
            String[] header = null;
            for (long n = 1;; n++) {
                String gl = g.readLine();
                String al = a.readLine();
                if (gl == null && al == null) {
                    return null;
                }
                if (n == 1 && gl != null) {
                    header = gl.split(",", -1);
                }
                if (!Objects.equals(gl, al)) {
                    String columns = csv && gl != null && al != null && n > 1 ? columns(header, gl.split(",", -1), al.split(",", -1)) : "";
                    return String.format("first differing line %,d%s:%n      golden: %s%n      actual: %s", n, columns,
                            gl == null ? "(end of file)" : clip(gl), al == null ? "(end of file)" : clip(al));
                }
            }
        }
    }

    /** " (column x, y)": the header names of the fields that differ. */
    private static String columns(String[] header, String[] g, String[] a) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < Math.max(g.length, a.length); i++) {
            if (i >= g.length || i >= a.length || !g[i].equals(a[i])) {
                names.add(header != null && i < header.length ? header[i] : "#" + (i + 1));
            }
        }
        return names.isEmpty() ? "" : (names.size() == 1 ? " (column " : " (columns ") + String.join(", ", names) + ")";
    }

    static String clip(String s) {
        return s.length() <= 400 ? s : s.substring(0, 400) + "...";
    }

    static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted((x, y) -> y.getNameCount() - x.getNameCount()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---------------------------------------------------------------------------------------- bin/golden-update

    /**
     * {@code java Golden.java HOME APP GOLDEN_DIR SOURCE [--once] [NAME...]}: runs each named golden's command (all
     * goldens when none is named; a new NAME runs {@code run {golden}/profiles/NAME.json --out {out}} when the golden
     * folder has that test-only profile, else {@code run runconfigs/NAME.json --out {out}}) with the
     * application APP (a gridsched home, or a folder of gridsched.jar and bundles/), from HOME, twice, requires
     * identical results, and writes {@code GOLDEN_DIR/NAME.sha256}. SOURCE describes the build in the header.
     */
    public static void main(String[] argv) throws Exception {
        if (argv.length < 4) {
            System.err.println("usage: java Golden.java HOME APP GOLDEN_DIR SOURCE [--once] [NAME...]");
            System.exit(2);
        }
        Path home = Path.of(argv[0]).toAbsolutePath().normalize();
        AppLayout app = AppLayout.of(Path.of(argv[1]), home);
        Path goldenDir = Path.of(argv[2]).toAbsolutePath().normalize();
        String source = argv[3];
        boolean once = false;
        List<String> names = new ArrayList<>();
        for (int i = 4; i < argv.length; i++) {
            if (argv[i].equals("--once")) {
                once = true;
            } else {
                names.add(argv[i].replaceFirst("\\.json$", "").replaceFirst("^.*/", ""));
            }
        }
        Map<String, Path> existing = list(goldenDir);
        if (names.isEmpty()) {
            names.addAll(existing.keySet());
        }
        if (names.isEmpty()) {
            System.err.println("golden-update: no golden files in " + goldenDir + "; name the profiles to add");
            System.exit(2);
        }
        Path scratch = Files.createTempDirectory("golden-update");
        int failed = 0;
        try {
            Path plugins = Files.createDirectories(scratch.resolve("plugins"));
            Path config = Files.createDirectories(scratch.resolve("config"));
            for (String name : names) {
                Path file = goldenDir.resolve(name + SUFFIX);
                String command = existing.containsKey(name) ? read(file).command()
                        : Files.isRegularFile(goldenDir.resolve("profiles").resolve(name + ".json")) ? "run {golden}/profiles/" + name + ".json --out {out}"
                        : "run runconfigs/" + name + ".json --out {out}";
                System.out.println("golden-update: " + name + ": gridsched " + command);
                Map<String, FileDigest> first = null;
                boolean ok = true;
                for (int round = 1; round <= (once ? 1 : 2) && ok; round++) {
                    Path out = scratch.resolve(name + "-" + round);
                    List<String> args = arguments(command, out, goldenDir);
                    long t0 = System.nanoTime();
                    Process p = new ProcessBuilder(javaCommand(app, plugins, config, args)).directory(home.toFile())
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT)
                            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
                    int exit = p.waitFor();
                    double secs = (System.nanoTime() - t0) / 1e9;
                    if (exit != 0 || !Files.isDirectory(out)) {
                        System.err.printf("golden-update: %s: the run failed (exit %d); golden not written%n", name, exit);
                        ok = false;
                        break;
                    }
                    Map<String, FileDigest> d = digestTree(out);
                    deleteTree(out);
                    System.out.printf("golden-update: %s: run %d: %d files in %.1f s%n", name, round, d.size(), secs);
                    if (first == null) {
                        first = d;
                    } else if (!first.equals(d)) {
                        Set<String> diff = differingKeys(first, d);
                        System.err.println("golden-update: " + name + ": NOT DETERMINISTIC, two runs differ in " + diff + "; golden not written");
                        ok = false;
                    }
                }
                if (!ok) {
                    failed++;
                    continue;
                }
                Map<String, String> inputs = new LinkedHashMap<>();
                for (String in : inputsOf(arguments(command, scratch.resolve("x"), goldenDir), home)) {
                    inputs.put(in, sha256(home.resolve(in)));
                }
                List<String> comments = List.of(
                        "# Golden results of 'gridsched " + command + "': the SHA-256 of every file the run writes",
                        "# (relative to the output folder; CSVs also with line count and line-block digests).",
                        "# GoldenResultsTest runs the command from the repository root with the current build, no plugin",
                        "# jars and no workspace/config, into an empty folder, and requires exactly these files, byte for byte.",
                        "# Written by bin/golden-update (see its header) from " + source + "; do not edit by hand.");
                write(file, new Spec(name, command, inputs, first, comments));
                System.out.println("golden-update: " + name + ": wrote " + home.relativize(file) + (existing.containsKey(name) ? "" : " (new)"));
            }
        } finally {
            deleteTree(scratch);
        }
        if (failed > 0) {
            System.err.println("golden-update: " + failed + " profile(s) failed; their golden files were left as they were");
            System.exit(1);
        }
    }

    /** The paths whose digests differ between two trees, or that only one has. */
    static Set<String> differingKeys(Map<String, FileDigest> a, Map<String, FileDigest> b) {
        Set<String> diff = new TreeSet<>();
        a.forEach((k, v) -> {
            if (!v.equals(b.get(k))) {
                diff.add(k);
            }
        });
        b.keySet().stream().filter(k -> !a.containsKey(k)).forEach(diff::add);
        return diff;
    }
}
