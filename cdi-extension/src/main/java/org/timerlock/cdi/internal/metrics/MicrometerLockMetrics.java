package org.timerlock.cdi.internal.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.timerlock.cdi.LockEvent;

/**
 * The lock metrics through Micrometer: the application's {@link MeterRegistry} bean, else {@link
 * Metrics#globalRegistry}. The durations are {@link Timer}s. Registered by TimerLock's extension
 * only when Micrometer is on the class path.
 */
@ApplicationScoped
public class MicrometerLockMetrics extends LockEventMetrics {

  private static final Map<String, String> DESCRIPTIONS =
      Map.of(
          ACQUIRED, "Locks taken: jobs started",
          SKIPPED, "Locked calls skipped, by reason",
          STORE_FAILURES, "Lock store calls that failed",
          JOB_DURATION, "How long the locked jobs ran",
          HOLD_DURATION, "How long this node held the lock");

  @Inject Instance<MeterRegistry> registries;

  private MeterRegistry registry;

  /** Created by the container. */
  public MicrometerLockMetrics() {}

  @PostConstruct
  void findRegistry() {
    registry = registries.isResolvable() ? registries.get() : Metrics.globalRegistry;
  }

  void on(@Observes LockEvent event) {
    record(event);
  }

  @Override
  protected void count(String instrument, String lockName, String key, String value) {
    Counter.builder(instrument)
        .description(DESCRIPTIONS.get(instrument))
        .tags(tags(lockName, key, value))
        .register(registry)
        .increment();
  }

  @Override
  protected void duration(
      String instrument, String lockName, String key, String value, Duration duration) {
    Timer.builder(instrument)
        .description(DESCRIPTIONS.get(instrument))
        .tags(tags(lockName, key, value))
        .register(registry)
        .record(duration);
  }

  /**
   * Micrometer registries (Prometheus) want the same tag keys on every meter of a name: a missing
   * value is {@code none}, as in Micrometer's own {@code exception} tag.
   */
  private static Tags tags(String lockName, String key, String value) {
    Tags tags = Tags.of(LOCK_NAME, lockName);
    return key == null ? tags : tags.and(key, value == null ? "none" : value);
  }
}
