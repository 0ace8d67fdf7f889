package org.timerlock.cdi.internal.metrics;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongCounter;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableDoubleGauge;
import jakarta.enterprise.inject.Instance;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The OpenTelemetry instruments of {@link OpenTelemetryLockMetrics}, meter {@code org.timerlock}:
 * every use of an OpenTelemetry type is here, in a class without annotations, so that servers'
 * annotation scanners never reflect over it (see {@link MicrometerLockMetrics}).
 */
final class OpenTelemetryMeters {

  private final AttributeKey<String> lockKey;
  private final Map<String, LongCounter> counters;
  private final Map<String, DoubleHistogram> histograms;
  private final ObservableDoubleGauge overdue;

  private OpenTelemetryMeters(
      Meter meter, String nameKey, Supplier<Map<String, Double>> overdueSeconds) {
    lockKey = AttributeKey.stringKey(nameKey);
    counters =
        Map.of(
            LockEventMetrics.ACQUIRED,
            counter(meter, LockEventMetrics.ACQUIRED, "{acquisition}", "Locks taken: jobs started"),
            LockEventMetrics.SKIPPED,
            counter(meter, LockEventMetrics.SKIPPED, "{call}", "Locked calls skipped, by reason"),
            LockEventMetrics.STORE_FAILURES,
            counter(
                meter,
                LockEventMetrics.STORE_FAILURES,
                "{failure}",
                "Lock store calls that failed"),
            LockEventMetrics.MISSED_FIRES,
            counter(
                meter,
                LockEventMetrics.MISSED_FIRES,
                "{fire}",
                "Slots of a schedule that no node took"));
    histograms =
        Map.of(
            LockEventMetrics.JOB_DURATION,
            histogram(meter, LockEventMetrics.JOB_DURATION, "How long the locked jobs ran"),
            LockEventMetrics.HOLD_DURATION,
            histogram(meter, LockEventMetrics.HOLD_DURATION, "How long this node held the lock"));
    overdue =
        meter
            .gaugeBuilder(LockEventMetrics.OVERDUE)
            .setUnit("s")
            .setDescription("How late each scheduled lock is, 0 when on time")
            .buildWithCallback(
                measurement ->
                    overdueSeconds
                        .get()
                        .forEach(
                            (lockName, seconds) ->
                                measurement.record(seconds, attributes(lockName, null, null))));
  }

  /**
   * The instruments of the application's {@code OpenTelemetry} bean (MicroProfile Telemetry), else
   * of {@link GlobalOpenTelemetry}.
   *
   * @param openTelemetry the OpenTelemetry beans
   * @param nameKey the lock name attribute's key
   * @param overdueSeconds the overdue gauge's values by lock name, read at each collection
   * @return the instruments
   */
  static OpenTelemetryMeters of(
      Instance<OpenTelemetry> openTelemetry,
      String nameKey,
      Supplier<Map<String, Double>> overdueSeconds) {
    OpenTelemetry otel =
        openTelemetry.isResolvable() ? openTelemetry.get() : GlobalOpenTelemetry.get();
    return new OpenTelemetryMeters(otel.getMeter("org.timerlock"), nameKey, overdueSeconds);
  }

  /**
   * Removes the overdue gauge's callback from the SDK. An SDK the server shares between
   * applications (Open Liberty's runtime-wide MicroProfile Telemetry) outlives this application and
   * would otherwise call it at every collection after the application is gone.
   */
  void close() {
    overdue.close();
  }

  void count(String instrument, String lockName, String key, String value) {
    counters.get(instrument).add(1, attributes(lockName, key, value));
  }

  void time(String instrument, String lockName, String key, String value, Duration duration) {
    histograms.get(instrument).record(duration.toNanos() / 1e9, attributes(lockName, key, value));
  }

  private static LongCounter counter(Meter meter, String name, String unit, String description) {
    return meter.counterBuilder(name).setUnit(unit).setDescription(description).build();
  }

  private static DoubleHistogram histogram(Meter meter, String name, String description) {
    return meter.histogramBuilder(name).setUnit("s").setDescription(description).build();
  }

  private Attributes attributes(String lockName, String key, String value) {
    AttributesBuilder attributes = Attributes.builder().put(lockKey, lockName);
    if (key != null && value != null) {
      attributes.put(key, value);
    }
    return attributes.build();
  }
}
