package org.gridsched.launcher;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The help of the shell's {@code gridsched:} commands, for {@code help CMD} and {@code CMD --help}: Gogo's own help
 * can only show a command's Java signature ("parameters: String[]"), which tells a user nothing.
 */
public final class ShellHelp {
    private static final Map<String, String> HELP = new LinkedHashMap<>();

    static {
        HELP.put("plugins", """
                usage: plugins [NAME]
                  every plugin by kind with its bundle, options and their defaults or configured values, then the
                  problems found (bundles that do not resolve, components that fail); with NAME: that plugin only
                """);
        HELP.put("run", """
                usage: run PROFILE.json [--out DIR] [--force] [--seed N] [--reference] [--report]
                  starts a JSON run profile (see runconfigs/) in the background and prints its id at once;
                  'runs' shows its progress, 'await ID' waits for it, 'cancel ID' stops it
                  --out DIR     output folder (default: the profile's "output")
                  --force       clear an --out holding other results
                  --seed N      the random seed (default: the profile's)
                  --reference   also run without reallocation and fill "comparison"
                  --report      also write report.html at the end
                """);
        HELP.put("runs", """
                usage: runs [ID]
                  every run of this shell with its state, progress, jobs done and elapsed time;
                  with ID: that run, its output folder and what it printed
                """);
        HELP.put("cancel", """
                usage: cancel ID
                  stops run ID (a number from 'runs'); a cancelled run writes no results
                """);
        HELP.put("await", """
                usage: await [ID]
                  waits for run ID, or for every run still going, and prints how each ended
                  (also runs that ended since the last 'await');
                  Ctrl-C stops waiting (the runs keep going)
                """);
        HELP.put("features", """
                usage: features
                  the bundle sets of features/, what each includes, and the state of their bundles
                """);
    }

    private ShellHelp() {
    }

    /** The shell's gridsched commands, in the order of the banner. */
    public static List<String> commands() {
        return List.copyOf(HELP.keySet());
    }

    /** The help of a gridsched command ({@code run} or {@code gridsched:run}), or null for another command. */
    public static String of(String command) {
        return HELP.get(command.startsWith("gridsched:") ? command.substring("gridsched:".length()) : command);
    }

    /** Whether a command's arguments ask for its help ({@code --help} or {@code -h}). */
    public static boolean asked(List<String> args) {
        return args.contains("--help") || args.contains("-h");
    }

    /** The options a command's help names ({@code --out}, ...), for completion. */
    public static List<String> options(String command) {
        return Usage.optionsIn(of(command));
    }
}
