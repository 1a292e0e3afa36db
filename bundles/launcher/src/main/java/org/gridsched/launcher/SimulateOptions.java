package org.gridsched.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.engine.Platform;
import org.gridsched.launcher.Cli.UsageException;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * {@code simulate}'s options read into a profile, as a profile file would give them: {@code --KIND NAME} and
 * {@code --KIND-option KEY=VALUE} for every plugin kind, the workload, the platform and the run's settings; plus the
 * option values every command reads ({@link #value}, numbers, KEY=VALUE).
 */
final class SimulateOptions {
    private SimulateOptions() {
    }

    static RunProfile profile(List<String> args) {
        RunProfile p = new RunProfile();
        p.outputOption = "--out"; // no profile, no "output": the option is what chooses the folder, given or not
        p.name = "simulate";
        p.optionsFrom = "command line";
        Map<String, Object> workloadOptions = new LinkedHashMap<>();
        // the profile's power, power_management and failures objects, as the options give their keys
        Map<String, Object> power = new LinkedHashMap<>();
        Map<String, Object> management = new LinkedHashMap<>();
        Map<String, Object> failureModel = new LinkedHashMap<>();
        Map<String, Object> failures = new LinkedHashMap<>();
        // the plugin kinds' options: --KIND NAME and --KIND-option KEY=VALUE (one, per cluster), --KIND a,b (many)
        Map<Kind, List<String>> names = new EnumMap<>(Kind.class);
        Map<Kind, Map<String, Object>> kindOptions = new EnumMap<>(Kind.class);
        java.util.Set<String> given = new java.util.HashSet<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            Kind kind = kindOf(a);
            if (!a.endsWith("-option") && !given.add(a)) {
                throw new UsageException("simulate: " + a + " is given twice; give it once");
            }
            if (kind != null && a.equals(kind.option())) {
                String v = value(args, ++i, a);
                if (kind.choosing() == Kind.Choosing.MANY) {
                    List<String> list = new ArrayList<>();
                    for (String n : v.split(",")) {
                        list.add(n.trim());
                    }
                    names.put(kind, list);
                } else {
                    names.put(kind, List.of(v));
                }
                continue;
            }
            if (kind != null) {
                keyValue(value(args, ++i, a), kindOptions.computeIfAbsent(kind, k -> new LinkedHashMap<>()), a);
                continue;
            }
            switch (a) {
                case "--workload" -> {
                    List<Path> files = new ArrayList<>();
                    List<String> asGiven = new ArrayList<>();
                    for (String f : value(args, ++i, a).split(",")) {
                        files.add(Path.of(f.trim()));
                        asGiven.add(f.trim());
                    }
                    p.workloadFiles = files;
                    p.workloadFilesAsGiven = asGiven;
                }
                case "--clock" -> {
                    p.clock = value(args, ++i, a);
                    if (!p.clock.equals("zero") && !p.clock.equals("unix")) {
                        throw new UsageException("--clock is zero or unix, got '" + p.clock + "'");
                    }
                }
                case "--local-fraction" -> p.localFraction = doubleValue(args, ++i, a);
                case "--max-skipped-fraction" -> p.maxSkippedFraction = doubleValue(args, ++i, a);
                case "--reference-speed" -> p.referenceSpeed = doubleValue(args, ++i, a);
                case "--moldable" -> p.moldable = value(args, ++i, a);
                case "--platform" -> {
                    Platform.parse(value(args, ++i, a), "--platform").clusters().forEach(c ->
                            p.clusters.add(new RunProfile.ClusterEntry(c.name(), c.processors(), c.speed(), null)));
                }
                case "--reference" -> p.reference = true;
                case "--out" -> p.output = Cli.folder(value(args, ++i, a), a);
                case "--force" -> p.force = true;
                case "--seed" -> p.seed = longValue(args, ++i, a);
                case "--name" -> {
                    p.name = value(args, ++i, a);
                    if (!ProfileParser.isRunName(p.name)) {
                        throw new UsageException("--name: " + ProfileParser.RUN_NAME_RULE + ", got '" + p.name + "'");
                    }
                }
                case "--strict" -> p.strict = true;
                case "--no-kill" -> p.killAtRequestedTime = false;
                case "--quiet" -> {
                    p.progress = false;
                    p.quiet = true;
                }
                case "--no-progress" -> p.progress = false; // warnings and the summary still print (scripts, job logs)
                case "--report" -> p.report = true;
                case "--workload-option" -> keyValue(value(args, ++i, a), workloadOptions, a);
                case "--power-option" -> keyValue(value(args, ++i, a), power, a);
                case "--power-management-option" -> keyValue(value(args, ++i, a), management, a);
                case "--carbon" -> p.carbon = carbon(value(args, ++i, a), a);
                case "--failures" -> {
                    List<String> files = new ArrayList<>();
                    for (String f : value(args, ++i, a).split(",")) {
                        files.add(f.trim());
                    }
                    failures.put("trace", files);
                }
                case "--failure-model-option" -> keyValue(value(args, ++i, a), failureModel, a);
                case "--failures-option" -> keyValue(value(args, ++i, a), failures, a);
                default -> throw new UsageException("simulate: unknown option '" + a + "'" + Suggest.didYouMean(a, Cli.optionsOf("simulate")));
            }
        }
        p.reader = names.containsKey(Kind.READER) ? names.get(Kind.READER).get(0) : null;
        p.generator = names.containsKey(Kind.GENERATOR) ? names.get(Kind.GENERATOR).get(0) : null;
        if (p.workloadFiles.isEmpty() == (p.generator == null)) {
            throw new UsageException("simulate: give exactly one of --workload FILE and --generator NAME");
        }
        if (p.generator != null && p.reader != null) {
            throw new UsageException("simulate: " + Kind.READER.option() + " chooses how trace files are read; a generator ("
                    + Kind.GENERATOR.option() + ") reads none");
        }
        p.workloadOptions = workloadOptions;
        energyAndFailures(p, power, management, failureModel, failures);
        for (Kind kind : Kind.values()) {
            Map<String, Object> options = kindOptions.getOrDefault(kind, Map.of());
            List<String> chosen = names.get(kind);
            switch (kind.choosing()) {
                case WORKLOAD, EXPERIMENT -> {
                    // above; an experiment is a profile's, never a simulate option
                }
                case MANY -> {
                    if (chosen != null) {
                        List<RunProfile.Choice> list = new ArrayList<>();
                        chosen.forEach(n -> list.add(RunProfile.Choice.of(n)));
                        p.choose(kind, list);
                    }
                }
                default -> {
                    String name = chosen != null ? chosen.get(0) : null;
                    if (name == null && !options.isEmpty()) {
                        // options alone go to the kind's default, if it has one
                        RunProfile.Choice d = p.choice(kind);
                        if (d == null) {
                            throw new UsageException("simulate: " + kind.option() + "-option needs " + kind.option() + " NAME");
                        }
                        name = d.name();
                    }
                    if (name != null && kind.choosing() == Kind.Choosing.ONE_OR_NONE && name.equals("none")) {
                        if (!options.isEmpty()) {
                            throw new UsageException("simulate: " + kind.option() + "-option needs " + kind.option() + " NAME");
                        }
                        p.choose(kind, List.of());
                    } else if (name != null) {
                        p.choose(kind, new RunProfile.Choice(name, options));
                    }
                }
            }
        }
        boolean heuristicGiven = names.containsKey(Kind.HEURISTIC) || kindOptions.containsKey(Kind.HEURISTIC);
        if (heuristicGiven && p.choice(Kind.REALLOCATION) == null) {
            throw new UsageException("simulate: " + Kind.HEURISTIC.option() + " chooses how a reallocation picks jobs; it has no effect without "
                    + Kind.REALLOCATION.option() + " NAME");
        }
        return p;
    }

    /**
     * The options' power model, power management, failures and carbon as the profile's keys, checked by the same code
     * when the run builds them (errors name the key, e.g. {@code power.idle}); relative files are relative to the
     * current folder.
     */
    private static void energyAndFailures(RunProfile p, Map<String, Object> power, Map<String, Object> management,
            Map<String, Object> failureModel, Map<String, Object> failures) {
        if (!power.isEmpty()) {
            p.power = power;
        }
        if (!management.isEmpty()) {
            p.powerManagement = management;
        }
        if (!failureModel.isEmpty()) {
            failures.put("model", failureModel);
        }
        if (!failures.isEmpty()) {
            if (!failures.containsKey("trace") && !failures.containsKey("model")) {
                throw new UsageException("simulate: --failures-option needs --failures FILE or --failure-model-option KEY=VALUE");
            }
            p.failures = failures;
        }
        if (p.power == null && (p.powerManagement != null || p.carbon != null)) {
            throw new UsageException("simulate: " + (p.carbon != null ? "--carbon" : "--power-management-option")
                    + " needs a power model: --power-option idle=WATTS --power-option busy=WATTS");
        }
    }

    /**
     * {@code --carbon}: a file or a constant (g CO2/kWh) for every cluster, or {@code CLUSTER=FILE|G_PER_KWH,...} one
     * per cluster, as the profile's {@code carbon} key.
     */
    private static Object carbon(String v, String option) {
        if (v.indexOf('=') < 0) {
            return numberOrText(v.trim());
        }
        Map<String, Object> perCluster = new LinkedHashMap<>();
        for (String part : v.split(",")) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                // "300,b=100" reads as a default with an exception, which the per-cluster form does not have
                String what = part.isBlank() ? "an empty entry of '" + v + "'" : "'" + part.trim() + "'";
                throw new UsageException(option + ": " + what + " names no cluster; give one FILE or G_PER_KWH for every"
                        + " cluster, or CLUSTER=FILE|G_PER_KWH for each cluster (e.g. a=300,b=intensity.csv)");
            }
            if (eq == 0 || eq == part.length() - 1) {
                throw new UsageException(option + " expects FILE, G_PER_KWH or CLUSTER=FILE|G_PER_KWH,..., got '" + part + "'");
            }
            String cluster = part.substring(0, eq).trim();
            if (perCluster.put(cluster, numberOrText(part.substring(eq + 1).trim())) != null) {
                throw new UsageException(option + " names cluster " + cluster + " twice");
            }
        }
        return perCluster;
    }

    /**
     * A whole number as a long, another number as a double, else the text itself: as a profile's JSON gives them
     * (so {@code 95d} or {@code 0x1p8}, which Java would read as numbers, stay text and are refused where a number is
     * needed, as in a profile).
     */
    private static Object numberOrText(String v) {
        try {
            return v.matches("-?\\d+") ? (Object) Long.parseLong(v)
                    : org.gridsched.engine.PlainNumbers.isPlain(v) ? (Object) Double.parseDouble(v) : v;
        } catch (NumberFormatException e) {
            return v;
        }
    }

    /**
     * The plugin kind a {@code simulate} option is about: {@code --KIND} (its {@link Kind#option()}), or
     * {@code --KIND-option} for kinds chosen one at a time; null for other options.
     */
    private static Kind kindOf(String option) {
        for (Kind k : Kind.values()) {
            if (!k.inRuns()) {
                continue;
            }
            if (option.equals(k.option())) {
                return k;
            }
            boolean single = k.choosing() != Kind.Choosing.MANY && k.choosing() != Kind.Choosing.WORKLOAD;
            if (single && option.equals(k.option() + "-option")) {
                return k;
            }
        }
        return null;
    }

    static String value(List<String> args, int i, String option) {
        if (i >= args.size() || args.get(i).startsWith("--")) {
            throw new UsageException(option + " needs a value");
        }
        return args.get(i);
    }

    static double doubleValue(List<String> args, int i, String option) {
        String v = value(args, i, option);
        try {
            return org.gridsched.engine.PlainNumbers.parse(v);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a number, got '" + v + "'");
        }
    }

    static long longValue(List<String> args, int i, String option) {
        String v = value(args, i, option);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " needs a whole number" + (v.trim().matches("[+-]?\\d+") ? " from " + Long.MIN_VALUE + " to "
                    + Long.MAX_VALUE : "") + ", got '" + v + "'");
        }
    }

    /**
     * KEY=VALUE; numbers and booleans become numbers and booleans, and a VALUE that starts with <code>{</code> or
     * {@code [} is read as JSON (an object or a list: {@code shares={"3": 2}}), like in a profile.
     */
    static void keyValue(String kv, Map<String, Object> into, String option) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
            throw new UsageException(option + " expects KEY=VALUE, got '" + kv + "'");
        }
        String v = kv.substring(eq + 1);
        String key = kv.substring(0, eq);
        if (into.containsKey(key)) { // as a repeated key in a profile: one value, not the last one silently
            throw new UsageException(option + " sets " + key + " twice; give it once");
        }
        String json = v.strip();
        if (json.startsWith("{") || json.startsWith("[")) {
            into.put(key, json(json, option, key));
            return;
        }
        into.put(key, v.equals("true") || v.equals("false") ? (Object) Boolean.parseBoolean(v) : numberOrText(v));
    }

    /**
     * An option's value written as a JSON object or list, as a profile's {@code options} would hold it; an error names
     * the option and key and says what is wrong with the JSON (where, as a column of the value).
     */
    private static Object json(String v, String option, String key) {
        try {
            return ProfileParser.jsonValue(v);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            String problem = ProfileParser.optionJsonProblem(v, e);
            String quoted = v.indexOf('"') < 0 ? shellStripped(v) : null;
            if (quoted != null) {
                problem = problem.replace(" (a comma before '}'?)", "");
                // {3: 2}: the shell took the double quotes of an option that was not in single quotes
                problem += "; the shell removes double quotes unless the option is in single quotes: " + option + " '" + key + "="
                        + quoted + "'";
            }
            throw new UsageException(option + " " + key + ": not valid JSON: " + problem);
        }
    }

    /**
     * The JSON a value without double quotes was before the shell removed them ({@code {3: 2}} from
     * {@code {"3": 2}}): names, and values that are no number, true, false or null, quoted again; null if that is no
     * JSON either.
     */
    private static String shellStripped(String v) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([{\\[,:]\\s*)([^\\s{}\\[\\],:]+)(?=\\s*[:,}\\]])").matcher(v);
        String quoted = m.replaceAll(r -> {
            String word = r.group(2);
            boolean literal = word.equals("true") || word.equals("false") || word.equals("null")
                    || (org.gridsched.engine.PlainNumbers.isPlain(word) && !word.startsWith("+"));
            boolean name = v.substring(r.end()).stripLeading().startsWith(":");
            return java.util.regex.Matcher.quoteReplacement(r.group(1) + (literal && !name ? word : "\"" + word + "\""));
        });
        try {
            ProfileParser.jsonValue(quoted);
            return quoted;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return null;
        }
    }
}
