package org.timerlock.cdi.internal;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import org.timerlock.core.spi.Printable;

/**
 * What the deployment tells the operator once its locks are resolved: which locks configuration
 * switched off, which keys name no annotated method, and one line per lock with its durations, its
 * fire guard and its store.
 */
final class DeploymentLog {

  // One category for every deployment line, the extension's, as operators know it.
  private static final Logger LOG = System.getLogger(TimerLockExtension.class.getName());

  private DeploymentLog() {}

  /** A key of a lock no annotated method uses: it may belong to a lock of {@code LockedTasks}. */
  static void unusedLockKey(String key) {
    LOG.log(
        Level.INFO,
        "TimerLock: config key {0} names no @SchedulerLock method; it applies if the"
            + " lock is taken through LockedTasks",
        LockKeys.printable(key));
  }

  /**
   * Warns when configuration switched every lock off, or some of them.
   *
   * @param allEnabled the value of {@code timerlock.enabled}
   * @param locks the locks of the annotated methods
   */
  static void switchedOff(boolean allEnabled, Collection<ResolvedLock> locks) {
    if (!allEnabled) {
      LOG.log(
          Level.WARNING,
          CdiMessage.SWITCHED_OFF.text(
              "TimerLock is switched off ({0}=false): every locked call on this node is skipped"),
          TimerLockKeys.ENABLED.name());
      return;
    }
    List<String> off = named(locks, lock -> !lock.enabled());
    if (!off.isEmpty()) {
      LOG.log(
          Level.WARNING,
          CdiMessage.SWITCHED_OFF.text(
              "TimerLock: locks switched off by configuration, every call skipped on this node:"
                  + " {0}"),
          String.join(", ", off));
    }
  }

  /**
   * One line per lock of an annotated method, once the deployment is valid.
   *
   * @param locks the locks
   * @param providerDescription how the store is named
   */
  static void summary(Collection<ResolvedLock> locks, String providerDescription) {
    locks.forEach(
        lock ->
            LOG.log(
                Level.INFO,
                CdiMessage.RUNS_UNDER_LOCK.text(
                    "TimerLock: {0} runs under lock ''{1}'' (lockAtMostFor {2}, lockAtLeastFor"
                        + " {3}{4}{5}) in {6}"),
                lock.where(),
                Printable.shortened(lock.name()),
                lock.configuration().lockAtMostFor(),
                lock.configuration().lockAtLeastFor(),
                lock.enabled() ? "" : ", switched off",
                fireGuard(lock),
                providerDescription));
  }

  /**
   * One line per locked method whose {@code runAt} the server does not see: on a server with the
   * Jakarta Concurrency 3.0 API the method runs once per call, and the server says nothing.
   *
   * @param locks the locks of the annotated methods
   */
  static void runAtIgnored(Collection<ResolvedLock> locks) {
    locks.stream()
        .filter(lock -> lock.annotatedMethod().filter(IgnoredRunAt::of).isPresent())
        .map(ResolvedLock::where)
        .distinct()
        .forEach(
            where ->
                LOG.log(
                    Level.INFO,
                    CdiMessage.RUN_AT_IGNORED.text(
                        "TimerLock: {0} has @Asynchronous(runAt = ...), but this server''s Jakarta"
                            + " Concurrency API is 3.0, which has no runAt: the server ignores the"
                            + " schedule and runs the method once per call. Run the application on"
                            + " a Jakarta Concurrency 3.1 server, or schedule the work with"
                            + " LockedTasks and a ManagedScheduledExecutorService"),
                    where));
  }

  /**
   * One line naming the locks of annotated methods the missed-fire watch cannot check: plain calls
   * and programmatic EJB timers have no schedule every node knows, and a lock without its fire
   * guard leaves no fire in the store.
   *
   * @param locks the locks of the annotated methods
   */
  static void unwatched(Collection<ResolvedLock> locks) {
    List<String> unwatched =
        named(locks, lock -> lock.fires().schedule().isEmpty() || !lock.oncePerFire());
    if (!unwatched.isEmpty()) {
      LOG.log(
          Level.INFO,
          CdiMessage.UNWATCHED_LOCKS.text(
              "TimerLock: missed fires are not detected for these locks, which have no schedule"
                  + " every node knows (plain calls, interval or programmatic EJB timers) or no"
                  + " fire guard: {0}"),
          String.join(", ", unwatched));
    }
  }

  /** The locks that match, each once, as {@code 'name' (where)}. */
  private static List<String> named(Collection<ResolvedLock> locks, Predicate<ResolvedLock> which) {
    return locks.stream()
        .filter(which)
        .map(lock -> "'" + Printable.shortened(lock.name()) + "' (" + lock.where() + ")")
        .distinct()
        .toList();
  }

  private static String fireGuard(ResolvedLock lock) {
    String fires = lock.fires().description();
    if (fires.isEmpty()) {
      return "";
    }
    return lock.oncePerFire() ? "; " + fires : "; once-per-fire switched off";
  }
}
