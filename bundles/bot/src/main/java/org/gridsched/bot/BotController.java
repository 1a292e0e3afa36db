package org.gridsched.bot;

import java.util.List;

import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.control.Controller;
import org.gridsched.api.control.GridController;
import org.gridsched.api.control.GridOperations;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code bot} grid controller: bags of tasks split across providers from offers, with uncoordinated or
 * coordinated rescheduling (Netto and Buyya). Every cluster is a provider whose conservative-backfilling
 * scheduler lives in this controller ({@link Provider}); the clusters' own batch policies never get a job.
 * Options: {@link BotSettings}; the model and its choices: docs/bag-of-tasks.md.
 */
@Component(service = GridController.class, configurationPid = "gridsched.controller.bot")
public final class BotController implements GridController {
    public static final String NAME = "bot";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "bags of tasks over providers: offers from conservative-backfilling plans, uncoordinated or coordinated rescheduling, estimate models";
    }

    @Override
    public List<Parameter> parameters() {
        return BotSettings.PARAMETERS;
    }

    @Override
    public Controller create(GridOperations grid, PluginOptions options, long seed) {
        PluginOptions o = options != null ? options : PluginOptions.empty("grid controller '" + NAME + "'");
        return new BotRun(grid, BotSettings.parse(o, grid.clusterCount()), seed);
    }
}
