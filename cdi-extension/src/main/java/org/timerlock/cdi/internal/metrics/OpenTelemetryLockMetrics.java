package org.timerlock.cdi.internal.metrics;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.timerlock.cdi.LockEvent;

/**
 * The lock metrics through the OpenTelemetry API: the application's {@link OpenTelemetry} bean
 * (MicroProfile Telemetry), else {@link GlobalOpenTelemetry}. Meter {@code org.timerlock}.
 * Registered by TimerLock's extension only when the API is on the class path.
 */
@ApplicationScoped
public class OpenTelemetryLockMetrics extends LockEventMetrics {

  private static final AttributeKey<String> LOCK = AttributeKey.stringKey(LOCK_NAME);

  @Inject Instance<OpenTelemetry> openTelemetry;

  private Map<String, LongCounter> counters;
  private Map<String, DoubleHistogram> histograms;

  /** Created by the container. */
  public OpenTelemetryLockMetrics() {}

  @PostConstruct
  void createInstruments() {
    OpenTelemetry otel =
        openTelemetry.isResolvable() ? openTelemetry.get() : GlobalOpenTelemetry.get();
    Meter meter = otel.getMeter("org.timerlock");
    counters =
        Map.of(
            ACQUIRED, counter(meter, ACQUIRED, "{acquisition}", "Locks taken: jobs started"),
            SKIPPED, counter(meter, SKIPPED, "{call}", "Locked calls skipped, by reason"),
            STORE_FAILURES,
                counter(meter, STORE_FAILURES, "{failure}", "Lock store calls that failed"),
            MISSED_FIRES,
                counter(meter, MISSED_FIRES, "{fire}", "Slots of a schedule that no node took"));
    histograms =
        Map.of(
            JOB_DURATION, histogram(meter, JOB_DURATION, "How long the locked jobs ran"),
            HOLD_DURATION, histogram(meter, HOLD_DURATION, "How long this node held the lock"));
    meter
        .gaugeBuilder(OVERDUE)
        .setUnit("s")
        .setDescription("How late each scheduled lock is, 0 when on time")
        .buildWithCallback(
            measurement ->
                overdue.names().stream()
                    .filter(name -> !tags.of(name).equals(MetricTags.OVERFLOW))
                    .forEach(
                        name ->
                            measurement.record(
                                overdue.seconds(name), attributes(name, null, null))));
  }

  private static LongCounter counter(Meter meter, String name, String unit, String description) {
    return meter.counterBuilder(name).setUnit(unit).setDescription(description).build();
  }

  private static DoubleHistogram histogram(Meter meter, String name, String description) {
    return meter.histogramBuilder(name).setUnit("s").setDescription(description).build();
  }

  /** Created with the application, so that the overdue gauges exist before the first event. */
  void started(@Observes @Initialized(ApplicationScoped.class) Object application) {}

  void on(@Observes LockEvent event) {
    record(event);
  }

  @Override
  protected void count(String instrument, String lockName, String key, String value) {
    counters.get(instrument).add(1, attributes(lockName, key, value));
  }

  @Override
  protected void duration(
      String instrument, String lockName, String key, String value, Duration duration) {
    histograms.get(instrument).record(duration.toNanos() / 1e9, attributes(lockName, key, value));
  }

  private static Attributes attributes(String lockName, String key, String value) {
    AttributesBuilder attributes = Attributes.builder().put(LOCK, lockName);
    if (key != null && value != null) {
      attributes.put(key, value);
    }
    return attributes.build();
  }
}
