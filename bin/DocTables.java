import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps the result tables of a doc page equal to what the documented commands print. A block of the page
 *
 * <pre>
 * &lt;!-- BEGIN tables.md of runconfigs/NAME.json --&gt;
 * ...
 * &lt;!-- END --&gt;
 * </pre>
 *
 * holds the {@code tables.md} that {@code bin/gridsched run runconfigs/NAME.json} writes (into
 * RESULTS_DIR/NAME/), each heading one level deeper ("### m" becomes "#### m") so that it nests under the page's
 * sections; a block {@code <!-- BEGIN bin/coalloc-verdicts of runconfigs/NAME.json -->} holds what
 * {@code bin/coalloc-verdicts RESULTS_DIR/NAME} prints, and {@code <!-- BEGIN bin/bot-tables of runconfigs/bot-table2.gosh -->} what
 * {@code bin/bot-tables RESULTS_DIR} prints (the results of every bot-table2-row* profile, and of bot-placement-tasks if
 * present, in RESULTS_DIR).
 *
 * <p>Usage: {@code java bin/DocTables.java DOC.md RESULTS_DIR [--check] [NAME...]}: rewrites the blocks (of the
 * NAMEs only, if given) from the results, or with {@code --check} rewrites nothing and exits 1 naming each block that
 * differs from the results. Blocks whose results are missing are an error.
 */
public class DocTables {
    static final Pattern BEGIN = Pattern.compile("<!-- BEGIN (tables\\.md|bin/coalloc-verdicts|bin/bot-tables) of runconfigs/([A-Za-z0-9_.-]+)\\.(?:json|gosh) -->\n");
    static final String END = "<!-- END -->";

    /** What the block of that kind and profile must hold, from RESULTS_DIR/NAME. */
    static String expected(String kind, Path results) throws Exception {
        if (kind.equals("tables.md")) {
            String md = Files.readString(results.resolve("tables.md"));
            return md.replaceAll("(?m)^(#+) ", "$1# ");
        }
        boolean bot = kind.equals("bin/bot-tables");
        // bin/bot-tables and bin/coalloc-verdicts are the subcommands of the one single-file program bin/ResultTables.java
        Path program = Path.of(System.getProperty("doctables.bin", "bin")).resolve("ResultTables.java");
        String command = bot ? "bot-tables" : "coalloc-verdicts";
        Process p = new ProcessBuilder("java", program.toString(), command, (bot ? results.getParent() : results).toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException(program + " " + command + " " + results + " failed:\n" + out);
        }
        return out;
    }

    /** The page with every selected block replaced; the names of blocks that differed go to {@code differing}. */
    static String update(String page, Path resultsDir, List<String> only, List<String> differing) throws Exception {
        StringBuilder out = new StringBuilder();
        Matcher m = BEGIN.matcher(page);
        int at = 0;
        while (m.find(at)) {
            int end = page.indexOf(END, m.end());
            if (end < 0) {
                throw new IllegalStateException("a block opened by '" + m.group().trim() + "' has no " + END);
            }
            out.append(page, at, m.end());
            String name = m.group(2);
            String current = page.substring(m.end(), end);
            if (only.isEmpty() || only.contains(name)) {
                Path results = resultsDir.resolve(m.group(1).equals("bin/bot-tables") ? name + "-row1" : name);
                if (!Files.isDirectory(results)) {
                    throw new IllegalStateException("no results of runconfigs/" + name + ".json in " + results
                            + " (bin/gridsched run runconfigs/" + name + ".json --out " + results + ")");
                }
                String want = "\n" + expected(m.group(1), results) + "\n";
                if (!want.equals(current)) {
                    differing.add(m.group(1) + " of " + name);
                }
                out.append(want);
            } else {
                out.append(current);
            }
            at = end;
        }
        out.append(page.substring(at));
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: java bin/DocTables.java DOC.md RESULTS_DIR [--check] [NAME...]");
            System.exit(2);
        }
        Path doc = Path.of(args[0]);
        boolean check = false;
        List<String> only = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("--check")) {
                check = true;
            } else {
                only.add(args[i]);
            }
        }
        List<String> differing = new ArrayList<>();
        String page;
        try {
            page = update(Files.readString(doc), Path.of(args[1]), only, differing);
        } catch (IllegalStateException | java.io.IOException e) {
            // missing results, an unclosed block, a failing bin/ResultTables: a message, not a stack trace
            System.err.println("doc-tables: " + doc + ": " + e.getMessage()
                    + (only.isEmpty() ? " (name the blocks to check or rewrite after RESULTS_DIR to leave the others out)" : ""));
            System.exit(1);
            return;
        }
        if (check) {
            differing.forEach(d -> System.out.println(doc + ": the block " + d + " differs from the results"));
            System.exit(differing.isEmpty() ? 0 : 1);
        }
        Files.writeString(doc, page);
        differing.forEach(d -> System.out.println(doc + ": updated " + d));
    }
}
