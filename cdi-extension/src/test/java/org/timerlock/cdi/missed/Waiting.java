package org.timerlock.cdi.missed;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition the watch's thread makes true, failing past a generous deadline. */
public final class Waiting {

  private static final Duration DEADLINE = Duration.ofSeconds(30);

  private Waiting() {}

  public static void until(String what, BooleanSupplier condition) {
    long end = System.nanoTime() + DEADLINE.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        throw new AssertionError("not within " + DEADLINE + ": " + what);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted waiting for " + what, e);
      }
    }
  }
}
