package org.gridsched.launcher;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line's usage text: every command with its options, one command's part of it ({@code CMD --help}), and
 * the options a command takes (what {@link Cli} and the shell accept and suggest). Plugin names are filled in from
 * the registry, so the text never names a plugin that is not there.
 */
final class Usage {
    private Usage() {
    }

    static final String USAGE = """
            usage: gridsched [--features NAME,...] <command> [options]

            commands:
              simulate   run one simulation from options
                           --workload FILE[,FILE...] | --generator NAME   the jobs: SWF trace(s), merged in time
                                                                when several, or a generator:
                                                                {generator}
                           --clock zero|unix                    several traces: each starts at 0 (default), or
                                                                aligned on their UnixStartTime headers
                           --local-fraction F                   one trace per cluster: this seeded fraction of jobs
                                                                goes straight to its own cluster, never moved
                           --reference-speed S                  speed the traces were recorded at (default 1)
                           --moldable none|binary|exhaustive    parallel trace jobs become moldable (thesis types
                                                                t1-t4, Amdahl); servers pick the size
                           --platform NAME:PROCS[:SPEED][,...]  default: one cluster sized by the trace's MaxProcs
                           --batch NAME                         local batch policy (default easy):
                                                                {batch}
                           --meta NAME                          meta-scheduler choosing each job's cluster (default mct):
                                                                {meta}
                           --out DIR                            output folder (default workspace/results/NAME)
                           --force                              replace another run's results in the output folder
                           --reader NAME                        workload reader (default: chosen by file name):
                                                                {reader}
                           --seed N  --name NAME  --strict  --no-kill  --quiet
                           --no-progress                        no progress lines; warnings and the summary still print
                           --collectors a,b                     metric collectors (default jobs,utilization):
                                                                {collector}
                           --controllers a,b                    grid controllers taking part in the run (default none):
                                                                {controller}
                           --workload-option KEY=VALUE          reader or generator option (repeatable)
                           --batch-option KEY=VALUE             batch policy option (repeatable)
                           --meta-option KEY=VALUE              meta-scheduler option (repeatable)
                                                                (every --...-option: a VALUE starting with { or [ is
                                                                JSON, as in a profile: --batch-option 'shares={"3": 2}')
                           --realloc none|NAME                  move waiting jobs between clusters periodically:
                                                                {realloc}
                           --heuristic NAME                     which job reallocation handles next:
                                                                {heuristic}
                           --heuristic-option KEY=VALUE         selection heuristic option (repeatable)
                           --realloc-option KEY=VALUE           reallocation option (repeatable): period (3600),
                                                                threshold (60), limit (0 = all), oldest (0 = off);
                                                                'gridsched plugins NAME' explains each
                           --reference                          also run without reallocation; fill "comparison"
                           --max-skipped-fraction F             fail when more than this share of the jobs is skipped (0.5)
                           --report                             also write report.html (see report)
                           --power-option KEY=VALUE             power model of every cluster (repeatable): idle, busy,
                                                                off, switch_on_time, switch_on_energy, ... (docs/energy.md)
                           --power-management-option timeout=S  switch processors idle for S seconds off (needs a power model)
                           --carbon FILE|G_PER_KWH              carbon intensity of every cluster (a CSV of time,gco2_per_kwh
                                                                or a constant), or CLUSTER=FILE|G_PER_KWH,... naming every
                                                                cluster (needs a power model)
                           --failures FILE[,FILE...]            failure trace(s), the CSV format of docs/failures.md
                           --failure-model-option KEY=VALUE     failures of every cluster from a model (repeatable): mtbf,
                                                                distribution, shape, repair_mean, repair_sigma, node_size
                           --failures-option KEY=VALUE          resubmit (true), retries (3), model_from (0) (repeatable)
              run PROFILE.json [--out DIR] [--force] [--seed N] [--quiet | --no-progress] [--report]
                         run a JSON run profile (see runconfigs/); --force clears an --out holding other results;
                         --quiet prints only errors, --no-progress (profile key "progress": false) all but progress;
                         --report (profile key "report": true) also writes the report at the end; a profile with
                         "study" runs that experiment plugin (e.g. ocean-atmosphere-repartition-study.json)
              run --check PROFILE.json...
                         check profiles without running anything: keys and values, plugin names and options (per
                         cluster, per matrix value, a study's), workload files; one line each, exit 1 if one is wrong
              matrix PROFILE.json [--list | --cell I | --cells I-J | --merge DIR] [--out DIR] [--threads N] [--seed N] [--quiet | --no-progress]
                         a profile's matrix as numbered cells: --list prints them; --cell(s) runs those into DIR/cells/KEY
                         (complete cells are skipped: a killed sweep resumes); --merge DIR writes matrix.csv and tables.md
                         from the cells, byte for byte those of 'run'; with none of the four: every cell left, then the merge
              slurm PROFILE.json [--per-task K] [--max-running M] [--partition P] [--time T] [--cpus-per-task C]
                                 [--max-array-size N] [--out DIR] [--seed N] [--submit]
                         writes Slurm job arrays running the matrix's cells, K per task, and a merge job after them, into
                         DIR/slurm; --submit submits them and prints the job ids (see README, Sweeps on Slurm)
              theory PROFILE.json [--out DIR] [--seed N] [--quiet | --no-progress]
                         run a random-brokering profile and print queueing theory beside the simulation
              generate PROFILE.json --swf FILE [--seed N] [--force]
                         write the profile's workload (any generator or reader) as an SWF trace (.gz: compressed);
                         an existing FILE is replaced only with --force, and never when it is one of the profile's inputs
              report DIR [--diff OTHER] [--no-images]
                         validate a run's schedule and write DIR/report.html (self-contained: Gantt charts, queue and
                         utilization over time, wait and slowdown distributions; --diff: job by job against another
                         run of the same workload), DIR/report-images/*.png and Batsim's DIR/schedule.json; of a
                         matrix folder: box plots of its metrics and its tables
              validate DIR
                         check a run's schedule (no processor used twice at once, no start before submission,
                         placement, dependencies, co-allocated parts together); exit 1 naming the jobs when invalid
              plugins    [NAME]  every discovered plugin (or the one named) with its bundle, version, options and
                         configured values, then the problems found (bundles that do not resolve, components that fail)
              features   the bundle sets of features/ and the state of their bundles
              shell      [-c "COMMANDS" | SCRIPT]  the long-running Gogo shell: plugins, run, runs, cancel,
                         await, features; hot deploy from workspace/plugins
              bench      [--data DIR] [--jobs N] [--policies fcfs,cbf,easy] [--runs K]
                         jobs/s and peak heap per policy on the shared traces and a generated workload
              bench startup [--runs N] [--against SCRIPT | --own-process] [--cases version,plugins,fcfs,easy]
                         (bin/gridsched only) whole-process times of --version, plugins and 20,000-job
                         simulations, min/median
              daemon status|stop
                         (bin/gridsched only) the background server that keeps the framework started between
                         commands (GRIDSCHED_DAEMON=0: none; GRIDSCHED_DAEMON_IDLE, GRIDSCHED_DAEMON_MAX)
              help       this text
              --version  the version and the git commit the application was built from

            The plugin names are those this installation discovered (gridsched plugins lists them with their options).
            --features starts only those bundle sets of features/ (default: default, everything).
            errors name the file, line and field; add --debug to see a stack trace.
            """;

    /**
     * {@link #USAGE} with each {@code {kind}} placeholder replaced by the names of the plugins of that kind the
     * registry holds, wrapped at the placeholder's indentation: the usage cannot name a plugin that is not there
     * or miss one that is (kinds by {@link PluginRegistry.Kind}'s profile key: batch, meta, realloc, ...).
     */
    static String usage(PluginRegistry registry) {
        StringBuilder sb = new StringBuilder();
        for (String line : USAGE.split("\n", -1)) {
            String t = line.strip();
            PluginRegistry.Kind kind = t.startsWith("{") && t.endsWith("}") ? kindByKey(t.substring(1, t.length() - 1)) : null;
            if (kind == null) {
                sb.append(line).append('\n');
                continue;
            }
            String indent = line.substring(0, line.indexOf('{'));
            java.util.Set<String> names = registry.names(kind);
            StringBuilder row = new StringBuilder(indent);
            if (names.isEmpty()) {
                row.append("(none discovered)");
            }
            int i = 0;
            for (String n : names) {
                String item = n + (++i < names.size() ? ", " : "");
                if (row.length() > indent.length() && row.length() + item.length() > 118) {
                    sb.append(row.toString().stripTrailing()).append('\n');
                    row = new StringBuilder(indent);
                }
                row.append(item);
            }
            sb.append(row).append('\n');
        }
        return sb.substring(0, sb.length() - 1);
    }

    private static PluginRegistry.Kind kindByKey(String key) {
        for (PluginRegistry.Kind k : PluginRegistry.Kind.values()) {
            if (k.key().equals(key)) {
                return k;
            }
        }
        throw new IllegalStateException("Cli.USAGE names no plugin kind '" + key + "'");
    }

    /** The usage text of one command (its lines of {@link #USAGE}), or null for an unknown one. */
    static String helpFor(String command) {
        return helpIn(USAGE, command);
    }

    /** The lines of one command in a usage text, or null for an unknown one. */
    static String helpIn(String usage, String command) {
        StringBuilder sb = new StringBuilder();
        boolean in = false;
        for (String line : usage.split("\n")) {
            String t = line.strip();
            int indent = line.length() - line.stripLeading().length();
            if (indent == 2 && !t.isEmpty()) { // a command's first line; its other lines are indented further
                in = t.equals(command) || t.startsWith(command + " ");
            } else if (indent < 2 || t.isEmpty()) {
                in = false;
            }
            if (in) {
                sb.append(line.substring(2)).append('\n');
            }
        }
        return sb.length() == 0 ? null : "usage: gridsched " + sb.toString().stripLeading();
    }

    /** The options a command's usage names (words starting with --). */
    public static List<String> optionsOf(String command) {
        return optionsIn(helpFor(command));
    }

    /** The options (words starting with --) a help text names, in order, once each; none for null. */
    static List<String> optionsIn(String help) {
        List<String> options = new ArrayList<>();
        if (help != null) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("--[a-z][a-z-]*").matcher(help);
            while (m.find()) {
                if (!options.contains(m.group())) {
                    options.add(m.group());
                }
            }
        }
        return options;
    }
}
