package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.RunEnd;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.RunRecord;
import org.timerlock.core.spi.HistorySettings;

/**
 * The optional run history ({@link LockAdmin#history}): every recorded run and every missed slot,
 * newest first, bounded by count and by age. Runs on the node the fixture's {@link #newNode} starts
 * with the history on; skipped when it starts none. Part of {@link LockAdminContract}.
 */
public interface HistoryContract extends ProviderFixture {

  /** A scheduled slot, far from any real time. */
  Instant SLOT = Instant.parse("2030-03-01T02:00:00Z");

  /** The history on, with the default bounds. */
  HistorySettings ON = new HistorySettings(true, 100, Duration.ofDays(30));

  private LockProvider nodeWithHistory(HistorySettings history) {
    LockProvider node = newNode(history).orElse(null);
    assumeTrue(node != null, "the fixture starts no node with a run history");
    assertThat(node.admin().orElseThrow().keepsHistory()).as("keepsHistory()").isTrue();
    return node;
  }

  private static void run(LockProvider node, LockConfiguration config) throws Exception {
    new DefaultLockingTaskExecutor(node).executeWithLock(() -> "done", config);
  }

  /** Runs of every kind are listed newest first, with fire, node, times, outcome and kind. */
  @Test
  default void recordsEveryRunNewestFirst() throws Exception {
    LockProvider node = nodeWithHistory(ON);
    LockAdmin admin = node.admin().orElseThrow();
    LockConfiguration job = lockFor("history", Duration.ofMinutes(5));
    Instant before = Instant.now().minusSeconds(5);

    run(node, job.forFire(SLOT));
    run(node, job);
    run(node, job.manual());
    run(node, job.forCatchUp(SLOT.plusSeconds(60)));

    List<RunRecord> runs = admin.history(job.name(), 10);
    assertThat(runs).as("history").hasSize(4);
    assertThat(runs)
        .extracting(RunRecord::kind)
        .containsExactly(RunKind.CATCH_UP, RunKind.MANUAL, RunKind.SCHEDULED, RunKind.SCHEDULED);
    assertThat(runs)
        .extracting(RunRecord::fire)
        .containsExactly(SLOT.plusSeconds(60), null, null, SLOT);
    String nodeId = admin.find(job.name()).orElseThrow().nodeId();
    for (RunRecord run : runs) {
      assertThat(run.outcome()).as(run.toString()).isEqualTo(RunOutcome.SUCCEEDED);
      assertThat(run.nodeId()).as(run.toString()).isEqualTo(nodeId);
      assertThat(run.started()).as(run.toString()).isAfter(before).isBeforeOrEqualTo(run.ended());
    }
    for (int i = 1; i < runs.size(); i++) {
      assertThat(runs.get(i).ended()).as("newest first").isBeforeOrEqualTo(runs.get(i - 1).ended());
    }
    assertThat(runs.get(0))
        .as("the newest is the last run")
        .isEqualTo(admin.find(job.name()).orElseThrow().lastRun());
    assertThat(admin.history(job.name(), 2))
        .as("a limit")
        .containsExactlyElementsOf(runs.subList(0, 2));
    assertThat(admin.history(lockFor("history-none", Duration.ofMinutes(1)).name(), 10))
        .as("a name that never ran")
        .isEmpty();
    assertThatThrownBy(() -> admin.history(job.name(), 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * A missed slot is a MISSED record, with the slot and the node that found it, and no last run.
   */
  @Test
  default void aMissedSlotIsRecorded() throws Exception {
    LockProvider node = nodeWithHistory(ON);
    LockAdmin admin = node.admin().orElseThrow();
    LockConfiguration job = lockFor("history-missed", Duration.ofMinutes(5));
    run(node, job.forFire(SLOT));
    RunRecord lastRun = admin.find(job.name()).orElseThrow().lastRun();

    admin.recordMissed(job.name(), SLOT.plusSeconds(60), "watcher-1");

    List<RunRecord> runs = admin.history(job.name(), 10);
    assertThat(runs).hasSize(2);
    RunRecord missed = runs.get(0);
    assertThat(missed.outcome()).isEqualTo(RunOutcome.MISSED);
    assertThat(missed.fire()).isEqualTo(SLOT.plusSeconds(60));
    assertThat(missed.nodeId()).isEqualTo("watcher-1");
    assertThat(missed.errorClass()).isNull();
    assertThat(runs.get(1)).isEqualTo(lastRun);
    assertThat(admin.find(job.name()).orElseThrow().lastRun())
        .as("a missed slot is no run")
        .isEqualTo(lastRun);

    LockConfiguration neverRan = lockFor("history-missed-only", Duration.ofMinutes(5));
    admin.recordMissed(neverRan.name(), SLOT, "watcher-1");
    assertThat(admin.history(neverRan.name(), 10))
        .extracting(RunRecord::outcome)
        .containsExactly(RunOutcome.MISSED);
  }

  /** The history keeps the newest records up to its count. */
  @Test
  default void theHistoryIsBoundedByCount() throws Exception {
    LockProvider node = nodeWithHistory(new HistorySettings(true, 3, Duration.ofDays(30)));
    LockAdmin admin = node.admin().orElseThrow();
    LockConfiguration job = lockFor("history-count", Duration.ofMinutes(5));
    for (int i = 0; i < 8; i++) {
      run(node, job.forFire(SLOT.plusSeconds(i)));
    }
    assertThat(admin.history(job.name(), 100))
        .extracting(RunRecord::fire)
        .containsExactly(SLOT.plusSeconds(7), SLOT.plusSeconds(6), SLOT.plusSeconds(5));
  }

  /** Records older than the age bound are no longer listed, by the store's clock. */
  @Test
  default void theHistoryIsBoundedByAge() throws Exception {
    LockProvider node = nodeWithHistory(new HistorySettings(true, 100, Duration.ofSeconds(1)));
    LockAdmin admin = node.admin().orElseThrow();
    LockConfiguration job = lockFor("history-age", Duration.ofMinutes(5));
    run(node, job.forFire(SLOT));
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!admin.history(job.name(), 10).isEmpty()) {
      assertThat(System.nanoTime() - deadline).as("still listed after 30 s").isNegative();
      Polling.sleep(Duration.ofMillis(100));
    }
    run(node, job.forFire(SLOT.plusSeconds(1)));
    assertThat(admin.history(job.name(), 10))
        .extracting(RunRecord::fire)
        .containsExactly(SLOT.plusSeconds(1));
  }

  /** A failed run keeps its error class and a bounded, escaped message in the history too. */
  @Test
  default void aFailedRunKeepsItsErrorBoundedAndEscaped() {
    LockProvider node = nodeWithHistory(ON);
    LockConfiguration job = lockFor("history-failed", Duration.ofMinutes(5));
    String message = "broken\nTIMERLOCK-999 forged\r\n" + "x".repeat(1 << 16);
    assertThatThrownBy(
            () ->
                new DefaultLockingTaskExecutor(node)
                    .executeWithLock(
                        () -> {
                          throw new IllegalStateException(message);
                        },
                        job.forFire(SLOT)))
        .isInstanceOf(IllegalStateException.class);

    RunRecord failed = node.admin().orElseThrow().history(job.name(), 1).get(0);
    assertThat(failed.outcome()).isEqualTo(RunOutcome.FAILED);
    assertThat(failed.errorClass()).isEqualTo(IllegalStateException.class.getName());
    assertThat(failed.errorMessage())
        .startsWith("broken\\nTIMERLOCK-999 forged\\r\\n")
        .doesNotContain("\n", "\r")
        .hasSizeLessThanOrEqualTo(RunEnd.MAX_MESSAGE_LENGTH);
  }

  /** A node without the history records nothing and says so. */
  @Test
  default void aNodeWithoutTheHistoryRecordsNothing() throws Exception {
    LockProvider withHistory = nodeWithHistory(ON);
    LockProvider without = newNode(HistorySettings.OFF).orElseThrow();
    assertThat(without.admin().orElseThrow().keepsHistory()).isFalse();
    LockConfiguration job = lockFor("history-off", Duration.ofMinutes(5));
    run(without, job.forFire(SLOT));
    without.admin().orElseThrow().recordMissed(job.name(), SLOT.plusSeconds(60), "watcher");
    assertThat(withHistory.admin().orElseThrow().history(job.name(), 10)).isEmpty();
  }
}
