package org.timerlock.core;

import java.util.Objects;
import java.util.Optional;
import org.timerlock.core.internal.CoreMessage;

/**
 * The outcome of {@link LockingTaskExecutor#executeWithLock(java.util.concurrent.Callable,
 * LockConfiguration)}: whether the task ran, why not, and what it returned.
 *
 * @param <T> the task's result type
 */
public final class TaskResult<T> {

  /** Whether the task ran, and if not, why. */
  public enum Outcome {
    /** The lock was taken and the task ran. */
    EXECUTED,
    /** Another node holds the lock. */
    HELD_ELSEWHERE,
    /**
     * This node's own earlier run keeps the lock: it ended, but its lockAtLeastFor has not passed
     * (a plain call made again too soon, or a lockAtLeastFor longer than the schedule's period).
     */
    HELD_BY_THIS_NODE,
    /** The scheduled fire this call serves already ran on some node. */
    ALREADY_RAN,
    /** The lock store could not answer, and the policy is to skip. */
    STORE_FAILURE,
    /** The lock is switched off by configuration. */
    DISABLED,
    /** The lock is paused in the store, on every node, by an operator. */
    PAUSED,
    /** The application is stopping: no new lock is taken while running jobs drain. */
    SHUTTING_DOWN
  }

  /** What every task that returns nothing (a void job) gets: it is immutable, so one serves all. */
  private static final TaskResult<?> EXECUTED_WITHOUT_RESULT =
      new TaskResult<>(Outcome.EXECUTED, null);

  private final Outcome outcome;
  private final T result;

  private TaskResult(Outcome outcome, T result) {
    this.outcome = outcome;
    this.result = result;
  }

  /**
   * A task that ran.
   *
   * @param result what it returned, may be null
   * @param <T> the result type
   * @return the result
   */
  @SuppressWarnings("unchecked") // it holds no T
  public static <T> TaskResult<T> executed(T result) {
    return result == null
        ? (TaskResult<T>) EXECUTED_WITHOUT_RESULT
        : new TaskResult<>(Outcome.EXECUTED, result);
  }

  /**
   * A task that did not run.
   *
   * @param reason why it did not run; not {@link Outcome#EXECUTED}
   * @param <T> the result type
   * @return the skipped result
   * @throws IllegalArgumentException when the reason is {@link Outcome#EXECUTED}
   */
  public static <T> TaskResult<T> skipped(Outcome reason) {
    if (Objects.requireNonNull(reason, "reason") == Outcome.EXECUTED) {
      throw new IllegalArgumentException(
          CoreMessage.SKIPPED_AS_EXECUTED.text(
              "A skipped task needs a reason other than EXECUTED"));
    }
    return new TaskResult<>(reason, null);
  }

  /**
   * Whether the task ran.
   *
   * @return true when the lock was taken and the task ran
   */
  public boolean wasExecuted() {
    return outcome == Outcome.EXECUTED;
  }

  /**
   * Whether the task ran, and if not, why.
   *
   * @return the outcome
   */
  public Outcome outcome() {
    return outcome;
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
    return wasExecuted()
        ? "TaskResult[executed, result=" + result + "]"
        : "TaskResult[skipped: " + outcome + "]";
  }
}
