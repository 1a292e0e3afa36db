package org.gridsched.workload.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.gridsched.api.InputException;
import org.gridsched.api.PluginOptions;
import org.gridsched.api.workload.JobRecord;
import org.gridsched.api.workload.JobSource;
import org.gridsched.api.workload.WorkloadGenerator;
import org.junit.jupiter.api.Test;

/** The optional user population of the generators: seeded, and it changes no other draw. */
class UserPopulationTest {

    private static PluginOptions options(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return new PluginOptions("workload generator 'test'", m);
    }

    private static Object[] with(Object[] base, Object... more) {
        Object[] all = java.util.Arrays.copyOf(base, base.length + more.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    /** The jobs with users are the jobs without, field for field; only user and group differ. */
    private static void sameJobsExceptUsers(WorkloadGenerator g, Object[] base) {
        JobRecord a = new JobRecord();
        JobRecord b = new JobRecord();
        Map<Integer, Integer> perUser = new HashMap<>();
        int n = 0;
        try (JobSource without = g.open(options(base), 11);
                JobSource with = g.open(options(with(base, "users", 5, "groups", 2)), 11)) {
            while (without.next(a)) {
                assertTrue(with.next(b));
                assertEquals(a.id, b.id);
                assertEquals(a.submitTime, b.submitTime);
                assertEquals(a.runtime, b.runtime);
                assertEquals(a.requestedTime, b.requestedTime);
                assertEquals(a.processors, b.processors);
                assertEquals(-1, a.user);
                assertEquals(-1, a.group);
                assertTrue(b.user >= 1 && b.user <= 5, "user " + b.user);
                assertEquals((b.user - 1) % 2 + 1, b.group);
                assertEquals(-1, b.queue);
                perUser.merge(b.user, 1, Integer::sum);
                n++;
            }
            assertFalse(with.next(b));
            assertTrue(with.describe().contains("users=5, user_zipf=1, user_size_affinity=1, groups=2"), with.describe());
            assertFalse(without.describe().contains("users"), without.describe());
        }
        assertEquals(5, perUser.size(), perUser.toString());
        assertTrue(n >= 1000);
    }

    @Test
    void lublinWithUsersHasTheSameJobs() {
        sameJobsExceptUsers(new LublinGenerator(), new Object[] {"jobs", 3000, "processors", 128, "load", 0.8,
            "requested_time", "overestimate"});
    }

    @Test
    void syntheticWithUsersHasTheSameJobs() {
        sameJobsExceptUsers(new SyntheticGenerator(), new Object[] {"jobs", 3000, "size", "realistic", "max_size", 64,
            "requested_time", "overestimate"});
    }

    @Test
    void withoutSizeAffinityUsersAreZipfDistributed() {
        // P(user u) = u^-1 / H_5, H_5 = 1 + 1/2 + 1/3 + 1/4 + 1/5 = 137/60: user 1 0.4380, user 5 0.0876
        int[] count = new int[6];
        int n = 40_000;
        try (JobSource s = new SyntheticGenerator().open(options("jobs", n, "users", 5, "user_size_affinity", 0), 3)) {
            JobRecord r = new JobRecord();
            while (s.next(r)) {
                count[r.user]++;
            }
        }
        for (int u = 1; u <= 5; u++) {
            double expected = (1.0 / u) / (137.0 / 60);
            assertEquals(expected, count[u] / (double) n, 0.01, "user " + u);
        }
    }

    @Test
    void withSizeAffinityUsersKeepToTheirSizes() {
        // the mean log2 size of each user's jobs spreads out as the affinity grows
        double weak = spread(0);
        double strong = spread(8);
        assertTrue(strong > weak + 1, "spread of users' mean log2 size: affinity 0 " + weak + ", affinity 8 " + strong);
    }

    /** Largest minus smallest mean log2(size) over users with at least 50 jobs. */
    private static double spread(double affinity) {
        double[] sum = new double[21];
        int[] count = new int[21];
        try (JobSource s = new LublinGenerator().open(options("jobs", 20_000, "processors", 256, "users", 20,
                "user_zipf", 0.5, "user_size_affinity", affinity), 5)) {
            JobRecord r = new JobRecord();
            while (s.next(r)) {
                sum[r.user] += 31 - Integer.numberOfLeadingZeros(r.processors);
                count[r.user]++;
            }
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int u = 1; u <= 20; u++) {
            if (count[u] >= 50) {
                lo = Math.min(lo, sum[u] / count[u]);
                hi = Math.max(hi, sum[u] / count[u]);
            }
        }
        return hi - lo;
    }

    @Test
    void sameSeedSameUsers() {
        JobRecord a = new JobRecord();
        JobRecord b = new JobRecord();
        try (JobSource x = new LublinGenerator().open(options("jobs", 500, "users", 30), 9);
                JobSource y = new LublinGenerator().open(options("jobs", 500, "users", 30), 9)) {
            while (x.next(a)) {
                assertTrue(y.next(b));
                assertEquals(a.user, b.user);
            }
        }
    }

    @Test
    void badOptionsNameTheOption() {
        SyntheticGenerator g = new SyntheticGenerator();
        InputException e = assertThrows(InputException.class, () -> g.open(options("jobs", 10, "users", -1), 1));
        assertTrue(e.getMessage().contains("users"), e.getMessage());
        e = assertThrows(InputException.class, () -> g.open(options("jobs", 10, "users", 3, "groups", 4), 1));
        assertTrue(e.getMessage().contains("groups"), e.getMessage());
        e = assertThrows(InputException.class, () -> g.open(options("jobs", 10, "users", 3, "user_zipf", -1), 1));
        assertTrue(e.getMessage().contains("user_zipf"), e.getMessage());
        e = assertThrows(InputException.class, () -> new LublinGenerator().open(options("user_size_affinity", 2), 1));
        assertTrue(e.getMessage().contains("users"), e.getMessage());
    }
}
