package org.timerlock.core.spi;

import java.time.Duration;
import java.util.List;

/**
 * The optional run history, as every provider that keeps one reads it: whether it is on, and the
 * bounds that keep it from growing (per lock, by count and by age).
 *
 * @param enabled whether runs and missed slots are recorded ({@code timerlock.history.enabled})
 * @param maxPerLock the most records kept per lock ({@code timerlock.history.max-per-lock})
 * @param maxAge the age beyond which records are pruned ({@code timerlock.history.max-age})
 */
public record HistorySettings(boolean enabled, int maxPerLock, Duration maxAge) {

  /** Whether the history is kept. */
  public static final ConfigKey<Boolean> ENABLED =
      ConfigKey.withDefault(
          "timerlock.history.enabled",
          ValueType.BOOLEAN,
          false,
          "false",
          "Whether the store keeps a history of runs and missed slots per lock, read by"
              + " LockAdmin.history.");

  /** The most records kept per lock. */
  public static final ConfigKey<Integer> MAX_PER_LOCK =
      ConfigKey.withDefault(
          "timerlock.history.max-per-lock",
          ValueType.integer(1, 100_000),
          100,
          "100",
          "The most history records kept per lock; older ones are pruned.");

  /** The age beyond which records are pruned. */
  public static final ConfigKey<Duration> MAX_AGE =
      ConfigKey.withDefault(
          "timerlock.history.max-age",
          ValueType.POSITIVE_DURATION,
          Duration.ofDays(30),
          "30d",
          "How long history records are kept, by the store's clock.");

  /** The history keys, for a provider factory's {@code keys()}. */
  public static final List<ConfigKey<?>> KEYS = List.of(ENABLED, MAX_PER_LOCK, MAX_AGE);

  /** The history off, with the default bounds. */
  public static final HistorySettings OFF = new HistorySettings(false, 100, Duration.ofDays(30));

  /**
   * The history as configured.
   *
   * @param settings the provider's settings
   * @return the history settings, defaults for what is not set
   * @throws IllegalArgumentException when a value cannot be read
   */
  public static HistorySettings from(ProviderSettings settings) {
    return new HistorySettings(
        settings.value(ENABLED), settings.value(MAX_PER_LOCK), settings.value(MAX_AGE));
  }
}
