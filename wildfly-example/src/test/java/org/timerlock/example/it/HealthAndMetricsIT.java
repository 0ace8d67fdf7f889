package org.timerlock.example.it;

import java.net.URI;
import java.util.Map;
import org.timerlock.servertests.HealthAndMetricsTests;

/**
 * TimerLock's readiness check and metrics on WildFly's management interface of node1: MicroProfile
 * Health at {@code /health/ready} and Micrometer's Prometheus registry at {@code /prometheus}, both
 * added to node1's configuration by the build ({@code src/test/cli/health-and-metrics.cli}).
 */
class HealthAndMetricsIT extends HealthAndMetricsTests {

  private static final String MANAGEMENT = "http://127.0.0.1:9990";

  @Override
  protected URI readiness() {
    return URI.create(MANAGEMENT + "/health/ready");
  }

  @Override
  protected URI prometheus() {
    return URI.create(MANAGEMENT + "/prometheus");
  }

  /** WildFly's registry tags every meter of an application with its deployment. */
  @Override
  protected Map<String, String> applicationLabels() {
    return Map.of("WF_DEPLOYMENT", APP + ".war");
  }
}
