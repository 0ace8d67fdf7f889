package org.timerlock.core;

import java.util.Optional;

/**
 * Takes named locks in a store shared by every node of a cluster.
 *
 * <p>Implementations must be thread-safe. They must guarantee that, for one name, at most one
 * acquisition is live at any instant, where an acquisition stays live until it is released or until
 * {@code lockAtMostFor} has passed in the store's own clock.
 */
public interface LockProvider {

  /**
   * Tries to take the lock once, without waiting.
   *
   * @param configuration the lock name and durations
   * @return the lock, or empty when another acquisition holds the name
   * @throws LockException when the store cannot answer (down, missing table, no permission)
   */
  Optional<SimpleLock> lock(LockConfiguration configuration);

  /**
   * The longest lock name this provider's store accepts, so that names can be rejected at
   * deployment instead of at the first fire.
   *
   * @return the maximum name length in characters; {@link Integer#MAX_VALUE} when unbounded
   */
  default int maxNameLength() {
    return Integer.MAX_VALUE;
  }

  /**
   * A short human-readable description of where the locks live, for logs.
   *
   * @return e.g. {@code "JDBC table shedlock on PostgreSQL (java:comp/DefaultDataSource)"}
   */
  default String description() {
    return getClass().getSimpleName();
  }
}
