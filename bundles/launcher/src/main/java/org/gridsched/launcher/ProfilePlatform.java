package org.gridsched.launcher;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import org.gridsched.api.InputException;
import org.gridsched.engine.Platform;
import org.gridsched.launcher.PluginRegistry.Kind;

/**
 * A profile's {@code "platform"}: the text form {@code "NAME:PROCS[:SPEED],..."} or a list of clusters, each with its
 * processors, speed and optionally its own batch policy.
 */
final class ProfilePlatform {
    private ProfilePlatform() {
    }

    static List<RunProfile.ClusterEntry> read(ProfileParser parser, JsonNode node) {
        List<RunProfile.ClusterEntry> list = new ArrayList<>();
        if (node.isTextual()) {
            try {
                Platform.parse(node.asText(), "platform").clusters()
                        .forEach(c -> list.add(new RunProfile.ClusterEntry(c.name(), c.processors(), c.speed(), null)));
            } catch (InputException e) {
                throw new InputException(parser.source, 0, null, e.getMessage());
            }
            return list;
        }
        if (!node.isArray() || node.isEmpty()) {
            throw parser.error("platform", "expected a list of clusters or \"NAME:PROCS[:SPEED],...\"");
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode c = node.get(i);
            String where = "platform[" + i + "]";
            if (!c.isObject()) {
                throw parser.error(where, "expected {\"name\": ..., \"processors\": ..., \"speed\": ...}");
            }
            parser.checkKeys(c, ProfileParser.CLUSTER_KEYS, where);
            String name = c.has("name") ? parser.text(c.get("name"), where + ".name") : "cluster" + i;
            JsonNode procs = c.get("processors");
            if (procs == null || !procs.isIntegralNumber() || procs.asLong() <= 0 || procs.asLong() > Integer.MAX_VALUE) {
                throw parser.error(where + ".processors", "expected a positive whole number, got " + procs);
            }
            double speed = 1.0;
            if (c.has("speed")) {
                JsonNode s = c.get("speed");
                if (!s.isNumber() || !(s.asDouble() > 0)) {
                    throw parser.error(where + ".speed", "expected a positive number, got " + s);
                }
                speed = s.asDouble();
            }
            String batchKey = Kind.BATCH.profileKey();
            RunProfile.Choice batch = c.has(batchKey) ? parser.choice(c.get(batchKey), where + "." + batchKey) : null;
            list.add(new RunProfile.ClusterEntry(name, procs.asInt(), speed, batch));
        }
        return list;
    }
}
