package org.gridsched.report;

import java.io.ByteArrayOutputStream;
import java.util.Base64;
import java.util.zip.Deflater;

/**
 * Every job's rectangles for the HTML Gantt charts, in a compact form the page decodes: columns of variable-length
 * integers (ids, starts as differences, durations, waits, final states, users, processor runs), times in units of
 * {@link #quantum} from {@link #origin}, the whole deflated and in base64 (the page inflates it with the browser's
 * DecompressionStream). A million jobs take a few megabytes instead of the tens that JSON would.
 */
public final class GanttData {
    public final double origin;
    public final double quantum;
    public final int jobs;
    public final int rects;
    /** Whether job ids are whole numbers (sent as differences); else they are sent as a list of strings. */
    public final boolean numericIds;
    public final String base64;

    private GanttData(double origin, double quantum, int jobs, int rects, boolean numericIds, String base64) {
        this.origin = origin;
        this.quantum = quantum;
        this.jobs = jobs;
        this.rects = rects;
        this.numericIds = numericIds;
        this.base64 = base64;
    }

    /** Jobs drawn: those that held processors for some time. */
    static boolean drawn(JobsTable t, int j) {
        return t.ran(j) && t.finish[j] > t.start[j] && !Double.isNaN(t.submit[j]);
    }

    public static GanttData of(JobsTable t) {
        boolean integral = true;
        boolean numeric = true;
        double origin = Double.POSITIVE_INFINITY;
        int jobs = 0;
        int rects = 0;
        for (int j = 0; j < t.size; j++) {
            if (!drawn(t, j)) {
                continue;
            }
            jobs++;
            rects += t.alloc[j].length / 2;
            origin = Math.min(origin, Math.min(t.submit[j], t.start[j]));
            integral &= t.start[j] == Math.rint(t.start[j]) && t.finish[j] == Math.rint(t.finish[j]) && t.submit[j] == Math.rint(t.submit[j]);
            numeric &= isLong(t.ids[j]);
        }
        origin = jobs == 0 ? 0 : Math.floor(origin);
        double q = integral ? 1 : 0.001; // fractional times are drawn to the millisecond
        Columns c = new Columns(jobs);
        long prevId = 0;
        long prevStart = 0;
        for (int j = 0; j < t.size; j++) {
            if (!drawn(t, j)) {
                continue;
            }
            if (numeric) {
                long id = Long.parseLong(t.ids[j]);
                c.ids.zigzag(id - prevId);
                prevId = id;
            }
            long s = Math.round((t.start[j] - origin) / q);
            long f = Math.max(s + 1, Math.round((t.finish[j] - origin) / q));
            long sub = Math.min(s, Math.round((t.submit[j] - origin) / q));
            c.starts.zigzag(s - prevStart);
            prevStart = s;
            c.durations.varint(f - s);
            c.waits.varint(s - sub);
            c.states.varint(t.state[j]);
            if (t.user != null) {
                c.users.varint(t.user[j]);
            }
            int[] r = t.alloc[j];
            c.runCounts.varint(r.length / 2);
            for (int i = 0; i < r.length; i += 2) {
                c.runs.varint(r[i]);
                c.runs.varint(r[i + 1] - r[i]);
            }
        }
        return new GanttData(origin, q, jobs, rects, numeric, Base64.getEncoder().encodeToString(c.deflated()));
    }

    static boolean isLong(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (!(ch >= '0' && ch <= '9' || i == 0 && ch == '-' && s.length() > 1)) {
                return false;
            }
        }
        return true;
    }

    /** The columns, each a stream of variable-length integers; written one after the other, lengths first. */
    private static final class Columns {
        final Bytes ids;
        final Bytes starts;
        final Bytes durations;
        final Bytes waits;
        final Bytes states;
        final Bytes users;
        final Bytes runCounts;
        final Bytes runs;

        Columns(int jobs) {
            ids = new Bytes(jobs);
            starts = new Bytes(jobs * 2);
            durations = new Bytes(jobs * 2);
            waits = new Bytes(jobs * 2);
            states = new Bytes(jobs);
            users = new Bytes(16);
            runCounts = new Bytes(jobs);
            runs = new Bytes(jobs * 3);
        }

        byte[] deflated() {
            Bytes all = new Bytes(64);
            Bytes[] cols = {ids, starts, durations, waits, states, users, runCounts, runs};
            for (Bytes b : cols) {
                all.varint(b.size());
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(all.buf, 0, all.size());
            for (Bytes b : cols) {
                out.write(b.buf, 0, b.size());
            }
            byte[] raw = out.toByteArray();
            Deflater d = new Deflater(6);
            d.setInput(raw);
            d.finish();
            ByteArrayOutputStream z = new ByteArrayOutputStream(raw.length / 2 + 64);
            byte[] chunk = new byte[1 << 16];
            while (!d.finished()) {
                int k = d.deflate(chunk);
                z.write(chunk, 0, k);
            }
            d.end();
            return z.toByteArray();
        }
    }

    /** A growable byte buffer of LEB128 variable-length integers. */
    static final class Bytes {
        byte[] buf;
        int n;

        Bytes(int capacity) {
            buf = new byte[Math.max(16, capacity)];
        }

        int size() {
            return n;
        }

        void varint(long v) {
            if (n + 10 > buf.length) {
                buf = java.util.Arrays.copyOf(buf, buf.length * 2 + 10);
            }
            while ((v & ~0x7FL) != 0) {
                buf[n++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buf[n++] = (byte) v;
        }

        void zigzag(long v) {
            varint((v << 1) ^ (v >> 63));
        }
    }
}
