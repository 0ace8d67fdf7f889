package org.timerlock.core;

import java.util.Optional;
import java.util.Set;
import org.timerlock.core.admin.LockAdmin;

/**
 * Takes named locks in a store shared by every node of a cluster.
 *
 * <p>Implementations must be thread-safe. They must guarantee that, for one name, at most one
 * acquisition is live at any instant, where an acquisition stays live until it is released or until
 * {@code lockAtMostFor} has passed in the store's own clock.
 *
 * <p>A provider implements {@link #lock(LockConfiguration)}; one that guards scheduled fires (see
 * {@link LockConfiguration#fireInstant()}) implements {@link #tryLock(LockConfiguration)} too, so
 * that a refused fire can be told from a lock held elsewhere, and says so in {@link #features()}.
 * One that can list and release its locks for operators returns them from {@link #admin()}.
 */
public interface LockProvider {

  /** What a provider can do beyond the lease. */
  enum Feature {
    /**
     * Each scheduled fire runs at most once: a request for a fire at or before the latest granted
     * one is refused as {@link LockAttempt.Outcome#ALREADY_RAN}.
     */
    FIRE_GUARD,
    /**
     * {@link SimpleLock#fencingToken()} returns a number that strictly increases with every
     * acquisition of a name.
     */
    FENCING_TOKENS
  }

  /**
   * Tries to take the lock once, without waiting.
   *
   * @param configuration the lock name and durations
   * @return the lock, or empty when another acquisition holds the name
   * @throws LockException when the store cannot answer (down, missing table, no permission)
   */
  Optional<SimpleLock> lock(LockConfiguration configuration);

  /**
   * Tries to take the lock once, without waiting, and says why when it is refused. A provider
   * without {@link Feature#FIRE_GUARD} ignores the fire instant: the lease alone decides.
   *
   * @param configuration the lock name, durations and, for a scheduled fire, its instant
   * @return the store's answer
   * @throws LockException when the store cannot answer
   */
  default LockAttempt tryLock(LockConfiguration configuration) {
    return lock(configuration).map(LockAttempt::acquired).orElseGet(LockAttempt::heldElsewhere);
  }

  /**
   * What this provider can do beyond the lease, as far as it knows now (a JDBC provider learns
   * whether its table has the columns for them when it first looks at the table).
   *
   * @return the features; empty for a lease-only provider
   */
  default Set<Feature> features() {
    return Set.of();
  }

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

  /**
   * Lists, looks up and releases this provider's locks, for operators; an optional capability.
   *
   * @return the admin view of the same store, with the same table or key prefix; empty when the
   *     provider has none
   */
  default Optional<LockAdmin> admin() {
    return Optional.empty();
  }
}
