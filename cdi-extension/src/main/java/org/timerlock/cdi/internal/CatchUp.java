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
    window(name).ifPresent(within -> catchUp(name, latestMissed, within));
  }

  private void catchUpLatest(String name) {
    Optional<Duration> within = window(name);
    if (within.isPresent()) {
      jobs.job(name)
          .flatMap(job -> job.latestSlot(clock.instant()))
          .ifPresent(slot -> catchUp(name, slot, within.get()));
    }
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
      if (warned.add(name)) {
        LOG.log(
            Level.WARNING,
            CdiMessage.CATCH_UP_NOT_RUNNABLE.text(
                "TimerLock: {0} = {1}, but lock ''{2}'' cannot be caught up: {3}. Its missed slots"
                    + " are only reported"),
            LockKeys.CATCH_UP_WITHIN.printedKey(name),
            within.get(),
            Printable.shortened(name),
            why);
      }
      return Optional.empty();
    }
    return within;
  }

  /** Why catch-up cannot work for a job, or null when it can. */
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
    LockProvider provider;
    try {
      provider = providers.get();
    } catch (RuntimeException e) {
      return "the lock provider is not available: " + e.getMessage();
    }
    if (!provider.features().contains(LockProvider.Feature.FIRE_GUARD)) {
      return "the lock store " + provider.description() + " does not guard fires";
    }
    return job.notRunnableReason()
        .map(reason -> "TimerLock cannot run it by itself: " + reason)
        .orElse(null);
  }
}
