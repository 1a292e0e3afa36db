package org.gridsched.bot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.gridsched.api.batch.kit.AvailabilityProfile;
import org.junit.jupiter.api.Test;

/**
 * Offers and their composition on two providers with hand-made plans. A: 4 processors, 2 of them
 * reserved over [0, 10). B: 2 processors, both reserved over [0, 5). Tasks take 10 s on both.
 */
class OfferCompositionTest {

    private static AvailabilityProfile a() {
        AvailabilityProfile a = new AvailabilityProfile(4, 0);
        a.reserve(0, 10, 2);
        return a;
    }

    private static AvailabilityProfile b() {
        AvailabilityProfile b = new AvailabilityProfile(2, 0);
        b.reserve(0, 5, 2);
        return b;
    }

    private static double[] points(Offer o) {
        double[] out = new double[o.points() * 2];
        for (int i = 0; i < o.points(); i++) {
            out[2 * i] = o.completion(i);
            out[2 * i + 1] = o.cumulative(i);
        }
        return out;
    }

    @Test
    void tasksOneByOne() {
        // A: 2 tasks at 0 (the 2 free processors), the other 4 at 10: completions 10 (2 tasks), 20 (6 tasks)
        assertArrayEquals(new double[] {10, 2, 20, 6}, points(Offer.tasks(a(), 0, 10, 6)));
        // B: 2 at 5, 2 at 15, 2 at 25
        assertArrayEquals(new double[] {15, 2, 25, 4, 35, 6}, points(Offer.tasks(b(), 0, 10, 6)));
        // the plans themselves are not touched by an offer
        assertEquals(2, a().minFree(0, 10));
    }

    @Test
    void composedTasksMinimiseTheBagsCompletion() {
        Offer oa = Offer.tasks(a(), 0, 10, 6);
        Offer ob = Offer.tasks(b(), 0, 10, 6);
        // by 15: 2 (A) + 2 (B) = 4 < 6; by 20: A can finish 6, so the last 2 come from A, which already holds tasks
        Composition c = Composition.of(new Offer[] {oa, ob}, 6);
        assertEquals(20, c.completion);
        assertArrayEquals(new int[] {4, 2}, c.tasks);
        assertEquals("[[0.0, 2.0], [10.0, 2.0]]", java.util.Arrays.deepToString(oa.parts(4)));
        assertEquals("[[5.0, 2.0]]", java.util.Arrays.deepToString(ob.parts(2)));
    }

    @Test
    void rigidParts() {
        Offer oa = Offer.rigid(a(), 0, 10, 6);
        Offer ob = Offer.rigid(b(), 0, 10, 6);
        // A: 2 wide at 0 (completion 10), 4 wide at 10 (completion 20); B: 2 wide at 5 (completion 15)
        assertArrayEquals(new double[] {10, 2, 20, 4}, points(oa));
        assertArrayEquals(new double[] {15, 2}, points(ob));
        Composition six = Composition.of(new Offer[] {oa, ob}, 6);
        assertEquals(20, six.completion);
        assertArrayEquals(new int[] {4, 2}, six.tasks);
        assertEquals("[[10.0, 4.0]]", java.util.Arrays.deepToString(oa.parts(4)), "4 rigid tasks only fit from 10");
        // 3 tasks: by 15, A's 2 at 0 and one of B's at 5; A cannot add any at 15, so B (not holding any yet) does
        Composition three = Composition.of(new Offer[] {oa, ob}, 3);
        assertEquals(15, three.completion);
        assertArrayEquals(new int[] {2, 1}, three.tasks);
    }

    @Test
    void aProviderWithoutAnOfferAndTooFewTasks() {
        Offer ob = Offer.rigid(b(), 0, 10, 6);
        assertArrayEquals(new int[] {0, 2}, Composition.of(new Offer[] {null, ob}, 2).tasks);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Composition.of(new Offer[] {null, ob}, 3));
        assertEquals("the offers carry only 2 of 3 tasks", e.getMessage());
    }

    @Test
    void equalCompletionsPreferTheProviderThatAlreadyHoldsTasksThenTheFirst() {
        // two empty providers of 2: 2 tasks complete by 10 on either; 3 tasks: both by 10 -> 2 on the first, 1 more on the second
        Offer x = Offer.tasks(new AvailabilityProfile(2, 0), 0, 10, 3);
        Offer y = Offer.tasks(new AvailabilityProfile(2, 0), 0, 10, 3);
        assertArrayEquals(new int[] {2, 0}, Composition.of(new Offer[] {x, y}, 2).tasks);
        assertArrayEquals(new int[] {2, 1}, Composition.of(new Offer[] {x, y}, 3).tasks);
    }

    /**
     * The composition rules on three idle providers (4, 4 and 2 processors), a bag of 6 tasks of 10 s: all three offer
     * at T = 10 (4, 4 and 2 tasks). earliest: the first providers in order, 4 + 2; interleaved: one task to each in turn,
     * 2 + 2 + 2; proportional: 6 x (4, 4, 2) / 10 = 2.4, 2.4, 1.2, whole parts 2, 2, 1 and the largest remainder (0.4,
     * a tie of A and B: A first) one more, 3 + 2 + 1.
     */
    @Test
    void compositionRulesShareTheTasksOfferedAtTheCompletion() {
        Offer[] offers = {Offer.tasks(new AvailabilityProfile(4, 0), 0, 10, 6), Offer.tasks(new AvailabilityProfile(4, 0), 0, 10, 6),
            Offer.tasks(new AvailabilityProfile(2, 0), 0, 10, 6)};
        assertArrayEquals(new int[] {4, 2, 0}, Composition.of(offers, 6, Composition.Rule.EARLIEST).tasks);
        assertArrayEquals(new int[] {2, 2, 2}, Composition.of(offers, 6, Composition.Rule.INTERLEAVED).tasks);
        assertArrayEquals(new int[] {3, 2, 1}, Composition.of(offers, 6, Composition.Rule.PROPORTIONAL).tasks);
        for (Composition.Rule r : Composition.Rule.values()) {
            assertEquals(10, Composition.of(offers, 6, r).completion, r.toString());
        }
    }
}
