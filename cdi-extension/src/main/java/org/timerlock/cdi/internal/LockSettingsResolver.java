package org.timerlock.cdi.internal;

import java.time.Duration;
import java.util.Optional;
import org.timerlock.core.Durations;
import org.timerlock.core.LockConfiguration;
import org.timerlock.core.spi.MessageCode;
import org.timerlock.core.spi.Printable;

/**
 * Turns annotation values and configuration into a {@link ResolvedLock}, in the documented order:
 * {@code timerlock.lock."<name>".*} over the annotation over {@code timerlock.default.*}. Every
 * failure message says which value came from where.
 */
final class LockSettingsResolver {

  private final MicroProfileSettings settings;
  private final boolean allEnabled;

  /**
   * Creates the resolver.
   *
   * @param settings the configuration
   * @param allEnabled the value of {@code timerlock.enabled}
   */
  LockSettingsResolver(MicroProfileSettings settings, boolean allEnabled) {
    this.settings = settings;
    this.allEnabled = allEnabled;
  }

  /** Whether {@code timerlock.enabled} leaves locks on. */
  boolean allEnabled() {
    return allEnabled;
  }

  /**
   * The lock of an annotated method.
   *
   * @throws IllegalArgumentException naming the value at fault, where it came from and the fix
   */
  ResolvedLock resolve(LockCandidate candidate) {
    String name = name(candidate);
    return lock(
        candidate.where(),
        candidate,
        name,
        candidate.annotation().lockAtMostFor(),
        candidate.annotation().lockAtLeastFor());
  }

  /**
   * A lock taken through {@code LockedTasks}, from configuration only.
   *
   * @throws IllegalArgumentException when no lockAtMostFor is configured or a value is invalid
   */
  ResolvedLock resolve(String name) {
    return lock("LockedTasks", null, name, "", "");
  }

  /**
   * Whether configuration leaves a lock on, for a lock whose durations come from elsewhere (a
   * {@code LockConfiguration} given in code).
   *
   * @throws IllegalArgumentException when the value is not a boolean
   */
  boolean enabledByName(String name) {
    return allEnabled && bool(LockKeys.ENABLED, name, true);
  }

  /**
   * The grace of a scheduled lock, if configuration sets one: its own key, else {@code
   * timerlock.default.grace}.
   *
   * @return the grace, or empty to derive it from the lock's period
   */
  Optional<Duration> grace(String name) {
    Optional<String> own = settings.get(LockKeys.GRACE.key(name));
    if (own.isPresent()) {
      return own.map(v -> (Duration) LockKeys.GRACE.checkedKey(name).parse(v));
    }
    return settings.find(TimerLockKeys.DEFAULT_GRACE);
  }

  /**
   * How old the latest missed slot of a lock may be to be caught up, if configuration says.
   *
   * @return the window, or empty when catch-up is off (the default)
   */
  Optional<Duration> catchUpWithin(String name) {
    return settings
        .get(LockKeys.CATCH_UP_WITHIN.key(name))
        .map(v -> (Duration) LockKeys.CATCH_UP_WITHIN.checkedKey(name).parse(v));
  }

  private ResolvedLock lock(
      String where, LockCandidate candidate, String name, String atMostFor, String atLeastFor) {
    LockConfiguration configuration = configuration(name, atMostFor, atLeastFor);
    boolean shared = bool(LockKeys.SHARED, name, false);
    boolean enabled = allEnabled && bool(LockKeys.ENABLED, name, true);
    boolean oncePerFire = bool(LockKeys.ONCE_PER_FIRE, name, true);
    FireSource fires = candidate == null ? FireSource.NONE : FireSource.of(candidate.method());
    return new ResolvedLock(
        where,
        candidate == null ? null : candidate.method(),
        configuration,
        shared,
        enabled,
        oncePerFire,
        fires);
  }

  private String name(LockCandidate candidate) {
    String declared = candidate.annotation().name();
    if (declared.isEmpty()) {
      return candidate.defaultName();
    }
    String expanded = expand(declared, "name");
    if (expanded.isBlank()) {
      StringBuilder message =
          new StringBuilder("name \"").append(declared).append("\" resolves to a blank lock name");
      for (String key : ConfigExpressions.keys(declared)) {
        settings
            .asWritten(key)
            .ifPresent(v -> message.append("; config key ").append(key).append(" = \"" + v + "\""));
      }
      throw new IllegalArgumentException(
          CdiMessage.BLANK_LOCK_NAME.text(
              message.append("; give the lock a non-blank name").toString()));
    }
    return expanded;
  }

  private LockConfiguration configuration(
      String name, String annotatedAtMostFor, String annotatedAtLeastFor) {
    Setting atMost =
        pick(
            name,
            LockKeys.LOCK_AT_MOST_FOR,
            "lockAtMostFor",
            annotatedAtMostFor,
            TimerLockKeys.DEFAULT_AT_MOST_FOR.name());
    if (atMost == null) {
      throw new IllegalArgumentException(
          CdiMessage.NO_LOCK_AT_MOST_FOR.text(
              "no lockAtMostFor for lock '"
                  + Printable.shortened(name)
                  + "': set @SchedulerLock(lockAtMostFor = \"...\"), the config key "
                  + LockKeys.LOCK_AT_MOST_FOR.printedKey(name)
                  + " or "
                  + TimerLockKeys.DEFAULT_AT_MOST_FOR.name()));
    }
    Setting atLeast =
        pick(
            name,
            LockKeys.LOCK_AT_LEAST_FOR,
            "lockAtLeastFor",
            annotatedAtLeastFor,
            TimerLockKeys.DEFAULT_AT_LEAST_FOR.name());
    Duration atMostFor = atMost.parse();
    Duration atLeastFor = atLeast == null ? Duration.ZERO : atLeast.parse();
    if (atMostFor.isZero() || atMostFor.isNegative()) {
      throw new IllegalArgumentException(
          CdiMessage.LOCK_DURATIONS.text(atMost + " must be positive"));
    }
    if (atLeastFor.isNegative()) {
      throw new IllegalArgumentException(
          CdiMessage.LOCK_DURATIONS.text(atLeast + " must not be negative"));
    }
    if (atLeastFor.compareTo(atMostFor) > 0) {
      throw new IllegalArgumentException(
          CdiMessage.LOCK_DURATIONS.text(
              atLeast
                  + " must not be longer than "
                  + atMost
                  + ": the lock could never be held that long"));
    }
    return new LockConfiguration(name, atMostFor, atLeastFor);
  }

  private boolean bool(LockKeys property, String name, boolean defaultValue) {
    return settings
        .get(property.key(name))
        .map(v -> (Boolean) property.checkedKey(name).parse(v))
        .orElse(defaultValue);
  }

  private Setting pick(
      String name, LockKeys property, String attribute, String annotated, String defaultKey) {
    String key = property.key(name);
    Optional<String> configured = settings.get(key);
    if (configured.isPresent()) {
      return new Setting(configured.get(), "config key " + property.printedKey(name));
    }
    if (!annotated.isEmpty()) {
      return new Setting(expand(annotated, attribute), attribute, annotated);
    }
    return settings
        .get(defaultKey)
        .map(v -> new Setting(v, "config key " + defaultKey))
        .orElse(null);
  }

  private String expand(String text, String attribute) {
    try {
      return ConfigExpressions.expand(text, settings::asWritten);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          MessageCode.inContext(attribute + " \"" + text + "\": ", e.getMessage()), e);
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
        throw new IllegalArgumentException(MessageCode.inContext(this + ": ", e.getMessage()), e);
      }
    }

    @Override
    public String toString() {
      return origin + " = \"" + value + "\"";
    }
  }
}
