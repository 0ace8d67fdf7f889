package org.timerlock.testkit;

import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/**
 * Waits for a lock to become free by trying it, as a node whose timer fires again would; and runs
 * the scenarios whose proof depends on how soon one step follows another.
 */
final class Polling {

  private static final Duration STEP = Duration.ofMillis(20);

  /** How many times in all a scenario is tried when a stalled thread spoils its timing. */
  static final int ATTEMPTS = 3;

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

  /**
   * Runs a scenario until one attempt proves something. An attempt returns false when this thread
   * stalled for so long between two of its steps that its checks would prove nothing (a refusal
   * that came after the lease could have ended, say); it is then made again, under new lock names.
   *
   * @param what what the scenario needs to be quick enough for, for the failure message
   * @param attempt one attempt: true when it ran its checks, false when it was too late to
   */
  static void untilConclusive(String what, BooleanSupplier attempt) {
    for (int i = 0; i < ATTEMPTS; i++) {
      if (attempt.getAsBoolean()) {
        return;
      }
    }
    throw new AssertionError(
        "None of " + ATTEMPTS + " attempts was quick enough for " + what + ": the machine stalled");
  }

  /**
   * Whether less than a duration has passed since an instant of {@link System#nanoTime()}.
   *
   * @return true while within the duration
   */
  static boolean within(long startNanos, Duration duration) {
    return System.nanoTime() - startNanos < duration.toNanos();
  }

  /** Sleeps until a duration has passed since an instant of {@link System#nanoTime()}. */
  static void sleepUntil(long startNanos, Duration duration) {
    long end = startNanos + duration.toNanos();
    for (long left = end - System.nanoTime(); left > 0; left = end - System.nanoTime()) {
      sleep(Duration.ofNanos(Math.max(left, 1_000_000)));
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
