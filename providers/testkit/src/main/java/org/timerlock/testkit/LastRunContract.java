package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.RunEnd;
import org.timerlock.core.RunKind;
import org.timerlock.core.RunOutcome;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.admin.RunRecord;

/**
 * The last run of each lock, recorded by the release and read through the lock admin from any node:
 * the fire it served, the node, start and end by the store's clock, the outcome, and for a failure
 * the exception's class and a bounded, escaped message without credentials. A refusal changes
 * nothing. Opt in with {@link LockAdminContract} once the provider records runs.
 */
public interface LastRunContract extends ProviderFixture {

  /** A scheduled fire, far from any real time. */
  Instant FIRE = Instant.parse("2030-06-01T02:00:00Z");

  /** A run for a fire is seen by another node, with where, when and how it ran. */
  @Test
  default void aSucceededRunIsRecordedWithItsFire() throws Exception {
    LockConfiguration job = lockFor("last-run-ok", Duration.ofMinutes(5));
    Instant before = Instant.now().minusSeconds(5);

    new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> "done", job.forFire(FIRE));

    LockInfo seen = seenFromTheOtherNode(job);
    RunRecord run = seen.lastRun();
    assertThat(run).as("last run").isNotNull();
    assertThat(run.outcome()).isEqualTo(RunOutcome.SUCCEEDED);
    assertThat(run.fire()).isEqualTo(FIRE);
    assertThat(seen.lastFire()).isEqualTo(FIRE);
    assertThat(run.nodeId()).isEqualTo(seen.nodeId());
    assertThat(run.started()).isAfter(before).isBeforeOrEqualTo(run.ended());
    assertThat(run.ended()).isBefore(Instant.now().plusSeconds(5));
    assertThat(run.errorClass()).isNull();
    assertThat(run.kind()).isEqualTo(RunKind.SCHEDULED);
  }

  /** An operator's run now is recorded as MANUAL, without a fire, and consumes no slot. */
  @Test
  default void aManualRunIsRecordedWithoutAFire() throws Exception {
    LockConfiguration job = lockFor("last-run-manual", Duration.ofMinutes(5));
    new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> "done", job.forFire(FIRE));

    new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> "now", job.manual());

    LockInfo seen = seenFromTheOtherNode(job);
    assertThat(seen.lastRun().kind()).isEqualTo(RunKind.MANUAL);
    assertThat(seen.lastRun().fire()).isNull();
    assertThat(seen.lastRun().outcome()).isEqualTo(RunOutcome.SUCCEEDED);
    assertThat(seen.lastFire()).as("the latest fire is still the scheduled one").isEqualTo(FIRE);
  }

  /** A catch-up is recorded as CATCH_UP with the slot it ran. */
  @Test
  default void aCatchUpIsRecordedWithItsSlot() throws Exception {
    LockConfiguration job = lockFor("last-run-catch-up", Duration.ofMinutes(5));
    Instant slot = FIRE.plusSeconds(3600);

    new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> "late", job.forCatchUp(slot));

    LockInfo seen = seenFromTheOtherNode(job);
    assertThat(seen.lastRun().kind()).isEqualTo(RunKind.CATCH_UP);
    assertThat(seen.lastRun().fire()).isEqualTo(slot);
    assertThat(seen.lastFire()).isEqualTo(slot);
  }

  /** A plain call records a run without a fire. */
  @Test
  default void aPlainCallRecordsARunWithoutAFire() throws Exception {
    LockConfiguration job = lockFor("last-run-plain", Duration.ofMinutes(5));

    new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> "done", job);

    RunRecord run = seenFromTheOtherNode(job).lastRun();
    assertThat(run.fire()).isNull();
    assertThat(run.outcome()).isEqualTo(RunOutcome.SUCCEEDED);
  }

  /**
   * A task that throws a megabyte of text with line breaks and a password in a URL leaves its class
   * and a short, escaped message without the password.
   */
  @Test
  default void aFailedRunKeepsItsErrorShortEscapedAndWithoutSecrets() {
    LockConfiguration job = lockFor("last-run-failed", Duration.ofMinutes(5));
    String message =
        "cannot reach jdbc:postgresql://app:s3cr3t@db:5432/orders\nTIMERLOCK-999 forged\r\n"
            + "x".repeat(1 << 20);

    assertThatThrownBy(
            () ->
                new DefaultLockingTaskExecutor(provider())
                    .executeWithLock(
                        () -> {
                          throw new IllegalStateException(message);
                        },
                        job.forFire(FIRE)))
        .isInstanceOf(IllegalStateException.class);

    RunRecord run = seenFromTheOtherNode(job).lastRun();
    assertThat(run.outcome()).isEqualTo(RunOutcome.FAILED);
    assertThat(run.errorClass()).isEqualTo(IllegalStateException.class.getName());
    assertThat(run.errorMessage())
        .startsWith("cannot reach jdbc:postgresql://app:***@db:5432/orders\\nTIMERLOCK-999")
        .doesNotContain("s3cr3t", "\n", "\r")
        .hasSizeLessThanOrEqualTo(RunEnd.MAX_MESSAGE_LENGTH);
  }

  /** Another node's refusal leaves the last run as it was. */
  @Test
  default void aRefusalChangesNothing() throws Exception {
    LockConfiguration job =
        lockFor("last-run-refused", Duration.ofMinutes(5))
            .withDurations(Duration.ofMinutes(5), Duration.ofMinutes(1));
    new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> "done", job.forFire(FIRE));
    RunRecord first = seenFromTheOtherNode(job).lastRun();

    new DefaultLockingTaskExecutor(otherNode()).executeWithLock(() -> "refused", job);
    new DefaultLockingTaskExecutor(otherNode())
        .executeWithLock(() -> "already ran", job.forFire(FIRE));

    assertThat(seenFromTheOtherNode(job).lastRun()).isEqualTo(first);
  }

  /** A run that outlived lockAtMostFor is recorded as having lost its lock. */
  @Test
  default void aRunThatOutlivedItsLeaseIsRecordedAsLockLost() throws Exception {
    LockConfiguration job = lockFor("last-run-lost", Duration.ofMillis(300));

    new DefaultLockingTaskExecutor(provider())
        .executeWithLock(
            () -> {
              Thread.sleep(2_000);
              return "late";
            },
            job);

    RunRecord run = seenFromTheOtherNode(job).lastRun();
    assertThat(run.outcome()).isEqualTo(RunOutcome.LOCK_LOST);
    assertThat(Duration.between(run.started(), run.ended()).truncatedTo(ChronoUnit.SECONDS))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
  }

  /**
   * A lock kept by lockAtLeastFor after its run ended shows when its hold began and a last run that
   * ended since, by the same node: how a view tells a lock resting after its run from a running
   * one. A new acquisition after a run began no earlier than that run ended.
   */
  @Test
  default void aLockKeptAfterItsRunShowsTheRunEndedSinceItsHoldBegan() throws Exception {
    String name = lockFor("last-run-resting", Duration.ofMinutes(10)).name();
    LockConfiguration resting =
        new LockConfiguration(name, Duration.ofMinutes(10), Duration.ofMinutes(5));

    new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> "done", resting);

    LockInfo kept = seenFromTheOtherNode(resting);
    assertThat(kept.held()).as("kept by lockAtLeastFor: " + kept).isTrue();
    assertThat(kept.lockedAt()).as("when the hold began: " + kept).isNotNull();
    assertThat(kept.lastRun()).as("the run that ended: " + kept).isNotNull();
    assertThat(kept.lastRun().ended()).isAfterOrEqualTo(kept.lockedAt());
    assertThat(kept.lastRun().nodeId()).isEqualTo(kept.nodeId());

    LockConfiguration next = lockFor("last-run-next", Duration.ofMinutes(10));
    new DefaultLockingTaskExecutor(provider()).executeWithLock(() -> "first", next);
    SimpleLock running = otherNode().lock(next).orElseThrow();
    try {
      LockInfo taken = seenFromTheOtherNode(next);
      assertThat(taken.lockedAt()).as("when the new hold began: " + taken).isNotNull();
      assertThat(taken.lockedAt()).isAfterOrEqualTo(taken.lastRun().ended());
    } finally {
      running.unlock();
    }
  }

  private LockInfo seenFromTheOtherNode(LockConfiguration job) {
    LockAdmin admin = otherNode().admin().orElseThrow();
    return admin.find(job.name()).orElseThrow();
  }
}
