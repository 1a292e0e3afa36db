package org.gridsched.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.gridsched.api.PluginOptions;
import org.junit.jupiter.api.Test;

/**
 * The metascheduler side (spec 2.3): a provider's new last completion that changes the bag's global
 * completion reaches every provider holding the bag's tasks, and only them; one that another provider's
 * later completion hides goes nowhere.
 */
class GlobalUpdateTest {

    private final Algorithm1Test.Recorder host = new Algorithm1Test.Recorder();
    private final Provider[] providers = new Provider[3];
    private final Metascheduler meta;

    GlobalUpdateTest() {
        for (int p = 0; p < 3; p++) {
            providers[p] = new Provider(p, 10, 1.0, Rescheduling.COORDINATED, false, host);
        }
        meta = new Metascheduler(providers, BotSettings.parse(new PluginOptions("test", Map.of("rescheduling", "coordinated")), 3));
    }

    /** Bag 5: 2 tasks at provider 0 over [0, 40), 3 at provider 2 over [10, 60) and [20, 70); global 70. */
    private Bag bag() {
        Bag b = new Bag(5, 0, 7, 40, 3);
        b.globalCompletion = 70;
        b.parts.add(providers[0].add(b, 2, 40, 0, 70));
        b.parts.add(providers[2].add(b, 1, 50, 10, 70));
        b.parts.add(providers[2].add(b, 2, 50, 20, 70));
        b.localCompletion[0] = 40;
        b.localCompletion[2] = 70;
        return b;
    }

    @Test
    void aNewGlobalCompletionReachesEveryProviderHoldingTheBag() {
        Bag b = bag();
        Bag other = new Bag(6, 0, 1, 5, 3);
        BagPart bystander = providers[1].add(other, 1, 5, 0, 5);
        meta.newCompletion(b, 2, 55, 1);
        assertEquals(55, b.globalCompletion);
        for (BagPart p : b.parts) {
            assertEquals(55, p.knownGlobalCompletion, p.toString());
        }
        assertEquals(5, bystander.knownGlobalCompletion, "provider 1 holds none of bag 5");
        assertEquals(1, b.globalUpdates);
        // provider 0's order sees the new key: bag 5's part now sorts by 55
        assertEquals(List.of(b.parts.get(0)), providers[0].queueOrder());
    }

    @Test
    void aChangeHiddenByAnotherProvidersLaterCompletionIsLocal() {
        Bag b = bag();
        meta.newCompletion(b, 0, 30, 1);
        assertEquals(70, b.globalCompletion, "provider 2 still completes the bag at 70");
        assertEquals(30, b.localCompletion[0]);
        for (BagPart p : b.parts) {
            assertEquals(70, p.knownGlobalCompletion);
        }
        assertEquals(0, b.globalUpdates);
        // then provider 2 reports 35: the global completion becomes max(30, 35)
        meta.newCompletion(b, 2, 35, 2);
        assertEquals(35, b.globalCompletion);
        assertEquals(1, meta.globalUpdates());
        assertEquals(2, meta.messages());
    }

    /**
     * Option reschedule_on_update: a provider told a new global completion re-plans at once. Provider 0's part
     * is reserved at 50 although the provider is free from now (placed by hand), so only a re-plan moves it.
     */
    @Test
    void anUpdateReplansAtOnceOnlyWithTheOption() {
        for (boolean replan : new boolean[] {false, true}) {
            Provider[] two = {new Provider(0, 2, 1.0, Rescheduling.COORDINATED, replan, host),
                    new Provider(1, 2, 1.0, Rescheduling.COORDINATED, replan, host)};
            Metascheduler m = new Metascheduler(two, BotSettings.parse(new PluginOptions("test", Map.of()), 2));
            Bag b = new Bag(9, 0, 2, 5, 2);
            b.globalCompletion = 60;
            BagPart late = two[0].add(b, 1, 5, 50, 60);
            b.parts.add(late);
            b.parts.add(two[1].add(b, 1, 60, 0, 60));
            b.localCompletion[0] = 55;
            b.localCompletion[1] = 60;
            m.newCompletion(b, 1, 40, 1);
            assertEquals(55, b.globalCompletion);
            assertEquals(replan ? 1 : 50, late.start, "reschedule_on_update=" + replan);
        }
    }
}
