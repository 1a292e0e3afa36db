package org.gridsched.report;

import java.util.ArrayList;
import java.util.List;

/** RFC 4180 fields of one line: quoted fields may hold commas and doubled quotes (jobs.csv quotes workload names). */
final class Csv {
    private Csv() {
    }

    /** Splits {@code line} into {@code into} (cleared first); returns the number of fields. */
    static int split(String line, List<String> into) {
        into.clear();
        int n = line.length();
        int i = 0;
        while (true) {
            if (i < n && line.charAt(i) == '"') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (i < n) {
                    char ch = line.charAt(i);
                    if (ch == '"') {
                        if (i + 1 < n && line.charAt(i + 1) == '"') {
                            sb.append('"');
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    sb.append(ch);
                    i++;
                }
                into.add(sb.toString());
                while (i < n && line.charAt(i) != ',') {
                    i++;
                }
            } else {
                int comma = line.indexOf(',', i);
                int end = comma < 0 ? n : comma;
                into.add(line.substring(i, end));
                i = end;
            }
            if (i >= n) {
                return into.size();
            }
            i++; // the comma
            if (i == n) {
                into.add("");
                return into.size();
            }
        }
    }

    /**
     * Where each field of {@code line} starts and ends (quotes included), without making strings: a reader of a
     * million lines takes only the columns it needs. Returns the number of fields; {@code at} grows if needed.
     */
    static int bounds(String line, Bounds at) {
        int n = line.length();
        int k = 0;
        int i = 0;
        while (true) {
            at.ensure(k + 1);
            at.start[k] = i;
            if (i < n && line.charAt(i) == '"') {
                i++;
                while (i < n) {
                    if (line.charAt(i) == '"') {
                        if (i + 1 < n && line.charAt(i + 1) == '"') {
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    i++;
                }
                while (i < n && line.charAt(i) != ',') {
                    i++;
                }
            } else {
                int comma = line.indexOf(',', i);
                i = comma < 0 ? n : comma;
            }
            at.end[k++] = i;
            if (i >= n) {
                return k;
            }
            i++;
            if (i == n) {
                at.ensure(k + 1);
                at.start[k] = n;
                at.end[k++] = n;
                return k;
            }
        }
    }

    /** Field {@code k} of a line cut by {@link #bounds}, unquoted. */
    static String field(String line, Bounds at, int k) {
        int s = at.start[k];
        int e = at.end[k];
        if (e > s && line.charAt(s) == '"') {
            return split(line.substring(s, e)).get(0);
        }
        return line.substring(s, e);
    }

    /** Field starts and ends, reused from line to line. */
    static final class Bounds {
        int[] start = new int[32];
        int[] end = new int[32];

        void ensure(int n) {
            if (n > start.length) {
                start = java.util.Arrays.copyOf(start, n * 2);
                end = java.util.Arrays.copyOf(end, n * 2);
            }
        }
    }

    static List<String> split(String line) {
        List<String> l = new ArrayList<>();
        split(line, l);
        return l;
    }
}
