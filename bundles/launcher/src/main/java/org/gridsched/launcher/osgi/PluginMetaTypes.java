package org.gridsched.launcher.osgi;

import java.io.InputStream;
import java.util.List;
import java.util.Map;

import org.gridsched.api.Parameter;
import org.gridsched.launcher.PluginRegistry;
import org.osgi.service.metatype.AttributeDefinition;
import org.osgi.service.metatype.MetaTypeProvider;
import org.osgi.service.metatype.ObjectClassDefinition;

/**
 * Describes every plugin's configuration to the OSGi MetaType service, from the plugin's own
 * {@link org.gridsched.api.Plugin#parameters()}: one object class per configuration PID, one string attribute per
 * parameter, with its default and description. So a plugin declares its parameters once, and both {@code plugins}
 * and configuration tools (web console, Configurator) see the same description.
 */
final class PluginMetaTypes implements MetaTypeProvider {
    private final PluginRegistry registry;

    PluginMetaTypes(PluginRegistry registry) {
        this.registry = registry;
    }

    /** The configuration PIDs of the plugins that have parameters (the service property metatype.pid). */
    static List<String> pids(PluginRegistry registry) {
        return registry.all().stream().filter(e -> e.configurationPid() != null && !e.plugin().parameters().isEmpty())
                .map(PluginRegistry.Entry::configurationPid).distinct().sorted().toList();
    }

    @Override
    public ObjectClassDefinition getObjectClassDefinition(String pid, String locale) {
        for (PluginRegistry.Entry e : registry.all()) {
            if (pid.equals(e.configurationPid())) {
                return definition(e);
            }
        }
        throw new IllegalArgumentException("no gridsched plugin is configured under PID " + pid);
    }

    @Override
    public String[] getLocales() {
        return null;
    }

    private static ObjectClassDefinition definition(PluginRegistry.Entry e) {
        List<Parameter> params = e.plugin().parameters();
        AttributeDefinition[] attrs = params.stream().map(PluginMetaTypes::attribute).toArray(AttributeDefinition[]::new);
        return new ObjectClassDefinition() {
            @Override
            public String getName() {
                return e.kind().label() + " " + e.name();
            }

            @Override
            public String getID() {
                return e.configurationPid();
            }

            @Override
            public String getDescription() {
                return e.plugin().description();
            }

            @Override
            public AttributeDefinition[] getAttributeDefinitions(int filter) {
                return filter == ObjectClassDefinition.OPTIONAL ? new AttributeDefinition[0] : attrs.clone();
            }

            @Override
            public InputStream getIcon(int size) {
                return null;
            }
        };
    }

    /** Parameters are text, parsed by the plugin (PluginOptions), so every attribute is a string. */
    private static AttributeDefinition attribute(Parameter p) {
        return new AttributeDefinition() {
            @Override
            public String getName() {
                return p.name();
            }

            @Override
            public String getID() {
                return p.name();
            }

            @Override
            public String getDescription() {
                return p.description();
            }

            @Override
            public int getCardinality() {
                return 0;
            }

            @Override
            public int getType() {
                return AttributeDefinition.STRING;
            }

            @Override
            public String[] getOptionValues() {
                return null;
            }

            @Override
            public String[] getOptionLabels() {
                return null;
            }

            @Override
            public String validate(String value) {
                return null; // the plugin checks values when a run starts, naming the option
            }

            @Override
            public String[] getDefaultValue() {
                return p.defaultValue().isEmpty() ? null : new String[] {p.defaultValue()};
            }
        };
    }

    static Map<String, Object> properties(PluginRegistry registry) {
        return Map.of(MetaTypeProvider.METATYPE_PID, pids(registry).toArray(String[]::new));
    }
}
