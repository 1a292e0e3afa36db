package org.gridsched.report;

import java.util.List;
import java.util.Map;

import org.gridsched.api.Decimals;

/**
 * JSON text of maps (in insertion order), lists, strings, numbers and arrays: the report's data, byte-identical
 * for the same input. Doubles of {@link Rounded} arrays keep 5 significant digits (chart points need no more).
 */
final class Json {
    private Json() {
    }

    /** A double array written with 5 significant digits. */
    record Rounded(double[] values) {
    }

    static String of(Object o) {
        StringBuilder sb = new StringBuilder(1 << 16);
        write(sb, o);
        return sb.toString();
    }

    static void write(StringBuilder sb, Object o) {
        if (o == null) {
            sb.append("null");
        } else if (o instanceof String s) {
            string(sb, s);
        } else if (o instanceof Boolean b) {
            sb.append(b);
        } else if (o instanceof Double || o instanceof Float) {
            number(sb, ((Number) o).doubleValue());
        } else if (o instanceof Number n) {
            sb.append(n.longValue());
        } else if (o instanceof Map<?, ?> m) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                sb.append(first ? "" : ",");
                first = false;
                string(sb, String.valueOf(e.getKey()));
                sb.append(':');
                write(sb, e.getValue());
            }
            sb.append('}');
        } else if (o instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                sb.append(i > 0 ? "," : "");
                write(sb, l.get(i));
            }
            sb.append(']');
        } else if (o instanceof double[] d) {
            sb.append('[');
            for (int i = 0; i < d.length; i++) {
                sb.append(i > 0 ? "," : "");
                number(sb, d[i]);
            }
            sb.append(']');
        } else if (o instanceof Rounded r) {
            sb.append('[');
            for (int i = 0; i < r.values.length; i++) {
                sb.append(i > 0 ? "," : "");
                number(sb, round(r.values[i]));
            }
            sb.append(']');
        } else if (o instanceof long[] d) {
            sb.append('[');
            for (int i = 0; i < d.length; i++) {
                sb.append(i > 0 ? "," : "").append(d[i]);
            }
            sb.append(']');
        } else if (o instanceof int[] d) {
            sb.append('[');
            for (int i = 0; i < d.length; i++) {
                sb.append(i > 0 ? "," : "").append(d[i]);
            }
            sb.append(']');
        } else {
            throw new IllegalArgumentException("no JSON for " + o.getClass());
        }
    }

    static double round(double v) {
        if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
            return v;
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(5)).doubleValue();
    }

    static void number(StringBuilder sb, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            sb.append("null");
        } else {
            Decimals.append(sb, v);
        }
    }

    static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '<' -> sb.append("\\u003c"); // never "</script>" inside the page's data block
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
