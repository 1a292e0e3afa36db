package org.gridsched.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.gridsched.api.PluginOptions;
import org.gridsched.api.batch.BatchPolicy;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.batch.ConservativePolicy;
import org.gridsched.batch.EasyPolicy;
import org.gridsched.batch.FcfsPolicy;
import org.gridsched.engine.ClusterSpec;
import org.gridsched.engine.ListJobSource;
import org.gridsched.engine.Platform;
import org.gridsched.engine.PowerModel;
import org.gridsched.engine.SimJob;
import org.gridsched.engine.Simulation;
import org.gridsched.engine.SimulationResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MCT on a grid where one cluster switches its idle processors off, hand-computed. Clusters a and b of 4 processors;
 * a switches idle processors off after 10 s (switching on takes 60 s), b never. Job 1 (1 processor, 5 s) at 0 goes to
 * a (both free: the first); a's processors are off from 10 and 15. Job 2 (4 processors, 1,000 s) at 100: a could
 * start it at 160 (after switching on), b at once: b, [100, 1100). Job 3 (4, 1,000 s) at 200: b at 1100, a at 260
 * after switching on: a, [260, 1260). Job 4 at 300: a at 1260, b at 1100: b, [1100, 2100). Before the broker saw the
 * switch-on delay, a's off processors looked held for ever and jobs 3 and 4 both queued on b (starts 1100 and 2100).
 */
class PowerManagedBrokerTest {
    private static final PowerModel MODEL = new PowerModel(10, 30, 1, 60, 0, 0, 0);

    @ParameterizedTest
    @ValueSource(strings = {"fcfs", "easy", "cbf"})
    void mctSeesTheSwitchOnDelayOfACusterThatSwitchedOff(String policyName) {
        BatchPolicy policy = switch (policyName) {
            case "fcfs" -> new FcfsPolicy();
            case "easy" -> new EasyPolicy();
            default -> new ConservativePolicy();
        };
        Simulation.Settings settings = new Simulation.Settings();
        settings.router = grid -> new EstimateBasedSchedulers.Mct().create(grid, PluginOptions.empty("mct"), 0);
        settings.power = List.of(MODEL, MODEL);
        settings.powerTimeouts = Arrays.asList(10.0, null);
        Platform platform = new Platform(List.of(new ClusterSpec("a", 4, 1.0), new ClusterSpec("b", 4, 1.0)));
        List<JobRecord> jobs = new ArrayList<>();
        jobs.add(new JobRecord().set(1, 0, 5, 5, 1));
        jobs.add(new JobRecord().set(2, 100, 1000, 1000, 4));
        jobs.add(new JobRecord().set(3, 200, 1000, 1000, 4));
        jobs.add(new JobRecord().set(4, 300, 1000, 1000, 4));
        Simulation sim = new Simulation(platform, c -> policy.create(c, PluginOptions.empty(policyName)), List.of(), settings);
        SimulationResult r = sim.run(new ListJobSource("scenario", jobs));
        StringBuilder placed = new StringBuilder();
        for (SimJob j : r.jobs()) {
            placed.append(j.id()).append(':').append(platform.get(j.cluster()).name()).append('@').append((long) j.startTime()).append(' ');
        }
        assertEquals("1:a@0 2:b@100 3:a@260 4:b@1100 ", placed.toString());
        assertEquals("cluster,from,to,state,processors\n"
                + "a,10,200,off,1-3\n"
                + "a,15,200,off,0\n"
                + "a,200,260,switching_on,0-3\n"
                + "a,1270,2100,off,0-3\n", r.files().get("unavailable.csv"), "off until the last job's end");
    }
}
