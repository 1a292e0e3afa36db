package org.gridsched.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.api.InputException;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * Reads a JSON run profile. Unknown keys and values of the wrong type are errors that name the file and
 * the key, and list the valid keys. Relative paths are resolved against the profile's own folder. The plugin
 * kinds ({@link Kind}) bring their own keys and say how each is chosen (one, "none", a list, per cluster).
 *
 * <pre>{@code
 * {
 *   "name": "quickstart",
 *   "platform": [ {"name": "cluster", "processors": 256, "speed": 1.0, "batch": "POLICY"} ],  // or "c:256,d:128:1.5"
 *   "links": [ {"from": "a", "to": "b", "bandwidth": 1.25e8, "latency": 0.05} ],  // network between clusters (data movement)
 *   "reservations": [ {"cluster": "a", "start": 0, "duration": 3600, "processors": "all"} ],  // maintenance windows
 *   "power": {"idle": 95, "busy": 190},                // watts per processor (or per cluster name); docs/energy.md
 *   "carbon": "intensity.csv",                         // g CO2/kWh over time (or per cluster name); needs "power"
 *   "power_management": {"timeout": 600},              // switch idle processors off, on when needed; needs "power"
 *   "failures": {"trace": "f.csv", "model": {"mtbf": 864000, "repair_mean": 3600}, "retries": 3},  // docs/failures.md
 *   "batch": "POLICY",                                 // or {"name": "POLICY", "options": {...}}
 *   "meta": "BROKER",                                  // meta-scheduler, needed with several clusters
 *   "realloc": "ALGORITHM", "heuristic": "HEURISTIC",  // reallocation of waiting jobs ("none" by default)
 *   "reference": true,                                 // also run without reallocation and compare
 *   "workload": {"generator": "GENERATOR", "options": {...}},   // or {"file": "x.swf", "reader": "READER", "options": {...}}
 *   "collectors": ["COLLECTOR", ...],                  // or {"COLLECTOR": {"option": value}, ...}
 *   "controllers": ["CONTROLLER", ...],                // grid controllers, like collectors (none by default)
 *   "matrix": {"workloads": {"LABEL": {...}}, "platforms": {"LABEL": "a:64,b:32"}, "batch": ["fcfs", "cbf"],
 *              "controllers": {"LABEL": [...]}, "seeds": [1, 2], "metrics": ["mean_wait"]},  // see MatrixAxes
 *   "seed": 42, "kill_at_requested_time": true, "strict": false, "progress": true,
 *   "output": "../workspace/results/quickstart",
 *   "report": false                                    // true: also write report.html, report-images/, schedule.json
 * }
 * }</pre>
 *
 * <p>A study's profile ({@code "study": {"name": "STUDY", "options": {...}}}) is an experiment plugin's run instead of
 * one simulation: it has only {@link #STUDY_PROFILE_KEYS}.
 *
 * <p>Runnable examples are in {@code runconfigs/}; the defaults of the plugin keys are in {@code defaults.json}.
 */
public final class ProfileParser {
    static final String RUN_NAME_RULE = "use letters, digits, '.', '_' or '-' (it names the output folder; not '.' or '..')";

    /** Whether a run's name can name its folder under the results: no separator, and not the folder itself or its parent. */
    static boolean isRunName(String name) {
        return name.matches("[A-Za-z0-9._-]+") && !name.equals(".") && !name.equals("..");
    }

    /** The profile's own keys; the plugin kinds add theirs ({@link #TOP_KEYS}). */
    static final List<String> SETTING_KEYS = List.of("name", "description", "platform", "reference", "matrix", "local_fraction",
            "reference_speed", "moldable", "workload", "seed", "kill_at_requested_time", "strict", "progress", "output",
            "max_skipped_fraction", "report", "links", ReservationsKey.KEY, EnergyKeys.POWER, EnergyKeys.CARBON, EnergyKeys.MANAGEMENT,
            FailuresKey.KEY);
    static final Set<String> TOP_KEYS = keys(SETTING_KEYS, false);
    static final Set<String> CLUSTER_KEYS = keys(List.of("name", "processors", "speed"), true);
    static final Set<String> WORKLOAD_KEYS = new TreeSet<>(List.of("file", "files", "clock", "reader", "generator", "options"));
    static final Set<String> CHOICE_KEYS = new TreeSet<>(List.of("name", "options"));
    /**
     * The keys of a study's profile ({@code "study"}: an experiment plugin that builds its own simulations, so the keys
     * of one simulation would have no effect).
     */
    static final Set<String> STUDY_PROFILE_KEYS = new TreeSet<>(List.of("name", "description", Kind.STUDY.profileKey(), "seed",
            "progress", "output"));

    /** {@code own} plus the profile keys of the plugin kinds chosen at top level (or per cluster). */
    private static Set<String> keys(List<String> own, boolean perCluster) {
        Set<String> keys = new TreeSet<>(own);
        for (Kind k : Kind.values()) {
            if (perCluster ? k.choosing() == Kind.Choosing.PER_CLUSTER : k.choosing() != Kind.Choosing.WORKLOAD) {
                keys.add(k.profileKey());
            }
        }
        return keys;
    }

    /** A key given twice in one object is an error (Jackson would keep the last one silently). */
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    final String source;
    private final Path baseDir;

    private ProfileParser(String source, Path baseDir) {
        this.source = source;
        this.baseDir = baseDir;
    }

    public static RunProfile parse(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new InputException(file.toString(), 0, null, "no such run profile");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InputException(file.toString(), 0, null, "cannot read run profile: it is not UTF-8 text (save it as UTF-8)");
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, null, "cannot read run profile: " + e.getMessage());
        }
        Path dir = file.toAbsolutePath().getParent();
        RunProfile p = parse(text, file.toString(), dir);
        p.profileSource = file.toString();
        try {
            p.profileFile = file.toRealPath();
        } catch (IOException e) {
            p.profileFile = file.toAbsolutePath().normalize();
        }
        return p;
    }

    public static RunProfile parse(String json, String source, Path baseDir) {
        JsonNode root;
        if (json.startsWith("\uFEFF")) {
            json = json.substring(1); // a byte-order mark, which some editors write at the start of UTF-8 files
        }
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            String msg = jsonProblem(e);
            if (e instanceof JsonParseException) {
                msg = "not valid JSON: " + msg;
            }
            throw new InputException(source, line, null, msg);
        }
        if (root == null || !root.isObject()) {
            throw new InputException(source, 0, null, "a run profile is a JSON object");
        }
        return new ProfileParser(source, baseDir).profile(root);
    }

    /**
     * A plugin option's value given as JSON text ({@code --batch-option 'shares={"3": 2}'}): the object, list or
     * scalar it holds, as the same value in a profile's {@code options} reads (maps, lists, numbers, text); a key
     * given twice in an object is an error, as in a profile.
     */
    static Object jsonValue(String json) throws JsonProcessingException {
        return MAPPER.convertValue(MAPPER.readTree(json), Object.class);
    }

    /**
     * What is wrong with an option's value written as JSON (given on the command line or in a configuration file):
     * as {@link #jsonProblem}, but text after the value is "more after the closing ']'" of that value, where it starts.
     */
    static String optionJsonProblem(String json, JsonProcessingException e) {
        if (!e.getOriginalMessage().startsWith("Trailing token")) {
            return jsonProblem(e);
        }
        return "more after the closing '" + (json.startsWith("{") ? "}" : "]") + "' (one JSON object or list per option)"
                + (e.getLocation() != null && e.getLocation().getColumnNr() > 0 ? " (column " + e.getLocation().getColumnNr() + ")" : "");
    }

    /** Jackson's message without its advice to enable parser features (a profile is plain JSON), with a hint. */
    static String jsonProblem(JsonProcessingException e) {
        String m = e.getOriginalMessage().replaceAll(":? *enable `[^`]*` to allow.*", "");
        // Jackson's own words for where an unclosed object or array starts, and for its disabled features
        m = java.util.regex.Pattern.compile("\\(for (Object|Array) starting at \\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]\\)")
                .matcher(m).replaceAll(r -> "(the " + r.group(1).toLowerCase(java.util.Locale.ROOT) + " that starts on line " + r.group(2)
                        + ", column " + r.group(3) + ")");
        m = m.replaceAll(" *\\(not recognized as one since Feature '?ALLOW_COMMENTS'? not enabled for parser\\)", " (JSON has no comments)");
        m = m.replaceAll(" *\\([^()]*Feature[^()]*\\)", "");
        if (m.startsWith("Trailing token")) { // Jackson names its JsonNode and DeserializationFeature here
            m = "more after the profile's closing '}' (one JSON object per profile file)";
        } else if (m.startsWith("Non-standard token")) {
            m += " (JSON has no NaN or Infinity; write a number)";
        } else if (m.contains("was expecting double-quote to start field name")) {
            m += " (a comma before '}'?)";
        }
        if (e.getLocation() != null && e.getLocation().getColumnNr() > 0) {
            m += " (column " + e.getLocation().getColumnNr() + ")";
        }
        return m;
    }

    private RunProfile profile(JsonNode root) {
        checkKeys(root, TOP_KEYS, "profile");
        boolean study = root.has(Kind.STUDY.profileKey());
        if (study) {
            Iterator<String> names = root.fieldNames();
            while (names.hasNext()) {
                String k = names.next();
                if (!STUDY_PROFILE_KEYS.contains(k)) {
                    throw error(k, "has no effect in a study's profile (the study builds its own simulations); keys of a study's profile: "
                            + String.join(", ", STUDY_PROFILE_KEYS));
                }
            }
        }
        RunProfile p = new RunProfile();
        if (root.has("name")) {
            p.name = text(root.get("name"), "name");
            if (!isRunName(p.name)) {
                throw error("name", RUN_NAME_RULE + ", got '" + p.name + "'");
            }
        }
        if (root.has("description")) {
            text(root.get("description"), "description"); // read by people only, but text: 5 is a slip, not a description
        }
        for (Kind kind : Kind.values()) {
            if (kind.choosing() != Kind.Choosing.WORKLOAD && root.has(kind.profileKey())) {
                p.choose(kind, choices(kind, root.get(kind.profileKey())));
            }
        }
        if (root.has("platform")) {
            p.clusters = ProfilePlatform.read(this, root.get("platform"));
        }
        if (root.has("links")) { // checked against the platform's cluster names when the run builds it
            if (!root.get("links").isArray()) {
                throw error("links", "expected a list of links {\"from\", \"to\", \"bandwidth\", \"latency\"}");
            }
            p.links = MAPPER.convertValue(root.get("links"), java.util.List.class);
        }
        if (root.has(ReservationsKey.KEY)) { // checked against the platform's clusters when the run builds it
            p.reservations = MAPPER.convertValue(root.get(ReservationsKey.KEY), Object.class);
        }
        if (root.has(EnergyKeys.POWER)) { // checked against the platform's clusters when the run builds it
            p.power = MAPPER.convertValue(root.get(EnergyKeys.POWER), Object.class);
        }
        if (root.has(EnergyKeys.CARBON)) {
            p.carbon = MAPPER.convertValue(root.get(EnergyKeys.CARBON), Object.class);
        }
        if (root.has(EnergyKeys.MANAGEMENT)) {
            p.powerManagement = MAPPER.convertValue(root.get(EnergyKeys.MANAGEMENT), Object.class);
        }
        if (root.has(FailuresKey.KEY)) { // read against the platform when the run builds it
            p.failures = MAPPER.convertValue(root.get(FailuresKey.KEY), Object.class);
        }
        p.carbonBase = baseDir;
        p.reference = bool(root, "reference", false);
        p.localFraction = number(root, "local_fraction", 0);
        p.maxSkippedFraction = number(root, "max_skipped_fraction", RunProfile.DEFAULT_MAX_SKIPPED_FRACTION);
        p.referenceSpeed = number(root, "reference_speed", 1.0);
        if (root.has("moldable")) {
            p.moldable = text(root.get("moldable"), "moldable");
        }
        if (root.has("matrix")) {
            JsonNode m = root.get("matrix");
            p.matrix = options(m, "matrix");
            if (m.has("workloads")) {
                JsonNode ws = m.get("workloads");
                if (!ws.isObject() || ws.isEmpty()) {
                    throw error("matrix.workloads", "expected an object of name: workload (like \"workload\")");
                }
                Iterator<Map.Entry<String, JsonNode>> it = ws.fields();
                Map<JsonNode, String> seen = new java.util.HashMap<>();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    String first = seen.putIfAbsent(e.getValue(), e.getKey());
                    if (first != null) { // runs are deterministic: its runs would repeat those of the first
                        throw error("matrix.workloads." + e.getKey(), "the same workload as '" + first + "': each of its runs would repeat one"
                                + " of '" + first + "'; remove one");
                    }
                    RunProfile w = new RunProfile();
                    workload(e.getValue(), w);
                    p.matrixWorkloads.put(e.getKey(), w);
                }
            }
        }
        if (root.has("workload")) {
            workload(root.get("workload"), p);
        } else if (!study && !(root.has("matrix") && root.get("matrix").has("workloads"))) {
            throw error("workload", "missing; give {\"file\": \"trace.swf\"} or {\"generator\": \"lublin99\", \"options\": {...}}");
        }
        if (root.has("seed")) {
            JsonNode s = root.get("seed");
            if (!s.canConvertToLong() || !s.isIntegralNumber()) {
                throw error("seed", "expected a whole number, got " + s);
            }
            p.seed = s.asLong();
        }
        p.killAtRequestedTime = bool(root, "kill_at_requested_time", true);
        p.strict = bool(root, "strict", false);
        p.progress = bool(root, "progress", true);
        p.report = bool(root, "report", false);
        if (root.has("output")) {
            p.output = path(root.get("output"), "output");
        }
        if (p.matrix != null) {
            MatrixAxes.parse(p.matrix, p, source); // its errors now, naming the file; the runner reads it again (after --seed)
        }
        checkHeuristicHasAReallocation(root, p);
        return p;
    }

    /** A heuristic only picks the jobs a reallocation moves; without one it would be silently ignored. */
    private void checkHeuristicHasAReallocation(JsonNode root, RunProfile p) {
        String heuristic = Kind.HEURISTIC.profileKey();
        String realloc = Kind.REALLOCATION.profileKey();
        boolean varied = p.matrix != null && p.matrix.containsKey(realloc);
        if (root.has(heuristic) && p.choice(Kind.REALLOCATION) == null && !varied) {
            throw error(heuristic, "chooses which waiting jobs a reallocation moves first; it has no effect without \""
                    + realloc + "\" (e.g. \"" + realloc + "\": \"regular\")");
        }
    }

    private void workload(JsonNode node, RunProfile p) {
        if (!node.isObject()) {
            throw error("workload", "expected {\"file\": ...} or {\"generator\": ...}");
        }
        checkKeys(node, WORKLOAD_KEYS, "workload");
        boolean file = node.has("file") || node.has("files");
        boolean gen = node.has("generator");
        if (file == gen || (node.has("file") && node.has("files"))) {
            throw error("workload", "give exactly one of \"file\", \"files\" and \"generator\"");
        }
        if (file) {
            if (node.has("file")) {
                p.workloadFiles = List.of(path(node.get("file"), "workload.file"));
                p.workloadFilesAsGiven = List.of(node.get("file").asText());
            } else {
                JsonNode files = node.get("files");
                if (!files.isArray() || files.isEmpty()) {
                    throw error("workload.files", "expected a non-empty list of trace files");
                }
                List<java.nio.file.Path> list = new ArrayList<>();
                List<String> given = new ArrayList<>();
                for (int i = 0; i < files.size(); i++) {
                    list.add(path(files.get(i), "workload.files[" + i + "]"));
                    given.add(files.get(i).asText());
                }
                p.workloadFiles = list;
                p.workloadFilesAsGiven = given;
            }
            if (node.has("clock")) {
                p.clock = text(node.get("clock"), "workload.clock");
            }
            if (node.has("reader")) {
                p.reader = text(node.get("reader"), "workload.reader");
            }
        } else {
            if (node.has("reader") || node.has("clock")) {
                throw error("workload", "\"reader\" and \"clock\" are only meaningful with trace files");
            }
            p.generator = text(node.get("generator"), "workload.generator");
        }
        if (node.has("options")) {
            p.workloadOptions = options(node.get("options"), "workload.options");
        }
    }

    /** The plugins a kind's profile key chooses: one, "none" (where allowed: none), or a list. */
    private List<RunProfile.Choice> choices(Kind kind, JsonNode node) {
        String key = kind.profileKey();
        return switch (kind.choosing()) {
            case MANY -> list(node, key);
            case ONE_OR_NONE -> node.isTextual() && node.asText().equals("none") ? List.of() : List.of(choice(node, key));
            default -> List.of(choice(node, key));
        };
    }

    /** A list of choices, or an object of name: options. */
    private List<RunProfile.Choice> list(JsonNode node, String key) {
        List<RunProfile.Choice> list = new ArrayList<>();
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                list.add(choice(node.get(i), key + "[" + i + "]"));
            }
        } else if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = node.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                list.add(new RunProfile.Choice(e.getKey(), options(e.getValue(), key + "." + e.getKey())));
            }
        } else {
            throw error(key, "expected a list of names or an object of name: options");
        }
        return list;
    }

    RunProfile.Choice choice(JsonNode node, String where) {
        if (node.isTextual()) {
            return RunProfile.Choice.of(node.asText());
        }
        if (node.isObject()) {
            checkKeys(node, CHOICE_KEYS, where);
            if (!node.has("name")) {
                throw error(where + ".name", "missing plugin name");
            }
            String name = text(node.get("name"), where + ".name");
            Map<String, Object> opts = node.has("options") ? options(node.get("options"), where + ".options") : Map.of();
            return new RunProfile.Choice(name, opts);
        }
        throw error(where, "expected a plugin name or {\"name\": ..., \"options\": {...}}");
    }

    private Map<String, Object> options(JsonNode node, String where) {
        if (!node.isObject()) {
            throw error(where, "expected an object of option: value");
        }
        for (var e : (Iterable<Map.Entry<String, JsonNode>>) node::fields) {
            if (e.getValue().isNull()) { // read as "not given" (the default) by some plugins, as a crash by others
                throw error(where + "." + e.getKey(), "null is not a value; leave the option out for its default ("
                        + "'gridsched plugins NAME' shows it)");
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> m = MAPPER.convertValue(node, LinkedHashMap.class);
        return m;
    }

    private Path path(JsonNode node, String where) {
        Path p = Path.of(text(node, where));
        return p.isAbsolute() || baseDir == null ? p : baseDir.resolve(p).normalize();
    }

    private double number(JsonNode root, String key, double def) {
        if (!root.has(key)) {
            return def;
        }
        JsonNode n = root.get(key);
        if (!n.isNumber()) {
            throw error(key, "expected a number, got " + n);
        }
        return n.asDouble();
    }

    private boolean bool(JsonNode root, String key, boolean def) {
        if (!root.has(key)) {
            return def;
        }
        JsonNode n = root.get(key);
        if (!n.isBoolean()) {
            throw error(key, "expected true or false, got " + n);
        }
        return n.asBoolean();
    }

    String text(JsonNode node, String where) {
        if (!node.isTextual() || node.asText().isBlank()) {
            throw error(where, "expected a non-empty string, got " + node);
        }
        return node.asText();
    }

    void checkKeys(JsonNode node, Set<String> valid, String where) {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String k = names.next();
            if (!valid.contains(k)) {
                throw error(where.equals("profile") ? k : where + "." + k,
                        "unknown key; valid keys" + (where.equals("profile") ? "" : " in " + where) + ": " + String.join(", ", valid));
            }
        }
    }

    InputException error(String field, String problem) {
        return new InputException(source, 0, field, problem);
    }
}
