package org.gridsched.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The options given to one plugin (from a run profile or the command line), with typed getters that
 * turn bad values into {@link InputException}s naming the option. Values are JSON-like: numbers,
 * strings, booleans, lists and maps.
 */
public final class PluginOptions {
    private final String owner;
    private final Map<String, Object> values;

    /**
     * @param owner  who the options are for, used in messages (e.g. {@code "batch policy 'cbf'"})
     * @param values the raw values; copied
     */
    public PluginOptions(String owner, Map<String, ?> values) {
        this.owner = owner;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values == null ? Map.of() : values));
    }

    public static PluginOptions empty(String owner) {
        return new PluginOptions(owner, Map.of());
    }

    public String owner() {
        return owner;
    }

    public Map<String, Object> asMap() {
        return values;
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    /** Fails with a message listing the valid keys if any given key is not among {@code parameters}. */
    public void requireKnown(List<Parameter> parameters) {
        TreeSet<String> known = parameters.stream().map(Parameter::name).collect(Collectors.toCollection(TreeSet::new));
        for (String key : values.keySet()) {
            if (!known.contains(key)) {
                throw new InputException(null, 0, key, "unknown option for " + owner + "; valid options: "
                        + (known.isEmpty() ? "(none)" : String.join(", ", known)));
            }
        }
    }

    public String getString(String key, String defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        throw bad(key, v, "a string");
    }

    public double getDouble(String key, double defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof String s) {
            String t = s.trim();
            // Java's parser also takes a type suffix and hexadecimal ("7d" is 7, "1f" is 1, "0x10p0" is 16): a
            // duration written "7d" would silently be 7 seconds. Only decimal numbers, Infinity and NaN are numbers.
            if (!DECIMAL.matcher(t).matches()) {
                throw bad(key, v, "a number");
            }
            return Double.parseDouble(t);
        }
        throw bad(key, v, "a number");
    }

    private static final java.util.regex.Pattern DECIMAL =
            java.util.regex.Pattern.compile("[+-]?(NaN|Infinity|(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?)");

    public long getLong(String key, long defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        double d = getDouble(key, defaultValue);
        if (d != Math.rint(d) || Math.abs(d) > 9.0e15) {
            throw bad(key, v, "a whole number");
        }
        return (long) d;
    }

    public int getInt(String key, int defaultValue) {
        long l = getLong(key, defaultValue);
        if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
            throw bad(key, values.get(key), "a whole number in the int range");
        }
        return (int) l;
    }

    public boolean getBoolean(String key, boolean defaultValue) {
        Object v = values.get(key);
        if (v == null) {
            return defaultValue;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(s);
        }
        throw bad(key, v, "true or false");
    }

    /** A positive number, or an error naming the option. */
    public double getPositive(String key, double defaultValue) {
        double d = getDouble(key, defaultValue);
        if (!(d > 0) || Double.isInfinite(d)) {
            throw bad(key, values.get(key), "a positive number");
        }
        return d;
    }

    private InputException bad(String key, Object value, String expected) {
        return new InputException(null, 0, key, "expected " + expected + " for " + owner + ", got '" + value + "'");
    }

    @Override
    public String toString() {
        return owner + " " + values;
    }
}
