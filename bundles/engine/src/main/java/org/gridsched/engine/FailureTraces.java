package org.gridsched.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.SimTime;

/**
 * Readers of failure traces (docs/failures.md). Errors name the file, the line and the field.
 * <ul>
 * <li>gridsched's CSV: {@code time,cluster,processors,duration}, one failure per line; {@code processors} is an
 * interval set of the cluster's own processor ids ({@code 0-3 8}, as in jobs.csv's {@code allocated_resources} but
 * counted from 0 in each cluster) or {@code all}; times in seconds of the workload's time base.</li>
 * <li>The Failure Trace Archive's {@code event_trace.tab} (tab- or space-separated, nine fields: event_id,
 * component_id, node_id, platform_id, node_name, event_type, event_start_time, event_end_time, event_end_reason): every
 * event of type 0 (unavailability) is a failure of its node from its start to its end; other types are skipped. The
 * file's nodes, in order of first appearance, are the cluster's nodes 0, 1, ... of {@code nodeSize} processors each;
 * its times (Unix seconds) minus {@code timeOffset} are the workload's.</li>
 * </ul>
 * Only the first line that is not blank or a {@code #} comment may be a header (its first field a word, not a number); a later
 * line whose number fields are not numbers is an error, never skipped, and so is a file without any event line. A
 * gzip-compressed file is read as its text, and a UTF-8 byte order mark at its start is ignored. Events may come in any
 * order (the simulation takes them in time order).
 */
public final class FailureTraces {
    private FailureTraces() {
    }

    public static List<FailureSpec.Event> csv(Path file, Platform platform) {
        String name = file.toString();
        List<FailureSpec.Event> out = new ArrayList<>();
        lines(file, "time,cluster,processors,duration", (line, text, first) -> {
            String[] f = text.split(",", -1);
            if (first && PlainNumbers.isHeaderField(f[0].strip()) && (f.length < 4 || !number(f[3]))) {
                return true; // a header: words where the time and the duration would be
            }
            if (f.length != 4) {
                throw new InputException(name, line, null, "expected four fields time,cluster,processors,duration, got " + f.length);
            }
            double time = value(f[0], name, line, "time");
            int cluster = platform.names().indexOf(f[1].strip());
            if (cluster < 0) {
                throw new InputException(name, line, "cluster", "unknown cluster '" + f[1].strip() + "'; the platform's clusters: "
                        + String.join(", ", platform.names()));
            }
            int size = platform.get(cluster).processors();
            BitSet ids = processors(f[2].strip(), size, name, line);
            double duration = value(f[3], name, line, "duration");
            check(time, duration, name, line, "duration");
            out.add(new FailureSpec.Event(cluster, ids, time, duration, name, line));
            return false;
        });
        return out;
    }

    public static List<FailureSpec.Event> fta(Path file, Platform platform, int cluster, int nodeSize, double timeOffset) {
        String name = file.toString();
        int size = platform.get(cluster).processors();
        int nodes = (size + nodeSize - 1) / nodeSize;
        Map<String, Integer> nodeIndex = new LinkedHashMap<>();
        List<FailureSpec.Event> out = new ArrayList<>();
        lines(file, "an FTA event_trace", (line, text, first) -> {
            String[] f = text.split("[\\t ]+");
            if (first && PlainNumbers.isHeaderField(f[0].strip()) && (f.length < 8 || !number(f[6]))) {
                return true; // a header: words where the event_id and the start time would be (an id may be a word)
            }
            if (f.length < 8) {
                throw new InputException(name, line, null, "expected the nine fields of an FTA event_trace line (the last, "
                        + "event_end_reason, may be missing), got " + f.length);
            }
            double typeValue = value(f[5], name, line, "event_type");
            if (typeValue != Math.rint(typeValue)) {
                throw new InputException(name, line, "event_type", "'" + f[5].strip() + "' is not a whole number (0 is a failure)");
            }
            int type = (int) typeValue;
            if (type != 0) {
                return false; // availability (1) and other states
            }
            String node = f[2].strip();
            Integer k = nodeIndex.get(node);
            if (k == null) {
                k = nodeIndex.size();
                if (k >= nodes) {
                    throw new InputException(name, line, "node_id", "node " + node + " is the file's " + (k + 1) + "th node; cluster "
                            + platform.get(cluster).name() + " has " + nodes + " nodes of " + nodeSize + " processors (outside the platform)");
                }
                nodeIndex.put(node, k);
            }
            double start = value(f[6], name, line, "event_start_time") - timeOffset;
            double end = value(f[7], name, line, "event_end_time") - timeOffset;
            if (!(start >= 0)) {
                throw new InputException(name, line, "event_start_time", "is before time_offset (" + Numbers.format(timeOffset)
                        + "): " + f[6].strip());
            }
            check(start, end - start, name, line, "event_end_time");
            BitSet ids = new BitSet();
            ids.set(k * nodeSize, Math.min(size, (k + 1) * nodeSize));
            out.add(new FailureSpec.Event(cluster, ids, start, end - start, name, line));
            return false;
        });
        return out;
    }

    private static void check(double time, double duration, String name, long line, String durationField) {
        if (!(time >= 0) || time > SimTime.MAX_JOB_TIME) {
            throw new InputException(name, line, "time", "must be between 0 and " + SimTime.format(SimTime.MAX_JOB_TIME) + ", got "
                    + Numbers.format(time));
        }
        if (!(duration > 0)) {
            throw new InputException(name, line, durationField, "the failure must last a positive time, got " + Numbers.format(duration));
        }
        if (duration > SimTime.MAX_JOB_TIME) {
            throw new InputException(name, line, durationField, "must be at most " + SimTime.format(SimTime.MAX_JOB_TIME) + ", got "
                    + Numbers.format(duration));
        }
    }

    private static BitSet processors(String text, int size, String name, long line) {
        BitSet ids = new BitSet();
        if (text.equals("all")) {
            ids.set(0, size);
            return ids;
        }
        if (text.isEmpty()) {
            throw new InputException(name, line, "processors", "missing; give ids such as 0-3 8, or all");
        }
        for (String part : text.split(" +")) {
            String[] r = part.split("-", -1);
            int from;
            int to;
            try {
                if (r.length > 2) {
                    throw new NumberFormatException();
                }
                from = Integer.parseInt(r[0]);
                to = r.length == 2 ? Integer.parseInt(r[1]) : from;
            } catch (NumberFormatException e) {
                throw new InputException(name, line, "processors", "'" + part + "' is not an id or a range FROM-TO");
            }
            if (to < from) {
                throw new InputException(name, line, "processors", "the range '" + part + "' ends before it starts; write " + to + "-" + from);
            }
            if (from < 0 || to >= size) {
                throw new InputException(name, line, "processors", "'" + part + "' is outside the cluster's processors 0-" + (size - 1));
            }
            ids.set(from, to + 1);
        }
        return ids;
    }

    private interface LineHandler {
        /**
         * {@code first}: the first line that is not blank or a comment, the only one that may be a header; returns
         * whether it was one.
         */
        boolean line(long number, String text, boolean first);
    }

    /** Hands every line that is not blank or a comment to the handler; a file without any line after a header is an error. */
    private static void lines(Path file, String format, LineHandler handler) {
        if (file.toString().isEmpty() || Files.isDirectory(file)) {
            throw new InputException(file.toString().isEmpty() ? "failures" : file.toString(), 0, null,
                    (file.toString().isEmpty() ? "an empty file name" : "is a folder") + "; give a failure trace file");
        }
        try (BufferedReader r = InputFiles.open(file)) {
            String text;
            long line = 0;
            long handed = 0;
            boolean headerOnly = false;
            while ((text = r.readLine()) != null) {
                line++;
                String t = InputFiles.line(text, line).strip();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    handed++;
                    headerOnly = handler.line(line, t, handed == 1);
                }
            }
            if (handed == 0 || headerOnly) {
                throw new InputException(file.toString(), 0, null, "the failure trace has no event line ("
                        + (handed == 0 ? "no line besides blank lines and # comments" : "only a header") + "; the format: " + format
                        + "). For no failures leave the trace out");
            }
        } catch (IOException e) {
            throw InputFiles.unreadable(file.toString(), "failure trace", e);
        }
    }

    private static boolean number(String s) {
        return PlainNumbers.isPlain(s.strip());
    }

    private static double value(String field, String file, long line, String name) {
        String s = field.strip();
        try {
            double v = PlainNumbers.parse(s);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new InputException(file, line, name, "'" + s + "' is not a number");
    }
}
