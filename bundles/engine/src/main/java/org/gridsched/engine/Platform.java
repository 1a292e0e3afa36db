package org.gridsched.engine;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.gridsched.api.InputException;

/**
 * The clusters of a run, in a fixed order (cluster index = position), and the network links between them (none:
 * moving data is free).
 */
public record Platform(List<ClusterSpec> clusters, Links links) {
    public Platform(List<ClusterSpec> clusters) {
        this(clusters, Links.none(clusters.size()));
    }

    public Platform {
        if (links == null || links.clusters() != clusters.size()) {
            throw new IllegalArgumentException("links for " + (links == null ? "no" : links.clusters()) + " clusters on a platform of " + clusters.size());
        }
        if (clusters.isEmpty()) {
            throw new InputException(null, 0, "platform", "at least one cluster is needed");
        }
        Set<String> names = new HashSet<>();
        for (ClusterSpec c : clusters) {
            if (!names.add(c.name())) {
                throw new InputException(null, 0, "platform", "cluster name '" + c.name() + "' is used twice");
            }
        }
        clusters = List.copyOf(clusters);
    }

    /** The same clusters with the links a profile declares ({@link Links#parse}); errors name the {@code links} key. */
    public Platform withLinks(Object declared) {
        return declared == null ? this : new Platform(clusters, Links.parse(declared, names()));
    }

    /** The cluster names, in platform order. */
    public List<String> names() {
        List<String> names = new ArrayList<>(clusters.size());
        for (ClusterSpec c : clusters) {
            names.add(c.name());
        }
        return names;
    }

    public int size() {
        return clusters.size();
    }

    public ClusterSpec get(int i) {
        return clusters.get(i);
    }

    public int maxProcessors() {
        int m = 0;
        for (ClusterSpec c : clusters) {
            m = Math.max(m, c.processors());
        }
        return m;
    }

    /**
     * Parses the command-line form {@code NAME:PROCS[:SPEED][,NAME:PROCS[:SPEED]...]}.
     *
     * @param field the option name used in error messages (e.g. {@code --platform})
     */
    public static Platform parse(String text, String field) {
        if (text == null || text.isBlank()) {
            throw new InputException(null, 0, field, "empty platform; expected NAME:PROCS[:SPEED][,...]");
        }
        List<ClusterSpec> list = new ArrayList<>();
        for (String part : text.split(",")) {
            String[] f = part.trim().split(":");
            if (f.length < 2 || f.length > 3) {
                throw new InputException(null, 0, field, "'" + part.trim() + "' is not NAME:PROCS[:SPEED]");
            }
            int procs;
            double speed = 1.0;
            try {
                procs = Integer.parseInt(f[1].trim());
            } catch (NumberFormatException e) {
                throw new InputException(null, 0, field, "processor count '" + f[1] + "' of cluster '" + f[0] + "' is "
                        + (f[1].trim().matches("[+-]?\\d+") ? "too large (at most " + ClusterSpec.MAX_PROCESSORS + ")" : "not a whole number"));
            }
            if (f.length == 3) {
                try {
                    speed = PlainNumbers.parse(f[2].trim());
                } catch (NumberFormatException e) {
                    throw new InputException(null, 0, field, "speed '" + f[2] + "' of cluster '" + f[0] + "' is not a number");
                }
            }
            list.add(new ClusterSpec(f[0].trim(), procs, speed));
        }
        return new Platform(list);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (ClusterSpec c : clusters) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append(c.name()).append(':').append(c.processors());
            if (c.speed() != 1.0) {
                sb.append(':').append(Numbers.format(c.speed()));
            }
        }
        return sb.toString();
    }
}
