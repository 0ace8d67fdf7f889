package org.timerlock.benchmarks;

import java.time.Duration;

/** Waits between the steps of a measurement, the thread's interrupt kept. */
public final class Pause {

  private Pause() {}

  /**
   * Sleeps.
   *
   * @param duration how long
   * @throws IllegalStateException when interrupted, with the interrupt flag set again
   */
  public static void of(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting " + duration, e);
    }
  }
}
