package org.timerlock.core;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import org.timerlock.core.internal.CoreMessage;

/**
 * One live acquisition of a named lock. Only the acquisition that took the lock can release or
 * extend it; after it expired and another node took the name, these calls do nothing to the new
 * holder.
 */
public interface SimpleLock {

  /**
   * Releases the lock. The name stays locked until {@code acquiredAt + lockAtLeastFor} if that is
   * still in the future.
   *
   * @throws LockException when the store cannot answer; the lock then expires on its own
   */
  void unlock();

  /**
   * Releases the lock and tells the store how the run ended, for stores that record the last run of
   * each lock ({@link org.timerlock.core.admin.LockInfo#lastRun()}). The release is the same single
   * statement or command as {@link #unlock()}: recording costs no extra round trip. A provider that
   * records nothing releases as {@link #unlock()} does, which is the default.
   *
   * @param end how the run ended
   * @throws LockException when the store cannot answer; the lock then expires on its own
   */
  default void unlock(RunEnd end) {
    unlock();
  }

  /**
   * Extends a held lock: from now, it is kept for at most {@code atMostFor} and, once released,
   * until at least now + {@code atLeastFor}. The returned lock replaces this one, which must not be
   * used afterwards.
   *
   * @param atMostFor the new lockAtMostFor, counted from now
   * @param atLeastFor the new lockAtLeastFor, counted from now
   * @return the extended lock, or empty when this acquisition is no longer the holder (it expired)
   * @throws UnsupportedOperationException when the provider cannot extend locks
   * @throws LockException when the store cannot answer
   */
  default Optional<SimpleLock> extend(Duration atMostFor, Duration atLeastFor) {
    throw new UnsupportedOperationException(
        CoreMessage.EXTEND_UNSUPPORTED.text(
            getClass().getName()
                + " cannot extend locks: its provider does not support extension"));
  }

  /**
   * A number that grows with every acquisition of the same name, for stores that can provide one.
   * Pass it to the resource the task writes to so it can reject a stale holder.
   *
   * @return the fencing token, or empty when the provider has none
   */
  default OptionalLong fencingToken() {
    return OptionalLong.empty();
  }
}
