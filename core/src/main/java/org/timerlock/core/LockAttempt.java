package org.timerlock.core;

import java.util.Objects;
import java.util.Optional;

/**
 * The answer of a store to one lock request: taken, held by another acquisition, or refused because
 * the requested fire already ran.
 */
public final class LockAttempt {

  /** Why a request got the answer it got. */
  public enum Outcome {
    /** The lock was taken. */
    ACQUIRED,
    /** Another acquisition holds the name (its lease has not expired). */
    HELD_ELSEWHERE,
    /**
     * The request named a scheduled fire at or before the latest fire the store granted for the
     * name: that fire already ran somewhere, so it must not run again, whatever the lease says.
     */
    ALREADY_RAN,
    /**
     * An operator paused the lock in the store ({@link org.timerlock.core.admin.LockAdmin#pause}):
     * every node is refused until it is resumed or the pause ends.
     */
    PAUSED
  }

  private static final LockAttempt HELD_ELSEWHERE = new LockAttempt(Outcome.HELD_ELSEWHERE, null);
  private static final LockAttempt ALREADY_RAN = new LockAttempt(Outcome.ALREADY_RAN, null);
  private static final LockAttempt PAUSED = new LockAttempt(Outcome.PAUSED, null);

  private final Outcome outcome;
  private final SimpleLock lock;

  private LockAttempt(Outcome outcome, SimpleLock lock) {
    this.outcome = outcome;
    this.lock = lock;
  }

  /**
   * The lock was taken.
   *
   * @param lock the acquisition
   * @return the attempt
   */
  public static LockAttempt acquired(SimpleLock lock) {
    return new LockAttempt(Outcome.ACQUIRED, Objects.requireNonNull(lock, "lock"));
  }

  /**
   * Another acquisition holds the name.
   *
   * @return the attempt
   */
  public static LockAttempt heldElsewhere() {
    return HELD_ELSEWHERE;
  }

  /**
   * The requested fire already ran.
   *
   * @return the attempt
   */
  public static LockAttempt alreadyRan() {
    return ALREADY_RAN;
  }

  /**
   * A refusal because the lock is paused in the store.
   *
   * @return the attempt
   */
  public static LockAttempt paused() {
    return PAUSED;
  }

  /**
   * What the store answered.
   *
   * @return the outcome
   */
  public Outcome outcome() {
    return outcome;
  }

  /**
   * The acquisition, when the lock was taken.
   *
   * @return the lock, or empty when refused
   */
  public Optional<SimpleLock> lock() {
    return Optional.ofNullable(lock);
  }

  /** The acquisition, or null when refused: for the executor, which asks at every call. */
  SimpleLock acquiredLock() {
    return lock;
  }

  @Override
  public String toString() {
    return "LockAttempt[" + outcome + "]";
  }
}
