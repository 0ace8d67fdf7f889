package org.timerlock.cdi.internal;

import java.time.Instant;
import java.util.Optional;
import org.timerlock.cdi.LockedJob;

/**
 * A schedule's slots as the public API shows them, so that the rules stated there (such as when a
 * lock is overdue) are the ones the watch applies.
 *
 * @param slots the schedule
 */
record FireSlots(FireSchedule slots) implements LockedJob.Slots {

  @Override
  public Optional<Instant> nextAfter(Instant after) {
    return Optional.ofNullable(slots.nextAfter(after));
  }

  @Override
  public Optional<Instant> latestAtOrBefore(Instant atOrBefore) {
    return Optional.ofNullable(slots.latestAtOrBefore(atOrBefore));
  }
}
