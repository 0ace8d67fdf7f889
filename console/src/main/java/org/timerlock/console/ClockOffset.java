package org.timerlock.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.timerlock.core.admin.LockAdmin;

/**
 * This node's clock against the store's, which judges every lease: the store's time read once,
 * compared with this node's time halfway through the read, so that the round trip counts only half
 * against the offset.
 *
 * @param offset the store's time minus this node's: positive when the store is ahead
 * @param roundTrip how long the read took; the offset is known to within half of it
 */
record ClockOffset(Duration offset, Duration roundTrip) {

  /**
   * Beyond this the page flags the offset: the schedules fire by this node's clock and the missed
   * slots are judged by it, while leases are judged by the store's.
   */
  static final Duration BOUND = Duration.ofSeconds(1);

  /**
   * Reads the store's time and compares it with this node's.
   *
   * @param admin the store's admin
   * @param clock this node's clock
   * @param nanoTime this node's monotonic time, for the round trip
   * @return the offset; empty when the store cannot tell its time
   */
  static Optional<ClockOffset> measure(LockAdmin admin, Clock clock, LongSupplier nanoTime) {
    Instant sent = clock.instant();
    long start = nanoTime.getAsLong();
    Optional<Instant> store = admin.storeTime();
    Duration roundTrip = Duration.ofNanos(nanoTime.getAsLong() - start);
    Instant halfway = sent.plus(roundTrip.dividedBy(2));
    return store.map(time -> new ClockOffset(Duration.between(halfway, time), roundTrip));
  }

  /**
   * Whether the offset is surely beyond {@link #BOUND}: by more than the read's own uncertainty.
   *
   * @return true when the page should flag it
   */
  boolean beyondBound() {
    return offset.abs().minus(roundTrip.dividedBy(2)).compareTo(BOUND) > 0;
  }
}
