package org.timerlock.core;

import java.time.Duration;
import java.util.OptionalLong;

/**
 * Observes what {@link DefaultLockingTaskExecutor} does with each lock. Every method has an empty
 * default, so a listener overrides only what it needs. Listeners run on the task's thread
 * (keep-alive renewal failures excepted) and must not throw; an exception from a listener is logged
 * and ignored.
 */
public interface LockListener {

  /**
   * The lock was taken and the task is about to run.
   *
   * @param configuration the lock, with the fire instant when the call serves a scheduled fire
   * @param fencingToken the acquisition's fencing token, when the provider has one
   */
  default void acquired(LockConfiguration configuration, OptionalLong fencingToken) {}

  /**
   * The lock was held elsewhere, so the task did not run.
   *
   * @param configuration the lock
   */
  default void skipped(LockConfiguration configuration) {}

  /**
   * The lock was held by this node's own earlier run, whose lockAtLeastFor has not passed, so the
   * task did not run. By default it is reported as {@link #skipped}.
   *
   * @param configuration the lock
   */
  default void heldByThisNode(LockConfiguration configuration) {
    skipped(configuration);
  }

  /**
   * The scheduled fire this call serves already ran on some node, so the task did not run.
   *
   * @param configuration the lock, with the refused fire instant
   */
  default void alreadyRan(LockConfiguration configuration) {}

  /**
   * An operator paused the lock in the store, so the task did not run. Called on every node at
   * every call while the pause lasts.
   *
   * @param configuration the lock, with the refused fire instant when the call served a fire
   */
  default void paused(LockConfiguration configuration) {}

  /**
   * The task finished and the lock was released (or its release was attempted).
   *
   * @param configuration the lock
   * @param fencingToken the acquisition's fencing token, when the provider has one
   * @param ranFor how long the task ran, measured with {@link System#nanoTime()}
   * @param failure what the task threw, or null when it completed normally
   */
  default void released(
      LockConfiguration configuration,
      OptionalLong fencingToken,
      Duration ranFor,
      Throwable failure) {}

  /**
   * The store could not answer, or a held lock could not be extended. For {@link
   * StoreOperation#EXTEND} this includes a lock found lost (expired before it could be extended, or
   * a keep-alive that gave up); a keep-alive reports from its renewal thread.
   *
   * @param configuration the lock
   * @param operation what was being done
   * @param failure the store's error
   */
  default void storeFailure(
      LockConfiguration configuration, StoreOperation operation, LockException failure) {}
}
