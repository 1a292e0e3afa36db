package org.gridsched.launcher;

import java.util.LinkedHashMap;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.Plugin;
import org.gridsched.api.PluginOptions;

/**
 * The options a plugin runs with, from three sources in order of precedence: the run's own (profile or command line),
 * configured values (Configuration Admin), the parameters' defaults. For {@link PluginRegistry.Entry}.
 */
final class ConfiguredOptions {
    private ConfiguredOptions() {
    }

    /**
     * Every option the plugin runs with, in parameter order, as {"value": v, "from": source}: the run's own
     * ({@code givenFrom}: "profile" or "command line"), else configured ({@code configuredFrom}), else the
     * parameter's default ("default"). A required parameter the run did not give has no value and is left out.
     */
    static Map<String, Object> effective(Plugin plugin, Map<String, Object> configured, String configuredFrom, Map<String, ?> given,
            String givenFrom) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Parameter p : plugin.parameters()) {
            if (given != null && given.containsKey(p.name())) {
                out.put(p.name(), source(given.get(p.name()), givenFrom));
            } else if (configured.containsKey(p.name())) {
                out.put(p.name(), source(value(p.name(), configured.get(p.name()), configuredFrom), configuredFrom));
            } else if (!p.defaultValue().isEmpty()) {
                out.put(p.name(), source(p.defaultValue(), "default"));
            }
        }
        return out;
    }

    /** Whether a configured value reaches the plugin (the run does not give that option itself). */
    static boolean used(Plugin plugin, Map<String, Object> configured, Map<String, ?> given) {
        return plugin.parameters().stream()
                .anyMatch(p -> configured.containsKey(p.name()) && (given == null || !given.containsKey(p.name())));
    }

    private static Map<String, Object> source(Object value, String from) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", value);
        m.put("from", from);
        return m;
    }

    /**
     * The options a run gives this plugin: the configured values of its declared parameters ({@link #value}), then
     * the run's own options on top; unknown option names are an error naming the valid ones.
     */
    static PluginOptions merged(Plugin plugin, Map<String, Object> configured, String configuredFrom, String owner,
            Map<String, ?> given) {
        Map<String, Object> merged = new LinkedHashMap<>();
        for (Parameter p : plugin.parameters()) {
            Object v = configured.get(p.name());
            if (v != null && (given == null || !given.containsKey(p.name()))) {
                merged.put(p.name(), value(p.name(), v, configuredFrom));
            }
        }
        if (given != null) {
            merged.putAll(given);
        }
        PluginOptions options = new PluginOptions(owner, merged);
        options.requireKnown(plugin.parameters());
        return options;
    }

    /**
     * A configured value as the plugin takes it: a text that starts with <code>{</code> or {@code [} is JSON, as a
     * {@code --KIND-option} value on the command line is ({@link SimulateOptions#keyValue}): a configuration file's
     * values arrive as text ({@code shares = {"3":2}}). Bad JSON is an error naming the file and the key. The entry keeps
     * the text as written, which {@code plugins NAME} shows.
     */
    static Object value(String key, Object configured, String configuredFrom) {
        if (!(configured instanceof String text)) {
            return configured;
        }
        String json = text.strip();
        if (!json.startsWith("{") && !json.startsWith("[")) {
            return configured;
        }
        try {
            return ProfileParser.jsonValue(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new InputException(configuredFrom == null ? "configuration" : configuredFrom, 0, key, "not valid JSON: "
                    + ProfileParser.optionJsonProblem(json, e));
        }
    }
}
