package org.gridsched.workflow.dag;

import org.gridsched.api.InputException;

/**
 * Checks a workflow's name when it is read. The name ends up in a file name ({@link WfCommonsWriter#fileName}:
 * {@code workflow-NNNNN-<name>.json}) and in {@code workflows.csv}; both are written only after the whole
 * simulation, so a name that cannot be used there must be refused before it starts, or the results are lost.
 */
final class WorkflowName {
    /**
     * Most file systems take 255 bytes per file name; the writer keeps ASCII only (one byte a character) and adds
     * {@code workflow-NNNNN-} and {@code .json}: 200 leaves room for instance numbers of any length.
     */
    static final int MAX_LENGTH = 200;

    private WorkflowName() {
    }

    /**
     * @param field where the name came from, for the message ({@code name}, or the file's name when it has none)
     */
    static String check(String name, String source, String field) {
        if (name.isBlank()) {
            throw new InputException(source, 0, field, "is empty; give the workflow a name (it names its result files)");
        }
        // first: the length message below quotes the name
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isISOControl(c)) { // a line break would split workflows.csv; escapes would reach terminals
                throw new InputException(source, 0, field, String.format("has the control character U+%04X at position %d;"
                        + " a name is one line of printable characters", (int) c, i + 1));
            }
        }
        if (name.length() > MAX_LENGTH) {
            throw new InputException(source, 0, field, "is " + name.length() + " characters long; at most " + MAX_LENGTH
                    + " are allowed (it names the workflow's result files): '" + name.substring(0, 40) + "...'");
        }
        return name;
    }
}
