package org.timerlock.servertests;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.Asynchronous;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorDefinition;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.Schedule;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import org.timerlock.cdi.LockedTasks;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.core.CurrentLock;

/**
 * Jakarta Concurrency 3.1 scheduled jobs under the lock, for the servers that call
 * {@code @Asynchronous(runAt = ...)} methods on a schedule. Every node runs three jobs every 2 s,
 * at the same fires, so that their runs overlap on a node, and each fire of each job must run on
 * one node only:
 *
 * <ul>
 *   <li>{@link #run()}, a {@code runAt} method on the default managed scheduled executor;
 *   <li>{@link #runOnTheVirtualExecutor()}, a {@code runAt} method that names {@link
 *       #VIRTUAL_EXECUTOR}, an executor defined with {@code virtual = true};
 *   <li>a task that {@link LockedTasks} schedules on {@link #VIRTUAL_EXECUTOR} itself.
 * </ul>
 *
 * Each run is recorded by {@link Recorder} with the fire TimerLock named for it, so that the test
 * can tell the fires apart, and by {@link RunThreads} with what it saw of its thread and its lock
 * before and after parking.
 *
 * <p>Only for servers with Concurrency 3.1: on Concurrency 3.0 the annotation has no {@code runAt}
 * and the methods would run once.
 */
@ApplicationScoped
@ManagedScheduledExecutorDefinition(name = ScheduledMethodJob.VIRTUAL_EXECUTOR, virtual = true)
public class ScheduledMethodJob {

  /** The lock of {@link #run()}, also the job's name in the executions table. */
  public static final String LOCK = "scheduled-method";

  /** The lock of {@link #runOnTheVirtualExecutor()}. */
  public static final String VIRTUAL_EXECUTOR_LOCK = "scheduled-method-virtual-executor";

  /** The lock of the task {@link LockedTasks} schedules on {@link #VIRTUAL_EXECUTOR}. */
  public static final String VIRTUAL_TASK_LOCK = "scheduled-task-virtual";

  /**
   * A managed scheduled executor of virtual threads, where the server runs on Java 21 or later
   * (Concurrency 3.1 lets a server fall back to platform threads).
   */
  public static final String VIRTUAL_EXECUTOR = "java:app/concurrent/VirtualScheduledExecutor";

  /** The period of the schedules; divides a minute, so that their fires are evenly spaced. */
  public static final Duration PERIOD = Duration.ofSeconds(2);

  /** The lockAtMostFor of the jobs; the deployment configures the same for the task's lock. */
  public static final Duration LOCK_AT_MOST_FOR = Duration.ofSeconds(10);

  @EJB Recorder recorder;

  @EJB RunThreads threads;

  @Resource TransactionSynchronizationRegistry transactions;

  @Resource(lookup = VIRTUAL_EXECUTOR)
  ManagedScheduledExecutorService virtualExecutor;

  @Inject LockedTasks lockedTasks;

  private ScheduledFuture<?> virtualTask;

  /** The first calls start the schedules; the container calls the methods at every fire after. */
  void start(
      @Observes @Initialized(ApplicationScoped.class) Object started, ScheduledMethodJob self) {
    self.run();
    self.runOnTheVirtualExecutor();
    virtualTask =
        lockedTasks.scheduleAtFixedRate(
            virtualExecutor, VIRTUAL_TASK_LOCK, PERIOD, () -> record(VIRTUAL_TASK_LOCK));
  }

  @PreDestroy
  void stop() {
    if (virtualTask != null) {
      virtualTask.cancel(true);
    }
  }

  /**
   * Runs for 200 ms on a thread of the default managed scheduled executor. lockAtLeastFor keeps a
   * quick run's lock past the moment the other node's executor calls the method for the same fire,
   * even late on a loaded machine, and frees it before the next fire.
   *
   * @return {@code null}: the schedule goes on
   */
  @Asynchronous(runAt = @Schedule(cron = "*/2 * * * * *"))
  @SchedulerLock(name = LOCK, lockAtMostFor = "10s", lockAtLeastFor = "1s")
  public CompletableFuture<Void> run() {
    return record(LOCK);
  }

  /**
   * The same run, on the executor of virtual threads that the annotation names, where the server
   * honours the {@code executor} member of a {@code runAt} method.
   *
   * @return {@code null}: the schedule goes on
   */
  @Asynchronous(executor = VIRTUAL_EXECUTOR, runAt = @Schedule(cron = "*/2 * * * * *"))
  @SchedulerLock(name = VIRTUAL_EXECUTOR_LOCK, lockAtMostFor = "10s", lockAtLeastFor = "1s")
  public CompletableFuture<Void> runOnTheVirtualExecutor() {
    return record(VIRTUAL_EXECUTOR_LOCK);
  }

  /**
   * One run of a job. TimerLock keeps the locks a thread holds in thread-locals: a virtual thread
   * that parks (here in the recording and in the sleep) may resume on another carrier thread, and
   * must still find its own lock, and never another run's.
   */
  private CompletableFuture<Void> record(String lock) {
    // A run without a fire would be a TimerLock fault; failing here leaves that fire unrecorded,
    // which the test reports.
    Instant fire =
        CurrentLock.fireInstant()
            .orElseThrow(() -> new IllegalStateException("no fire named for " + lock));
    boolean inTransaction = transactions.getTransactionStatus() == Status.STATUS_ACTIVE;
    Thread thread = Thread.currentThread();
    boolean virtual = RunThreads.currentThreadIsVirtual();
    long id = recorder.started(lock, fire, Instant.now(), inTransaction);
    RunThreads.Seen before = RunThreads.Seen.now();
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    RunThreads.Seen after = RunThreads.Seen.now();
    threads.record(id, virtual, Thread.currentThread() == thread, before, after);
    recorder.ended(id);
    return null;
  }
}
