package org.gridsched.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListMap;

import org.gridsched.api.InputException;
import org.gridsched.api.Plugin;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.ReallocationAlgorithm;
import org.gridsched.api.grid.SelectionHeuristic;
import org.gridsched.api.metrics.MetricCollector;
import org.gridsched.api.workload.WorkloadGenerator;
import org.gridsched.api.workload.WorkloadReader;

/**
 * The plugins currently available, by kind and name, with where they come from. Filled by the OSGi
 * service tracker at run time, or by hand in tests and plain-Java use. Thread-safe: services come and go
 * on framework threads while a run looks them up.
 */
public class PluginRegistry {

    /** The kinds of plugin, with the word users see. */
    public enum Kind {
        BATCH("batch policy", "batch policies", BatchPolicy.class),
        META("meta-scheduler", "meta-schedulers", MetaScheduler.class),
        REALLOCATION("reallocation algorithm", "reallocation algorithms", ReallocationAlgorithm.class),
        HEURISTIC("selection heuristic", "selection heuristics", SelectionHeuristic.class),
        READER("workload reader", "workload readers", WorkloadReader.class),
        GENERATOR("workload generator", "workload generators", WorkloadGenerator.class),
        COLLECTOR("metric collector", "metric collectors", MetricCollector.class);

        final String label;
        final String plural;
        final Class<? extends Plugin> type;

        Kind(String label, String plural, Class<? extends Plugin> type) {
            this.label = label;
            this.plural = plural;
            this.type = type;
        }

        public String label() {
            return label;
        }

        public String plural() {
            return plural;
        }

        public static Kind of(Plugin p) {
            for (Kind k : values()) {
                if (k.type.isInstance(p)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("not a gridsched plugin: " + p.getClass().getName());
        }
    }

    /** A registered plugin and its provenance (bundle symbolic name and version, or "classpath"). */
    public record Entry(Kind kind, Plugin plugin, String bundle, String version, long ranking) {
        public String name() {
            return plugin.name();
        }
    }

    private final ConcurrentSkipListMap<String, List<Entry>> entries = new ConcurrentSkipListMap<>();

    private static String key(Kind kind, String name) {
        return kind.ordinal() + ":" + name;
    }

    /** Adds a plugin. Two plugins of the same kind and name: the higher ranking (then the newer) wins. */
    public synchronized void add(Plugin plugin, String bundle, String version, long ranking) {
        Kind kind = Kind.of(plugin);
        List<Entry> list = new ArrayList<>(entries.getOrDefault(key(kind, plugin.name()), List.of()));
        list.add(0, new Entry(kind, plugin, bundle, version, ranking));
        list.sort(Comparator.comparingLong(Entry::ranking).reversed());
        entries.put(key(kind, plugin.name()), List.copyOf(list));
    }

    public void add(Plugin plugin) {
        add(plugin, "classpath", "", 0);
    }

    public synchronized void remove(Plugin plugin) {
        Kind kind = Kind.of(plugin);
        String k = key(kind, plugin.name());
        List<Entry> list = new ArrayList<>(entries.getOrDefault(k, List.of()));
        list.removeIf(e -> e.plugin() == plugin);
        if (list.isEmpty()) {
            entries.remove(k);
        } else {
            entries.put(k, List.copyOf(list));
        }
    }

    /** All plugins, sorted by kind then name (the active one of each name only). */
    public List<Entry> all() {
        List<Entry> out = new ArrayList<>();
        for (List<Entry> list : entries.values()) {
            out.add(list.get(0));
        }
        return out;
    }

    public TreeSet<String> names(Kind kind) {
        TreeSet<String> names = new TreeSet<>();
        for (Entry e : all()) {
            if (e.kind() == kind) {
                names.add(e.name());
            }
        }
        return names;
    }

    /**
     * The plugin of that kind and name.
     *
     * @param field where the name came from, for the error message (e.g. {@code --batch})
     * @throws InputException naming the valid choices if there is none
     */
    public <T extends Plugin> T get(Kind kind, String name, String field) {
        List<Entry> list = entries.get(key(kind, name));
        if (list == null) {
            TreeSet<String> valid = names(kind);
            throw new InputException(null, 0, field, "unknown " + kind.label + " '" + name + "'; available: "
                    + (valid.isEmpty() ? "none (is its bundle installed and started?)" : String.join(", ", valid)));
        }
        @SuppressWarnings("unchecked")
        T plugin = (T) kind.type.cast(list.get(0).plugin());
        return plugin;
    }

    /** The first reader (by name) that accepts the file. */
    public WorkloadReader readerFor(Path file, String field) {
        TreeMap<String, WorkloadReader> readers = new TreeMap<>();
        for (Entry e : all()) {
            if (e.kind() == Kind.READER) {
                readers.put(e.name(), (WorkloadReader) e.plugin());
            }
        }
        for (WorkloadReader r : readers.values()) {
            if (r.accepts(file)) {
                return r;
            }
        }
        throw new InputException(null, 0, field, "no workload reader recognises '" + file.getFileName()
                + "'; readers: " + (readers.isEmpty() ? "none" : String.join(", ", readers.keySet()))
                + " (name one with \"reader\" in the profile)");
    }
}
