package org.gridsched.launcher;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.gridsched.api.InputException;

/**
 * The named bundle sets in {@code features/}: one JSON file per feature,
 * <pre>{@code {"description": "...", "includes": ["core"], "bundles": ["org.gridsched.batch"]}}</pre>
 * A feature's bundles are its own plus those of the features it includes. Plain Java; the launcher installs
 * the bundles of the chosen features when the framework starts.
 */
public final class FeatureCatalog {

    /** One feature as written in its file. */
    public record Feature(String name, String description, List<String> includes, List<String> bundles, Path file) {
    }

    private static final Set<String> KEYS = Set.of("description", "includes", "bundles");
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private final Map<String, Feature> features;

    private FeatureCatalog(Map<String, Feature> features) {
        this.features = features;
    }

    /** Reads every {@code *.json} of the folder; checks the keys, the names and that includes exist and do not loop. */
    public static FeatureCatalog load(Path dir) {
        Map<String, Feature> features = new TreeMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.json")) {
            for (Path f : files) {
                Feature feature = read(f);
                features.put(feature.name(), feature);
            }
        } catch (NoSuchFileException e) {
            throw new InputException(dir.toString(), 0, null, "no features folder");
        } catch (IOException e) {
            throw new InputException(dir.toString(), 0, null, "cannot read the features folder: " + e.getMessage());
        }
        FeatureCatalog catalog = new FeatureCatalog(features);
        for (Feature f : features.values()) {
            for (String inc : f.includes()) {
                if (!features.containsKey(inc)) {
                    throw new InputException(f.file().toString(), 0, "includes", "unknown feature '" + inc + "'; features: "
                            + String.join(", ", features.keySet()));
                }
            }
            catalog.bundlesOf(List.of(f.name())); // fails on a cycle
        }
        return catalog;
    }

    private static Feature read(Path f) throws IOException {
        String name = f.getFileName().toString().replaceFirst("\\.json$", "");
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(f));
        } catch (JsonProcessingException e) {
            throw new InputException(f.toString(), e.getLocation() == null ? 0 : e.getLocation().getLineNr(), null,
                    "not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw new InputException(f.toString(), 0, null, "a feature is a JSON object with description, includes and bundles");
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!KEYS.contains(k)) {
                throw new InputException(f.toString(), 0, k, "unknown key; valid keys: bundles, description, includes");
            }
        }
        JsonNode d = root.get("description");
        if (d != null && !d.isTextual()) {
            throw new InputException(f.toString(), 0, "description", "expected a string");
        }
        return new Feature(name, d == null ? "" : d.asText(), strings(root, "includes", f), strings(root, "bundles", f), f);
    }

    private static List<String> strings(JsonNode root, String key, Path f) {
        JsonNode n = root.get(key);
        List<String> out = new ArrayList<>();
        if (n == null) {
            return out;
        }
        if (!n.isArray()) {
            throw new InputException(f.toString(), 0, key, "expected an array of names");
        }
        for (JsonNode e : n) {
            if (!e.isTextual() || e.asText().isBlank()) {
                throw new InputException(f.toString(), 0, key, "expected an array of names, found " + e);
            }
            out.add(e.asText());
        }
        return List.copyOf(out);
    }

    public Collection<Feature> all() {
        return features.values();
    }

    public Feature get(String name) {
        Feature f = features.get(name);
        if (f == null) {
            throw new InputException(null, 0, "features", "unknown feature '" + name + "'; features: " + String.join(", ", features.keySet()));
        }
        return f;
    }

    /** The bundle symbolic names of the features and everything they include, in a stable order, without repeats. */
    public List<String> bundlesOf(Collection<String> names) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String n : names) {
            collect(get(n), out, new LinkedHashSet<>());
        }
        return List.copyOf(out);
    }

    private void collect(Feature f, Set<String> out, LinkedHashSet<String> path) {
        if (!path.add(f.name())) {
            throw new InputException(f.file().toString(), 0, "includes", "features include each other in a loop: "
                    + String.join(" -> ", path) + " -> " + f.name());
        }
        for (String inc : f.includes()) {
            collect(get(inc), out, path);
        }
        out.addAll(f.bundles());
        path.remove(f.name());
    }
}
