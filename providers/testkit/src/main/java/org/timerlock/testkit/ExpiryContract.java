package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;

/**
 * lockAtMostFor and lockAtLeastFor, measured on the JVM's monotonic clock. The lower bounds allow
 * for stores that keep milliseconds only; the upper bounds are generous because this is about
 * correctness, not speed. A check that the lock is still held counts only when its answer came
 * before the lock could have lapsed; a scenario that stalled past that is run again.
 */
public interface ExpiryContract extends ProviderFixture {

  /** Tolerance for stores that truncate times to milliseconds or round TTLs. */
  Duration GRANULARITY = Duration.ofMillis(50);

  /** A holder that never releases (a crashed node) loses the lock after lockAtMostFor. */
  @Test
  default void lockExpiresAfterLockAtMostFor() {
    Duration atMostFor = Duration.ofMillis(1500);
    Polling.untilConclusive(
        "trying the lock again within lockAtMostFor",
        () -> {
          LockConfiguration config = lockFor("expiry", atMostFor);
          long start = System.nanoTime();
          assertThat(provider().lock(config)).isPresent();
          Optional<SimpleLock> early = otherNode().lock(config);
          if (!Polling.within(start, atMostFor.minus(GRANULARITY))) {
            // The answer came after the lock may have expired: it proves nothing either way.
            early.ifPresent(SimpleLock::unlock);
            return false;
          }
          assertThat(early).as("refused right after acquisition").isEmpty();

          Optional<SimpleLock> taken =
              Polling.lockWithin(otherNode(), config, Duration.ofSeconds(30));
          Duration waited = Duration.ofNanos(System.nanoTime() - start);

          assertThat(taken).as("taken over after lockAtMostFor").isPresent();
          assertThat(waited)
              .as("not before lockAtMostFor")
              .isGreaterThan(atMostFor.minus(GRANULARITY));
          taken.get().unlock();
          return true;
        });
  }

  /** After an early release, lockAtLeastFor keeps the name locked, then lets go. */
  @Test
  default void lockAtLeastForHoldsAfterRelease() {
    Duration atLeastFor = Duration.ofMillis(1500);
    Polling.untilConclusive(
        "trying the lock again within lockAtLeastFor",
        () -> {
          LockConfiguration config =
              new LockConfiguration(uniqueName("at-least"), Duration.ofMinutes(5), atLeastFor);
          long start = System.nanoTime();
          provider().lock(config).orElseThrow().unlock();
          Optional<SimpleLock> early = otherNode().lock(config);
          if (!Polling.within(start, atLeastFor.minus(GRANULARITY))) {
            // The answer came after lockAtLeastFor may have passed: it proves nothing either way.
            early.ifPresent(SimpleLock::unlock);
            return false;
          }
          assertThat(early).as("still locked right after release").isEmpty();

          Optional<SimpleLock> taken =
              Polling.lockWithin(otherNode(), config, Duration.ofSeconds(30));
          Duration waited = Duration.ofNanos(System.nanoTime() - start);

          assertThat(taken).as("free once lockAtLeastFor has passed").isPresent();
          assertThat(waited)
              .as("not before lockAtLeastFor")
              .isGreaterThan(atLeastFor.minus(GRANULARITY));
          taken.get().unlock();
          return true;
        });
  }

  /** A release after lockAtLeastFor has passed frees the name at once. */
  @Test
  default void releaseAfterLockAtLeastForFreesAtOnce() {
    LockConfiguration config =
        new LockConfiguration(
            uniqueName("at-least-past"), Duration.ofMinutes(5), Duration.ofMillis(200));
    SimpleLock lock = provider().lock(config).orElseThrow();
    Polling.sleep(Duration.ofMillis(400));
    lock.unlock();
    Optional<SimpleLock> again = otherNode().lock(config);
    assertThat(again).as("free right after a release past lockAtLeastFor").isPresent();
    again.get().unlock();
  }
}
