package org.timerlock.cdi.internal.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import org.timerlock.cdi.LockEvent;

/**
 * The lock metrics through Micrometer: the application's {@link MeterRegistry} bean, else {@link
 * Metrics#globalRegistry}. The durations are {@link Timer}s. Registered by TimerLock's extension
 * only when Micrometer is on the class path.
 *
 * <p>Meters are created through the registry's shorthand methods ({@link
 * MeterRegistry#counter(String, Iterable)}, {@link MeterRegistry#timer(String, Iterable)}), without
 * descriptions: WildFly's per-application registry passes those on to the server's registries
 * (Prometheus, OTLP), whereas a meter built with {@code Counter.builder(...).register(registry)}
 * stays in the application's registry and is never exported.
 */
@ApplicationScoped
public class MicrometerLockMetrics extends LockEventMetrics {

  @Inject Instance<MeterRegistry> registries;

  private MeterRegistry registry;

  /** Created by the container. */
  public MicrometerLockMetrics() {}

  @PostConstruct
  void findRegistry() {
    registry = registries.isResolvable() ? registries.get() : Metrics.globalRegistry;
    overdue.onEachLock(this::overdueGauge);
  }

  /** One gauge per lock name; names past the limit share no gauge, a gauge has one value. */
  private void overdueGauge(String lockName) {
    String tag = tags.of(lockName);
    if (!tag.equals(MetricTags.OVERFLOW)) {
      // In seconds, as on OpenTelemetry: Prometheus names it timerlock_lock_overdue_seconds.
      Gauge.builder(OVERDUE, overdue, o -> o.seconds(lockName))
          .tags(tags(tag, null, null))
          .baseUnit("seconds")
          .register(registry);
    }
  }

  /** Created with the application, so that the overdue gauges exist before the first event. */
  void started(@Observes @Initialized(ApplicationScoped.class) Object application) {}

  void on(@Observes LockEvent event) {
    record(event);
  }

  @Override
  protected void count(String instrument, String lockName, String key, String value) {
    registry.counter(instrument, tags(lockName, key, value)).increment();
  }

  @Override
  protected void duration(
      String instrument, String lockName, String key, String value, Duration duration) {
    registry.timer(instrument, tags(lockName, key, value)).record(duration);
  }

  /**
   * Micrometer registries (Prometheus) want the same tag keys on every meter of a name: a missing
   * value is {@code none}, as in Micrometer's own {@code exception} tag. Typed as an {@link
   * Iterable} so that the calls bind to the overloads every Micrometer version has, not to the
   * {@code Tags} ones of recent versions that a server's older Micrometer lacks.
   */
  private static Iterable<Tag> tags(String lockName, String key, String value) {
    Tags tags = Tags.of(LOCK_NAME, lockName);
    return key == null ? tags : tags.and(key, value == null ? "none" : value);
  }
}
