package org.timerlock.cdi.internal;

import java.lang.reflect.Method;
import java.time.Duration;
import org.timerlock.core.LockConfiguration;

/**
 * A lock whose schedule every node knows, as the missed-fire watch checks it.
 *
 * @param configuration the lock, without a fire
 * @param method the locked method, or null for a lock of {@code LockedTasks}
 * @param where how messages name the user of the lock
 * @param slots the slots of its schedule
 * @param grace how long after a slot its fire may still arrive
 * @param enabledHere whether configuration leaves the lock on on this node
 */
record WatchedLock(
    LockConfiguration configuration,
    Method method,
    String where,
    FireSchedule slots,
    Duration grace,
    boolean enabledHere) {

  /** A grace when configuration sets none: half the period, at most this. */
  static final Duration MAX_DEFAULT_GRACE = Duration.ofMinutes(5);

  /** The lock name. */
  String name() {
    return configuration.name();
  }

  /**
   * The grace of a lock whose configuration sets none: half its period, at most {@link
   * #MAX_DEFAULT_GRACE}.
   *
   * @param period the usual gap between two slots; zero when unknown
   * @return the grace
   */
  static Duration defaultGrace(Duration period) {
    Duration half = period.dividedBy(2);
    return half.isZero() || half.compareTo(MAX_DEFAULT_GRACE) > 0 ? MAX_DEFAULT_GRACE : half;
  }
}
