package org.gridsched.bot;

import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The {@code bot-lublin} workload generator: Lublin-Feitelson jobs (the {@code lublin99} generator, exact
 * run times) compressed into a fixed window at a target load of the whole platform ({@link WindowedWorkload});
 * each job is one bag, its processors the number of tasks.
 */
@Component(service = WorkloadGenerator.class, configurationPid = "gridsched.generator.bot-lublin")
public final class BotWorkload implements WorkloadGenerator {
    public static final String NAME = "bot-lublin";

    private static final List<Parameter> PARAMETERS = List.of(
            new Parameter("processors", "300", "the model's machine size: bags have 1..processors tasks"),
            new Parameter("capacity", "1200", "processors of the whole platform, the load's reference"),
            new Parameter("load", "0.7", "offered load over the window: sum of runtime x tasks / (capacity x window)"),
            new Parameter("window", "1296000", "seconds the bags arrive in (15 days)"),
            new Parameter("pool", "100000", "most model jobs drawn to fill the window"));

    @Reference(target = "(component.name=org.gridsched.workload.synthetic.LublinGenerator)")
    private WorkloadGenerator lublin;

    /** For DS. */
    public BotWorkload() {
    }

    /** For plain Java: over the given lublin99 generator. */
    public BotWorkload(WorkloadGenerator lublin) {
        this.lublin = lublin;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "bags of tasks from the Lublin-Feitelson model, compressed into a fixed window at a target load of the platform";
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public JobSource open(PluginOptions options, long seed) {
        PluginOptions o = options != null ? options : PluginOptions.empty("workload generator '" + NAME + "'");
        o.requireKnown(PARAMETERS);
        int processors = positive(o, "processors", o.getInt("processors", 300));
        int capacity = positive(o, "capacity", o.getInt("capacity", 1200));
        int pool = positive(o, "pool", o.getInt("pool", 100_000));
        double load = o.getPositive("load", 0.7);
        double window = o.getPositive("window", 1_296_000);
        return new WindowedWorkload(lublin.open(WindowedWorkload.innerOptions(processors, pool), seed), pool, load, capacity, window);
    }

    private static int positive(PluginOptions o, String key, int value) {
        if (value < 1) {
            throw new InputException(null, 0, key, "must be a positive whole number, got " + value + " (for workload generator '" + NAME + "')");
        }
        return value;
    }
}
