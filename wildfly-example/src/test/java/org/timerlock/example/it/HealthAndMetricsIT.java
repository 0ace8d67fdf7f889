package org.timerlock.example.it;

import java.net.URI;
import java.util.Map;
import org.timerlock.servertests.HealthAndMetricsTests;

/**
 * TimerLock's metrics on WildFly's management interface of node1: Micrometer's Prometheus registry
 * at {@code /prometheus}, added to node1's configuration by the build ({@code
 * src/test/cli/health-and-metrics.cli}).
 */
class HealthAndMetricsIT extends HealthAndMetricsTests {

  private static final String MANAGEMENT = "http://127.0.0.1:9990";

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
