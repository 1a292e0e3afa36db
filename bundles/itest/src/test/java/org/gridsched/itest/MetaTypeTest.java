package org.gridsched.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.gridsched.launcher.PluginRegistry;
import org.gridsched.launcher.PluginRegistry.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.metatype.AttributeDefinition;
import org.osgi.service.metatype.MetaTypeInformation;
import org.osgi.service.metatype.MetaTypeService;
import org.osgi.service.metatype.ObjectClassDefinition;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** The plugins' parameters reach the OSGi MetaType service, under each plugin's configuration PID. */
@ExtendWith({BundleContextExtension.class, ServiceExtension.class})
class MetaTypeTest {
    @InjectService(timeout = 5000)
    PluginRegistry registry;

    @InjectService(timeout = 5000)
    MetaTypeService metaType;

    @InjectBundleContext
    BundleContext context;

    @Test
    void reallocationParametersAreDescribedWithTheirDefaults() {
        PluginRegistry.Entry regular = registry.entry(Kind.REALLOCATION, "regular", "realloc");
        Bundle launcher = Arrays.stream(context.getBundles()).filter(b -> "org.gridsched.launcher".equals(b.getSymbolicName()))
                .findFirst().orElseThrow();
        MetaTypeInformation info = metaType.getMetaTypeInformation(launcher);
        assertTrue(Arrays.asList(info.getPids()).contains(regular.configurationPid()), Arrays.toString(info.getPids()));
        ObjectClassDefinition ocd = info.getObjectClassDefinition(regular.configurationPid(), null);
        assertNotNull(ocd);
        Map<String, AttributeDefinition> attrs = Arrays.stream(ocd.getAttributeDefinitions(ObjectClassDefinition.ALL))
                .collect(Collectors.toMap(AttributeDefinition::getID, Function.identity()));
        assertEquals(Map.of("period", "3600", "threshold", "60", "limit", "0", "oldest", "0"),
                attrs.values().stream().collect(Collectors.toMap(AttributeDefinition::getID, a -> a.getDefaultValue()[0])));
        assertTrue(attrs.get("threshold").getDescription().contains("minimum gain"));
    }
}
