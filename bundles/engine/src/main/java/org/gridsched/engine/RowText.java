package org.gridsched.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A text built row by row to be written at the end of the run (availability.csv and unavailable.csv, a row per failure
 * and per repair): rows are appended to a builder ({@link #tail}) and each megabyte of them becomes a string of its
 * own. One builder grown by doubling to the 60 MB of a run with a million failures allocated and copied about twice
 * its text, in arrays the collector had to move at each full collection, and was copied once more when trimmed.
 */
final class RowText implements CharSequence {
    /** Characters of a piece: large enough that pieces are few, small enough not to be a burden to the collector. */
    private static final int PIECE = 1 << 20;

    private final List<String> pieces = new ArrayList<>();
    /** starts[i]: where piece i begins in the text. */
    private int[] starts = new int[16];
    private int piecesLength;
    private final StringBuilder tail = new StringBuilder(256);

    RowText(String header) {
        tail.append(header);
    }

    /** Where the next row goes; {@link #rowEnd} after it. */
    StringBuilder tail() {
        return tail;
    }

    /** A row is complete: a full piece is put aside. */
    void rowEnd() {
        if (tail.length() >= PIECE) {
            if (pieces.size() == starts.length) {
                starts = Arrays.copyOf(starts, 2 * starts.length);
            }
            starts[pieces.size()] = piecesLength;
            pieces.add(tail.toString());
            piecesLength += tail.length();
            tail.setLength(0);
        }
    }

    @Override
    public int length() {
        return piecesLength + tail.length();
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length()) {
            throw new IndexOutOfBoundsException("index " + index + " of a text of " + length() + " characters");
        }
        if (index >= piecesLength) {
            return tail.charAt(index - piecesLength);
        }
        int p = piece(index);
        return pieces.get(p).charAt(index - starts[p]);
    }

    @Override
    public CharSequence subSequence(int from, int to) {
        if (from < 0 || to > length() || from > to) {
            throw new IndexOutOfBoundsException("[" + from + ", " + to + ") of a text of " + length() + " characters");
        }
        return appendTo(new StringBuilder(to - from), from, to).toString();
    }

    /** Appends the text to {@code sb} from character {@code from} on. */
    StringBuilder appendTo(StringBuilder sb, int from) {
        return appendTo(sb, from, length());
    }

    private StringBuilder appendTo(StringBuilder sb, int from, int to) {
        int at = from;
        for (int p = from < piecesLength ? piece(from) : pieces.size(); p < pieces.size() && at < to; p++) {
            String s = pieces.get(p);
            int end = Math.min(to, starts[p] + s.length());
            sb.append(s, at - starts[p], end - starts[p]);
            at = end;
        }
        if (at < to) {
            sb.append(tail, at - piecesLength, to - piecesLength);
        }
        return sb;
    }

    /** Writes the text as UTF-8, piece by piece. */
    void writeTo(OutputStream out) throws IOException {
        for (String s : pieces) {
            out.write(s.getBytes(StandardCharsets.UTF_8));
        }
        out.write(tail.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The piece that holds character {@code index} (before {@link #piecesLength}). */
    private int piece(int index) {
        int i = Arrays.binarySearch(starts, 0, pieces.size(), index);
        return i >= 0 ? i : -i - 2;
    }

    @Override
    public String toString() {
        return appendTo(new StringBuilder(length()), 0).toString();
    }
}
