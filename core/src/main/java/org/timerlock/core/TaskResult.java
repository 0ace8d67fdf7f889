package org.timerlock.core;

import java.util.Optional;

/**
 * The outcome of {@link LockingTaskExecutor#executeWithLock(java.util.concurrent.Callable,
 * LockConfiguration)}: whether the task ran, and what it returned.
 *
 * @param <T> the task's result type
 */
public final class TaskResult<T> {

  private static final TaskResult<?> SKIPPED = new TaskResult<>(false, null);

  private final boolean executed;
  private final T result;

  private TaskResult(boolean executed, T result) {
    this.executed = executed;
    this.result = result;
  }

  /**
   * A task that ran.
   *
   * @param result what it returned, may be null
   * @param <T> the result type
   * @return the result
   */
  public static <T> TaskResult<T> executed(T result) {
    return new TaskResult<>(true, result);
  }

  /**
   * A task that did not run because the lock was held elsewhere or the store failed.
   *
   * @param <T> the result type
   * @return the skipped result
   */
  @SuppressWarnings("unchecked")
  public static <T> TaskResult<T> skipped() {
    return (TaskResult<T>) SKIPPED;
  }

  /**
   * Whether the task ran.
   *
   * @return true when the lock was taken and the task ran
   */
  public boolean wasExecuted() {
    return executed;
  }

  /**
   * What the task returned.
   *
   * @return the result; null when skipped or when the task returned null
   */
  public T getResult() {
    return result;
  }

  /**
   * The result as an optional.
   *
   * @return empty when skipped or when the task returned null
   */
  public Optional<T> toOptional() {
    return Optional.ofNullable(result);
  }

  @Override
  public String toString() {
    return executed ? "TaskResult[executed, result=" + result + "]" : "TaskResult[skipped]";
  }
}
