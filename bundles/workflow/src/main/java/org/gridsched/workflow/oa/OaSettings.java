package org.gridsched.workflow.oa;

import java.util.List;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.Parameter;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.SimTime;
import org.gridsched.workflow.io.InputFiles;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The options of the {@code ocean-atmosphere} controller, read once when a run is created.
 *
 * @param failureMtbf mean time to failure of a running main task, seconds (0: no failures)
 * @param assignment  which scenario an idle group runs next
 */
public record OaSettings(Benchmarks benchmarks, int scenarios, int months, String grouping, Repartition repartition,
        PostRule posts, boolean shortcut, double start, double failureMtbf, Assignment assignment) {

    static final String BENCHMARKS = "benchmarks";
    static final String SCENARIOS = "scenarios";
    static final String MONTHS = "months";
    static final String GROUPING = "grouping";
    static final String REPARTITION = "repartition";
    static final String POSTS = "posts";
    static final String SHORTCUT = "shortcut";
    static final String START = "start";
    static final String FAILURE_MTBF = "failure_mtbf";
    static final String ASSIGNMENT = "assignment";
    /** The default scenario assignment: the reading of the thesis that reproduces its Figs 4.13 and 4.14. */
    public static final Assignment DEFAULT_ASSIGNMENT = Assignment.BALANCED;

    /** With the default scenario assignment. */
    public OaSettings(Benchmarks benchmarks, int scenarios, int months, String grouping, Repartition repartition, PostRule posts,
            boolean shortcut, double start, double failureMtbf) {
        this(benchmarks, scenarios, months, grouping, repartition, posts, shortcut, start, failureMtbf, DEFAULT_ASSIGNMENT);
    }

    /** The same experiment with another repartition or grouping (studies compare them). */
    public OaSettings with(Repartition r, String grouping) {
        return new OaSettings(benchmarks, scenarios, months, grouping, r, posts, shortcut, start, failureMtbf, assignment);
    }

    /** Estimates assume no failure and start at 0. */
    OaSettings forEstimates() {
        return new OaSettings(benchmarks, scenarios, months, grouping, repartition, posts, shortcut, 0, 0, assignment);
    }

    public OaSettings withScenarios(int ns) {
        return new OaSettings(benchmarks, ns, months, grouping, repartition, posts, shortcut, start, failureMtbf, assignment);
    }

    /** The same experiment with another scenario assignment. */
    public OaSettings with(Assignment a) {
        return new OaSettings(benchmarks, scenarios, months, grouping, repartition, posts, shortcut, start, failureMtbf, a);
    }

    static List<Parameter> parameters(String groupings) {
        return List.of(
                new Parameter(BENCHMARKS, "", "benchmark tables of the platform's clusters: a JSON file, or the same object inline"),
                new Parameter(SCENARIOS, "10", "NS, independent scenarios"),
                new Parameter(MONTHS, "1800", "NM, monthly main tasks per scenario (150 years: 1800)"),
                new Parameter(GROUPING, "knapsack", "grouping heuristic: " + groupings),
                new Parameter(REPARTITION, "algorithm3", "scenarios over clusters: algorithm3 (thesis Algorithm 3) or round-robin"),
                new Parameter(POSTS, "iterations", "post-processing tasks: iterations (the thesis's eqs 4.3-4.7) or greedy"),
                new Parameter(ASSIGNMENT, DEFAULT_ASSIGNMENT.word(), "which scenario an idle group runs next: balanced (may wait for a"
                        + " less advanced scenario on a slower group when that ends both earlier) or least-advanced (never waits)"),
                new Parameter(SHORTCUT, "true", "eq 4.11: estimate 1..nbDags scenarios of a cluster with one simulation"),
                new Parameter(START, "0", "when the experiment starts, seconds"),
                new Parameter(FAILURE_MTBF, "0", "mean time to failure of a running main task, seconds (0: none); a failed month restarts"));
    }

    static OaSettings parse(PluginOptions o, List<Parameter> parameters) {
        o.requireKnown(parameters);
        if (!o.has(BENCHMARKS)) {
            throw new InputException(null, 0, BENCHMARKS, "missing for " + o.owner()
                    + "; give a benchmark file (e.g. runconfigs/data/ocean-atmosphere/five-clusters.json) or an inline object");
        }
        Object b = o.asMap().get(BENCHMARKS);
        Benchmarks benchmarks = b instanceof Map<?, ?> m
                ? Benchmarks.of(new ObjectMapper().valueToTree(m), "option " + BENCHMARKS + " of " + o.owner())
                : Benchmarks.read(InputFiles.resolve(o.getString(BENCHMARKS, ""), BENCHMARKS));
        int ns = atLeast(o, SCENARIOS, 10, 1);
        int nm = atLeast(o, MONTHS, 1800, 1);
        if ((long) nm * 10 >= 10_000_000L) {
            throw bad(o, MONTHS, "at most 999,999 months, got " + nm);
        }
        String r = o.getString(REPARTITION, "algorithm3");
        Repartition repartition = Repartition.of(r);
        if (repartition == null) {
            throw bad(o, REPARTITION, "expected algorithm3 or round-robin, got '" + r + "'");
        }
        String p = o.getString(POSTS, "iterations");
        PostRule posts = PostRule.of(p);
        if (posts == null) {
            throw bad(o, POSTS, "expected iterations or greedy, got '" + p + "'");
        }
        String a = o.getString(ASSIGNMENT, DEFAULT_ASSIGNMENT.word());
        Assignment assignment = Assignment.of(a);
        if (assignment == null) {
            throw bad(o, ASSIGNMENT, "expected balanced or least-advanced, got '" + a + "'");
        }
        // both are times: NaN and Infinity stopped the run with the engine's error on a timer (naming no option), 1e300 gave
        // an experiment makespan of 0 and NaN failures none
        double start = seconds(o, START);
        double mtbf = seconds(o, FAILURE_MTBF);
        return new OaSettings(benchmarks, ns, nm, o.getString(GROUPING, "knapsack"), repartition, posts,
                o.getBoolean(SHORTCUT, true), start, mtbf, assignment);
    }

    /** A number of seconds in 0..{@link SimTime#MAX_JOB_TIME} (default 0), the bound of every job's time. */
    private static double seconds(PluginOptions o, String key) {
        double v = o.getDouble(key, 0);
        if (!(v >= 0 && v <= SimTime.MAX_JOB_TIME)) {
            throw bad(o, key, "must be a number of seconds in 0.." + SimTime.format(SimTime.MAX_JOB_TIME) + " (about 317 years), got "
                    + o.asMap().get(key));
        }
        return v;
    }

    private static int atLeast(PluginOptions o, String key, int def, int min) {
        int v = o.getInt(key, def);
        if (v < min) {
            throw bad(o, key, "must be at least " + min + ", got " + v);
        }
        return v;
    }

    static InputException bad(PluginOptions o, String key, String problem) {
        return new InputException(null, 0, key, problem + " (" + o.owner() + ")");
    }
}
