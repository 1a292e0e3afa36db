package org.gridsched.api;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * CSV as every gridsched result file writes and reads it (RFC 4180): fields separated by commas, a field holding
 * a comma, a double quote or a line break written in double quotes with its quotes doubled. One class for
 * jobs.csv, matrix.csv, queue.csv and the collectors' files, so that a workload, cluster or matrix label named
 * {@code a,"b"} or spanning two lines reads back as it was written.
 *
 * <p>Writing: {@link #field(String)} and {@link #append(StringBuilder, String)}. Reading: {@link Records} gives
 * whole records (a quoted line break joins physical lines, with {@code \n}; {@code \r\n} inside a field reads
 * as {@code \n}); {@link #split(String, List)} cuts a record into fields, {@link #bounds} finds where they are
 * without making strings (a reader of a million records takes only the columns it needs).
 *
 * @since 1.2
 */
public final class Csv {
    private Csv() {
    }

    /** {@code s} as a field: as it is, or quoted with inner quotes doubled when it holds a comma, quote or line break. */
    public static String field(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** Appends {@link #field(String)}, without allocating for a field that needs no quotes. */
    public static StringBuilder append(StringBuilder sb, String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return sb.append(s);
        }
        return sb.append('"').append(s.replace("\"", "\"\"")).append('"');
    }

    /**
     * Records of a CSV text, one at a time. A record is a physical line, or several when a quoted field holds line
     * breaks: while the record so far has an odd number of double quotes a field is open, and the next line
     * belongs to it.
     */
    public static final class Records {
        private final BufferedReader in;
        private long line;
        private long first;

        public Records(BufferedReader in) {
            this.in = in;
        }

        /** The next record, or null at the end. A field still open at the end of the text is closed there. */
        public String next() throws IOException {
            String l = in.readLine();
            if (l == null) {
                return null;
            }
            first = ++line;
            if (l.indexOf('"') < 0) {
                return l; // the common case: no quoted field
            }
            int quotes = count(l);
            if ((quotes & 1) == 0) {
                return l;
            }
            StringBuilder sb = new StringBuilder(l);
            while ((quotes & 1) == 1) {
                String more = in.readLine();
                if (more == null) {
                    break;
                }
                line++;
                sb.append('\n').append(more);
                quotes += count(more);
            }
            return sb.toString();
        }

        /** The physical line (from 1) where the last record began: what a message names. */
        public long line() {
            return first;
        }

        private static int count(String s) {
            int n = 0;
            for (int i = s.indexOf('"'); i >= 0; i = s.indexOf('"', i + 1)) {
                n++;
            }
            return n;
        }
    }

    /** Splits the record {@code line} into {@code into} (cleared first); returns the number of fields. */
    public static int split(String line, List<String> into) {
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
    public static int bounds(String line, Bounds at) {
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
    public static String field(String line, Bounds at, int k) {
        int s = at.start[k];
        int e = at.end[k];
        if (e > s && line.charAt(s) == '"') {
            return split(line.substring(s, e)).get(0);
        }
        return line.substring(s, e);
    }

    /** Field starts and ends, reused from line to line. */
    public static final class Bounds {
        int[] start = new int[32];
        int[] end = new int[32];

        public Bounds() {
        }

        void ensure(int n) {
            if (n > start.length) {
                start = java.util.Arrays.copyOf(start, n * 2);
                end = java.util.Arrays.copyOf(end, n * 2);
            }
        }
    }

    /** The fields of one record. */
    public static List<String> split(String line) {
        List<String> l = new ArrayList<>();
        split(line, l);
        return l;
    }
}
