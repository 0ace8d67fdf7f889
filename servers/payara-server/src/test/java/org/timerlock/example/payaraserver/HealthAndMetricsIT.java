package org.timerlock.example.payaraserver;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.timerlock.servertests.HealthAndMetricsTests;
import org.timerlock.servertests.OtlpMetricsReceiver;

/**
 * TimerLock's readiness check and meters on Payara Server 6. The readiness report is MicroProfile
 * Health's, at {@code /health/ready} on the domain's HTTP port. Payara Server publishes an
 * application's OpenTelemetry meters (MicroProfile Telemetry) through the exporter its
 * configuration names: the build gives the application the OTLP exporter's settings (system
 * property {@value HealthAndMetricsTests#EXTRA_CONFIG}, see the module's POM), and the meters reach
 * a collector in this JVM, which shows them as Prometheus text.
 */
class HealthAndMetricsIT extends HealthAndMetricsTests {

  private static final OtlpMetricsReceiver COLLECTOR =
      OtlpMetricsReceiver.start(Integer.getInteger("otlp.port"));

  @AfterAll
  static void stopTheCollector() {
    COLLECTOR.close();
  }

  @Override
  protected URI readiness() {
    return URI.create(
        "http://127.0.0.1:" + System.getProperty("node1.http.port") + "/health/ready");
  }

  @Override
  protected URI prometheus() {
    return COLLECTOR.prometheus();
  }

  /** Each application has an OpenTelemetry SDK of its own: its series carry no label of it. */
  @Override
  protected Map<String, String> applicationLabels() {
    return Map.of();
  }
}
