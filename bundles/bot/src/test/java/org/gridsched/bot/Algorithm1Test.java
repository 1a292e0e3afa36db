package org.gridsched.bot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Algorithm 1 on a small queue, by hand. A provider of 2 processors runs R (2 tasks, reserved over [0, 10)).
 * Queued behind it: X (2 tasks of bag x over [10, 15); bag x completes elsewhere at 100, so X is not its
 * last part) and Y (2 tasks of bag y over [15, 20), the whole of bag y: global completion 20). R ends at 2.
 */
class Algorithm1Test {

    /** Records what the provider asks of the run. */
    static final class Recorder implements Provider.Host {
        final List<String> reports = new ArrayList<>();

        public boolean start(BagPart part) {
            return true;
        }

        public void wakeAt(int provider, double time) {
        }

        public void newCompletion(Bag bag, int provider, double completion) {
            reports.add(bag.id + "@" + provider + "=" + completion);
        }
    }

    private Recorder host;
    private BagPart r;
    private BagPart x;
    private BagPart y;

    private Provider provider(Rescheduling policy) {
        host = new Recorder();
        Provider p = new Provider(0, 2, 1.0, policy, false, host);
        r = add(p, new Bag(1, 0, 2, 10, 1), 2, 10, 0, 10);
        r.arrived = true;
        r.job = new FakeJob();
        p.startDue(0);
        x = add(p, new Bag(2, 0, 2, 5, 1), 2, 5, 10, 100);
        y = add(p, new Bag(3, 0, 2, 5, 1), 2, 5, 15, 20);
        return p;
    }

    private static BagPart add(Provider p, Bag bag, int tasks, double duration, double start, double global) {
        BagPart part = p.add(bag, tasks, duration, start, global);
        bag.parts.add(part);
        bag.localCompletion[0] = p.localCompletion(bag);
        return part;
    }

    @Test
    void orderOfTheQueue() {
        Provider u = provider(Rescheduling.UNCOORDINATED);
        assertEquals(List.of(x, y), u.queueOrder(), "submission order");
        Provider c = provider(Rescheduling.COORDINATED);
        assertEquals(List.of(y, x), c.queueOrder(), "by the bag's global completion: 20 before 100");
    }

    @Test
    void uncoordinatedMovesXFirstAndReportsNothing() {
        Provider p = provider(Rescheduling.UNCOORDINATED);
        p.ended(r, 2);
        assertEquals(2, x.start);
        assertEquals(7, y.start);
        assertEquals(List.of(), host.reports);
    }

    @Test
    void coordinatedGivesTheHoleToTheBagThatFinishesFirstAndReportsItsNewCompletion() {
        Provider p = provider(Rescheduling.COORDINATED);
        p.ended(r, 2);
        assertEquals(2, y.start, "y decides its bag's completion: it moves first");
        assertEquals(7, x.start, "x's bag completes at 100 anyway: it moves into what is left");
        // only Y held its bag's last completion: the provider reports bag 3's new completion 7; X's move is local
        assertEquals(List.of("3@0=7.0"), host.reports);
    }

    @Test
    void partsOfOneBagAreOrderedByStartAndTiesBySubmission() {
        host = new Recorder();
        Provider p = new Provider(0, 4, 1.0, Rescheduling.COORDINATED, false, host);
        Bag b = new Bag(7, 0, 3, 5, 1);
        BagPart late = add(p, b, 1, 5, 30, 50);
        BagPart early = add(p, b, 1, 5, 10, 50);
        BagPart other = add(p, new Bag(8, 0, 1, 5, 1), 1, 5, 10, 40);
        BagPart same = add(p, b, 1, 5, 10, 50);
        assertEquals(List.of(other, early, same, late), p.queueOrder());
    }
}
