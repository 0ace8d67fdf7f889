package org.timerlock.cdi.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.CollectionRegistration;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.weld.environment.se.WeldContainer;
import org.timerlock.core.LockProvider;

/** The application's provider, its OpenTelemetry and its Micrometer registry. */
@ApplicationScoped
class OpsPlatform {
  static final TestReader READER = new TestReader();
  static final SimpleMeterRegistry MICROMETER = new SimpleMeterRegistry();
  static final OpenTelemetry OTEL =
      OpenTelemetrySdk.builder()
          .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(READER).build())
          .build();

  @Produces
  LockProvider provider() {
    return OptionalApisTest.provider;
  }

  @Produces
  OpenTelemetry openTelemetry() {
    return OTEL;
  }

  @Produces
  MeterRegistry meterRegistry() {
    return MICROMETER;
  }

  /** The one readiness check TimerLock added, called once. */
  static HealthCheckResponse readiness(WeldContainer container) {
    List<HealthCheck> checks =
        container.select(HealthCheck.class, Readiness.Literal.INSTANCE).stream().toList();
    assertThat(checks).hasSize(1);
    return checks.get(0).call();
  }

  /** The OpenTelemetry instruments exist with their units, and the acquisition was counted. */
  static void assertOpenTelemetryCounted(String lock) {
    Map<String, MetricData> otel = new HashMap<>();
    READER.collect().forEach(m -> otel.put(m.getName(), m));
    assertThat(otel)
        .containsKeys(
            "timerlock.lock.acquired",
            "timerlock.lock.skipped",
            "timerlock.job.duration",
            "timerlock.lock.hold.duration");
    assertThat(otel.get("timerlock.job.duration").getUnit()).isEqualTo("s");
    assertThat(otel.get("timerlock.lock.acquired").getLongSumData().getPoints())
        .anySatisfy(
            point -> {
              assertThat(point.getAttributes().asMap().values()).contains(lock);
              assertThat(point.getValue()).isEqualTo(1);
            });
  }

  /** Reads the SDK's metrics on demand. */
  static final class TestReader implements MetricReader {
    private volatile CollectionRegistration registration;

    @Override
    public void register(CollectionRegistration registration) {
      this.registration = registration;
    }

    Collection<MetricData> collect() {
      return registration.collectAllMetrics();
    }

    @Override
    public AggregationTemporality getAggregationTemporality(InstrumentType type) {
      return AggregationTemporality.CUMULATIVE;
    }

    @Override
    public CompletableResultCode forceFlush() {
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
      return CompletableResultCode.ofSuccess();
    }
  }
}
