package org.gridsched.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.engine.CarbonSeries;
import org.gridsched.engine.Platform;
import org.gridsched.engine.PowerModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profile keys {@code power} and {@code carbon}: forms, and errors naming the key, file, line and field. */
class EnergyKeysTest {
    static final Platform AB = Platform.parse("a:4,b:8", "platform");

    @TempDir
    Path dir;

    @Test
    void oneModelForEveryClusterOrOnePerCluster() {
        assertNull(EnergyKeys.power(null, AB));
        assertEquals(List.of(new PowerModel(10, 20), new PowerModel(10, 20)), EnergyKeys.power(Map.of("idle", 10, "busy", 20), AB));
        assertEquals(List.of(new PowerModel(1, 2), new PowerModel(3, 4)),
                EnergyKeys.power(Map.of("a", Map.of("idle", 1, "busy", 2), "b", Map.of("idle", 3, "busy", 4)), AB));
    }

    @Test
    void badPowerNamesTheKey() {
        assertBad(() -> EnergyKeys.power(Map.of("idle", -5, "busy", 20), AB), "power.idle", "between 0");
        assertBad(() -> EnergyKeys.power(Map.of("a", Map.of("idle", 1, "busy", -2), "b", Map.of("idle", 3, "busy", 4)), AB),
                "power.a.busy", "got -2");
        assertBad(() -> EnergyKeys.power(Map.of("a", Map.of("idle", 1, "busy", 2)), AB), "power.b", "missing");
        assertBad(() -> EnergyKeys.power(Map.of("a", Map.of("idle", 1, "busy", 2), "b", Map.of("idle", 1, "busy", 2), "z",
                Map.of("idle", 1, "busy", 2)), AB), "power.z", "unknown cluster");
        assertBad(() -> EnergyKeys.power(Map.of("idle", 1, "busy", 2, "standby", 0), AB), "power.standby", "unknown key");
        assertBad(() -> EnergyKeys.power(Map.of("idle", 1, "busy", 2, "switch_on_time", -3), AB), "power.switch_on_time");
        assertBad(() -> EnergyKeys.power(Map.of("idle", 1), AB), "power.busy", "missing");
        assertBad(() -> EnergyKeys.power(Map.of("a", Map.of("idle", 190, "busy", 95), "b", Map.of("idle", 3, "busy", 4)), AB), "power.a.busy",
                "95 W is below idle's 190 W");
        assertBad(() -> EnergyKeys.power(Map.of("idle", 10, "busy", 30, "off", 50), AB), "power.off", "50 W is above idle's 10 W");
        assertEquals(List.of(new PowerModel(50, 50), new PowerModel(50, 50)), EnergyKeys.power(Map.of("idle", 50, "busy", 50), AB), "equal: flat");
    }

    @Test
    void switchingAndPowerManagement() {
        assertEquals(List.of(new PowerModel(10, 20, 1, 30, 200, 10, 50), new PowerModel(10, 20, 1, 30, 200, 10, 50)),
                EnergyKeys.power(Map.of("idle", 10, "busy", 20, "off", 1, "switch_on_time", 30, "switch_on_energy", 200, "switch_off_time", 10,
                        "switch_off_energy", 50), AB));
        assertNull(EnergyKeys.management(null, AB));
        assertEquals(List.of(600.0, 600.0), EnergyKeys.management(Map.of("timeout", 600), AB));
        assertEquals(java.util.Arrays.asList(null, 60.0), EnergyKeys.management(Map.of("b", Map.of("timeout", 60)), AB));
        assertBad(() -> EnergyKeys.management(Map.of("timeout", 0), AB), "power_management.timeout", "positive");
        assertBad(() -> EnergyKeys.management(Map.of("z", Map.of("timeout", 5)), AB), "power_management.z", "neither timeout nor a cluster of the platform (a, b)");
        assertBad(() -> EnergyKeys.management(Map.of("a", Map.of("delay", 5)), AB), "power_management.a.delay", "unknown key");
    }

    @Test
    void carbonFromFilesOrNumbers() throws Exception {
        Files.writeString(dir.resolve("x.csv"), "time,gco2_per_kwh\n0,100\n60,300\n");
        List<CarbonSeries> s = EnergyKeys.carbon(Map.of("a", "x.csv", "b", 420), dir, AB);
        assertEquals(100, s.get(0).at(0));
        assertEquals(300, s.get(0).at(61));
        assertEquals(420, s.get(1).at(1e6));
        assertEquals(2, EnergyKeys.carbon("x.csv", dir, AB).size());
        assertBad(() -> EnergyKeys.carbon(Map.of("a", "x.csv"), dir, AB), "carbon.b", "missing");
        assertBad(() -> EnergyKeys.carbon(Map.of("a", -1, "b", 3), dir, AB), "carbon.a");
        Files.writeString(dir.resolve("y.csv"), "time,gco2_per_kwh\n0,100\n60,300\n30,200\n");
        InputException e = assertThrows(InputException.class, () -> EnergyKeys.carbon("y.csv", dir, AB));
        assertTrue(e.getMessage().startsWith(dir.resolve("y.csv") + ":4: time"), e.getMessage());
    }

    /** Through the profile parser and the runner's check: carbon without power is an error. */
    @Test
    void carbonNeedsPower() {
        RunProfile p = ProfileParser.parse("{\"platform\": \"a:4\", \"carbon\": 300, \"workload\": {\"generator\": \"lublin99\"}}",
                "p.json", dir);
        assertEquals(300, p.carbon);
        assertBad(() -> {
            org.gridsched.engine.Simulation.Settings s = new org.gridsched.engine.Simulation.Settings();
            s.carbon = EnergyKeys.carbon(p.carbon, p.carbonBase, Platform.parse("a:4", "platform"));
            new org.gridsched.engine.Simulation(Platform.parse("a:4", "platform"), c -> null, List.of(), s);
        }, "carbon", "power model");
    }

    private static void assertBad(org.junit.jupiter.api.function.Executable run, String... expected) {
        InputException e = assertThrows(InputException.class, run);
        for (String x : expected) {
            assertTrue(e.getMessage().contains(x), e.getMessage() + " lacks " + x);
        }
    }
}
