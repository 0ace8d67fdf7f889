package org.timerlock.core.admin;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.timerlock.core.spi.Printable;

/**
 * An operator's pause of a lock, as the store keeps it: while it lasts, every node's acquire
 * statement refuses the lock ({@link org.timerlock.core.LockAttempt.Outcome#PAUSED}).
 *
 * @param until when the pause ends by itself, by the store's clock; null for a pause that lasts
 *     until {@link LockAdmin#resume}
 * @param by who paused it, as the operator's tool named them (escaped when shown)
 */
public record LockPause(Instant until, String by) {

  /**
   * Checks who paused.
   *
   * @throws NullPointerException when {@code by} is null
   */
  public LockPause {
    Objects.requireNonNull(by, "by");
  }

  /**
   * When the pause ends by itself.
   *
   * @return the end, empty for an open-ended pause
   */
  public Optional<Instant> endsAt() {
    return Optional.ofNullable(until);
  }

  @Override
  public String toString() {
    return "paused by " + Printable.of(by) + (until == null ? " until resumed" : " until " + until);
  }
}
