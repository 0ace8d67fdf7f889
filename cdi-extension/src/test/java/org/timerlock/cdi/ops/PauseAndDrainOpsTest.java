package org.timerlock.cdi.ops;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.internal.LockRuntime;
import org.timerlock.cdi.internal.TimerLockExtension;
import org.timerlock.cdi.missed.Waiting;

/**
 * A paused lock counted as a skip with reason {@code paused}, and readiness DOWN while the
 * application's running jobs drain at its stop.
 */
@EnabledIf(
    value = "org.timerlock.cdi.ops.OptionalApisTest#apisPresent",
    disabledReason = "the optional APIs are left off this class path (see the module's pom)")
class PauseAndDrainOpsTest {

  static final String PAUSED = "ops-paused-job";
  static final String SLOW = "ops-slow-job";
  static volatile CountDownLatch slowMayEnd = new CountDownLatch(0);
  static final CountDownLatch slowStarted = new CountDownLatch(1);

  @ApplicationScoped
  static class Jobs {
    @SchedulerLock(name = PAUSED, lockAtMostFor = "1m", lockAtLeastFor = "0s")
    public String paused() {
      return "ran";
    }

    @SchedulerLock(name = SLOW, lockAtMostFor = "1m", lockAtLeastFor = "0s")
    public void slow() throws InterruptedException {
      slowStarted.countDown();
      slowMayEnd.await(30, TimeUnit.SECONDS);
    }
  }

  private final ExecutorService threads = Executors.newFixedThreadPool(2);
  private WeldContainer container;

  @BeforeEach
  void start() {
    container =
        new Weld()
            .disableDiscovery()
            .addExtension(new TimerLockExtension())
            .addBeanClasses(Jobs.class, OpsPlatform.class)
            .initialize();
  }

  @AfterEach
  void stop() {
    slowMayEnd.countDown();
    threads.shutdownNow();
    if (container.isRunning()) {
      container.shutdown();
    }
  }

  @Test
  void aCallRefusedByAPauseIsCountedAsPaused() {
    var admin = OptionalApisTest.STORE.admin().orElseThrow();
    admin.pause(PAUSED, null, "ops");
    try {
      assertThat(container.select(Jobs.class).get().paused()).as("skipped").isNull();
    } finally {
      admin.resume(PAUSED, "ops");
    }

    assertThat(
            OpsPlatform.MICROMETER
                .get("timerlock.lock.skipped")
                .tag("timerlock.lock.name", PAUSED)
                .tag("timerlock.skip.reason", "paused")
                .counter()
                .count())
        .isEqualTo(1.0);
  }

  @Test
  void readinessIsDownWhileTheRunningJobsDrain() throws Exception {
    slowMayEnd = new CountDownLatch(1);
    Jobs jobs = container.select(Jobs.class).get();
    LockRuntime runtime = container.select(LockRuntime.class).get();
    threads.submit(
        () -> {
          jobs.slow();
          return null;
        });
    assertThat(slowStarted.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(OpsPlatform.readiness(container).getStatus())
        .isEqualTo(HealthCheckResponse.Status.UP);

    Future<?> stop = threads.submit(container::shutdown);
    Waiting.until("the drain has started", runtime::draining);
    HealthCheckResponse draining = OpsPlatform.readiness(container);

    assertThat(draining.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
    assertThat(draining.getData().orElseThrow()).containsEntry("draining", true);
    slowMayEnd.countDown();
    stop.get(30, TimeUnit.SECONDS);
  }
}
