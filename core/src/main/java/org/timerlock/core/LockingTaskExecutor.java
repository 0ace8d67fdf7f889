package org.timerlock.core;

import java.util.concurrent.Callable;

/**
 * Runs a task only while holding a named lock, and skips it (never waits) when another node holds
 * the name. Calls are reentrant per thread: a task that, on the same thread, asks for a lock it
 * already holds runs without taking it again.
 */
public interface LockingTaskExecutor {

  /**
   * Runs the task if the lock can be taken.
   *
   * @param task the task
   * @param configuration the lock
   * @return true if the task ran, false if it was skipped
   * @throws LockException when the store failed and the policy is {@link StoreFailurePolicy#FAIL}
   */
  boolean executeWithLock(Runnable task, LockConfiguration configuration);

  /**
   * Runs the task if the lock can be taken and returns what it returned.
   *
   * @param task the task
   * @param configuration the lock
   * @param <T> the task's result type
   * @return the result, or a skipped result saying why ({@link TaskResult#outcome()})
   * @throws Exception what the task threw; the lock is released first
   */
  <T> TaskResult<T> executeWithLock(Callable<T> task, LockConfiguration configuration)
      throws Exception;
}
