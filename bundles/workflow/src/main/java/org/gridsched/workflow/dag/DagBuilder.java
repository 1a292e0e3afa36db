package org.gridsched.workflow.dag;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gridsched.api.InputException;

/**
 * Turns tasks as a file lists them into a {@link Workflow}: resolves each dependency (by id, then by name), puts the
 * tasks in a topological order (Kahn's algorithm, file order among ready tasks) and rejects a cycle, naming the tasks
 * on one.
 */
final class DagBuilder {
    private DagBuilder() {
    }

    /**
     * A task as read, before its dependencies are resolved.
     *
     * @param where the JSON path of the task, for messages
     */
    record RawTask(String id, String name, List<String> parents, List<String> children, double runtime, int cores, String where,
            List<String> inputs, List<String> outputs) {
        RawTask(String id, String name, List<String> parents, List<String> children, double runtime, int cores, String where) {
            this(id, name, parents, children, runtime, cores, where, List.of(), List.of());
        }
    }

    static Workflow build(String name, String src, List<RawTask> raw) {
        return build(name, src, raw, Map.of());
    }

    /** @param sizes the size in bytes of every file the tasks name */
    static Workflow build(String name, String src, List<RawTask> raw, Map<String, Double> sizes) {
        int n = raw.size();
        Map<String, Integer> byId = new HashMap<>();
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < n; i++) {
            RawTask t = raw.get(i);
            if (byId.put(t.id(), i) != null) {
                throw new InputException(src, 0, t.where() + ".id", "task id '" + t.id() + "' is used twice");
            }
            byName.putIfAbsent(t.name(), i);
        }
        List<Set<Integer>> parents = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            parents.add(new LinkedHashSet<>());
        }
        for (int i = 0; i < n; i++) {
            RawTask t = raw.get(i);
            for (String p : t.parents()) {
                parents.get(i).add(resolve(p, t, "parent", byId, byName, src));
            }
            for (String c : t.children()) {
                parents.get(resolve(c, t, "child", byId, byName, src)).add(i);
            }
        }
        int[] order = topologicalOrder(raw, parents, src);
        int[] position = new int[n];
        for (int k = 0; k < n; k++) {
            position[order[k]] = k;
        }
        String[] ids = new String[n];
        String[] names = new String[n];
        double[] runtimes = new double[n];
        int[] cores = new int[n];
        int[][] par = new int[n][];
        List<List<Integer>> ch = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            ch.add(new ArrayList<>());
        }
        for (int k = 0; k < n; k++) {
            RawTask t = raw.get(order[k]);
            ids[k] = t.id();
            names[k] = t.name();
            runtimes[k] = t.runtime();
            cores[k] = t.cores();
            par[k] = parents.get(order[k]).stream().mapToInt(p -> position[p]).sorted().toArray();
            for (int p : par[k]) {
                ch.get(p).add(k);
            }
        }
        int[][] children = new int[n][];
        for (int k = 0; k < n; k++) {
            children[k] = ch.get(k).stream().mapToInt(Integer::intValue).toArray();
        }
        int[][] dataFrom = new int[n][];
        double[][] dataBytes = new double[n][];
        data(src, raw, order, position, par, sizes, dataFrom, dataBytes);
        return new Workflow(name, src, ids, names, runtimes, cores, par, children, dataFrom, dataBytes);
    }

    /**
     * For each task (by position) the tasks that produce its input files and, per producer, the largest such file: the
     * transfers its start may wait for. A file two tasks produce, or produced by a task that is not an ancestor (so
     * perhaps not produced yet), is an error; a file no task produces is a workflow input.
     */
    private static void data(String src, List<RawTask> raw, int[] order, int[] position, int[][] par, Map<String, Double> sizes,
            int[][] dataFrom, double[][] dataBytes) {
        Map<String, Integer> producer = new HashMap<>();
        for (int i = 0; i < raw.size(); i++) {
            for (String f : raw.get(i).outputs()) {
                Integer other = producer.putIfAbsent(f, i);
                if (other != null && other != i) {
                    throw new InputException(src, 0, raw.get(i).where() + ".outputFiles", "file '" + f + "' is produced by both task '"
                            + raw.get(other).id() + "' and task '" + raw.get(i).id() + "'");
                }
            }
        }
        for (int k = 0; k < order.length; k++) {
            RawTask t = raw.get(order[k]);
            java.util.TreeMap<Integer, Double> from = new java.util.TreeMap<>();
            for (String f : t.inputs()) {
                Integer p = producer.get(f);
                if (p == null || p == order[k]) {
                    continue;                                   // a workflow input, or its own output
                }
                int pk = position[p];
                if (!ancestor(pk, k, par)) {
                    throw new InputException(src, 0, t.where() + ".inputFiles", "input file '" + f + "' of task '" + t.id()
                            + "' is produced by task '" + raw.get(p).id() + "', which is not one of its ancestors");
                }
                from.merge(pk, sizes.getOrDefault(f, 0.0), Math::max);
            }
            dataFrom[k] = from.keySet().stream().mapToInt(Integer::intValue).toArray();
            dataBytes[k] = from.values().stream().mapToDouble(Double::doubleValue).toArray();
        }
    }

    /** Whether task {@code a} is an ancestor of task {@code k} (positions; parents have smaller positions). */
    private static boolean ancestor(int a, int k, int[][] par) {
        if (a >= k) {
            return false;
        }
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        java.util.BitSet seen = new java.util.BitSet();
        todo.add(k);
        while (!todo.isEmpty()) {
            for (int p : par[todo.poll()]) {
                if (p == a) {
                    return true;
                }
                if (p > a && !seen.get(p)) {
                    seen.set(p);
                    todo.add(p);
                }
            }
        }
        return false;
    }

    private static int resolve(String ref, RawTask t, String role, Map<String, Integer> byId, Map<String, Integer> byName, String src) {
        Integer i = byId.get(ref);
        if (i == null) {
            i = byName.get(ref);
        }
        if (i == null) {
            throw new InputException(src, 0, t.where() + "." + (role.equals("parent") ? "parents" : "children"),
                    "unknown " + role + " '" + ref + "' of task '" + t.id() + "'");
        }
        return i;
    }

    /** Kahn's algorithm, file order among ready tasks; a cycle is an error that lists the tasks on one. */
    private static int[] topologicalOrder(List<RawTask> raw, List<Set<Integer>> parents, String src) {
        int n = raw.size();
        int[] pending = new int[n];
        List<List<Integer>> children = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            children.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            pending[i] = parents.get(i).size();
            for (int p : parents.get(i)) {
                children.get(p).add(i);
            }
        }
        ArrayDeque<Integer> ready = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            if (pending[i] == 0) {
                ready.add(i);
            }
        }
        int[] order = new int[n];
        int k = 0;
        while (!ready.isEmpty()) {
            int t = ready.poll();
            order[k++] = t;
            for (int c : children.get(t)) {
                if (--pending[c] == 0) {
                    ready.add(c);
                }
            }
        }
        if (k < n) {
            throw new InputException(src, 0, "workflow", "the dependencies have a cycle: " + cycle(raw, parents, pending));
        }
        return order;
    }

    /** Walks up parents among the tasks left over until one repeats: that loop is a cycle. */
    private static String cycle(List<RawTask> raw, List<Set<Integer>> parents, int[] pending) {
        int t = 0;
        while (pending[t] == 0) {
            t++;
        }
        List<Integer> path = new ArrayList<>();
        while (!path.contains(t)) {
            path.add(t);
            for (int p : parents.get(t)) {
                if (pending[p] > 0) {
                    t = p;
                    break;
                }
            }
        }
        List<Integer> loop = new ArrayList<>(path.subList(path.indexOf(t), path.size()));
        Collections.reverse(loop);                    // parent first
        int first = loop.indexOf(Collections.min(loop)); // from the task that comes first in the file
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i <= loop.size(); i++) {
            sb.append(i == 0 ? "" : " -> ").append('\'').append(raw.get(loop.get((first + i) % loop.size())).id()).append('\'');
        }
        return sb.toString();
    }
}
