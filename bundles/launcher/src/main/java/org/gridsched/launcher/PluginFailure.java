package org.gridsched.launcher;

/**
 * A plugin's code failed while a run was being set up (its {@code create}, its options read there): names the plugin,
 * its bundle and what it threw, where a bare exception left the user to guess which plugin it came from.
 */
public final class PluginFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PluginFailure(PluginRegistry.Entry plugin, String when, Throwable cause) {
        super("the " + plugin.kind().label() + " '" + plugin.name() + "' (" + plugin.provenance() + ") failed " + when + ": " + cause, cause);
    }

    /** The message alone: the class name would tell a user nothing. */
    @Override
    public String toString() {
        return getMessage();
    }
}
