package org.gridsched.workflow.dag;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads a workflow in the WfCommons format (WfFormat, github.com/wfcommons/wfformat).
 *
 * <ul>
 * <li>Schema 1.5: {@code workflow.specification.tasks[]} with {@code id}, {@code name}, {@code parents} and
 * {@code children} (task ids); {@code workflow.execution.tasks[]} with {@code id}, {@code runtimeInSeconds} and
 * optionally {@code coreCount}.</li>
 * <li>Schema 1.4 (and 1.3): {@code workflow.tasks[]} with {@code name}, optionally {@code id}, {@code parents} and
 * {@code children} (task names, or ids), {@code runtimeInSeconds} and optionally {@code cores}.</li>
 * </ul>
 *
 * Files: in 1.5, {@code workflow.specification.files[]} with {@code id} and {@code sizeInBytes}, named by each task's
 * {@code inputFiles} and {@code outputFiles}; in 1.4, a task's {@code files[]} with {@code link} ({@code input} or
 * {@code output}), {@code name} and {@code sizeInBytes}. An unknown file, a size that is not a non-negative number and
 * a file that two tasks produce are errors; a file no task produces is a workflow input (not staged).
 *
 * <p>A dependency is an edge named by the parent's {@code parents} or the child's {@code children} list (WfFormat keeps
 * both, and instances are known where only one side lists it). Cores default to 1 and round up; a runtime of 0 is
 * kept (the controller gives such tasks a minimum duration). Errors name the file, the field and the task: an unknown
 * parent or child, a task without runtime or with one beyond {@link SimTime#MAX_JOB_TIME}, a duplicate id, a dependency
 * cycle (with the tasks on it), a name that cannot name result files ({@link WorkflowName}).
 */
public final class WfCommonsReader {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private WfCommonsReader() {
    }

    public static Workflow read(Path file) {
        String text;
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length >= 2 && (bytes[0] & 0xff) == 0x1f && (bytes[1] & 0xff) == 0x8b) { // gzip, whatever the name
                try (java.io.InputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(bytes))) {
                    bytes = in.readAllBytes();
                }
            }
            text = java.nio.charset.StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            // Files.readString said "Input length = 1"
            throw new InputException(file.toString(), 0, null, "not UTF-8 text (a WfCommons instance is a JSON file)");
        } catch (java.util.zip.ZipException | java.io.EOFException e) {
            throw new InputException(file.toString(), 0, null, "corrupt or truncated gzip data (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new InputException(file.toString(), 0, null, "cannot read the workflow: " + e.getMessage());
        }
        if (text.startsWith("\uFEFF")) { // a byte order mark: "not valid JSON: Unexpected character ('\uFEFF' ...)"
            text = text.substring(1);
        }
        return parse(text, file.toString());
    }

    public static Workflow parse(String json, String source) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new InputException(source, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), null,
                    "not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new InputException(source, 0, null, "a WfCommons instance is a JSON object");
        }
        String version = root.path("schemaVersion").asText("");
        JsonNode wf = root.path("workflow");
        if (!wf.isObject()) {
            throw new InputException(source, 0, "workflow", "missing (not a WfCommons instance?)");
        }
        String name = name(root.path("name"), source);
        Map<String, Double> sizes = new HashMap<>();
        List<DagBuilder.RawTask> tasks = wf.has("specification") ? v15(wf, source, sizes) : v14(wf, source, version, sizes);
        return DagBuilder.build(name, source, tasks, sizes);
    }

    /** The instance's name, else its file's; checked now because result files are named after it. */
    private static String name(JsonNode n, String source) {
        if (n.isMissingNode() || n.isNull()) {
            return WorkflowName.check(Path.of(source).getFileName().toString(), source, "name (none given: the file's name)");
        }
        if (!n.isTextual()) {
            throw new InputException(source, 0, "name", "expected a string, got " + n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
        }
        return WorkflowName.check(n.asText(), source, "name");
    }

    private static List<DagBuilder.RawTask> v15(JsonNode wf, String src, Map<String, Double> sizes) {
        JsonNode spec = array(wf.path("specification").path("tasks"), "workflow.specification.tasks", src);
        JsonNode files = wf.path("specification").path("files");
        if (!files.isMissingNode() && !files.isNull()) {
            if (!files.isArray()) {
                throw new InputException(src, 0, "workflow.specification.files", "expected a list of files (id, sizeInBytes)");
            }
            for (int i = 0; i < files.size(); i++) {
                String where = "workflow.specification.files[" + i + "]";
                String id = text(files.get(i), "id", where, src);
                if (sizes.put(id, size(files.get(i), where, src)) != null) {
                    throw new InputException(src, 0, where + ".id", "file id '" + id + "' is used twice");
                }
            }
        }
        JsonNode exec = wf.path("execution").path("tasks");
        if (!exec.isArray()) {
            throw new InputException(src, 0, "workflow.execution.tasks", "missing: the runtimes of the tasks are needed");
        }
        Map<String, JsonNode> execById = new HashMap<>();
        for (int i = 0; i < exec.size(); i++) {
            String id = text(exec.get(i), "id", "workflow.execution.tasks[" + i + "]", src);
            if (execById.put(id, exec.get(i)) != null) { // the later runtime was taken without a word
                throw new InputException(src, 0, "workflow.execution.tasks[" + i + "].id", "task '" + id + "' has a second execution entry");
            }
        }
        java.util.Set<String> specIds = new java.util.HashSet<>();
        for (int i = 0; i < spec.size(); i++) {
            specIds.add(spec.get(i).path("id").asText());
        }
        for (int i = 0; i < exec.size(); i++) {
            String id = exec.get(i).path("id").asText();
            if (!specIds.contains(id)) { // ignored without a word: a task id mistyped on one side
                throw new InputException(src, 0, "workflow.execution.tasks[" + i + "].id", "no task '" + id
                        + "' in workflow.specification.tasks");
            }
        }
        List<DagBuilder.RawTask> tasks = new ArrayList<>();
        for (int i = 0; i < spec.size(); i++) {
            JsonNode t = spec.get(i);
            String where = "workflow.specification.tasks[" + i + "]";
            String id = text(t, "id", where, src);
            JsonNode e = execById.get(id);
            if (e == null) {
                throw new InputException(src, 0, "workflow.execution.tasks", "no execution entry (runtimeInSeconds) for task '" + id + "'");
            }
            String ewhere = "workflow.execution.tasks (task '" + id + "')";
            List<String> in = fileRefs(t, "inputFiles", where, src, sizes);
            List<String> out = fileRefs(t, "outputFiles", where, src, sizes);
            tasks.add(new DagBuilder.RawTask(id, t.path("name").asText(id), refs(t, "parents", where, src), refs(t, "children", where, src),
                    runtime(e, ewhere, src), cores(e, "coreCount", ewhere, src), where, in, out));
        }
        return tasks;
    }

    private static List<DagBuilder.RawTask> v14(JsonNode wf, String src, String version, Map<String, Double> sizes) {
        JsonNode list = wf.path("tasks");
        if (!list.isArray()) {
            list = wf.path("jobs");                          // 1.0-1.2 said jobs
        }
        if (!list.isArray()) {
            throw new InputException(src, 0, "workflow", "neither workflow.specification.tasks (schema 1.5) nor workflow.tasks (schema 1.4)"
                    + " found" + (version.isEmpty() ? "" : "; schemaVersion is " + version));
        }
        List<DagBuilder.RawTask> tasks = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode t = list.get(i);
            String where = "workflow.tasks[" + i + "]";
            String name = text(t, "name", where, src);
            String id = t.has("id") ? t.get("id").asText() : name;
            List<String> in = new ArrayList<>();
            List<String> out = new ArrayList<>();
            files14(t, where, src, sizes, in, out);
            tasks.add(new DagBuilder.RawTask(id, name, refs(t, "parents", where, src), refs(t, "children", where, src),
                    runtime(t, where + " (task '" + name + "')", src), cores(t, "cores", where, src), where, in, out));
        }
        return tasks;
    }

    private static JsonNode array(JsonNode n, String where, String src) {
        if (!n.isArray() || n.isEmpty()) {
            throw new InputException(src, 0, where, "expected a non-empty list of tasks");
        }
        return n;
    }

    private static String text(JsonNode t, String key, String where, String src) {
        JsonNode v = t.path(key);
        if (!v.isTextual() || v.asText().isEmpty()) {
            throw new InputException(src, 0, where + "." + key, "missing or not a string");
        }
        return v.asText();
    }

    private static List<String> refs(JsonNode t, String key, String where, String src) {
        JsonNode v = t.path(key);
        if (v.isMissingNode() || v.isNull()) {
            return List.of();
        }
        if (!v.isArray()) {
            throw new InputException(src, 0, where + "." + key, "expected a list of task ids");
        }
        List<String> l = new ArrayList<>();
        for (JsonNode r : v) {
            if (!r.isValueNode() || r.isNull()) { // an object's asText() is "": "unknown parent ''"
                throw new InputException(src, 0, where + "." + key, "expected task ids, got " + shorten(r.toString()));
            }
            l.add(r.asText());
        }
        return l;
    }

    /** A 1.5 task's list of file ids, each declared in {@code workflow.specification.files}. */
    private static List<String> fileRefs(JsonNode t, String key, String where, String src, Map<String, Double> sizes) {
        List<String> l = refs(t, key, where, src);
        for (String f : l) {
            if (!sizes.containsKey(f)) {
                throw new InputException(src, 0, where + "." + key, "unknown file '" + f + "' of task '" + t.path("id").asText()
                        + "' (not in workflow.specification.files)");
            }
        }
        return l;
    }

    /** A 1.4 task's {@code files[]}: {@code link} input or output, {@code name}, {@code sizeInBytes}. */
    private static void files14(JsonNode t, String where, String src, Map<String, Double> sizes, List<String> in, List<String> out) {
        JsonNode files = t.path("files");
        if (files.isMissingNode() || files.isNull()) {
            return;
        }
        if (!files.isArray()) {
            throw new InputException(src, 0, where + ".files", "expected a list of files (link, name, sizeInBytes)");
        }
        for (int i = 0; i < files.size(); i++) {
            String fw = where + ".files[" + i + "]";
            JsonNode f = files.get(i);
            String name = text(f, "name", fw, src);
            String link = text(f, "link", fw, src);
            if (!link.equals("input") && !link.equals("output")) {
                throw new InputException(src, 0, fw + ".link", "expected input or output, got '" + link + "'");
            }
            double size = size(f, fw, src);
            Double before = sizes.putIfAbsent(name, size);
            if (before != null && before != size) {
                throw new InputException(src, 0, fw + ".sizeInBytes", "file '" + name + "' has size " + SimTime.format(size)
                        + " here and " + SimTime.format(before) + " elsewhere");
            }
            (link.equals("input") ? in : out).add(name);
        }
    }

    private static String shorten(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }

    private static double size(JsonNode f, String where, String src) {
        JsonNode v = f.path("sizeInBytes");
        if (!v.isNumber() || !(v.asDouble() >= 0) || Double.isInfinite(v.asDouble())) {
            throw new InputException(src, 0, where + ".sizeInBytes", v.isMissingNode() ? "missing size"
                    : "expected a non-negative number of bytes, got " + v);
        }
        return v.asDouble();
    }

    private static double runtime(JsonNode t, String where, String src) {
        JsonNode v = t.path("runtimeInSeconds");
        if (v.isMissingNode() && t.has("runtime")) {
            v = t.get("runtime");                                   // before 1.4
        }
        if (!v.isNumber()) {
            throw new InputException(src, 0, where + ".runtimeInSeconds", v.isMissingNode() ? "missing runtime"
                    : "expected a number of seconds, got " + v);
        }
        double r = v.asDouble();
        if (!(r >= 0) || Double.isInfinite(r)) {
            throw new InputException(src, 0, where + ".runtimeInSeconds", "must be a non-negative number of seconds, got " + v);
        }
        if (r > SimTime.MAX_JOB_TIME) { // the bound every job has (SWF, GWF, generators): beyond it times go wrong
            throw new InputException(src, 0, where + ".runtimeInSeconds", "must be at most " + SimTime.format(SimTime.MAX_JOB_TIME)
                    + " s (about 317 years), got " + v);
        }
        return r;
    }

    private static int cores(JsonNode t, String key, String where, String src) {
        JsonNode v = t.path(key);
        if (v.isMissingNode() || v.isNull()) {
            return 1;
        }
        if (!v.isNumber() || !(v.asDouble() > 0) || !(v.asDouble() <= Integer.MAX_VALUE)) { // 3e9 gave 2147483647 cores
            throw new InputException(src, 0, where + "." + key, "expected a positive number of cores, at most " + Integer.MAX_VALUE
                    + ", got " + v);
        }
        return (int) Math.ceil(v.asDouble());
    }
}
