package org.timerlock.cdi.missed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.timerlock.cdi.missed.WatchPlatform.NOON;
import static org.timerlock.cdi.missed.WatchPlatform.checkAt;
import static org.timerlock.cdi.missed.WatchPlatform.checked;
import static org.timerlock.cdi.missed.WatchPlatform.minute;
import static org.timerlock.cdi.missed.WatchPlatform.ranOn;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockEvent.Kind;
import org.timerlock.cdi.internal.CatchUp;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.EventLog;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.LockAttempt;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;
import org.timerlock.core.admin.LockAdmin;

/**
 * A store that tells whether it guards fires only after its first lock, as a JDBC provider does
 * before it has looked at its table: the deployment cannot know, so it leaves the catch-up to the
 * missed-fire watch, which asks after a lock of its own and catches the slot up, with no warning.
 *
 * <p>The order is the test's, not the threads': the store holds the watch's first request for its
 * lock until the deployment has ended, so the deployment always asks a store that has taken no lock
 * yet. The store's state lives in the deployment's own bean, nothing in static fields.
 */
@TimerLockTest
class CatchUpDeferralTest {

  private static final String LOCK = CatchUpJob.LOCK;

  @Inject Deployer deployer;

  @BeforeEach
  void freshStoreAndClock() {
    CatchUpJob.freshStoreAndClock();
  }

  @Test
  void theDeploymentLeavesTheCatchUpToTheWatchWhichCatchesTheSlotUp() {
    ranOn(LOCK, NOON); // the slot before the deployment ran
    Logger catchUpLog = Logger.getLogger(CatchUp.class.getName());
    Level level = catchUpLog.getLevel();
    catchUpLog.setLevel(Level.FINE);
    try (LoggedLines log = new LoggedLines(CatchUp.class.getName())) {
      WeldContainer container =
          deployer.start(
              Map.of(CatchUpJob.WITHIN, "5m"),
              CatchUpJob.class,
              LateGuardPlatform.class,
              EventLog.class);

      // The deployment has ended, and the store has taken no lock: the catch-up is deferred.
      assertThat(log.all())
          .singleElement()
          .asString()
          .contains("'" + LOCK + "' is caught up when the missed-fire watch finds its slot")
          .contains("does not tell yet whether it guards fires");

      container.select(LateGuardPlatform.class).get().letTheWatchLock();
      // The watch's first check covers one interval only: the clock moves once it has been made.
      checked(NOON);
      // No node runs the fire of 12:01; the check of 12:02 finds it missed and catches it up.
      checkAt(minute(1));
      checkAt(minute(2));
      EventLog events = container.select(EventLog.class).get();
      Waiting.until(
          "the catch-up of 12:01 released",
          () -> CatchUpJob.catchUps(events).stream().anyMatch(e -> e.kind() == Kind.RELEASED));

      assertThat(CatchUpJob.catchUps(events))
          .filteredOn(e -> e.kind() == Kind.ACQUIRED)
          .extracting(e -> e.fireInstant().orElseThrow())
          .containsExactly(minute(1));
      assertThat(CatchUpJob.RUNS).hasSize(1);
      assertThat(log.warnings()).as("no 'cannot be caught up' warning").isEmpty();
    } finally {
      catchUpLog.setLevel(level);
    }
  }

  /**
   * The test's store and clock: {@link WatchPlatform}'s store, which tells its features only once
   * it has taken a lock, and holds the watch's requests for its lock until the test lets them
   * through.
   */
  @ApplicationScoped
  public static class LateGuardPlatform {

    private final CountDownLatch watchMayLock = new CountDownLatch(1);
    private final LateGuardStore store = new LateGuardStore(WatchPlatform.store(), watchMayLock);

    @Produces
    LockProvider provider() {
      return store;
    }

    @Produces
    Clock clock() {
      return WatchPlatform.CLOCK;
    }

    /** From now on the watch may take its lock. */
    void letTheWatchLock() {
      watchMayLock.countDown();
    }
  }

  /** A store that knows its features only after its first lock, as a JDBC provider. */
  private static final class LateGuardStore implements LockProvider {
    private final LockProvider delegate;
    private final CountDownLatch watchMayLock;
    private volatile boolean locked;

    LateGuardStore(LockProvider delegate, CountDownLatch watchMayLock) {
      this.delegate = delegate;
      this.watchMayLock = watchMayLock;
    }

    @Override
    public Optional<SimpleLock> lock(LockConfiguration configuration) {
      return tryLock(configuration).lock();
    }

    @Override
    public LockAttempt tryLock(LockConfiguration configuration) {
      if (configuration.name().equals(WatchPlatform.WATCH_LOCK)) {
        awaitTheTest();
      }
      LockAttempt attempt = delegate.tryLock(configuration);
      locked = true;
      return attempt;
    }

    private void awaitTheTest() {
      try {
        // Bounded, so that a test that fails before letting it through stops its container.
        watchMayLock.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public Set<Feature> features() {
      return locked ? delegate.features() : Set.of();
    }

    @Override
    public String description() {
      return "late-guard " + delegate.description();
    }

    @Override
    public Optional<LockAdmin> admin() {
      return delegate.admin();
    }
  }
}
