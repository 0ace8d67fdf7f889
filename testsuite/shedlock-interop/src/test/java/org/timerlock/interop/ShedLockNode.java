package org.timerlock.interop;

import java.time.Duration;
import java.util.Optional;

/** One ShedLock node, whatever its provider and version: what the matrix asks of it. */
interface ShedLockNode extends AutoCloseable {

  /**
   * Asks ShedLock for the lock, as its {@code LockingTaskExecutor} does before a run.
   *
   * @return the held lock, or empty when ShedLock refused
   */
  Optional<Held> lock(String name, Duration lockAtMostFor, Duration lockAtLeastFor);

  @Override
  default void close() {}

  /** A lock ShedLock holds. */
  interface Held {
    void unlock();
  }
}
