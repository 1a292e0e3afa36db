package org.gridsched.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * What the launcher assumes about particular plugins, read from {@code defaults.json} beside this class: the
 * defaults of profile keys (and so of {@code simulate} options), warnings about combinations, the experiment
 * matrix's default axes and the benchmark's set-up.
 * Keeping it as data means the launcher's code names no plugin.
 */
final class Defaults {
    private static final JsonNode ROOT = load();

    private Defaults() {
    }

    private static JsonNode load() {
        try (InputStream in = Defaults.class.getResourceAsStream("defaults.json")) {
            if (in == null) {
                throw new IllegalStateException("defaults.json is missing from the launcher bundle");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the launcher's defaults.json: " + e.getMessage(), e);
        }
    }

    /** The choices of a kind when a profile names none; empty if the kind has no default. */
    static List<RunProfile.Choice> choices(Kind kind) {
        return choices(ROOT.path("choices").path(kind.profileKey()));
    }

    /** The choices of a kind when a profile names none and the platform has several clusters. */
    static List<RunProfile.Choice> choicesOnSeveralClusters(Kind kind) {
        JsonNode n = ROOT.path("choices_on_several_clusters").path(kind.profileKey());
        return n.isMissingNode() ? choices(kind) : choices(n);
    }

    /**
     * Plugin name to warning, for runs in which a plugin (a broker, mostly) asked a cluster that uses that plugin of this
     * kind for completion estimates: only a run that used the estimates can be misled by them.
     */
    static Map<String, String> warningsWhenEstimatesAreAsked(Kind kind) {
        return strings(ROOT.path("warnings_when_estimates_are_asked").path(kind.profileKey()));
    }

    /**
     * Plugin name to (counter to warning), for runs in which a cluster using that plugin of this kind reported the
     * counter above 0 ({@code BatchScheduler.counters()}); {@code {n}} in the warning stands for the count.
     */
    static Map<String, Map<String, String>> warningsFromCounters(Kind kind) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        ROOT.path("warnings_from_counters").path(kind.profileKey()).fields()
                .forEachRemaining(e -> out.put(e.getKey(), strings(e.getValue())));
        return out;
    }

    static JsonNode matrix() {
        return ROOT.path("matrix");
    }

    static JsonNode bench() {
        return ROOT.path("bench");
    }


    /** A name, a list of names, or a list of {"name": ..., "options": {...}}. */
    private static List<RunProfile.Choice> choices(JsonNode n) {
        List<RunProfile.Choice> out = new ArrayList<>();
        if (n.isTextual()) {
            out.add(RunProfile.Choice.of(n.asText()));
        } else if (n.isArray()) {
            n.forEach(x -> out.add(x.isTextual() ? RunProfile.Choice.of(x.asText())
                    : new RunProfile.Choice(x.path("name").asText(), options(x.path("options")))));
        }
        return out;
    }

    /** A list of strings (empty if absent). */
    static List<String> list(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.forEach(x -> out.add(x.asText()));
        return out;
    }

    /** An object of string values, in file order (empty if absent). */
    static Map<String, String> strings(JsonNode n) {
        Map<String, String> out = new LinkedHashMap<>();
        n.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    /** An object of option values (numbers, strings, booleans), in file order (empty if absent). */
    @SuppressWarnings("unchecked")
    static Map<String, Object> options(JsonNode n) {
        return n.isObject() ? new ObjectMapper().convertValue(n, LinkedHashMap.class) : new LinkedHashMap<>();
    }
}
