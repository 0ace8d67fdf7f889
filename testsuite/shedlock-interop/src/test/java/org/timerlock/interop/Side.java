package org.timerlock.interop;

import java.time.Duration;
import java.util.Optional;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;

/**
 * One side of a mixed fleet, ShedLock or TimerLock, seen the same way so that every scenario runs
 * in both directions with the same code.
 *
 * @param label how results name it ("ShedLock", "TimerLock")
 * @param locker takes a lock
 */
record Side(String label, Locker locker) {

  /** Takes a lock: the release action when it was granted, empty when refused. */
  interface Locker {
    Optional<Runnable> lock(String name, Duration lockAtMostFor, Duration lockAtLeastFor);
  }

  Optional<Runnable> lock(String name, Duration lockAtMostFor, Duration lockAtLeastFor) {
    return locker.lock(name, lockAtMostFor, lockAtLeastFor);
  }

  static Side shedLock(ShedLockNode node) {
    return new Side(
        "ShedLock",
        (name, atMost, atLeast) ->
            node.lock(name, atMost, atLeast).map(held -> (Runnable) held::unlock));
  }

  static Side timerLock(LockProvider provider) {
    return new Side(
        "TimerLock",
        (name, atMost, atLeast) ->
            provider
                .lock(new LockConfiguration(name, atMost, atLeast))
                .map(held -> (Runnable) held::unlock));
  }
}
