package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.cdi.JobSource;
import org.timerlock.cdi.LockedJob;

/**
 * Every job this deployment knows, by lock name: the {@code @SchedulerLock} methods found at
 * deployment, and the tasks {@code LockedTasks} scheduled since, with what TimerLock needs to run
 * each of them by itself (the method's bean, or the task).
 */
@ApplicationScoped
public class JobRegistry {

  /**
   * A task scheduled through {@code LockedTasks}.
   *
   * @param name the lock name
   * @param task the task as scheduled, without its lock
   * @param slots its schedule when every node knows it, else null
   */
  record ScheduledTask(String name, Runnable task, FireSchedule slots) {}

  private final DeployedLocks locks;
  private final MissedFireWatch watch;
  private final Map<String, LockCandidate> methods = new LinkedHashMap<>();
  private final Map<String, ScheduledTask> tasks = new ConcurrentHashMap<>();

  /** For the container's client proxy only. */
  protected JobRegistry() {
    this.locks = null;
    this.watch = null;
  }

  @Inject
  JobRegistry(DeployedLocks locks, MissedFireWatch watch) {
    this.locks = locks;
    this.watch = watch;
    // A shared lock name runs several methods: the first one found stands for the job.
    locks.annotated().forEach((candidate, lock) -> methods.putIfAbsent(lock.name(), candidate));
  }

  /**
   * Remembers a task that {@code LockedTasks} scheduled; the first task scheduled under a name
   * stands for the job.
   */
  void scheduled(String name, Runnable task, FireSchedule slots) {
    tasks.putIfAbsent(name, new ScheduledTask(name, task, slots));
  }

  /**
   * Every job, sorted by lock name.
   *
   * @return the jobs
   */
  public List<LockedJob> jobs() {
    Map<String, LockedJob> jobs = new LinkedHashMap<>();
    methods.forEach((name, candidate) -> jobs.put(name, ofMethod(candidate)));
    tasks.values().forEach(task -> jobs.putIfAbsent(task.name(), ofTask(task)));
    List<LockedJob> sorted = new ArrayList<>(jobs.values());
    sorted.sort(Comparator.comparing(LockedJob::name));
    return sorted;
  }

  /**
   * One job.
   *
   * @param name the lock name
   * @return the job, or empty when no job of the deployment uses the name
   */
  public Optional<LockedJob> job(String name) {
    LockCandidate candidate = methods.get(name);
    if (candidate != null) {
      return Optional.of(ofMethod(candidate));
    }
    return Optional.ofNullable(tasks.get(name)).map(this::ofTask);
  }

  /** The method that stands for a job, if the job is a locked method. */
  Optional<LockCandidate> method(String name) {
    return Optional.ofNullable(methods.get(name));
  }

  /** The task that stands for a job, if the job was scheduled through {@code LockedTasks}. */
  Optional<ScheduledTask> task(String name) {
    return methods.containsKey(name) ? Optional.empty() : Optional.ofNullable(tasks.get(name));
  }

  /**
   * The resolved lock of a job, and its method if it has one.
   *
   * @return empty when no job of the deployment uses the name
   */
  Optional<ResolvedLock> lockOf(String name) {
    LockCandidate candidate = methods.get(name);
    if (candidate != null) {
      return Optional.of(lockOf(candidate));
    }
    return Optional.ofNullable(tasks.get(name)).map(this::lockOf);
  }

  /** The resolved lock of a job's method. */
  ResolvedLock lockOf(LockCandidate candidate) {
    return locks.annotated().get(candidate);
  }

  /** The resolved lock of a task's name. */
  ResolvedLock lockOf(ScheduledTask task) {
    return locks.byName(task.name());
  }

  private LockedJob ofMethod(LockCandidate candidate) {
    ResolvedLock lock = lockOf(candidate);
    FireSchedule slots = lock.fires().schedule().orElse(null);
    JobSource source =
        switch (lock.fires().kind()) {
          case EJB_SCHEDULE -> JobSource.EJB_TIMER;
          case RUN_AT -> JobSource.RUN_AT;
          case EJB_TIMEOUT, NONE -> JobSource.CALL;
        };
    String reason = lock.enabled() ? CallableMethods.whyNot(candidate) : switchedOff(lock);
    return job(
        lock,
        candidate.beanClass().getName() + "#" + candidate.method().getName(),
        source,
        slots,
        reason);
  }

  private LockedJob ofTask(ScheduledTask task) {
    ResolvedLock lock = lockOf(task);
    return job(
        lock,
        null,
        JobSource.LOCKED_TASKS,
        task.slots(),
        lock.enabled() ? null : switchedOff(lock));
  }

  private LockedJob job(
      ResolvedLock lock, String method, JobSource source, FireSchedule slots, String reason) {
    return new LockedJob(
        lock.name(),
        method,
        source,
        slots == null ? null : slots.toString(),
        slots == null ? null : slots.zone(),
        lock.enabled(),
        watch.watching(lock.name()),
        lock.configuration().lockAtMostFor(),
        lock.configuration().lockAtLeastFor(),
        reason,
        slots == null ? null : new FireSlots(slots),
        // The grace of a lock whose fires are guarded, as the watch judges it on every node.
        slots == null || !lock.oncePerFire() ? null : watch.grace(lock.name(), slots));
  }

  static String switchedOff(ResolvedLock lock) {
    return "it is switched off by configuration ("
        + LockKeys.ENABLED.printedKey(lock.name())
        + " or "
        + TimerLockKeys.ENABLED.name()
        + ")";
  }
}
