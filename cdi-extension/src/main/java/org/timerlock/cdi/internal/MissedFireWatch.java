package org.timerlock.cdi.internal;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.internal.MissedFireCheck.Findings;
import org.timerlock.cdi.internal.MissedFireCheck.Missed;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockException;
import org.timerlock.core.LockListener;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.StoreOperation;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.admin.LockInfo;
import org.timerlock.core.spi.Printable;

/**
 * Finds the slots of scheduled locks that no node in the cluster took, and how late each lock is.
 * At every slot of a grid ({@code timerlock.watch.interval}) one node, the one that takes the watch
 * lock ({@code timerlock.watch.lock-name}) for that slot through the fire guard, reads the lock
 * rows once and compares the latest fire each lock was granted with the slots its schedule had (see
 * {@link MissedFireCheck}). A missed slot is logged once as a WARNING, published as a {@link
 * LockEvent.Kind#MISSED} event and counted by the metrics. It never makes a node unready: a late
 * job is the application's matter, not this node's health.
 *
 * <p>The watched locks are those of annotated methods with a {@code @Schedule} or {@code runAt}
 * schedule, and those {@code LockedTasks} schedules at a fixed rate or by cron, each with its fire
 * guard on. A clock bean of the application, if it has one, is the watch's clock.
 */
@ApplicationScoped
public class MissedFireWatch {

  private static final Logger LOG = System.getLogger(MissedFireWatch.class.getName());

  private final DeployedLocks locks;
  private final Instance<LockProvider> providers;
  private final LockEventChannel events;
  private final OverdueLocks overdue;
  private final CatchUp catchUp;
  private final Clock clock;
  private final Map<String, WatchedLock> watched = new ConcurrentHashMap<>();
  private final Map<String, Instant> storeFailures = new ConcurrentHashMap<>();
  private LockProvider provider;
  private LockAdmin admin;
  private WatchLoop loop;
  private boolean stopped;
  private boolean unavailableLogged;

  /** For the container's client proxy only. */
  protected MissedFireWatch() {
    this.locks = null;
    this.providers = null;
    this.events = null;
    this.overdue = null;
    this.catchUp = null;
    this.clock = null;
  }

  @Inject
  MissedFireWatch(
      DeployedLocks locks,
      Instance<LockProvider> providers,
      LockEventChannel events,
      OverdueLocks overdue,
      CatchUp catchUp,
      Instance<Clock> clocks) {
    this.catchUp = catchUp;
    this.locks = locks;
    this.providers = providers;
    this.events = events;
    this.overdue = overdue;
    this.clock = clocks.isResolvable() ? clocks.get() : Clock.systemUTC();
  }

  /** Watches the scheduled locks of the annotated methods once the application has started. */
  void deployed(@Observes @Initialized(ApplicationScoped.class) Object application) {
    for (ResolvedLock lock : locks.all()) {
      if (lock.oncePerFire()) {
        lock.fires()
            .schedule()
            .ifPresent(
                slots ->
                    add(lock.configuration(), lock.method(), lock.where(), slots, lock.enabled()));
      }
    }
    startIfWatching();
  }

  /**
   * Records the store failures of the lock calls of this node, which name the likely cause of a
   * missed slot; a listener of every executor, so that it does not depend on {@link LockEvent}s
   * being published.
   *
   * @return the listener
   */
  LockListener storeFailureRecorder() {
    return new LockListener() {
      @Override
      public void storeFailure(
          LockConfiguration configuration, StoreOperation operation, LockException failure) {
        storeFailures.put(configuration.name(), Instant.now());
      }
    };
  }

  /**
   * Watches a lock that {@code LockedTasks} schedules on slots every node knows.
   *
   * @param lockName the lock name
   * @param slots its schedule
   */
  void watch(String lockName, FireSchedule slots) {
    ResolvedLock lock = locks.byName(lockName);
    if (lock.oncePerFire() && !watched.containsKey(lockName)) {
      add(lock.configuration(), null, lock.where(), slots, lock.enabled());
      startIfWatching();
    }
  }

  /**
   * Whether the watch checks a lock's slots on this node.
   *
   * @param lockName the lock name
   * @return true when the lock is watched and the watch runs
   */
  synchronized boolean watching(String lockName) {
    return loop != null && watched.containsKey(lockName);
  }

  @PreDestroy
  synchronized void stop() {
    stopped = true;
    if (loop != null) {
      loop.stop();
      loop = null;
    }
  }

  private void add(
      LockConfiguration configuration,
      Method method,
      String where,
      FireSchedule slots,
      boolean enabled) {
    Duration grace = grace(configuration.name(), slots);
    watched.putIfAbsent(
        configuration.name(), new WatchedLock(configuration, method, where, slots, grace, enabled));
  }

  /**
   * The grace of a scheduled lock: the one the watch checks it with once watched, else its
   * configured one, else the default from its period.
   *
   * @param lockName the lock name
   * @param slots its schedule
   * @return the grace
   */
  Duration grace(String lockName, FireSchedule slots) {
    WatchedLock lock = watched.get(lockName);
    if (lock != null) {
      return lock.grace();
    }
    return locks
        .grace(lockName)
        .orElseGet(() -> WatchedLock.defaultGrace(slots.period(clock.instant())));
  }

  private synchronized void startIfWatching() {
    if (loop != null || stopped || watched.isEmpty() || !locks.watch().enabled()) {
      return;
    }
    LockProvider candidate;
    try {
      candidate = providers.get();
    } catch (RuntimeException e) {
      // The calls report a provider that cannot be built; the watch only steps aside.
      unavailable(e.toString());
      return;
    }
    Optional<LockAdmin> lockAdmin = candidate.admin();
    // The fire guard is judged at each check, not here: a JDBC provider knows whether its table
    // keeps the fires only once it has looked at it, at its first acquire.
    if (lockAdmin.isEmpty()) {
      unavailable(cannotTell(candidate));
      return;
    }
    provider = candidate;
    admin = lockAdmin.get();
    loop = new WatchLoop(clock, locks.watch().interval(), this::check);
  }

  private static String cannotTell(LockProvider provider) {
    return "the lock store "
        + provider.description()
        + " cannot tell which fires it granted (it needs the fire guard and lock admin)";
  }

  private synchronized void unavailable(String why) {
    if (!unavailableLogged) {
      unavailableLogged = true;
      LOG.log(
          Level.INFO,
          CdiMessage.WATCH_UNAVAILABLE.text("TimerLock: missed fires are not detected: {0}"),
          why);
    }
  }

  /** One grid slot: the node that takes the watch lock for it checks; the others step aside. */
  private void check(Instant gridSlot) {
    WatchSettings settings = locks.watch();
    try {
      // Read before taking: once taken, the row holds this slot and no longer the previous one.
      Instant previous = admin.find(settings.lockName()).map(LockInfo::lastFire).orElse(null);
      LockAttempt attempt =
          provider.tryLock(
              new LockConfiguration(settings.lockName(), settings.interval(), Duration.ZERO)
                  .forFire(gridSlot));
      Optional<SimpleLock> taken = attempt.lock();
      if (taken.isEmpty()) {
        overdue.reset();
        return;
      }
      try {
        // The acquire above has made the provider look at its store.
        if (provider.features().contains(LockProvider.Feature.FIRE_GUARD)) {
          report(new MissedFireCheck(previous, gridSlot, settings.interval()));
        } else {
          unavailable(cannotTell(provider));
        }
      } finally {
        taken.get().unlock();
      }
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          CdiMessage.WATCH_CHECK_FAILED.text(
              "TimerLock: the check for missed fires of {0} failed: {1}. The slots it covers are"
                  + " not checked again"),
          gridSlot,
          e.toString());
    }
  }

  private void report(MissedFireCheck check) {
    Collection<WatchedLock> all = List.copyOf(watched.values());
    LockRows rows = LockRows.read(admin, all);
    Findings findings = check.judge(all, rows.byName(), clock.instant());
    findings.overdueSeconds().forEach(overdue::set);
    String nodes = rows.nodes();
    Set<WatchedLock> late = new LinkedHashSet<>(findings.beyondLimit().keySet());
    for (Missed missed : findings.missed()) {
      WatchedLock lock = missed.lock();
      late.add(lock);
      recordMissed(lock, missed.slot());
      LOG.log(
          Level.WARNING,
          CdiMessage.FIRE_MISSED.text(
              "TimerLock: lock ''{0}'' ({1}) missed its fire at {2}: no node took it within its"
                  + " grace of {3}; the latest fire the store granted it is {4}. Nodes seen in the"
                  + " lock store: {5}. Likely cause: {6}"),
          Printable.shortened(lock.name()),
          lock.where(),
          missed.slot(),
          lock.grace(),
          rows.byName().get(lock.name()).lastFire(),
          nodes,
          likelyCause(check, missed));
      events.publisher(lock.method()).missed(lock.configuration().forFire(missed.slot()));
    }
    findings
        .beyondLimit()
        .forEach(
            (lock, firstNotListed) ->
                LOG.log(
                    Level.WARNING,
                    CdiMessage.FIRE_MISSED.text(
                        "TimerLock: lock ''{0}'' ({1}) missed more than {2} fires in one check:"
                            + " those from {3} on are not listed one by one, nor counted"),
                    Printable.shortened(lock.name()),
                    lock.where(),
                    String.valueOf(MissedFireCheck.MAX_SLOTS_PER_LOCK),
                    firstNotListed));
    // Only the latest missed slot of each lock is caught up: the latest slot the check judged.
    for (WatchedLock lock : late) {
      Instant latest = lock.slots().latestAtOrBefore(check.thisCheck().minus(lock.grace()));
      if (latest != null) {
        catchUp.missed(lock.name(), latest);
      }
    }
  }

  /** Keeps the missed slot in the run history, where the store keeps one. */
  private void recordMissed(WatchedLock lock, Instant slot) {
    try {
      admin.recordMissed(lock.name(), slot, locks.nodeId());
    } catch (RuntimeException e) {
      LOG.log(
          Level.WARNING,
          CdiMessage.HISTORY_WRITE_FAILED.text(
              "TimerLock: the missed slot {0} of lock ''{1}'' could not be recorded in the run"
                  + " history: {2}"),
          slot,
          Printable.shortened(lock.name()),
          e.toString());
    }
  }

  private String likelyCause(MissedFireCheck check, Missed missed) {
    List<String> causes = new ArrayList<>();
    if (!missed.lock().enabledHere()) {
      causes.add("the lock is switched off on this node");
    }
    Instant since = missed.slot().minus(missed.lock().grace());
    storeFailures.entrySet().stream()
        .filter(failure -> !failure.getValue().isBefore(since))
        .max(Map.Entry.comparingByValue())
        .ifPresent(
            failure ->
                causes.add(
                    "lock store calls failed on this node (the latest at "
                        + failure.getValue()
                        + ", lock '"
                        + Printable.shortened(failure.getKey())
                        + "')"));
    if (check.checksMissedAround(missed.slot())) {
      causes.add("no node made the missed-fire checks around that time either: no node was up");
    }
    return causes.isEmpty()
        ? "not known on this node; is the job's scheduler running on some node?"
        : String.join("; ", causes);
  }
}
