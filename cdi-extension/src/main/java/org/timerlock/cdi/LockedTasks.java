package org.timerlock.cdi;

import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.Trigger;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledFuture;
import org.timerlock.cdi.internal.AlignedTriggers;
import org.timerlock.cdi.internal.FireRecordingTrigger;
import org.timerlock.cdi.internal.LockRuntime;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockingTaskExecutor;
import org.timerlock.core.TaskResult;
import org.timerlock.core.schedule.CalendarSchedule;

/**
 * Runs tasks under a named lock, for schedulers the interceptor does not see, such as {@code
 * ManagedScheduledExecutorService}. Scheduled through this bean, the runs fall on the same instants
 * on every node and each fire runs once in the cluster:
 *
 * <pre>{@code
 * @Resource ManagedScheduledExecutorService mses;
 * @Inject LockedTasks lockedTasks;
 *
 * lockedTasks.scheduleAtFixedRate(mses, "report", Duration.ofMinutes(1), this::report);
 * lockedTasks.schedule(mses, "cleanup", "0 30 2 * * *", ZoneId.of("UTC"), this::cleanup);
 * }</pre>
 *
 * A task only wrapped ({@link #wrap(String, Runnable)}) and scheduled by the executor itself runs
 * at times that differ per node (each node's start-up time): the lease alone then decides. Lock
 * events are published like for {@link SchedulerLock} methods.
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
   * This node's id as TimerLock uses it: the readable first part of every lock owner value it
   * stores ({@code locked_by} in a JDBC table) and {@link LockEvent#nodeId()}. It is {@code
   * timerlock.node-id} when set, else the name the server gives this instance (WildFly's {@code
   * jboss.node.name}; {@code <instance>@<host>} on GlassFish, Payara and Open Liberty), else host
   * name and process id. An application that shows which node did something can print this, so that
   * its records match the lock store's.
   *
   * @return the node id, never blank
   */
  public String nodeId() {
    return runtime.nodeId();
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
   * Runs a task under a lock at every fire of a trigger. Each run names the fire it serves by its
   * scheduled time, so that with a trigger whose fires fall on the same instants on every node (as
   * {@code CronTrigger} or {@link #scheduleAtFixedRate} do) each fire runs once in the cluster,
   * unless {@code timerlock.lock."<name>".once-per-fire=false}. Durations come from configuration,
   * as for {@link #wrap(String, Runnable)}.
   *
   * @param executor the server's scheduled executor
   * @param lockName the lock name
   * @param trigger the schedule
   * @param task the task
   * @return the scheduled task, to cancel it
   * @throws IllegalArgumentException when no lockAtMostFor is configured for the name, or a value
   *     is invalid
   */
  public ScheduledFuture<?> schedule(
      ManagedScheduledExecutorService executor, String lockName, Trigger trigger, Runnable task) {
    ScheduledFuture<?> scheduled = scheduleLocked(executor, lockName, trigger, task);
    runtime.scheduled(lockName, task);
    return scheduled;
  }

  private ScheduledFuture<?> scheduleLocked(
      ManagedScheduledExecutorService executor, String lockName, Trigger trigger, Runnable task) {
    Objects.requireNonNull(executor, "executor");
    Objects.requireNonNull(task, "task");
    LockConfiguration configuration = runtime.configurationOf(lockName);
    boolean oncePerFire = runtime.oncePerFire(lockName);
    FireRecordingTrigger recording = new FireRecordingTrigger(trigger);
    return executor.schedule(
        () ->
            this.executor.executeWithLock(
                task, configuration.forFire(oncePerFire ? recording.scheduledFire() : null)),
        recording);
  }

  /**
   * Runs a task under a lock every {@code period}, at the multiples of the period since the epoch
   * (every full minute for one minute), on every node alike: each fire runs once in the cluster,
   * and a fire that no node ran is reported as missed (see {@link LockEvent.Kind#MISSED}).
   *
   * @param executor the server's scheduled executor
   * @param lockName the lock name
   * @param period the period, at least one millisecond
   * @param task the task
   * @return the scheduled task, to cancel it
   * @throws IllegalArgumentException when the period is shorter than one millisecond, or no
   *     lockAtMostFor is configured for the name
   */
  public ScheduledFuture<?> scheduleAtFixedRate(
      ManagedScheduledExecutorService executor, String lockName, Duration period, Runnable task) {
    ScheduledFuture<?> scheduled =
        scheduleLocked(executor, lockName, AlignedTriggers.fixedRate(period), task);
    runtime.scheduledFixedRate(lockName, period, task);
    return scheduled;
  }

  /**
   * Runs a task under a lock at the fires of a cron expression (6 fields with seconds, or 5
   * without, as Jakarta Concurrency's {@code CronTrigger} reads them): each fire runs once in the
   * cluster, and a fire that no node ran is reported as missed (see {@link LockEvent.Kind#MISSED}).
   *
   * @param executor the server's scheduled executor
   * @param lockName the lock name
   * @param cron e.g. {@code 0 30 2 * * *} for 02:30:00 every day
   * @param zone the time zone of the expression
   * @param task the task
   * @return the scheduled task, to cancel it
   * @throws IllegalArgumentException when the expression is invalid, or no lockAtMostFor is
   *     configured for the name
   */
  public ScheduledFuture<?> schedule(
      ManagedScheduledExecutorService executor,
      String lockName,
      String cron,
      ZoneId zone,
      Runnable task) {
    CalendarSchedule schedule = CalendarSchedule.cron(cron, zone);
    ScheduledFuture<?> scheduled =
        scheduleLocked(executor, lockName, AlignedTriggers.of(schedule), task);
    runtime.scheduledCron(lockName, schedule, task);
    return scheduled;
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
