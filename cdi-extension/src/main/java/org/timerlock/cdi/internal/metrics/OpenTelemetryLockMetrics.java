package org.timerlock.cdi.internal.metrics;

import io.opentelemetry.api.OpenTelemetry;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.timerlock.cdi.LockEvent;

/**
 * The lock metrics through the OpenTelemetry API: the application's {@code OpenTelemetry} bean
 * (MicroProfile Telemetry), else {@code GlobalOpenTelemetry}. Meter {@code org.timerlock}.
 * Registered by TimerLock's extension only when the API is on the class path; the instruments
 * themselves are in {@link OpenTelemetryMeters}.
 *
 * <p>No field, parameter or return type of this class names an OpenTelemetry type (the injected
 * {@code Instance} erases to {@code Instance}), for the reason {@link MicrometerLockMetrics} gives.
 */
@ApplicationScoped
public class OpenTelemetryLockMetrics extends LockEventMetrics {

  @Inject Instance<OpenTelemetry> openTelemetry;

  private OpenTelemetryMeters meters;

  /** Created by the container. */
  public OpenTelemetryLockMetrics() {}

  @PostConstruct
  void createInstruments() {
    meters = OpenTelemetryMeters.of(openTelemetry, LOCK_NAME, this::overdueSeconds);
  }

  /**
   * The application stops: its gauge must not be called any more (see {@link
   * OpenTelemetryMeters#close}).
   */
  @PreDestroy
  void closeInstruments() {
    meters.close();
  }

  /** One value per lock name; names past the limit share no gauge, a gauge has one value. */
  private Map<String, Double> overdueSeconds() {
    Map<String, Double> seconds = new LinkedHashMap<>();
    for (String name : overdue.names()) {
      if (!tags.of(name).equals(MetricTags.OVERFLOW)) {
        seconds.put(name, overdue.seconds(name));
      }
    }
    return seconds;
  }

  /** Created with the application, so that the overdue gauges exist before the first event. */
  void started(@Observes @Initialized(ApplicationScoped.class) Object application) {}

  void on(@Observes LockEvent event) {
    record(event);
  }

  @Override
  protected void count(String instrument, String lockName, String key, String value) {
    meters.count(instrument, lockName, key, value);
  }

  @Override
  protected void duration(
      String instrument, String lockName, String key, String value, Duration duration) {
    meters.time(instrument, lockName, key, value, duration);
  }
}
