package org.gridsched.meta;

import java.util.List;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.grid.Grid;
import org.gridsched.api.grid.MetaScheduler;
import org.gridsched.api.grid.Router;
import org.osgi.service.component.annotations.Component;

/**
 * Carbon-aware brokering: each job goes to the cluster that minimises a weighted sum of its estimated response time
 * and its estimated emissions there, each normalised by its largest value over the clusters wide enough:
 * {@code (1 - weight) x (C_c - now) / max (C - now) + weight x E_c / max E}, where C_c is the completion the
 * cluster's batch policy estimates ({@link Grid#estimateCompletion}) and E_c the grams of CO2 the job's processors
 * would emit between its estimated start and completion there ({@link Grid#emissions}: the run's power model times
 * the cluster's carbon-intensity series). Weight 0 is MCT; weight 1 the least-emitting cluster whatever the wait.
 * Ties go to the cluster listed first. Without carbon series every E is 0 and the broker is MCT.
 */
@Component(service = MetaScheduler.class, configurationPid = "gridsched.meta.carbon-aware")
public final class CarbonAwareBroker implements MetaScheduler {
    static final String WEIGHT = "weight";

    @Override
    public String name() {
        return "carbon-aware";
    }

    @Override
    public String description() {
        return "Trades estimated completion time against estimated emissions (power model x carbon intensity) per job";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter(WEIGHT, "0.5", "weight of the emissions against the response time, 0 (MCT) to 1 (least emissions)"));
    }

    @Override
    public Router create(Grid grid, PluginOptions options, long seed) {
        double weight = options.getDouble(WEIGHT, 0.5);
        if (!(weight >= 0 && weight <= 1)) {
            throw new InputException(null, 0, WEIGHT, "must be between 0 and 1, got "
                    + java.math.BigDecimal.valueOf(weight).stripTrailingZeros().toPlainString()); // 7, not 7.0
        }
        int n = grid.clusterCount();
        double[] response = new double[n];
        double[] emissions = new double[n];
        return job -> {
            double now = grid.now();
            double maxResponse = 0;
            double maxEmissions = 0;
            for (int c = 0; c < n; c++) {
                response[c] = Double.NaN;
                if (grid.processors(c) < job.processors()) {
                    continue;
                }
                double completion = grid.estimateCompletion(c, job);
                if (!(completion < Double.POSITIVE_INFINITY)) {
                    continue;
                }
                response[c] = completion - now;
                emissions[c] = weight > 0 ? grid.emissions(c, job.processors(), grid.estimateStart(c, job), completion) : 0;
                maxResponse = Math.max(maxResponse, response[c]);
                maxEmissions = Math.max(maxEmissions, emissions[c]);
            }
            int best = -1;
            double bestScore = Double.POSITIVE_INFINITY;
            for (int c = 0; c < n; c++) {
                if (response[c] != response[c]) {
                    continue;
                }
                double score = (1 - weight) * (maxResponse > 0 ? response[c] / maxResponse : 0)
                        + weight * (maxEmissions > 0 ? emissions[c] / maxEmissions : 0);
                if (best < 0 || score < bestScore) {
                    best = c;
                    bestScore = score;
                }
            }
            if (best < 0) {
                throw new IllegalStateException("no cluster has " + job.processors() + " processors");
            }
            return best;
        };
    }
}
