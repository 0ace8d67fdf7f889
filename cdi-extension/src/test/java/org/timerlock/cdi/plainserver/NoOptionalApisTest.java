package org.timerlock.cdi.plainserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import org.jboss.weld.environment.se.WeldContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIf;
import org.timerlock.cdi.SchedulerLock;
import org.timerlock.cdi.support.Deployer;
import org.timerlock.cdi.support.SharedStore;
import org.timerlock.cdi.support.TimerLockTest;
import org.timerlock.core.admin.LockAdmin;

/**
 * The build runs this module's tests without MicroProfile Health, OpenTelemetry and Micrometer on
 * the class path (only {@code ops} tests get them): TimerLock deploys and runs unchanged, with its
 * Flight Recorder events and lock admin but no health check or metrics beans.
 */
@DisabledIf(
    value = "org.timerlock.cdi.ops.OptionalApisTest#apisPresent",
    disabledReason = "this run has the optional APIs on its class path")
@TimerLockTest
class NoOptionalApisTest {

  @Inject Deployer deployer;

  @ApplicationScoped
  static class Job {
    @SchedulerLock(name = "no-optional-apis", lockAtMostFor = "1m")
    public String run() {
      return "ran";
    }
  }

  @Test
  void runsWithoutHealthTelemetryOrMicrometer() {
    for (String api :
        new String[] {
          "org.eclipse.microprofile.health.HealthCheck",
          "io.opentelemetry.api.OpenTelemetry",
          "io.micrometer.core.instrument.MeterRegistry"
        }) {
      assertThatThrownBy(() -> Class.forName(api))
          .as(api + " must not be on this test class path")
          .isInstanceOf(ClassNotFoundException.class);
    }
    WeldContainer container = deployer.start(Map.of(), SharedStore.class, Job.class);
    assertThat(container.select(Job.class).get().run()).isEqualTo("ran");
    assertThat(container.select(LockAdmin.class).get().find("no-optional-apis")).isPresent();
  }
}
