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

    static List<String> split(String line) {
        List<String> l = new ArrayList<>();
        split(line, l);
        return l;
    }
}
