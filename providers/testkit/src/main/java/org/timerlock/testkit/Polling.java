package org.timerlock.testkit;

import java.time.Duration;
import java.util.Optional;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/** Waits for a lock to become free by trying it, as a node whose timer fires again would. */
final class Polling {

  private static final Duration STEP = Duration.ofMillis(20);

  private Polling() {}

  /**
   * Tries the lock until it is taken or the deadline passes.
   *
   * @return the lock, or empty when it was still held at the deadline
   */
  static Optional<SimpleLock> lockWithin(
      LockProvider provider, LockConfiguration configuration, Duration deadline) {
    long end = System.nanoTime() + deadline.toNanos();
    while (true) {
      Optional<SimpleLock> lock = provider.lock(configuration);
      if (lock.isPresent() || System.nanoTime() - end > 0) {
        return lock;
      }
      sleep(STEP);
    }
  }

  static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting", e);
    }
  }
}
