package org.gridsched.api;

import java.util.Objects;

/**
 * One option a plugin accepts, with its default shown to users.
 *
 * @param name         the option key as written in a profile
 * @param defaultValue the value used when the option is absent, as text ({@code ""} when required)
 * @param description  one line of help
 */
public record Parameter(String name, String defaultValue, String description) {
    public Parameter {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(description, "description");
    }
}
