package org.timerlock.cdi.missed;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.timerlock.cdi.LockEvent;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;
import org.timerlock.core.spi.HistorySettings;

/**
 * What the missed-fire tests run on: a lock store shared by the nodes of a test (in memory, new for
 * each test) that counts how often each node asked for and got the watch lock per grid slot, and a
 * clock the test moves.
 */
@ApplicationScoped
public class WatchPlatform {

  public static final String WATCH_LOCK = "timerlock-watch";

  private static volatile InMemoryLockProvider store;
  public static final Map<Instant, AtomicInteger> WATCH_ATTEMPTS = new ConcurrentHashMap<>();
  public static final Map<Instant, AtomicInteger> WATCH_TAKEN = new ConcurrentHashMap<>();
  public static final MovableClock CLOCK = new MovableClock();

  /** The first check slot of every test; the clock starts 5 s after it. */
  public static final Instant NOON = Instant.parse("2030-01-01T12:00:00Z");

  /** A fresh store, meters and counts, and the clock at a given instant. */
  public static void reset(Instant now) {
    reset(now, HistorySettings.OFF);
  }

  /** A fresh store that keeps a run history, meters and counts, and the clock at an instant. */
  public static void reset(Instant now, HistorySettings history) {
    store = new InMemoryLockProvider("store-node", history);
    WATCH_ATTEMPTS.clear();
    WATCH_TAKEN.clear();
    CLOCK.set(now);
  }

  @Produces
  LockProvider provider() {
    return new CountingProvider(store);
  }

  @Produces
  Clock clock() {
    return CLOCK;
  }

  /** A node of the cluster running a fire of a lock: the store grants it, the job ends. */
  public static void ranOn(String lockName, Instant slot) {
    LockAttempt attempt =
        store.tryLock(LockConfiguration.of(lockName, Duration.ofSeconds(10)).forFire(slot));
    attempt.lock().orElseThrow(() -> new AssertionError(attempt.toString())).unlock();
  }

  /** The store of the current test, for a test that puts a provider of its own in front of it. */
  static InMemoryLockProvider store() {
    return store;
  }

  /** The store's admin. */
  public static LockAdmin admin() {
    return store.admin().orElseThrow();
  }

  /** The grid slot whose check has ended: the fire of the watch lock's latest release. */
  public static Optional<Instant> lastCheck() {
    return store
        .admin()
        .flatMap(admin -> admin.find(WATCH_LOCK))
        .flatMap(info -> Optional.ofNullable(info.lastRun()))
        .map(run -> run.fire());
  }

  /** The check slot (and the job's slot) {@code m} minutes after {@link #NOON}. */
  public static Instant minute(int m) {
    return NOON.plus(Duration.ofMinutes(m));
  }

  /** Moves the clock to a check slot and waits until its check has ended. */
  public static void checkAt(Instant slot) {
    CLOCK.set(slot);
    checked(slot);
  }

  /** Waits until the check of a slot has ended. */
  public static void checked(Instant slot) {
    Waiting.until("the check of " + slot, () -> lastCheck().filter(slot::equals).isPresent());
  }

  /** The slots of the minute job reported missed on one node, in order. */
  public static List<Instant> missed(EventLog events) {
    return events.of(MinuteJob.LOCK).stream()
        .filter(e -> e.kind() == LockEvent.Kind.MISSED)
        .map(e -> e.fireInstant().orElseThrow())
        .toList();
  }

  /** A clock the test sets; every node of the test reads it. */
  public static final class MovableClock extends Clock {
    private volatile Instant now = Instant.EPOCH;

    public void set(Instant instant) {
      now = instant;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  /** The store, counting the requests for the watch lock per grid slot. */
  private record CountingProvider(InMemoryLockProvider delegate) implements LockProvider {

    @Override
    public Optional<SimpleLock> lock(LockConfiguration configuration) {
      return tryLock(configuration).lock();
    }

    @Override
    public LockAttempt tryLock(LockConfiguration configuration) {
      LockAttempt attempt = delegate.tryLock(configuration);
      if (configuration.name().equals(WATCH_LOCK)) {
        Instant fire = configuration.fireInstant();
        // Counted taken first: a test that sees every attempt then sees every acquisition.
        if (attempt.outcome() == LockAttempt.Outcome.ACQUIRED) {
          WATCH_TAKEN.computeIfAbsent(fire, f -> new AtomicInteger()).incrementAndGet();
        }
        WATCH_ATTEMPTS.computeIfAbsent(fire, f -> new AtomicInteger()).incrementAndGet();
      }
      return attempt;
    }

    @Override
    public Set<Feature> features() {
      return delegate.features();
    }

    @Override
    public String description() {
      return delegate.description();
    }

    @Override
    public Optional<LockAdmin> admin() {
      return delegate.admin();
    }
  }
}
