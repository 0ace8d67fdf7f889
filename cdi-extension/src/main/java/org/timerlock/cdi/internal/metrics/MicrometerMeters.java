package org.timerlock.cdi.internal.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.inject.Instance;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The Micrometer meters of {@link MicrometerLockMetrics}: every use of a Micrometer type is here,
 * in a class without annotations, so that servers' annotation scanners never load it (see {@link
 * MicrometerLockMetrics}).
 *
 * <p>Meters are created through the registry's shorthand methods ({@link
 * MeterRegistry#counter(String, Iterable)}, {@link MeterRegistry#timer(String, Iterable)}), without
 * descriptions: WildFly's per-application registry passes those on to the server's registries
 * (Prometheus, OTLP), whereas a meter built with {@code Counter.builder(...).register(registry)}
 * stays in the application's registry and is never exported. The durations are {@link Timer}s.
 */
final class MicrometerMeters {

  private final MeterRegistry registry;

  private MicrometerMeters(MeterRegistry registry) {
    this.registry = registry;
  }

  /**
   * The meters of the application's registry bean, else of {@link Metrics#globalRegistry}.
   *
   * @param registries the registry beans
   * @return the meters
   */
  static MicrometerMeters of(Instance<MeterRegistry> registries) {
    return new MicrometerMeters(
        registries.isResolvable() ? registries.get() : Metrics.globalRegistry);
  }

  void count(String instrument, String nameKey, String lockName, String key, String value) {
    registry.counter(instrument, tags(nameKey, lockName, key, value)).increment();
  }

  void time(
      String instrument,
      String nameKey,
      String lockName,
      String key,
      String value,
      Duration duration) {
    registry.timer(instrument, tags(nameKey, lockName, key, value)).record(duration);
  }

  /** A gauge in seconds, as on OpenTelemetry: Prometheus names it {@code <name>_seconds}. */
  void gauge(String instrument, String nameKey, String lockName, Supplier<Number> seconds) {
    Gauge.builder(instrument, seconds)
        .tags(tags(nameKey, lockName, null, null))
        .baseUnit("seconds")
        .register(registry);
  }

  /**
   * Micrometer registries (Prometheus) want the same tag keys on every meter of a name: a missing
   * value is {@code none}, as in Micrometer's own {@code exception} tag. Typed as an {@link
   * Iterable} so that the calls bind to the overloads every Micrometer version has, not to the
   * {@code Tags} ones of recent versions that a server's older Micrometer lacks.
   */
  private static Iterable<Tag> tags(String nameKey, String lockName, String key, String value) {
    Tags tags = Tags.of(nameKey, lockName);
    return key == null ? tags : tags.and(key, value == null ? "none" : value);
  }
}
