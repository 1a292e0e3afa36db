package org.gridsched.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;
import org.gridsched.engine.CarbonSeries;
import org.gridsched.engine.Numbers;
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
    static final String MANAGEMENT = "power_management";
    private static final List<String> MODEL_KEYS = List.of("idle", "busy", "off", "switch_on_time", "switch_on_energy", "switch_off_time",
            "switch_off_energy");

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
        double idle = watts(m.get("idle"), where + ".idle");
        double busy = watts(m.get("busy"), where + ".busy");
        if (busy < idle) { // no processor draws less running a job than idling: the two are swapped, most likely
            throw bad(where + ".busy", Numbers.format(busy) + " W is below idle's " + Numbers.format(idle) + " W; a busy processor draws"
                    + " at least its idle power (swapped?)");
        }
        double off = optional(m, "off", where, PowerModel.MAX_WATTS);
        if (off > idle) { // switching off would cost power: the two are swapped, most likely
            throw bad(where + ".off", Numbers.format(off) + " W is above idle's " + Numbers.format(idle) + " W; a processor switched"
                    + " off draws at most its idle power (swapped?)");
        }
        return new PowerModel(idle, busy, off, optional(m, "switch_on_time", where, SimTime.MAX_JOB_TIME),
                optional(m, "switch_on_energy", where, 1e15), optional(m, "switch_off_time", where, SimTime.MAX_JOB_TIME),
                optional(m, "switch_off_energy", where, 1e15));
    }

    /** An optional number from 0 to max (default 0). */
    private static double optional(Map<?, ?> m, String key, String where, double max) {
        Object v = m.get(key);
        if (v == null) {
            return 0;
        }
        if (!(v instanceof Number n) || !(n.doubleValue() >= 0) || n.doubleValue() > max) {
            throw bad(where + "." + key, "expected a number from 0 to " + (long) max + ", got " + v);
        }
        return n.doubleValue();
    }

    /**
     * {@code power_management}: {@code {"timeout": SECONDS}} for every cluster or {@code {"CLUSTER": {"timeout": S}}}
     * (clusters left out stay on); per cluster in platform order, null where processors stay on; null for none.
     */
    static List<Double> management(Object declared, Platform platform) {
        if (declared == null) {
            return null;
        }
        if (!(declared instanceof Map<?, ?> m) || m.isEmpty()) {
            throw bad(MANAGEMENT, "expected {\"timeout\": SECONDS} or one such object per cluster, got " + declared);
        }
        List<Double> out = new ArrayList<>();
        if (m.containsKey("timeout")) {
            double t = timeout(m, MANAGEMENT);
            for (int i = 0; i < platform.size(); i++) {
                out.add(t);
            }
            return out;
        }
        for (Object k : m.keySet()) {
            if (!platform.names().contains(String.valueOf(k))) {
                throw bad(MANAGEMENT + "." + k, "neither timeout nor a cluster of the platform (" + String.join(", ", platform.names())
                        + "): give {\"timeout\": SECONDS} for every cluster, or one such object per cluster");
            }
        }
        for (String name : platform.names()) {
            out.add(m.containsKey(name) ? timeout(m.get(name), MANAGEMENT + "." + name) : null);
        }
        return out;
    }

    private static double timeout(Object v, String where) {
        if (!(v instanceof Map<?, ?> m)) {
            throw bad(where, "expected {\"timeout\": SECONDS}, got " + v);
        }
        for (Object k : m.keySet()) {
            if (!"timeout".equals(k)) {
                throw bad(where + "." + k, "unknown key; valid keys: timeout");
            }
        }
        Object t = m.get("timeout");
        if (!(t instanceof Number n) || !(n.doubleValue() > 0) || n.doubleValue() > SimTime.MAX_JOB_TIME) {
            throw bad(where + ".timeout", "expected a positive number of seconds, got " + t);
        }
        return n.doubleValue();
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
            if (!(g >= 0) || g > CarbonSeries.MAX_INTENSITY) {
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
