package org.timerlock.cdi;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.timerlock.cdi.internal.LockRuntime;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockingTaskExecutor;
import org.timerlock.core.TaskResult;

/**
 * Wraps tasks so they run under a named lock, for schedulers the interceptor does not see, such as
 * {@code ManagedScheduledExecutorService}:
 *
 * <pre>{@code
 * @Resource ManagedScheduledExecutorService mses;
 * @Inject LockedTasks lockedTasks;
 *
 * mses.scheduleAtFixedRate(lockedTasks.wrap("report", this::report), 0, 1, TimeUnit.MINUTES);
 * }</pre>
 *
 * Each run of a wrapped task takes the lock, and is skipped when another node holds it. Lock events
 * are published like for {@link SchedulerLock} methods.
 */
@ApplicationScoped
public class LockedTasks {

  private final LockRuntime runtime;
  private final LockingTaskExecutor executor;

  /** For the container's client proxy only. */
  protected LockedTasks() {
    this.runtime = null;
    this.executor = null;
  }

  @Inject
  LockedTasks(LockRuntime runtime, LockingTaskExecutor executor) {
    this.runtime = runtime;
    this.executor = executor;
  }

  /**
   * Wraps a task in a lock whose durations come from configuration: {@code
   * timerlock.lock."<name>".lock-at-most-for} (and {@code .lock-at-least-for}), else {@code
   * timerlock.default.*}. They are resolved now, so a missing setting fails here, not at the first
   * run. A lock switched off in configuration ({@code timerlock.lock."<name>".enabled=false} or
   * {@code timerlock.enabled=false}) skips every run with a {@code DISABLED} event.
   *
   * @param lockName the lock name
   * @param task the task
   * @return the task, run only while holding the lock
   * @throws IllegalArgumentException when no lockAtMostFor is configured for the name, or a value
   *     is invalid; the message names the key and the value
   */
  public Runnable wrap(String lockName, Runnable task) {
    return wrap(runtime.configurationOf(lockName), task);
  }

  /**
   * Wraps a task in a lock.
   *
   * @param configuration the lock
   * @param task the task
   * @return the task, run only while holding the lock
   */
  public Runnable wrap(LockConfiguration configuration, Runnable task) {
    Objects.requireNonNull(configuration, "configuration");
    Objects.requireNonNull(task, "task");
    return () -> executor.executeWithLock(task, configuration);
  }

  /**
   * Wraps a task that returns a value in a lock.
   *
   * @param configuration the lock
   * @param task the task
   * @param <T> the task's result type
   * @return a task that returns the result, or empty when the run was skipped (or the result was
   *     null)
   */
  public <T> Callable<Optional<T>> wrap(LockConfiguration configuration, Callable<T> task) {
    Objects.requireNonNull(configuration, "configuration");
    Objects.requireNonNull(task, "task");
    return () -> {
      TaskResult<T> result = executor.executeWithLock(task, configuration);
      return result.toOptional();
    };
  }
}
