package org.gridsched.cli;

import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Supplier;

import org.apache.felix.service.command.CommandSession;
import org.gridsched.launcher.ShellHelp;
import org.jline.builtins.Completers.FileNameCompleter;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Tab completion in the interactive shell: the first word is a command (gridsched's and Gogo's); after
 * {@code help}, a command; after {@code plugins}, a plugin name; after {@code runs}, {@code cancel} and {@code await}, a
 * run id; a word starting with {@code -}, the command's options; anything else, a file (run profiles, output folders).
 */
final class ShellCompleter implements Completer {
    private final CommandSession session;
    private final Supplier<List<String>> pluginNames;
    private final Supplier<List<String>> runIds;
    private final Completer files = new FileNameCompleter();

    ShellCompleter(CommandSession session, Supplier<List<String>> pluginNames, Supplier<List<String>> runIds) {
        this.session = session;
        this.pluginNames = pluginNames;
        this.runIds = runIds;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        if (line.wordIndex() == 0) {
            add(commands(), candidates);
            return;
        }
        String command = withoutScope(line.words().get(0));
        if (command.equals("help") && line.wordIndex() == 1) {
            add(commands(), candidates);
        } else if (command.equals("plugins") && line.wordIndex() == 1) {
            add(pluginNames.get(), candidates);
        } else if (List.of("runs", "cancel", "await").contains(command) && line.wordIndex() == 1) {
            add(runIds.get(), candidates);
        } else if (line.word().startsWith("-")) {
            add(ShellHelp.options(command), candidates);
        } else {
            files.complete(reader, line, candidates);
        }
    }

    /** Every command of the session without its scope ({@code gridsched:run} is {@code run}), and exit. */
    private Collection<String> commands() {
        TreeSet<String> names = new TreeSet<>(List.of("exit"));
        if (session.get(".commands") instanceof Collection<?> all) {
            all.forEach(c -> names.add(withoutScope(c.toString())));
        }
        return names;
    }

    private static String withoutScope(String command) {
        return command.substring(command.indexOf(':') + 1);
    }

    private static void add(Collection<String> words, List<Candidate> candidates) {
        words.forEach(w -> candidates.add(new Candidate(w)));
    }
}
