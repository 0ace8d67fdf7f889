package org.timerlock.cdi.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import org.timerlock.cdi.LockedJob;
import org.timerlock.core.LockProvider;
import org.timerlock.core.TaskResult;
import org.timerlock.core.spi.Printable;

/**
 * Catch-up, opt-in per lock ({@code timerlock.lock."<name>".catch-up-within}): the latest slot of a
 * lock's schedule that no node ran, if it is not older than the window, runs once in the cluster,
 * as a run of kind {@code CATCH_UP} that carries the slot as its fire, so that the fire guard lets
 * one node run it and refuses it once that slot (or a later one) ran. It is tried at deployment
 * (and when {@code LockedTasks} schedules a task), and whenever the missed-fire watch finds missed
 * slots of the lock. Only the latest slot is ever caught up: an outage of many slots runs the job
 * once, never a storm.
 */
@ApplicationScoped
public class CatchUp {

  private static final Logger LOG = System.getLogger(CatchUp.class.getName());

  private final DeployedLocks locks;
  private final JobRegistry jobs;
  private final DirectRunner runner;
  private final Instance<LockProvider> providers;
  private final Clock clock;
  private final Set<String> warned = ConcurrentHashMap.newKeySet();

  /** For the container's client proxy only. */
  protected CatchUp() {
    this.locks = null;
    this.jobs = null;
    this.runner = null;
    this.providers = null;
    this.clock = null;
  }

  @Inject
  CatchUp(
      DeployedLocks locks,
      JobRegistry jobs,
      DirectRunner runner,
      Instance<LockProvider> providers,
      Instance<Clock> clocks) {
    this.locks = locks;
    this.jobs = jobs;
    this.runner = runner;
    this.providers = providers;
    this.clock = clocks.isResolvable() ? clocks.get() : Clock.systemUTC();
  }

  /** Catches up the locked methods once the application has started. */
  void deployed(@Observes @Initialized(ApplicationScoped.class) Object application) {
    for (LockedJob job : jobs.jobs()) {
      catchUpLatest(job.name());
    }
  }

  /**
   * Catches up a task that {@code LockedTasks} just scheduled.
   *
   * @param name the lock name
   */
  void scheduled(String name) {
    catchUpLatest(name);
  }

  /**
   * The missed-fire watch found slots of a lock that no node ran.
   *
   * @param name the lock name
   * @param latestMissed the latest of them
   */
  void missed(String name, Instant latestMissed) {
    window(name)
        .filter(within -> guardsFires(name, within, true))
        .ifPresent(within -> catchUp(name, latestMissed, within));
  }

  private void catchUpLatest(String name) {
    Optional<Duration> within = window(name).filter(w -> guardsFires(name, w, false));
    if (within.isPresent()) {
      jobs.job(name)
          .flatMap(job -> job.latestSlot(clock.instant()))
          .ifPresent(slot -> catchUp(name, slot, within.get()));
    }
  }

  /**
   * Whether the store guards fires, which a catch-up needs so that one node alone runs the slot. A
   * store may not know yet: a JDBC provider looks at its table at its first lock, and reports no
   * fire guard before. So at deployment an unknown answer only defers the catch-up to the
   * missed-fire watch, which asks after a lock of its own and then finds the slot missed; when the
   * watch asks, the answer is final.
   *
   * @param sure whether the provider has taken a lock already (the watch's call)
   */
  private boolean guardsFires(String name, Duration within, boolean sure) {
    LockProvider provider;
    try {
      provider = providers.get();
    } catch (RuntimeException e) {
      warnOnce(name, within, "the lock provider is not available: " + e.getMessage());
      return false;
    }
    if (provider.features().contains(LockProvider.Feature.FIRE_GUARD)) {
      return true;
    }
    if (sure) {
      warnOnce(name, within, "the lock store " + provider.description() + " does not guard fires");
    } else {
      LOG.log(
          Level.DEBUG,
          "TimerLock: lock ''{0}'' is caught up when the missed-fire watch finds its slot: the"
              + " store {1} does not tell yet whether it guards fires",
          Printable.shortened(name),
          provider.description());
    }
    return false;
  }

  private void catchUp(String name, Instant slot, Duration within) {
    if (slot.isBefore(clock.instant().minus(within))) {
      return; // older than the window: reported as missed, not run
    }
    try {
      runner
          .launch(DirectRun.catchUp(name, slot))
          .thenAccept(
              decision -> {
                if (decision.outcome() == TaskResult.Outcome.EXECUTED) {
                  LOG.log(
                      Level.INFO,
                      CdiMessage.CATCH_UP_STARTED.text(
                          "TimerLock: lock ''{0}'' catches up its slot at {1}, which no node ran,"
                              + " on node {2} ({3} = {4})"),
                      Printable.shortened(name),
                      slot,
                      locks.nodeId(),
                      LockKeys.CATCH_UP_WITHIN.printedKey(name),
                      within);
                }
              });
    } catch (RejectedExecutionException e) {
      // The application is stopping: the next node up catches the slot up.
      LOG.log(Level.DEBUG, "TimerLock: no catch-up of lock ''{0}'': {1}", name, e.toString());
    }
  }

  /**
   * The catch-up window of a lock whose catch-up can run on this node.
   *
   * @return empty when catch-up is off for it, the lock is switched off here, its job is not
   *     scheduled yet, or catch-up cannot work for it (logged once as a WARNING)
   */
  private Optional<Duration> window(String name) {
    Optional<Duration> within;
    try {
      within = locks.catchUpWithin(name);
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // reported by the key check at deployment
    }
    Optional<LockedJob> job = jobs.job(name);
    if (within.isEmpty() || job.isEmpty() || !job.get().enabled()) {
      return Optional.empty();
    }
    String why = whyNot(job.get());
    if (why != null) {
      warnOnce(name, within.get(), why);
      return Optional.empty();
    }
    return within;
  }

  private void warnOnce(String name, Duration within, String why) {
    if (warned.add(name)) {
      LOG.log(
          Level.WARNING,
          CdiMessage.CATCH_UP_NOT_RUNNABLE.text(
              "TimerLock: {0} = {1}, but lock ''{2}'' cannot be caught up: {3}. Its missed slots"
                  + " are only reported"),
          LockKeys.CATCH_UP_WITHIN.printedKey(name),
          within,
          Printable.shortened(name),
          why);
    }
  }

  /** Why catch-up cannot work for a job apart from its store, or null when it can. */
  private String whyNot(LockedJob job) {
    if (!job.scheduled()) {
      return "TimerLock knows no schedule of it that every node shares (an EJB @Schedule, a runAt"
          + " schedule, or a LockedTasks fixed rate or cron)";
    }
    if (!jobs.lockOf(job.name()).map(ResolvedLock::oncePerFire).orElse(false)) {
      return "its fire guard is off ("
          + LockKeys.ONCE_PER_FIRE.printedKey(job.name())
          + " = false), so a slot that ran cannot be told from one that did not";
    }
    return job.notRunnableReason()
        .map(reason -> "TimerLock cannot run it by itself: " + reason)
        .orElse(null);
  }
}
