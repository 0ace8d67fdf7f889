package org.timerlock.cdi.missed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.cdi.missed.WatchPlatform.NOON;
import static org.timerlock.cdi.missed.WatchPlatform.checkAt;
import static org.timerlock.cdi.missed.WatchPlatform.checked;
import static org.timerlock.cdi.missed.WatchPlatform.minute;
import static org.timerlock.cdi.missed.WatchPlatform.ranOn;

import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.internal.CatchUp;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.admin.RunRecord;

/**
 * Catch-up of the latest slot no node ran, on real containers and an in-memory store shared by the
 * nodes, with the clock the test moves: once in the cluster at deployment, only the latest of many
 * missed slots when the watch finds them, nothing older than the window, and one WARNING for a job
 * TimerLock cannot run by itself.
 */
@TimerLockTest
class CatchUpTest {

  private static final String LOCK = CatchUpJob.LOCK;

  @Inject Deployer deployer;

  @BeforeEach
  void freshStoreAndClock() {
    CatchUpJob.freshStoreAndClock();
  }

  @Test
  void atDeploymentTheLatestSlotNoNodeRanRunsOnceInTheCluster() {
    List<WeldContainer> nodes =
        deployer.startNodes(
            Map.of(CatchUpJob.WITHIN, "5m"), CatchUpJob.class, WatchPlatform.class, EventLog.class);

    List<EventLog> logs = nodes.stream().map(n -> n.select(EventLog.class).get()).toList();
    Waiting.until(
        "both nodes' catch-up decided",
        () -> logs.stream().allMatch(log -> catchUpDecided(log, NOON)));

    assertThat(CatchUpJob.RUNS).hasSize(1);
    List<LockEvent> acquired =
        logs.stream()
            .flatMap(log -> log.of(LOCK).stream())
            .filter(e -> e.kind() == Kind.ACQUIRED)
            .toList();
    assertThat(acquired)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.configuration().kind()).isEqualTo(RunKind.CATCH_UP);
              assertThat(e.fireInstant()).contains(NOON);
            });
    assertThat(WatchPlatform.admin().find(LOCK).orElseThrow().lastRun().kind())
        .isEqualTo(RunKind.CATCH_UP);
  }

  @Test
  void ofManyMissedSlotsOnlyTheLatestIsCaughtUpAndEachIsRecordedInTheHistory() {
    ranOn(LOCK, NOON); // the slot before the deployment ran: nothing to catch up then
    EventLog events = start(Map.of(CatchUpJob.WITHIN, "10m")).select(EventLog.class).get();
    Waiting.until("the deployment's catch-up decided", () -> catchUpDecided(events, NOON));
    // The watch's first check covers one interval only: the clock moves once it has been made.
    checked(NOON);

    // No node runs the fires of 12:01, 12:02 and 12:03; the check of 12:04 finds them.
    checkAt(minute(4));
    Waiting.until("the catch-up of 12:03 decided", () -> catchUpDecided(events, minute(3)));

    assertThat(CatchUpJob.RUNS).hasSize(1);
    assertThat(CatchUpJob.catchUps(events))
        .filteredOn(e -> e.kind() == Kind.ACQUIRED)
        .extracting(e -> e.fireInstant().orElseThrow())
        .containsExactly(minute(3));
    assertThat(WatchPlatform.admin().history(LOCK, 10))
        .filteredOn(r -> r.outcome() == RunOutcome.MISSED)
        .extracting(RunRecord::fire)
        .containsExactlyInAnyOrder(minute(1), minute(2), minute(3));
  }

  @Test
  void aSlotOlderThanTheWindowIsOnlyReported() {
    ranOn(LOCK, NOON);
    EventLog events = start(Map.of(CatchUpJob.WITHIN, "20s")).select(EventLog.class).get();
    Waiting.until("the deployment's catch-up decided", () -> catchUpDecided(events, NOON));
    // The watch's first check covers one interval only: the clock moves once it has been made.
    checked(NOON);

    checkAt(minute(4));
    Waiting.until(
        "the missed slots reported",
        () -> events.of(LOCK).stream().filter(e -> e.kind() == Kind.MISSED).count() == 3);

    assertThat(CatchUpJob.catchUps(events))
        .extracting(LockEvent::kind)
        .containsExactly(Kind.ALREADY_RAN);
    assertThat(CatchUpJob.RUNS).isEmpty();
  }

  @Test
  void aJobTimerLockCannotRunIsNamedOnceAtDeployment() {
    try (LoggedLines log = new LoggedLines(CatchUp.class.getName())) {
      start(Map.of("timerlock.lock.\"" + MinuteJob.LOCK + "\".catch-up-within", "5m"));

      assertThat(log.warnings())
          .singleElement()
          .asString()
          .startsWith("TIMERLOCK-239")
          .contains("'" + MinuteJob.LOCK + "'", "asynchronous");
    }
  }

  private WeldContainer start(Map<String, String> config) {
    return deployer.start(
        config, CatchUpJob.class, MinuteJob.class, WatchPlatform.class, EventLog.class);
  }

  /** Whether the catch-up of a slot got its answer on a node: taken (and released) or refused. */
  private static boolean catchUpDecided(EventLog events, Instant slot) {
    return CatchUpJob.catchUps(events).stream()
        .filter(e -> e.fireInstant().filter(slot::equals).isPresent())
        .anyMatch(
            e ->
                Stream.of(Kind.RELEASED, Kind.ALREADY_RAN, Kind.SKIPPED)
                    .anyMatch(k -> k == e.kind()));
  }
}
