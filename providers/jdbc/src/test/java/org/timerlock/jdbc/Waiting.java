package org.timerlock.jdbc;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits, with a deadline, for a condition another thread or the database brings about, such as a
 * history record's age or a pause's end: a test never asserts on a single read of such state.
 */
final class Waiting {

  private static final Duration DEADLINE = Duration.ofSeconds(20);

  private Waiting() {}

  /**
   * Returns once the condition holds; fails after {@link #DEADLINE}.
   *
   * @param what the condition, for the failure message
   * @param condition polled every 50 ms
   */
  static void until(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + DEADLINE.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("Waited " + DEADLINE.toSeconds() + " s for " + what);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
