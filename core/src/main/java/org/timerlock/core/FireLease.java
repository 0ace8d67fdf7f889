package org.timerlock.core;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * How long a run that serves a scheduled fire keeps its lock after it ends: until the fire plus
 * lockAtLeastFor, not until the acquisition plus lockAtLeastFor.
 *
 * <p>A timer that starts a run late (a busy server fires 2 s late) would otherwise carry the lease
 * into the next fire's slot, and the next fire, on this node or any other, would be refused while
 * nothing runs. Where the store guards fires, a fire can never run twice whatever the lease says,
 * so the lease only needs to cover the fire's own slot. Where it does not (a table without the fire
 * columns, a provider without {@link LockProvider.Feature#FIRE_GUARD}), lockAtLeastFor is still
 * what keeps a late node from running the same fire again, and counts from the acquisition as
 * before. A plain call, which names no fire, is not affected.
 */
final class FireLease {

  private FireLease() {}

  /**
   * The configuration to ask the provider with.
   *
   * @param configuration the call's configuration
   * @param guarded whether the provider guards fires now
   * @param clock this node's clock, which also gave the fire instant
   * @return the configuration whose lockAtLeastFor ends at the fire plus lockAtLeastFor
   */
  static LockConfiguration of(LockConfiguration configuration, boolean guarded, Clock clock) {
    Instant fire = configuration.fireInstant();
    Duration atLeastFor = configuration.lockAtLeastFor();
    if (fire == null || !guarded || atLeastFor.isZero()) {
      return configuration;
    }
    Duration left = Duration.between(clock.instant(), fire.plus(atLeastFor));
    if (left.compareTo(atLeastFor) >= 0) {
      // On time (or early): the whole lockAtLeastFor, as configured.
      return configuration;
    }
    return configuration.withDurations(
        configuration.lockAtMostFor(), left.isNegative() ? Duration.ZERO : left);
  }
}
