package org.timerlock.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.SimpleLock;

/** Release and extend act only on the caller's own acquisition; extension where supported. */
public interface OwnershipContract extends ProviderFixture {

  /** How long the short-lived locks of these tests last. */
  Duration SHORT = Duration.ofMillis(600);

  /**
   * A holder whose lock expired and was taken by another node can neither release nor extend the
   * new holder's lock.
   */
  @Test
  default void expiredHolderCannotTouchTheNewHoldersLock() {
    LockConfiguration config = lockFor("owner", SHORT);
    SimpleLock stale = provider().lock(config).orElseThrow();
    LockConfiguration longer = config.withDurations(Duration.ofMinutes(5), Duration.ZERO);
    SimpleLock current =
        Polling.lockWithin(otherNode(), longer, Duration.ofSeconds(30))
            .orElseThrow(() -> new AssertionError("the expired lock was never taken over"));
    try {
      stale.unlock();
      assertThat(provider().lock(config))
          .as("the stale holder's release must not free the new holder's lock")
          .isEmpty();
      if (supportsExtension()) {
        assertThat(stale.extend(Duration.ofMinutes(5), Duration.ZERO))
            .as("the stale holder cannot extend")
            .isEmpty();
      }
      assertThat(otherNode().lock(config)).as("the new holder still holds it").isEmpty();
    } finally {
      current.unlock();
    }
    Optional<SimpleLock> free = provider().lock(config);
    assertThat(free).as("free after the new holder released").isPresent();
    free.get().unlock();
  }

  /** An extended lock outlives its original lockAtMostFor, and its release frees it. */
  @Test
  default void extendWhileHeldKeepsTheLock() {
    if (!supportsExtension()) {
      SimpleLock lock = provider().lock(lockFor("extend", SHORT)).orElseThrow();
      assertThatThrownBy(() -> lock.extend(Duration.ofMinutes(1), Duration.ZERO))
          .isInstanceOf(UnsupportedOperationException.class);
      lock.unlock();
      return;
    }
    Polling.untilConclusive(
        "extending the lock within its lockAtMostFor",
        () -> {
          LockConfiguration config = lockFor("extend", SHORT);
          long start = System.nanoTime();
          SimpleLock lock = provider().lock(config).orElseThrow();
          long acquired = System.nanoTime(); // the original lease ends before acquired + SHORT
          Optional<SimpleLock> extended = lock.extend(Duration.ofMinutes(5), Duration.ZERO);
          if (extended.isEmpty()
              && !Polling.within(start, SHORT.minus(ExpiryContract.GRANULARITY))) {
            // Refused after the lock may have expired: that proves nothing either way.
            return false;
          }
          SimpleLock held =
              extended.orElseThrow(() -> new AssertionError("extending a held lock failed"));
          Polling.sleepUntil(acquired, SHORT.multipliedBy(2));
          assertThat(otherNode().lock(config)).as("held past the original lockAtMostFor").isEmpty();
          held.unlock();
          Optional<SimpleLock> again = otherNode().lock(config);
          assertThat(again).as("free after releasing the extended lock").isPresent();
          again.get().unlock();
          return true;
        });
  }

  /** Extension can shorten a lock too, and sets a new lockAtLeastFor counted from now. */
  @Test
  default void extendSetsNewLockAtLeastFor() {
    if (!supportsExtension()) {
      return;
    }
    LockConfiguration config = lockFor("extend-least", Duration.ofMinutes(5));
    SimpleLock lock = provider().lock(config).orElseThrow();
    SimpleLock extended =
        lock.extend(Duration.ofMinutes(5), Duration.ofMinutes(5))
            .orElseThrow(() -> new AssertionError("extending a held lock failed"));
    extended.unlock();
    assertThat(otherNode().lock(config))
        .as("the new lockAtLeastFor keeps it after release")
        .isEmpty();
  }

  /** An expired lock cannot be extended, even when nobody took it over. */
  @Test
  default void extendAfterExpiryFails() {
    if (!supportsExtension()) {
      return;
    }
    LockConfiguration config = lockFor("extend-late", Duration.ofMillis(300));
    SimpleLock lock = provider().lock(config).orElseThrow();
    Polling.sleep(Duration.ofMillis(800));
    assertThat(lock.extend(Duration.ofMinutes(5), Duration.ZERO))
        .as("extension after lockAtMostFor has passed")
        .isEmpty();
    Optional<SimpleLock> free = otherNode().lock(config);
    assertThat(free).as("the failed extension left the name free").isPresent();
    free.get().unlock();
  }
}
