package org.gridsched.launcher;

import java.util.function.UnaryOperator;

/** A plugin kind's settings ({@link PluginRegistry.Kind}), written as a chain in each constant. */
final class KindSpec {
    PluginRegistry.Kind.Choosing choosing;
    String profileKey;
    String option;
    String optionsOwner;
    UnaryOperator<String> seedRole;
    PluginRegistry.Kind onlyWith;
    PluginRegistry.Kind.Wiring wiring = (run, uses) -> { };

    private KindSpec chosen(PluginRegistry.Kind.Choosing how, String profileKey, String option) {
        this.choosing = how;
        this.profileKey = profileKey;
        this.option = option;
        return this;
    }

    KindSpec perCluster(String profileKey, String option) {
        return chosen(PluginRegistry.Kind.Choosing.PER_CLUSTER, profileKey, option);
    }

    KindSpec one(String profileKey, String option) {
        return chosen(PluginRegistry.Kind.Choosing.ONE, profileKey, option);
    }

    KindSpec oneOrNone(String profileKey, String option) {
        return chosen(PluginRegistry.Kind.Choosing.ONE_OR_NONE, profileKey, option);
    }

    KindSpec many(String profileKey, String option) {
        return chosen(PluginRegistry.Kind.Choosing.MANY, profileKey, option);
    }

    KindSpec workload(String profileKey, String option) {
        return chosen(PluginRegistry.Kind.Choosing.WORKLOAD, profileKey, option);
    }

    KindSpec experiment(String profileKey) {
        return chosen(PluginRegistry.Kind.Choosing.EXPERIMENT, profileKey, null);
    }

    /** How option errors name the plugin ("reallocation 'x'"), when not by its label. */
    KindSpec optionsOwner(String word) {
        this.optionsOwner = word;
        return this;
    }

    /** The role its random stream is seeded by ({@link RunProfile#seedFor}), from the plugin's name. */
    KindSpec seededAs(UnaryOperator<String> role) {
        this.seedRole = role;
        return this;
    }

    /** Chosen (looked up, described) only when a plugin of that kind is. */
    KindSpec onlyWith(PluginRegistry.Kind kind) {
        this.onlyWith = kind;
        return this;
    }

    KindSpec wiring(PluginRegistry.Kind.Wiring w) {
        this.wiring = w;
        return this;
    }
}
