package org.timerlock.cdi.internal.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import org.timerlock.cdi.LockEvent;

/**
 * The lock metrics through Micrometer: the application's {@code MeterRegistry} bean, else
 * Micrometer's global registry. Registered by TimerLock's extension only when Micrometer is on the
 * class path; the meters themselves are in {@link MicrometerMeters}.
 *
 * <p>No field, parameter or return type of this class names a Micrometer type (the injected {@code
 * Instance} erases to {@code Instance}): the annotation scanners of GlassFish and Payara reflect
 * over every annotated class of the application, and a Micrometer type in a signature made them log
 * a SEVERE "class not found" at every deployment on a server without Micrometer.
 */
@ApplicationScoped
public class MicrometerLockMetrics extends LockEventMetrics {

  @Inject Instance<MeterRegistry> registries;

  private MicrometerMeters meters;

  /** Created by the container. */
  public MicrometerLockMetrics() {}

  @PostConstruct
  void findRegistry() {
    meters = MicrometerMeters.of(registries);
    overdue.onEachLock(this::overdueGauge);
  }

  /** One gauge per lock name; names past the limit share no gauge, a gauge has one value. */
  private void overdueGauge(String lockName) {
    String tag = tags.of(lockName);
    if (!tag.equals(MetricTags.OVERFLOW)) {
      meters.gauge(OVERDUE, LOCK_NAME, tag, () -> overdue.seconds(lockName));
    }
  }

  /** Created with the application, so that the overdue gauges exist before the first event. */
  void started(@Observes @Initialized(ApplicationScoped.class) Object application) {}

  void on(@Observes LockEvent event) {
    record(event);
  }

  @Override
  protected void count(String instrument, String lockName, String key, String value) {
    meters.count(instrument, LOCK_NAME, lockName, key, value);
  }

  @Override
  protected void duration(
      String instrument, String lockName, String key, String value, Duration duration) {
    meters.time(instrument, LOCK_NAME, lockName, key, value, duration);
  }
}
