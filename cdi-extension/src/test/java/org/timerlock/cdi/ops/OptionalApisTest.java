package org.timerlock.cdi.ops;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.internal.TimerLockExtension;
import org.timerlock.core.InMemoryLockProvider;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockProvider;
import org.timerlock.core.SimpleLock;

/**
 * With MicroProfile Health, OpenTelemetry and Micrometer on the class path, TimerLock adds its
 * readiness check and its metrics: the check is UP on a store that answers and DOWN with the error
 * on one that does not; every instrument moves with the calls.
 */
@EnabledIf(
    value = "apisPresent",
    disabledReason = "the optional APIs are left off this class path (see the module's pom)")
class OptionalApisTest {

  /** Whether the optional APIs are on the class path: in the build's optional-apis run only. */
  static boolean apisPresent() {
    try {
      Class.forName("org.eclipse.microprofile.health.HealthCheck");
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  static final String LOCK = "ops-metrics-job";
  static final InMemoryLockProvider STORE = new InMemoryLockProvider("ops-node");
  static volatile LockProvider provider = STORE;

  private WeldContainer container;

  @ApplicationScoped
  static class Job {
    // The build sets a default lockAtLeastFor in the environment; these locks must free at once.
    @SchedulerLock(name = LOCK, lockAtMostFor = "1m", lockAtLeastFor = "0s")
    public String run() {
      return "ran";
    }

    @SchedulerLock(name = LOCK + "-failing", lockAtMostFor = "1m", lockAtLeastFor = "0s")
    public String fail() {
      throw new IllegalStateException("job failed");
    }
  }

  private WeldContainer start() {
    container =
        new Weld()
            .disableDiscovery()
            .addExtension(new TimerLockExtension())
            .addBeanClasses(Job.class, OpsPlatform.class)
            .initialize();
    return container;
  }

  @AfterEach
  void stop() {
    container.shutdown();
    provider = STORE;
  }

  @Test
  void readinessIsUpOnAStoreThatAnswers() {
    start();
    HealthCheckResponse response = OpsPlatform.readiness(container);
    assertThat(response.getName()).isEqualTo("timerlock-lock-store");
    assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.UP);
    assertThat(response.getData().orElseThrow()).containsKey("store");
  }

  @Test
  void readinessIsDownOnAStoreThatDoesNotAnswer() {
    provider = new UnreachableStore();
    start();
    HealthCheckResponse response = OpsPlatform.readiness(container);
    assertThat(response.getStatus()).isEqualTo(HealthCheckResponse.Status.DOWN);
    Map<String, Object> data = response.getData().orElseThrow();
    assertThat(String.valueOf(data.get("error"))).contains("127.0.0.1:1");
    assertThat(String.valueOf(data.get("store"))).contains("127.0.0.1:1");
  }

  @Test
  void everyInstrumentMovesWithTheCalls() {
    start();
    Job job = container.select(Job.class).get();
    assertThat(job.run()).isEqualTo("ran");
    SimpleLock other = STORE.lock(LockConfiguration.of(LOCK, Duration.ofMinutes(1))).orElseThrow();
    assertThat(job.run()).isNull();
    other.unlock();
    try {
      job.fail();
    } catch (IllegalStateException expected) {
      // the job's own failure
    }

    assertThat(
            OpsPlatform.MICROMETER
                .get("timerlock.lock.acquired")
                .tag("timerlock.lock.name", LOCK)
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(
            OpsPlatform.MICROMETER
                .get("timerlock.lock.skipped")
                .tags("timerlock.lock.name", LOCK, "timerlock.skip.reason", "held_elsewhere")
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(
            OpsPlatform.MICROMETER
                .get("timerlock.job.duration")
                .tag("timerlock.lock.name", LOCK)
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(
            OpsPlatform.MICROMETER
                .get("timerlock.job.duration")
                .tags(
                    "timerlock.lock.name",
                    LOCK + "-failing",
                    "error.type",
                    "java.lang.IllegalStateException")
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(
            OpsPlatform.MICROMETER
                .get("timerlock.lock.hold.duration")
                .tag("timerlock.lock.name", LOCK)
                .timer()
                .count())
        .isEqualTo(1);

    OpsPlatform.assertOpenTelemetryCounted(LOCK);
  }
}
