package org.gridsched.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;
import org.gridsched.engine.DeclaredReservation;
import org.gridsched.engine.Platform;

/**
 * A run profile's {@code reservations}: processors held over a time window that every batch policy plans around
 * (a maintenance window, a dedicated slot), e.g.
 * {@code [{"name": "maintenance", "cluster": "a", "start": 86400, "duration": 14400, "processors": "all",
 * "repeat": 604800, "times": 4}]}. {@code end} may replace {@code duration}; {@code processors} is a number or
 * {@code "all"} (the default); {@code repeat} (seconds) and {@code times} (default 1) make a standing window;
 * {@code groups} (SWF group numbers) lets those groups' jobs run inside it (a standing reservation for a group).
 * Times are seconds in the workload's time base. Errors name the key ({@code reservations[0].cluster}).
 */
final class ReservationsKey {
    static final String KEY = "reservations";
    private static final List<String> KEYS = List.of("name", "cluster", "start", "end", "duration", "processors", "repeat", "times",
            "groups");
    /** Enough for a weekly window over a 20-year trace; more is a typo, and each is an event. */
    private static final int MAX_TIMES = 100_000;

    private ReservationsKey() {
    }

    /** The declared reservations on this platform, every repetition expanded, in profile order. */
    static List<DeclaredReservation> of(Object declared, Platform platform) {
        List<DeclaredReservation> out = new ArrayList<>();
        if (declared == null) {
            return out;
        }
        if (!(declared instanceof List<?> list)) {
            throw bad(KEY, "expected a list of reservations {\"cluster\", \"start\", \"duration\", \"processors\"}");
        }
        for (int i = 0; i < list.size(); i++) {
            String where = KEY + "[" + i + "]";
            if (!(list.get(i) instanceof Map<?, ?> m)) {
                throw bad(where, "expected an object {\"cluster\", \"start\", \"duration\", \"processors\"}, got " + list.get(i));
            }
            for (Object k : m.keySet()) {
                if (!KEYS.contains(String.valueOf(k))) {
                    throw bad(where + "." + k, "unknown key; valid keys: " + String.join(", ", KEYS));
                }
            }
            String name = m.get("name") == null ? "reservation " + i : String.valueOf(m.get("name"));
            int cluster = platform.names().indexOf(m.get("cluster"));
            if (cluster < 0) {
                throw bad(where + ".cluster", (m.get("cluster") == null ? "missing" : "unknown cluster '" + m.get("cluster") + "'")
                        + "; the platform's clusters: " + String.join(", ", platform.names()));
            }
            int size = platform.get(cluster).processors();
            int processors = processors(m.get("processors"), where + ".processors", size);
            double start = time(m.get("start"), where + ".start", false);
            if (m.containsKey("end") == m.containsKey("duration")) {
                throw bad(where, "give either \"end\" or \"duration\"");
            }
            double end = m.containsKey("end") ? time(m.get("end"), where + ".end", false) : start + time(m.get("duration"), where + ".duration", true);
            if (!(end > start)) {
                throw bad(where + ".end", "must be after the start (" + SimTime.format(start) + "), got " + SimTime.format(end));
            }
            double repeat = m.containsKey("repeat") ? time(m.get("repeat"), where + ".repeat", true) : 0;
            long times = m.containsKey("times") ? whole(m.get("times"), where + ".times") : 1;
            if (times > 1 && repeat < end - start) {
                throw bad(where + ".repeat", "the windows would overlap: repeat every " + SimTime.format(repeat) + " s, each "
                        + SimTime.format(end - start) + " s long");
            }
            int[] groups = groups(m.get("groups"), where + ".groups");
            for (long k = 0; k < times; k++) {
                out.add(new DeclaredReservation(times > 1 ? name + " #" + (k + 1) : name, where, cluster, processors, start + k * repeat,
                        end + k * repeat, groups));
            }
        }
        return out;
    }

    /** SWF group numbers whose jobs may run inside (a standing reservation); none: a maintenance window. */
    private static int[] groups(Object v, String where) {
        if (v == null) {
            return new int[0];
        }
        if (!(v instanceof List<?> list) || list.isEmpty()) {
            throw bad(where, "expected a non-empty list of group numbers (SWF field 13), got " + v);
        }
        int[] out = new int[list.size()];
        for (int i = 0; i < out.length; i++) {
            Object g = list.get(i);
            if (!(g instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.doubleValue() < 0
                    || n.doubleValue() > Integer.MAX_VALUE) {
                throw bad(where, "expected whole group numbers >= 0, got " + g);
            }
            out[i] = n.intValue();
        }
        return out;
    }

    private static int processors(Object v, String where, int size) {
        if (v == null || "all".equals(v)) {
            return size;
        }
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.doubleValue() < 1 || n.doubleValue() > size) {
            throw bad(where, "expected \"all\" or a whole number from 1 to " + size + ", got " + v);
        }
        return n.intValue();
    }

    private static double time(Object v, String where, boolean positive) {
        if (!(v instanceof Number n)) {
            throw bad(where, v == null ? "missing" : "expected a number of seconds, got '" + v + "'");
        }
        double t = n.doubleValue();
        if (!(positive ? t > 0 : t >= 0) || t > SimTime.MAX_JOB_TIME) {
            throw bad(where, "must be " + (positive ? "positive" : "0 or more") + " and at most " + SimTime.format(SimTime.MAX_JOB_TIME)
                    + " s, got " + v);
        }
        return t;
    }

    private static long whole(Object v, String where) {
        if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.doubleValue() < 1 || n.doubleValue() > MAX_TIMES) {
            throw bad(where, "expected a whole number from 1 to " + MAX_TIMES + ", got " + v);
        }
        return n.longValue();
    }

    private static InputException bad(String key, String problem) {
        return new InputException(null, 0, key, problem);
    }
}
