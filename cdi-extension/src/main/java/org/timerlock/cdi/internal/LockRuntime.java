package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.BeforeDestroyed;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Reception;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.cdi.internal.jfr.RecordedLockProvider;
import org.timerlock.core.DefaultLockingTaskExecutor;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockListener;
import org.timerlock.core.LockProvider;
import org.timerlock.core.LockingTaskExecutor;
import org.timerlock.core.TaskResult;
import org.timerlock.core.schedule.CalendarSchedule;
import org.timerlock.core.spi.Printable;

/**
 * What the interceptor and {@link org.timerlock.cdi.LockedTasks} run calls through: the locks
 * resolved at deployment, the provider, and one executor per locked method (its events name the
 * method). A lock switched off by configuration is skipped here, before the store is asked.
 */
@ApplicationScoped
public class LockRuntime {

  private static final Logger LOG = System.getLogger(LockRuntime.class.getName());

  /** How messages name a lock taken through the injected executor or {@code LockedTasks}. */
  private static final String PROGRAMMATIC = "LockedTasks or LockingTaskExecutor";

  private final DeployedLocks locks;
  private final LockProvider provider;
  private final LockEventChannel events;
  private final Map<Method, LockedMethod> methods = new ConcurrentHashMap<>();
  private final DefaultLockingTaskExecutor programmatic;
  private final MissedFireWatch watch;
  private final LockListener storeFailures;
  private final JobRegistry jobs;
  private final CatchUp catchUp;
  private final Drain drain = new Drain();

  /** For the container's client proxy only. */
  protected LockRuntime() {
    this.locks = null;
    this.provider = null;
    this.events = null;
    this.programmatic = null;
    this.watch = null;
    this.storeFailures = null;
    this.jobs = null;
    this.catchUp = null;
  }

  @Inject
  LockRuntime(
      DeployedLocks locks,
      LockProvider provider,
      LockEventChannel events,
      MissedFireWatch watch,
      JobRegistry jobs,
      CatchUp catchUp) {
    this.catchUp = catchUp;
    this.locks = locks;
    this.watch = watch;
    this.jobs = jobs;
    this.provider = RecordedLockProvider.wrap(provider);
    this.events = events;
    this.storeFailures = watch.storeFailureRecorder();
    this.programmatic = executor(null);
  }

  /**
   * Runs an intercepted call under its lock.
   *
   * @param context the invocation
   * @return what the method returned; null or {@code Optional.empty()} when skipped
   * @throws Exception what the method threw, or the store's error under the {@code fail} policy
   */
  public Object proceedLocked(InvocationContext context) throws Exception {
    Method method = context.getMethod();
    ResolvedLock lock = locks.find(context.getTarget().getClass(), method);
    if (lock == null) {
      // Running it unlocked would break the one guarantee this library gives.
      throw new IllegalStateException(
          CdiMessage.NOT_REGISTERED.text(
              "TimerLock has no lock registered for "
                  + method
                  + " called on "
                  + context.getTarget().getClass().getName()
                  + "; the call was not run. Please report this with the class and method."));
    }
    DirectRun direct = DirectRun.claim(lock.name());
    TaskResult<Object> result;
    if (direct != null) {
      result = runDirect(lock, direct, context::proceed);
    } else {
      Instant fire =
          lock.oncePerFire() ? lock.fires().fireOf(context.getTimer(), lock.where()) : null;
      result = run(lock, lock.configuration().forFire(fire), context::proceed);
    }
    if (result.wasExecuted()) {
      return result.getResult();
    }
    return method.getReturnType() == Optional.class ? Optional.empty() : null;
  }

  /**
   * The configuration of a lock used with {@code LockedTasks.wrap(String, Runnable)}, from
   * configuration only.
   *
   * @param name the lock name
   * @return the configuration
   * @throws IllegalArgumentException when no lockAtMostFor is configured or a value is invalid
   */
  public LockConfiguration configurationOf(String name) {
    return locks.byName(name).configuration();
  }

  /**
   * Whether scheduled runs of a lock used with {@code LockedTasks} carry their fire instant ({@code
   * timerlock.lock."<name>".once-per-fire}, default true).
   *
   * @param name the lock name
   * @return true when the fire guard is on for the lock
   */
  public boolean oncePerFire(String name) {
    return locks.byName(name).oncePerFire();
  }

  /**
   * Remembers a task that {@code LockedTasks} scheduled with a trigger TimerLock cannot read, so
   * that operators see it and can run it now.
   *
   * @param name the lock name
   * @param task the task, without its lock
   */
  public void scheduled(String name, Runnable task) {
    jobs.scheduled(name, task, null);
  }

  /**
   * Remembers a task of {@code LockedTasks} that runs every {@code period} on the epoch grid, and
   * watches it for missed fires.
   *
   * @param name the lock name
   * @param period the period
   * @param task the task, without its lock
   */
  public void scheduledFixedRate(String name, Duration period, Runnable task) {
    scheduled(name, FireSchedule.fixedRate(period), task);
  }

  /**
   * Remembers a task of {@code LockedTasks} that runs at the fires of a calendar schedule, and
   * watches it for missed fires.
   *
   * @param name the lock name
   * @param schedule the schedule
   * @param task the task, without its lock
   */
  public void scheduledCron(String name, CalendarSchedule schedule, Runnable task) {
    scheduled(name, FireSchedule.of(List.of(schedule)), task);
  }

  private void scheduled(String name, FireSchedule slots, Runnable task) {
    jobs.scheduled(name, task, slots);
    watch.watch(name, slots);
    catchUp.scheduled(name);
  }

  /**
   * This node's id, the readable first part of its lock owner values.
   *
   * @return {@code timerlock.node-id}, or the server's default
   */
  public String nodeId() {
    return locks.nodeId();
  }

  /**
   * Runs a task of {@code LockedTasks} as a run TimerLock started by itself.
   *
   * @param lock the task's lock
   * @param direct the run
   * @param task the task
   * @throws Exception the store's error under the {@code fail} policy
   */
  void runDirect(ResolvedLock lock, DirectRun direct, Runnable task) throws Exception {
    runDirect(
        lock,
        direct,
        () -> {
          task.run();
          return null;
        });
  }

  /** Runs a call as a run TimerLock started by itself, and reports its lock decision to it. */
  private <T> TaskResult<T> runDirect(ResolvedLock lock, DirectRun direct, Callable<T> task)
      throws Exception {
    TaskResult<T> result =
        run(
            lock,
            direct.configure(lock.configuration()),
            () -> {
              direct.started();
              return task.call();
            });
    if (!result.wasExecuted()) {
      direct.refused(result.outcome());
    }
    return result;
  }

  private <T> TaskResult<T> run(
      ResolvedLock lock, LockConfiguration configuration, Callable<T> task) throws Exception {
    if (!lock.enabled()) {
      return disabled(configuration, lock.method());
    }
    if (lock.method() == null) {
      return gated(
          programmatic, drain.enter(configuration, lock.where()), task, configuration, null);
    }
    LockedMethod method = methods.get(lock.method());
    if (method == null) {
      method = methods.computeIfAbsent(lock.method(), m -> lockedMethod(lock));
    }
    return gated(method.executor(), drain.enter(method.pass()), task, configuration, lock.method());
  }

  /**
   * Runs a call that has been to the drain's gate: none passes once the application stops.
   *
   * @param pass the gate's pass, null when the gate is closed
   */
  private <T> TaskResult<T> gated(
      DefaultLockingTaskExecutor executor,
      Drain.Pass pass,
      Callable<T> task,
      LockConfiguration configuration,
      Method method)
      throws Exception {
    if (pass == null) {
      return shuttingDown(configuration, method);
    }
    try {
      return executor.executeWithLock(task, configuration);
    } finally {
      drain.leave(pass);
    }
  }

  /**
   * Whether the application is stopping: no new lock is taken while the running jobs drain.
   *
   * @return true from the start of the drain on
   */
  public boolean draining() {
    return drain.closed();
  }

  /**
   * Drains the running jobs when the application stops, before the provider and its store client
   * close (they close when the application context is gone): no new lock from now on, and a bounded
   * wait ({@code timerlock.shutdown.drain-timeout}) for the running jobs to end and release. A job
   * still running then is named in one WARNING; its lease stays in the store until lockAtMostFor.
   */
  void drain(
      @Observes(notifyObserver = Reception.IF_EXISTS) @BeforeDestroyed(ApplicationScoped.class)
          Object application) {
    watch.stop();
    Duration timeout = locks.drainTimeout();
    List<Drain.Pass> left;
    try {
      left = drain.close(timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      left = List.of();
    }
    for (Drain.Pass pass : left) {
      LOG.log(
          Level.WARNING,
          CdiMessage.DRAIN_TIMEOUT.text(
              "TimerLock: the application stops while lock ''{0}'' ({1}) is still running after"
                  + " the drain timeout of {2} ({3}): its lease stays in the store until it"
                  + " releases or lockAtMostFor ({4}) ends"),
          Printable.shortened(pass.configuration().name()),
          pass.where(),
          timeout,
          TimerLockKeys.SHUTDOWN_DRAIN_TIMEOUT.name(),
          pass.configuration().lockAtMostFor());
    }
  }

  /**
   * The executor for programmatic use: locks named in code, with the switches of configuration; its
   * events name no method.
   *
   * @return the executor
   */
  @Produces
  @ApplicationScoped
  public LockingTaskExecutor lockingTaskExecutor() {
    return new LockingTaskExecutor() {
      @Override
      public boolean executeWithLock(Runnable task, LockConfiguration configuration) {
        if (!locks.enabled(configuration.name())) {
          disabled(configuration, null);
          return false;
        }
        Drain.Pass pass = drain.enter(configuration, PROGRAMMATIC);
        if (pass == null) {
          shuttingDown(configuration, null);
          return false;
        }
        try {
          return programmatic.executeWithLock(task, configuration);
        } finally {
          drain.leave(pass);
        }
      }

      @Override
      public <T> TaskResult<T> executeWithLock(Callable<T> task, LockConfiguration configuration)
          throws Exception {
        if (!locks.enabled(configuration.name())) {
          return disabled(configuration, null);
        }
        return gated(
            programmatic, drain.enter(configuration, PROGRAMMATIC), task, configuration, null);
      }

      @Override
      public String toString() {
        return programmatic.toString();
      }
    };
  }

  private <T> TaskResult<T> disabled(LockConfiguration configuration, Method method) {
    events.publisher(method).disabled(configuration);
    return TaskResult.skipped(TaskResult.Outcome.DISABLED);
  }

  private <T> TaskResult<T> shuttingDown(LockConfiguration configuration, Method method) {
    // Every call refused while the application stops: quiet, the stop itself is the news.
    LOG.log(
        Level.DEBUG,
        "TimerLock: skipped lock ''{0}'': the application is stopping",
        Printable.shortened(configuration.name()));
    events.publisher(method).shuttingDown(configuration);
    return TaskResult.skipped(TaskResult.Outcome.SHUTTING_DOWN);
  }

  /**
   * What every call of a locked method uses, made at its first call: the executor whose events name
   * the method, and the method's pass through the drain's gate.
   */
  private record LockedMethod(DefaultLockingTaskExecutor executor, Drain.Pass pass) {}

  private LockedMethod lockedMethod(ResolvedLock lock) {
    return new LockedMethod(
        executor(lock.method()), Drain.pass(lock.configuration(), lock.where()));
  }

  private DefaultLockingTaskExecutor executor(Method method) {
    return new DefaultLockingTaskExecutor(
        provider, locks.storeFailurePolicy(), List.of(events.publisher(method), storeFailures));
  }
}
