package org.timerlock.example.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.timerlock.servertests.HealthAndMetricsTests;
import org.timerlock.servertests.ServerLog;

/**
 * TimerLock's readiness check and metrics on node1, with the features and settings
 * docs/servers/openliberty.md gives: {@code mpHealth-4.0} answers {@code /health/ready} on the HTTP
 * port; {@code mpTelemetry-2.0} records TimerLock's meters, which the application sees because the
 * adapter deploys it through {@code server.xml} with {@code <classloader
 * apiTypeVisibility="+third-party"/>} (arquillian.xml). Liberty has no endpoint that serves an
 * application's own meters: node1's OpenTelemetry SDK exports them to {@code messages.log} every 2
 * s (its {@code bootstrap.properties}, set by the pom), where {@link LoggedMetrics} reads them.
 */
class HealthAndMetricsIT extends HealthAndMetricsTests {

  private static final LoggedMetrics METRICS =
      new LoggedMetrics(LibertyDeployments.messagesLog("node1"));

  @Override
  protected URI readiness() {
    return URI.create(
        "http://127.0.0.1:" + System.getProperty("node1.http.port") + "/health/ready");
  }

  /**
   * Reads the counter from the log, under its OpenTelemetry name: Prometheus's name without {@code
   * _total} and with dots, e.g. {@code timerlock_lock_acquired_total} is {@code
   * timerlock.lock.acquired}, label {@code timerlock_lock_name} the attribute {@code
   * timerlock.lock.name}.
   */
  @Override
  protected double counter(String name, Map<String, String> labels) {
    Map<String, String> attributes = new HashMap<>();
    labels.forEach((label, value) -> attributes.put(openTelemetryName(label), value));
    return METRICS.sum(openTelemetryName(name.replaceFirst("_total$", "")), attributes);
  }

  /** The deployment says where the lock metrics go: to the OpenTelemetry API, not nowhere. */
  @Test
  void theDeploymentLogsThatTheLockMetricsGoToOpenTelemetry() throws Exception {
    ServerLog log = ServerLog.openLiberty(LibertyDeployments.messagesLog("node1"));
    // Every deployment logs its route; the application deployed last before this test is this one.
    List<String> routes =
        log.entriesSince(0).stream().filter(e -> e.contains("TIMERLOCK-247")).toList();
    assertTrue(!routes.isEmpty(), "a TIMERLOCK-247 line in node1's messages.log");
    String route = routes.get(routes.size() - 1);
    assertTrue(route.strip().endsWith("lock metrics route: OpenTelemetry"), route);
  }

  private static String openTelemetryName(String prometheusName) {
    return prometheusName.replace('_', '.');
  }
}
