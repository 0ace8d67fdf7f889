package org.timerlock.cdi.missed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.cdi.missed.WatchPlatform.CLOCK;
import static org.timerlock.cdi.missed.WatchPlatform.NOON;
import static org.timerlock.cdi.missed.WatchPlatform.WATCH_ATTEMPTS;
import static org.timerlock.cdi.missed.WatchPlatform.WATCH_TAKEN;
import static org.timerlock.cdi.missed.WatchPlatform.checkAt;
import static org.timerlock.cdi.missed.WatchPlatform.checked;
import static org.timerlock.cdi.missed.WatchPlatform.minute;
import static org.timerlock.cdi.missed.WatchPlatform.missed;
import static org.timerlock.cdi.missed.WatchPlatform.ranOn;

import jakarta.inject.Inject;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.internal.MissedFireWatch;
import org.timerlock.cdi.internal.TimerLockExtension;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;

/**
 * The missed-fire watch on real containers and an in-memory store shared by the nodes, with a clock
 * the test moves from one check slot (every minute, the default interval) to the next: one check
 * per slot in the cluster, a slot no node checked covered by the next check, the locks it cannot
 * watch named at deployment, and no thread left behind. The job's fires are run through the store,
 * as the node that ran them would. Its meters are checked in the ops tests.
 */
@TimerLockTest
class MissedFiresTest {

  private static final String LOCK = MinuteJob.LOCK;

  @Inject Deployer deployer;

  @BeforeEach
  void freshStoreAndClock() {
    WatchPlatform.reset(NOON.plusSeconds(5));
  }

  @Test
  void twoNodesCheckOncePerIntervalBetweenThem() {
    List<WeldContainer> nodes =
        deployer.startNodes(Map.of(), MinuteJob.class, WatchPlatform.class, EventLog.class);
    bothAsked(minute(0));
    ranOn(LOCK, minute(0));
    for (int m = 1; m <= 3; m++) {
      CLOCK.set(minute(m));
      bothAsked(minute(m));
    }

    for (int m = 0; m <= 3; m++) {
      assertThat(WATCH_TAKEN.get(minute(m))).as("checks of " + minute(m)).hasValue(1);
    }
    List<Instant> missed =
        nodes.stream().flatMap(node -> missed(node.select(EventLog.class).get()).stream()).toList();
    assertThat(missed).containsExactlyInAnyOrder(minute(1), minute(2));
  }

  @Test
  void aCheckNoNodeMadeIsCoveredByTheNext() {
    try (LoggedLines lines = new LoggedLines(MissedFireWatch.class.getName())) {
      EventLog events = start().select(EventLog.class).get();
      checked(minute(0));
      ranOn(LOCK, minute(0));
      checkAt(minute(1));

      // No node is up for the check of 12:02, nor runs the fires of 12:01 and 12:02.
      checkAt(minute(3));

      assertThat(WATCH_ATTEMPTS).doesNotContainKey(minute(2));
      assertThat(missed(events)).containsExactly(minute(1), minute(2));
      assertThat(lines.warnings())
          .filteredOn(l -> l.contains(minute(2).toString()))
          .singleElement()
          .asString()
          .contains("no node was up");
    }
  }

  @Test
  void locksWithoutASharedScheduleAreListedOnceAtDeployment() {
    try (LoggedLines lines = new LoggedLines(TimerLockExtension.class.getName())) {
      start();

      assertThat(lines.all())
          .filteredOn(l -> l.startsWith("TIMERLOCK-230 "))
          .singleElement()
          .asString()
          .contains("'on-demand'")
          .doesNotContain("'minute'");
    }
  }

  @Test
  void undeployStopsTheWatch() {
    Set<Thread> before = watchThreads();
    WeldContainer node = start();
    Set<Thread> started = watchThreads();
    started.removeAll(before);
    assertThat(started).hasSize(1);

    node.shutdown();

    Waiting.until("the watch thread ended", () -> started.stream().noneMatch(Thread::isAlive));
  }

  @Test
  void aNodeWithTheWatchSwitchedOffStartsNoWatch() {
    Set<Thread> before = watchThreads();
    deployer.start(
        Map.of("timerlock.watch.enabled", "false"),
        MinuteJob.class,
        WatchPlatform.class,
        EventLog.class);

    Set<Thread> started = watchThreads();
    started.removeAll(before);
    assertThat(started).isEmpty();
  }

  private WeldContainer start() {
    return deployer.start(Map.of(), MinuteJob.class, WatchPlatform.class, EventLog.class);
  }

  private static void bothAsked(Instant slot) {
    Waiting.until(
        "both nodes asked for the check of " + slot,
        () -> WATCH_ATTEMPTS.getOrDefault(slot, new AtomicInteger()).get() == 2);
    checked(slot);
  }

  private static Set<Thread> watchThreads() {
    Set<Thread> threads = new HashSet<>();
    Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("timerlock-watch") && t.isAlive())
        .forEach(threads::add);
    return threads;
  }
}
