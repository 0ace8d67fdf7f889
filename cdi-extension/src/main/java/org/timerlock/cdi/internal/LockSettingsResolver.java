package org.timerlock.cdi.internal;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.timerlock.core.Durations;
import org.timerlock.core.LockConfiguration;

/**
 * Turns annotation values and configuration into a {@link LockConfiguration}, in the documented
 * order: {@code timerlock.lock."<name>".*} over the annotation over {@code timerlock.default.*}.
 * Every failure message says which value came from where.
 */
final class LockSettingsResolver {

  static final String DEFAULT_AT_MOST_FOR = "timerlock.default.lock-at-most-for";
  static final String DEFAULT_AT_LEAST_FOR = "timerlock.default.lock-at-least-for";

  private final Function<String, Optional<String>> config;

  /**
   * Creates the resolver.
   *
   * @param config configuration look-up; empty when a key is not set
   */
  LockSettingsResolver(Function<String, Optional<String>> config) {
    this.config = config;
  }

  /** The key of a per-lock setting: {@code timerlock.lock."<name>".<property>}. */
  static String lockKey(String name, String property) {
    return "timerlock.lock.\"" + name + "\"." + property;
  }

  /**
   * The lock name of an annotated method.
   *
   * @throws IllegalArgumentException when the name expression cannot be expanded or is blank
   */
  String name(LockCandidate candidate) {
    String declared = candidate.annotation().name();
    if (declared.isEmpty()) {
      return candidate.defaultName();
    }
    String expanded = expand(declared, "name");
    if (expanded.isBlank()) {
      throw new IllegalArgumentException(
          "name \"" + declared + "\" resolves to a blank lock name; give a non-blank name");
    }
    return expanded;
  }

  /**
   * The effective configuration of a lock.
   *
   * @param name the resolved lock name
   * @param annotatedAtMostFor the annotation's lockAtMostFor, or "" (none, or programmatic use)
   * @param annotatedAtLeastFor the annotation's lockAtLeastFor, or ""
   * @return the validated configuration
   * @throws IllegalArgumentException naming the value, where it came from and what is expected
   */
  LockConfiguration resolve(String name, String annotatedAtMostFor, String annotatedAtLeastFor) {
    Setting atMost =
        pick(name, "lock-at-most-for", "lockAtMostFor", annotatedAtMostFor, DEFAULT_AT_MOST_FOR);
    if (atMost == null) {
      throw new IllegalArgumentException(
          "no lockAtMostFor for lock '"
              + name
              + "': set @SchedulerLock(lockAtMostFor = \"...\"), the config key "
              + lockKey(name, "lock-at-most-for")
              + " or "
              + DEFAULT_AT_MOST_FOR);
    }
    Setting atLeast =
        pick(
            name, "lock-at-least-for", "lockAtLeastFor", annotatedAtLeastFor, DEFAULT_AT_LEAST_FOR);
    Duration atMostFor = atMost.parse();
    Duration atLeastFor = atLeast == null ? Duration.ZERO : atLeast.parse();
    if (atMostFor.isZero() || atMostFor.isNegative()) {
      throw new IllegalArgumentException(atMost + " must be positive");
    }
    if (atLeastFor.isNegative()) {
      throw new IllegalArgumentException(atLeast + " must not be negative");
    }
    if (atLeastFor.compareTo(atMostFor) > 0) {
      throw new IllegalArgumentException(
          atLeast
              + " must not be longer than "
              + atMost
              + ": the lock could never be held that long");
    }
    return new LockConfiguration(name, atMostFor, atLeastFor);
  }

  /**
   * Whether a lock name is meant to be shared by several methods.
   *
   * @throws IllegalArgumentException when the value is not true or false
   */
  boolean shared(String name) {
    String key = lockKey(name, "shared");
    Optional<String> value = config.apply(key);
    if (value.isEmpty()) {
      return false;
    }
    String text = value.get().trim();
    if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(
          "config key " + key + " = \"" + value.get() + "\" is not true or false");
    }
    return Boolean.parseBoolean(text);
  }

  private Setting pick(
      String name, String property, String attribute, String annotated, String defaultKey) {
    String key = lockKey(name, property);
    Optional<String> configured = config.apply(key);
    if (configured.isPresent()) {
      return new Setting(configured.get(), "config key " + key);
    }
    if (!annotated.isEmpty()) {
      return new Setting(expand(annotated, attribute), attribute, annotated);
    }
    return config
        .apply(defaultKey)
        .map(v -> new Setting(v, "config key " + defaultKey))
        .orElse(null);
  }

  private String expand(String text, String attribute) {
    try {
      return ConfigExpressions.expand(text, config);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(attribute + " \"" + text + "\": " + e.getMessage(), e);
    }
  }

  /** One duration setting and where it came from, for messages. */
  private record Setting(String value, String origin) {

    Setting(String value, String attribute, String declared) {
      this(
          value,
          declared.equals(value)
              ? attribute + " of the annotation"
              : attribute + " of the annotation (\"" + declared + "\")");
    }

    Duration parse() {
      try {
        return Durations.parse(value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(this + ": " + e.getMessage(), e);
      }
    }

    @Override
    public String toString() {
      return origin + " = \"" + value + "\"";
    }
  }
}
