package org.timerlock.servertests;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;

/**
 * {@link HealthAndMetricsTests} on a server that serves MicroProfile Health at {@code
 * /health/ready} on node1's HTTP port and publishes the application's OpenTelemetry meters
 * (MicroProfile Telemetry) through the exporter the application's configuration names, as Payara
 * Micro and Payara Server do. The server module's build gives the application the OTLP exporter's
 * settings (system property {@value HealthAndMetricsTests#EXTRA_CONFIG}, pointing at the port in
 * the system property {@code otlp.port}), and the meters reach an {@link OtlpMetricsReceiver} in
 * the test JVM, which shows them as Prometheus text.
 */
public abstract class OtlpHealthAndMetricsTests extends HealthAndMetricsTests {

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
