package org.gridsched.workflow.dag;

import java.time.Instant;
import java.util.List;

import org.gridsched.api.metrics.RunInfo;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A simulated workflow instance as a WfCommons 1.5 instance: the workflow's specification (tasks, parents, children)
 * and an {@code execution} section with what the simulation did, so that simulated and real instances can be compared
 * with the same tools. Simulated time t is written as the instant t seconds after 1970-01-01T00:00:00Z; the workflow's
 * {@code executedAt} is its arrival and {@code makespanInSeconds} its last task end minus its arrival; each task's
 * {@code machines} names the cluster it ran on. No wall-clock data: the same run gives the same files.
 */
final class WfCommonsWriter {
    /** Doubles by Schubfach ({@code USE_FAST_DOUBLE_WRITER}): the same digits on every JDK. */
    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).build())
            .enable(SerializationFeature.INDENT_OUTPUT);

    private WfCommonsWriter() {
    }

    static String fileName(WorkflowInstance inst) {
        String safe = inst.workflow.name().replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.endsWith(".json")) {
            safe = safe.substring(0, safe.length() - 5);
        }
        return String.format("workflow-%05d-%s.json", inst.number, safe);
    }

    static String write(WorkflowInstance inst, RunInfo info) {
        Workflow w = inst.workflow;
        ObjectNode root = MAPPER.createObjectNode();
        root.put("name", w.name() + " (simulated instance " + inst.number + ")");
        root.put("description", "Simulated by gridsched from " + w.source() + ": workflow instance " + inst.number
                + ", arrived at t=" + inst.arrival + " s");
        root.put("schemaVersion", "1.5");
        ObjectNode rs = root.putObject("runtimeSystem");
        rs.put("name", "gridsched");
        rs.put("version", "0.1.0");
        ObjectNode wf = root.putObject("workflow");
        ArrayNode spec = wf.putObject("specification").putArray("tasks");
        ObjectNode exec = wf.putObject("execution");
        exec.put("makespanInSeconds", inst.makespan());
        exec.put("executedAt", instant(inst.arrival));
        ArrayNode tasks = exec.putArray("tasks");
        for (int t = 0; t < w.size(); t++) {
            ObjectNode s = spec.addObject();
            s.put("name", w.taskName(t));
            s.put("id", w.id(t));
            ids(s.putArray("parents"), w, w.parents(t));
            ids(s.putArray("children"), w, w.children(t));
            ObjectNode e = tasks.addObject();
            e.put("id", w.id(t));
            e.put("runtimeInSeconds", inst.finish[t] - inst.start[t]);
            e.put("executedAt", instant(inst.start[t]));
            e.put("coreCount", w.cores(t));
            e.putArray("machines").add(info.clusterName(inst.cluster[t]));
        }
        ArrayNode machines = exec.putArray("machines");
        List<Integer> used = java.util.Arrays.stream(inst.cluster).distinct().sorted().boxed().toList();
        for (int c : used) {
            ObjectNode m = machines.addObject();
            m.put("nodeName", info.clusterName(c));
            m.putObject("cpu").put("coreCount", info.clusterProcessors(c));
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void ids(ArrayNode into, Workflow w, int[] tasks) {
        for (int t : tasks) {
            into.add(w.id(t));
        }
    }

    /** t seconds after the epoch, ISO 8601 (e.g. 1970-01-01T00:16:40.5Z). */
    static String instant(double t) {
        long nanos = Math.round(t * 1e9);
        return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L)).toString();
    }
}
