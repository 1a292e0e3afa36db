package org.gridsched.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.engine.CarbonSeries;
import org.gridsched.engine.Platform;
import org.gridsched.engine.PowerModel;

/**
 * A run profile's {@code power} and {@code carbon} keys (docs/energy.md).
 * <p>
 * {@code "power": {"idle": 95, "busy": 190}} gives every cluster that model (watts per processor);
 * {@code "power": {"a": {"idle": 95, "busy": 190}, "b": {...}}} one per cluster, every cluster named.
 * <p>
 * {@code "carbon": "intensity.csv"} (or a number of g/kWh: constant) for every cluster, or
 * {@code "carbon": {"a": "a.csv", "b": 420}} per cluster, every cluster named; files are relative to the profile's
 * folder and read by {@link CarbonSeries#read}. Errors name the key ({@code power.a.idle}, {@code carbon.b}) or the
 * file, line and field.
 */
final class EnergyKeys {
    static final String POWER = "power";
    static final String CARBON = "carbon";
    private static final List<String> MODEL_KEYS = List.of("idle", "busy");

    private EnergyKeys() {
    }

    /** The power model of each cluster, or null when the profile has none. */
    static List<PowerModel> power(Object declared, Platform platform) {
        if (declared == null) {
            return null;
        }
        if (!(declared instanceof Map<?, ?> m) || m.isEmpty()) {
            throw bad(POWER, "expected {\"idle\": WATTS, \"busy\": WATTS} or one such object per cluster, got " + declared);
        }
        List<PowerModel> out = new ArrayList<>();
        if (m.containsKey("idle") || m.containsKey("busy")) {
            PowerModel one = model(m, POWER);
            for (int i = 0; i < platform.size(); i++) {
                out.add(one);
            }
            return out;
        }
        perCluster(m, POWER, platform);
        for (String name : platform.names()) {
            out.add(model(m.get(name), POWER + "." + name));
        }
        return out;
    }

    private static PowerModel model(Object v, String where) {
        if (!(v instanceof Map<?, ?> m)) {
            throw bad(where, "expected {\"idle\": WATTS, \"busy\": WATTS}, got " + v);
        }
        for (Object k : m.keySet()) {
            if (!MODEL_KEYS.contains(String.valueOf(k))) {
                throw bad(where + "." + k, "unknown key; valid keys: " + String.join(", ", MODEL_KEYS));
            }
        }
        return new PowerModel(watts(m.get("idle"), where + ".idle"), watts(m.get("busy"), where + ".busy"));
    }

    private static double watts(Object v, String where) {
        if (!(v instanceof Number n)) {
            throw bad(where, v == null ? "missing" : "expected a number of watts per processor, got '" + v + "'");
        }
        double w = n.doubleValue();
        if (!(w >= 0) || w > PowerModel.MAX_WATTS) {
            throw bad(where, "watts must be between 0 and " + (long) PowerModel.MAX_WATTS + ", got " + v);
        }
        return w;
    }

    /** The carbon intensity of each cluster, or null when the profile has none. */
    static List<CarbonSeries> carbon(Object declared, Path baseDir, Platform platform) {
        if (declared == null) {
            return null;
        }
        List<CarbonSeries> out = new ArrayList<>();
        if (declared instanceof Map<?, ?> m) {
            perCluster(m, CARBON, platform);
            for (String name : platform.names()) {
                out.add(series(m.get(name), CARBON + "." + name, baseDir));
            }
            return out;
        }
        CarbonSeries one = series(declared, CARBON, baseDir);
        for (int i = 0; i < platform.size(); i++) {
            out.add(one);
        }
        return out;
    }

    private static CarbonSeries series(Object v, String where, Path baseDir) {
        if (v instanceof Number n) {
            double g = n.doubleValue();
            if (!(g >= 0) || g > 1e6) {
                throw bad(where, "expected g CO2/kWh between 0 and 1000000, got " + v);
            }
            return CarbonSeries.constant(g);
        }
        if (!(v instanceof String s) || s.isBlank()) {
            throw bad(where, "expected a CSV file of time,gco2_per_kwh or a constant number of g CO2/kWh, got " + v);
        }
        Path p = Path.of(s);
        return CarbonSeries.read(p.isAbsolute() || baseDir == null ? p : baseDir.resolve(p).normalize());
    }

    /** Every key names a cluster of the platform, and every cluster is named. */
    private static void perCluster(Map<?, ?> m, String key, Platform platform) {
        for (Object k : m.keySet()) {
            if (!platform.names().contains(String.valueOf(k))) {
                throw bad(key + "." + k, "unknown cluster; the platform's clusters: " + String.join(", ", platform.names()));
            }
        }
        for (String name : platform.names()) {
            if (!m.containsKey(name)) {
                throw bad(key + "." + name, "missing: given per cluster, every cluster needs one");
            }
        }
    }

    private static InputException bad(String key, String problem) {
        return new InputException(null, 0, key, problem);
    }
}
