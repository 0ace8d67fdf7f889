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
 * correctness, not speed.
 */
public interface ExpiryContract extends ProviderFixture {

  /** Tolerance for stores that truncate times to milliseconds or round TTLs. */
  Duration GRANULARITY = Duration.ofMillis(50);

  /** A holder that never releases (a crashed node) loses the lock after lockAtMostFor. */
  @Test
  default void lockExpiresAfterLockAtMostFor() {
    Duration atMostFor = Duration.ofMillis(1500);
    LockConfiguration config = lockFor("expiry", atMostFor);
    long start = System.nanoTime();
    assertThat(provider().lock(config)).isPresent();
    assertThat(otherNode().lock(config)).as("refused right after acquisition").isEmpty();

    Optional<SimpleLock> taken = Polling.lockWithin(otherNode(), config, Duration.ofSeconds(15));
    Duration waited = Duration.ofNanos(System.nanoTime() - start);

    assertThat(taken).as("taken over after lockAtMostFor").isPresent();
    assertThat(waited).as("not before lockAtMostFor").isGreaterThan(atMostFor.minus(GRANULARITY));
    taken.get().unlock();
  }

  /** After an early release, lockAtLeastFor keeps the name locked, then lets go. */
  @Test
  default void lockAtLeastForHoldsAfterRelease() {
    Duration atLeastFor = Duration.ofMillis(1500);
    LockConfiguration config =
        new LockConfiguration(uniqueName("at-least"), Duration.ofMinutes(5), atLeastFor);
    long start = System.nanoTime();
    provider().lock(config).orElseThrow().unlock();
    assertThat(otherNode().lock(config)).as("still locked right after release").isEmpty();

    Optional<SimpleLock> taken = Polling.lockWithin(otherNode(), config, Duration.ofSeconds(15));
    Duration waited = Duration.ofNanos(System.nanoTime() - start);

    assertThat(taken).as("free once lockAtLeastFor has passed").isPresent();
    assertThat(waited).as("not before lockAtLeastFor").isGreaterThan(atLeastFor.minus(GRANULARITY));
    taken.get().unlock();
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
