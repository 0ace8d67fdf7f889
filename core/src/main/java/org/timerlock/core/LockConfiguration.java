package org.timerlock.core;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import org.timerlock.core.internal.CoreMessage;
import org.timerlock.core.spi.Printable;

/**
 * What to lock and for how long.
 *
 * @param name the lock name, shared by every node that must not run the task at the same time
 * @param lockAtMostFor how long the lock is kept when its holder dies without releasing it; a
 *     holder that runs longer loses its exclusivity
 * @param lockAtLeastFor the minimum time the lock is kept after it was taken, even if the task
 *     finishes earlier; guards against a node whose clock fires slightly later re-running the task.
 *     {@link DefaultLockingTaskExecutor} counts it from the fire instead for a request that names
 *     its fire on a provider that guards fires
 * @param fireInstant the scheduled instant of the fire this lock request serves, taken from the
 *     schedule (never from the node's clock at wake-up), truncated to milliseconds; null for a
 *     plain call. A store that guards fires refuses a request whose fire instant is at or before
 *     the latest one it granted for the name: that fire already ran, whatever the lease says.
 * @param kind what starts the run: {@link RunKind#SCHEDULED} for timers, tasks and plain calls,
 *     {@link RunKind#MANUAL} (never with a fire) for an operator's run now, {@link
 *     RunKind#CATCH_UP} (always with a fire, the missed slot) for a catch-up; the release records
 *     it
 */
public record LockConfiguration(
    String name,
    Duration lockAtMostFor,
    Duration lockAtLeastFor,
    Instant fireInstant,
    RunKind kind) {

  /**
   * Validates the configuration.
   *
   * @throws IllegalArgumentException if the name is null or blank, lockAtMostFor is null or not
   *     positive, lockAtLeastFor is null, negative or longer than lockAtMostFor, the kind is null,
   *     a manual run names a fire or a catch-up names none
   */
  public LockConfiguration {
    checkName(name);
    if (lockAtMostFor == null) {
      throw new IllegalArgumentException(
          CoreMessage.LOCK_DURATIONS.text(
              "lockAtMostFor of lock '" + Printable.of(name) + "' must not be null"));
    }
    if (lockAtLeastFor == null) {
      throw new IllegalArgumentException(
          CoreMessage.LOCK_DURATIONS.text(
              "lockAtLeastFor of lock '" + Printable.of(name) + "' must not be null"));
    }
    if (lockAtMostFor.isNegative() || lockAtMostFor.isZero()) {
      throw new IllegalArgumentException(
          CoreMessage.LOCK_DURATIONS.text(
              "lockAtMostFor of lock '"
                  + Printable.of(name)
                  + "' must be positive, was "
                  + lockAtMostFor));
    }
    if (lockAtLeastFor.isNegative()) {
      throw new IllegalArgumentException(
          CoreMessage.LOCK_DURATIONS.text(
              "lockAtLeastFor of lock '"
                  + Printable.of(name)
                  + "' must not be negative, was "
                  + lockAtLeastFor));
    }
    if (lockAtLeastFor.compareTo(lockAtMostFor) > 0) {
      throw new IllegalArgumentException(
          CoreMessage.LOCK_DURATIONS.text(
              "lockAtLeastFor ("
                  + lockAtLeastFor
                  + ") of lock '"
                  + Printable.of(name)
                  + "' must not be longer than lockAtMostFor ("
                  + lockAtMostFor
                  + ")"));
    }
    if (kind == null
        || (kind == RunKind.MANUAL && fireInstant != null)
        || (kind == RunKind.CATCH_UP && fireInstant == null)) {
      throw new IllegalArgumentException(
          CoreMessage.RUN_KIND.text(
              "Lock '"
                  + Printable.of(name)
                  + "': a run of kind "
                  + kind
                  + (fireInstant == null ? " without a fire" : " for the fire " + fireInstant)
                  + " is not possible (MANUAL runs never name a fire, CATCH_UP runs always do)"));
    }
    // Stores keep epoch milliseconds; two nodes must name the same fire with the same value.
    fireInstant = fireInstant == null ? null : fireInstant.truncatedTo(ChronoUnit.MILLIS);
  }

  /**
   * Checks a lock name as every configuration does, for the operations that name a lock without
   * taking it (the admin's pause, history and the like).
   *
   * @param name the lock name
   * @return the name
   * @throws IllegalArgumentException if the name is null or blank, or holds U+0000
   */
  public static String checkName(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          CoreMessage.LOCK_NAME.text(
              "Lock name must not be "
                  + (name == null ? "null" : "blank (was '" + Printable.of(name) + "')")));
    }
    if (name.indexOf('\u0000') >= 0) {
      // PostgreSQL cannot store it in text, and C-based clients cut the name short at it.
      throw new IllegalArgumentException(
          CoreMessage.LOCK_NAME.text(
              "Lock name '"
                  + Printable.of(name)
                  + "' must not contain the character U+0000 (NUL)"));
    }
    return name;
  }

  /**
   * A configuration of a {@link RunKind#SCHEDULED} run, for one fire or a plain call.
   *
   * @param name the lock name
   * @param lockAtMostFor how long a crashed holder keeps the lock
   * @param lockAtLeastFor the minimum time the lock is kept after it was taken
   * @param fireInstant the fire served, or null for a plain call
   * @throws IllegalArgumentException when a value is invalid
   */
  public LockConfiguration(
      String name, Duration lockAtMostFor, Duration lockAtLeastFor, Instant fireInstant) {
    this(name, lockAtMostFor, lockAtLeastFor, fireInstant, RunKind.SCHEDULED);
  }

  /**
   * A configuration for a plain call, with no fire instant: the lease alone decides.
   *
   * @param name the lock name
   * @param lockAtMostFor how long a crashed holder keeps the lock
   * @param lockAtLeastFor the minimum time the lock is kept after it was taken
   * @throws IllegalArgumentException when a value is invalid
   */
  public LockConfiguration(String name, Duration lockAtMostFor, Duration lockAtLeastFor) {
    this(name, lockAtMostFor, lockAtLeastFor, null);
  }

  /**
   * A configuration with no minimum hold time.
   *
   * @param name the lock name
   * @param lockAtMostFor how long a crashed holder keeps the lock
   * @return the configuration
   */
  public static LockConfiguration of(String name, Duration lockAtMostFor) {
    return new LockConfiguration(name, lockAtMostFor, Duration.ZERO);
  }

  /**
   * The same lock with other durations, as used when extending a held lock.
   *
   * @param atMostFor the new lockAtMostFor
   * @param atLeastFor the new lockAtLeastFor
   * @return the new configuration
   */
  public LockConfiguration withDurations(Duration atMostFor, Duration atLeastFor) {
    return new LockConfiguration(name, atMostFor, atLeastFor, fireInstant, kind);
  }

  /**
   * The same lock, requested for one scheduled fire.
   *
   * @param fire the scheduled instant of the fire, from the schedule; null for a plain call
   * @return the new configuration
   */
  public LockConfiguration forFire(Instant fire) {
    if (kind == RunKind.SCHEDULED && Objects.equals(fire, fireInstant)) {
      // Already that: a plain call's configuration serves every call without a copy.
      return this;
    }
    return new LockConfiguration(name, lockAtMostFor, lockAtLeastFor, fire, RunKind.SCHEDULED);
  }

  /**
   * The same lock, requested for an operator's run now: no fire, so it never consumes a slot.
   *
   * @return the new configuration, of kind {@link RunKind#MANUAL}
   */
  public LockConfiguration manual() {
    return new LockConfiguration(name, lockAtMostFor, lockAtLeastFor, null, RunKind.MANUAL);
  }

  /**
   * The same lock, requested to catch up one slot that no node ran: the slot is its fire, so the
   * fire guard lets one node run it.
   *
   * @param slot the missed slot
   * @return the new configuration, of kind {@link RunKind#CATCH_UP}
   * @throws IllegalArgumentException when the slot is null
   */
  public LockConfiguration forCatchUp(Instant slot) {
    return new LockConfiguration(name, lockAtMostFor, lockAtLeastFor, slot, RunKind.CATCH_UP);
  }
}
