package org.gridsched.launcher;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.gridsched.api.InputException;
import org.gridsched.launcher.MatrixAxes.Axis;
import org.gridsched.launcher.MatrixAxes.Value;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * The values of one plugin axis of a matrix, read as the kind's profile key reads a choice: a plugin name, a
 * {@code {"name": ..., "options": {...}}}, "none" where the kind allows none, a list for kinds chosen as a list.
 */
final class AxisValues {
    private AxisValues() {
    }

    /** An axis of plain names, each its own label. */
    static Axis names(Kind kind, List<String> names) {
        List<Value> values = new ArrayList<>();
        names.forEach(n -> values.add(new Value(n, List.of(RunProfile.Choice.of(n)))));
        return new Axis(kind, values);
    }

    /**
     * A plugin axis: a list of values, each labelled by its plugin names ({@code ["fcfs", "cbf"]}), or an object of
     * label: value ({@code {"wait-10": [{"name": "coalloc", "options": {...}}], ...}}); a value is what the kind's
     * profile key takes (one plugin, "none" where allowed, or a list for kinds chosen as a list).
     */
    static Axis axis(Kind kind, Object v, String source) {
        String where = "matrix." + kind.profileKey();
        List<Value> values = new ArrayList<>();
        if (v instanceof List<?> l && !l.isEmpty()) {
            for (int i = 0; i < l.size(); i++) {
                List<RunProfile.Choice> choices = value(kind, l.get(i), where + "[" + i + "]", source);
                values.add(new Value(label(choices), choices));
            }
        } else if (v instanceof Map<?, ?> named && !named.isEmpty()) {
            if (named.get("name") instanceof String && Set.of("name", "options").containsAll(named.keySet())) {
                throw new InputException(source, 0, where, "an axis is a list of values or an object of label: value; one "
                        + kind.label() + " with options is a list of one: [{\"name\": ..., \"options\": {...}}]");
            }
            for (Map.Entry<?, ?> e : named.entrySet()) {
                String label = String.valueOf(e.getKey());
                if (label.isBlank()) {
                    throw new InputException(source, 0, where, "a label is empty");
                }
                values.add(new Value(label, value(kind, e.getValue(), where + "." + label, source)));
            }
        } else {
            throw new InputException(source, 0, where, "expected a non-empty list of " + kind.plural() + " or an object of label: value"
                    + " (each value as \"" + kind.profileKey() + "\" takes it in a profile), got " + MatrixAxes.describe(v));
        }
        Set<String> seen = new HashSet<>();
        Map<List<RunProfile.Choice>, String> same = new java.util.HashMap<>();
        for (Value x : values) {
            if (!seen.add(x.label())) {
                throw new InputException(source, 0, where, "two values are labelled '" + x.label() + "'; give them labels of their own: {\""
                        + x.label() + " a\": ..., \"" + x.label() + " b\": ...}");
            }
            // runs are deterministic: a value given twice would only repeat every run of the first
            String first = same.putIfAbsent(x.choices(), x.label());
            if (first != null) {
                throw new InputException(source, 0, where + "." + x.label(), "the same value as '" + first + "' (" + describe(x.choices())
                        + "): each of its runs would repeat one of '" + first + "'; remove one, or change its options");
            }
        }
        return new Axis(kind, values);
    }

    /** A value as a profile would give it, for errors: "none", "cbf", "cbf {depth=2}", "a+b". */
    private static String describe(List<RunProfile.Choice> choices) {
        if (choices.isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        choices.forEach(c -> parts.add(c.options().isEmpty() ? c.name() : c.name() + " " + new java.util.TreeMap<>(c.options())));
        return String.join(" + ", parts);
    }

    /** The label of a value given in list form: its plugins' names ("none" for none). */
    private static String label(List<RunProfile.Choice> choices) {
        if (choices.isEmpty()) {
            return "none";
        }
        List<String> names = new ArrayList<>();
        choices.forEach(c -> names.add(c.name()));
        return String.join("+", names);
    }

    /** One value of a kind's axis, read as the kind's profile key reads it. */
    private static List<RunProfile.Choice> value(Kind kind, Object v, String where, String source) {
        switch (kind.choosing()) {
            case MANY -> {
                if (v instanceof List<?> l) {
                    List<RunProfile.Choice> out = new ArrayList<>();
                    for (int i = 0; i < l.size(); i++) {
                        out.add(choice(l.get(i), where + "[" + i + "]", source));
                    }
                    return out;
                }
                if (v instanceof Map<?, ?> mm && !mm.containsKey("name")) { // name: options, as in a profile
                    List<RunProfile.Choice> out = new ArrayList<>();
                    for (Map.Entry<?, ?> e : mm.entrySet()) {
                        out.add(new RunProfile.Choice(String.valueOf(e.getKey()), options(e.getValue(), where + "." + e.getKey(), source)));
                    }
                    return out;
                }
                return List.of(choice(v, where, source));
            }
            case ONE_OR_NONE -> {
                return "none".equals(v) ? List.of() : List.of(choice(v, where, source));
            }
            default -> {
                return List.of(choice(v, where, source));
            }
        }
    }

    private static RunProfile.Choice choice(Object v, String where, String source) {
        if (v instanceof String s && !s.isBlank()) {
            return RunProfile.Choice.of(s);
        }
        if (v instanceof Map<?, ?> m) {
            for (Object k : m.keySet()) {
                if (!ProfileParser.CHOICE_KEYS.contains(String.valueOf(k))) {
                    throw new InputException(source, 0, where + "." + k, "unknown key; valid keys in " + where + ": "
                            + String.join(", ", ProfileParser.CHOICE_KEYS));
                }
            }
            if (!(m.get("name") instanceof String name) || name.isBlank()) {
                throw new InputException(source, 0, where + ".name", "missing plugin name");
            }
            return new RunProfile.Choice(name, m.containsKey("options") ? options(m.get("options"), where + ".options", source) : Map.of());
        }
        throw new InputException(source, 0, where, "expected a plugin name or {\"name\": ..., \"options\": {...}}, got " + MatrixAxes.describe(v));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> options(Object v, String where, String source) {
        if (v instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new InputException(source, 0, where, "expected an object of option: value, got " + MatrixAxes.describe(v));
    }
}
