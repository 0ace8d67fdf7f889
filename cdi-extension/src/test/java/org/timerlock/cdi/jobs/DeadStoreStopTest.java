package org.timerlock.cdi.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.timerlock.cdi.LockedJobs;
import org.timerlock.cdi.RunNowResult.Outcome;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/**
 * A stop while the store does not answer: the release of the running job hangs (a socket that never
 * answers), and the stop still ends after the drain timeout, naming the job.
 */
@TimerLockTest(
    beans = {OperatedJobs.class, DeadStoreStopTest.HangingReleases.class},
    config = {"timerlock.node-id=node-a", "timerlock.shutdown.drain-timeout=300ms"})
class DeadStoreStopTest {

  /** Stands for the socket of a store that stopped answering: a release never returns. */
  @ApplicationScoped
  static class HangingReleases {
    static final CountDownLatch RELEASE_STARTED = new CountDownLatch(1);
    static final CountDownLatch STORE_BACK = new CountDownLatch(1);
    private final InMemoryLockProvider store = new InMemoryLockProvider("node-a");

    @Produces
    LockProvider provider() {
      return new LockProvider() {
        @Override
        public Optional<SimpleLock> lock(LockConfiguration configuration) {
          return store
              .lock(configuration)
              .map(
                  lock ->
                      () -> {
                        RELEASE_STARTED.countDown();
                        awaitStore();
                        lock.unlock();
                      });
        }
      };
    }

    private static void awaitStore() {
      try {
        STORE_BACK.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Inject LockedJobs jobs;

  private final ApplicationStop stop = new ApplicationStop();

  @AfterEach
  void storeBack() {
    HangingReleases.STORE_BACK.countDown();
    stop.close();
  }

  @Test
  void aStopWhileTheStoreHangsEndsAfterTheDrainTimeout(WeldContainer container) throws Exception {
    OperatedJobs.reportMayEnd = new CountDownLatch(0);
    assertThat(jobs.runNow("report", "ops").outcome()).isEqualTo(Outcome.STARTED);
    assertThat(HangingReleases.RELEASE_STARTED.await(30, TimeUnit.SECONDS)).isTrue();

    // Bounded by the drain timeout, not by the store: the wait for the stop is only a deadline.
    assertThat(stop.drainWarnings(container))
        .singleElement()
        .asString()
        .startsWith("TIMERLOCK-238")
        .contains("'report'");
    assertThat(HangingReleases.STORE_BACK.getCount()).as("the store never came back").isEqualTo(1);
  }
}
