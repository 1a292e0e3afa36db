package org.gridsched.api;

/**
 * Bad user input: a malformed trace line, an impossible job, an unknown option or plugin name. The
 * message names where the problem is (file, line, field) so that the user can fix it; the launcher prints
 * it without a stack trace.
 */
public class InputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final long line;
    private final String field;
    private final String problem;

    /**
     * @param source the file or profile the input came from (may be null)
     * @param line   1-based line number, or 0 when not line-oriented
     * @param field  the offending field or key (may be null)
     * @param problem what is wrong, in words
     */
    public InputException(String source, long line, String field, String problem) {
        super(format(source, line, field, problem));
        this.source = source;
        this.line = line;
        this.field = field;
        this.problem = problem;
    }

    public InputException(String problem) {
        this(null, 0, null, problem);
    }

    private static String format(String source, long line, String field, String problem) {
        StringBuilder sb = new StringBuilder();
        if (source != null) {
            sb.append(source);
            if (line > 0) {
                sb.append(':').append(line);
            }
            sb.append(": ");
        }
        if (field != null) {
            sb.append(field).append(": ");
        }
        return sb.append(problem).toString();
    }

    public String source() {
        return source;
    }

    public long line() {
        return line;
    }

    public String field() {
        return field;
    }

    /**
     * What is wrong, in words, without the source, line and field the message starts with: for an error that names
     * the same problem where the input was given ({@code matrix.platforms.a} of a profile file).
     *
     * @since 1.3
     */
    public String problem() {
        return problem;
    }
}
