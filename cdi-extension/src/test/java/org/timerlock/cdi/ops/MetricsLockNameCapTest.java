package org.timerlock.cdi.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.sdk.metrics.data.MetricData;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.timerlock.cdi.support.LoggedLines;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.LockingTaskExecutor;

/**
 * Every lock name tags the meters, so names made at run time would make meters without end: past
 * {@code timerlock.metrics.max-locks} names, the further ones are recorded under one tag value, and
 * one WARNING says so.
 */
@EnabledIf(
    value = "org.timerlock.cdi.ops.OptionalApisTest#apisPresent",
    disabledReason = "the optional APIs are left off this class path (see the module's pom)")
@TimerLockTest(config = "timerlock.metrics.max-locks=3")
class MetricsLockNameCapTest {

  static final String OVERFLOW = "_other";

  @Test
  @TimerLockTest(beans = OpsPlatform.class)
  void namesBeyondTheCapAreRecordedUnderOneTagWithOneWarning(LockingTaskExecutor executor) {
    List<String> warnings;
    try (LoggedLines log = new LoggedLines("org.timerlock.cdi.internal.metrics.LockEventMetrics")) {
      for (int i = 1; i <= 6; i++) {
        executor.executeWithLock(
            () -> {}, LockConfiguration.of("capped-" + i, Duration.ofMinutes(1)));
      }
      warnings = log.warnings();
    }
    System.out.println("Metrics cap warnings: " + warnings);

    for (int i = 1; i <= 3; i++) {
      assertThat(acquired("capped-" + i)).as("capped-" + i).isEqualTo(1.0);
    }
    assertThat(
            OpsPlatform.MICROMETER
                .find("timerlock.lock.acquired")
                .tag("timerlock.lock.name", "capped-4")
                .counter())
        .isNull();
    assertThat(acquired(OVERFLOW)).isEqualTo(3.0);
    assertThat(
            OpsPlatform.MICROMETER.find("timerlock.lock.acquired").counters().stream()
                .filter(c -> c.getId().getTag("timerlock.lock.name").startsWith("capped-"))
                .count())
        .isEqualTo(3);

    MetricData otel =
        OpsPlatform.READER.collect().stream()
            .filter(m -> m.getName().equals("timerlock.lock.acquired"))
            .findFirst()
            .orElseThrow();
    assertThat(otel.getLongSumData().getPoints())
        .extracting(p -> p.getAttributes().asMap().values().iterator().next().toString())
        .contains("capped-1", "capped-3", OVERFLOW)
        .doesNotContain("capped-4", "capped-6");

    assertThat(warnings).hasSize(1);
    assertThat(warnings.get(0))
        .startsWith("TIMERLOCK-228")
        .contains("timerlock.metrics.max-locks = 3")
        .contains("'capped-4'")
        .contains(OVERFLOW);
  }

  private static double acquired(String tag) {
    return OpsPlatform.MICROMETER
        .get("timerlock.lock.acquired")
        .tag("timerlock.lock.name", tag)
        .counter()
        .count();
  }
}
