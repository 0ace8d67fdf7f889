package org.timerlock.cdi.internal;

import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.Printable;
import org.timerlock.core.spi.ValueType;

/**
 * The settings one lock can have in configuration, and the grammar of their keys, {@code
 * timerlock.lock."<name>".<property>}: how a key is written and how a written key, or its
 * environment variable, is read back. Both directions live here so they cannot drift apart.
 */
enum LockKeys {
  LOCK_AT_MOST_FOR(
      "lock-at-most-for",
      ValueType.POSITIVE_DURATION,
      "the annotation's lockAtMostFor, else timerlock.default.lock-at-most-for",
      "How long the lock is held at most, if the holder never releases it (say, it crashed);"
          + " overrides the annotation."),
  LOCK_AT_LEAST_FOR(
      "lock-at-least-for",
      ValueType.DURATION,
      "the annotation's lockAtLeastFor, else timerlock.default.lock-at-least-for",
      "How long the lock stays held at least, even when the job ends sooner; overrides the"
          + " annotation."),
  SHARED(
      "shared",
      ValueType.BOOLEAN,
      "false",
      "Set to true to let several methods use this lock name, so they exclude each other; they"
          + " must give it the same lockAtMostFor and lockAtLeastFor."),
  ENABLED(
      "enabled",
      ValueType.BOOLEAN,
      "true",
      "Set to false to switch this lock off: every call is skipped on every node so"
          + " configured, with a DISABLED event."),
  ONCE_PER_FIRE(
      "once-per-fire",
      ValueType.BOOLEAN,
      "true",
      "Set to false to turn off the fire guard for this lock: a scheduled fire that already ran on"
          + " one node may then run again on a node that wakes up late, once the lease has"
          + " ended."),
  GRACE(
      "grace",
      ValueType.POSITIVE_DURATION,
      "timerlock.default.grace, else half the lock's period, at most 5m",
      "How long after a slot of this lock's schedule its fire may still arrive before the slot"
          + " counts as missed."),
  CATCH_UP_WITHIN(
      "catch-up-within",
      ValueType.POSITIVE_DURATION,
      "off",
      "Set to run the latest slot of this lock's schedule that no node ran, once in the cluster,"
          + " when it is not older than this: at deployment and when the missed-fire watch finds"
          + " a missed slot. Needs a schedule every node knows, the fire guard, and a job"
          + " TimerLock can run by itself.");

  private static final Pattern LOCK_KEY = Pattern.compile("timerlock\\.lock\\.\"(.*)\"\\.(.+)");
  private static final Pattern ENV_LOCK_KEY = Pattern.compile("TIMERLOCK_LOCK__(.+)__([A-Z0-9_]+)");

  private final String property;
  private final ValueType<?> type;
  private final String documentedDefault;
  private final String description;

  LockKeys(String property, ValueType<?> type, String documentedDefault, String description) {
    this.property = property;
    this.type = type;
    this.documentedDefault = documentedDefault;
    this.description = description;
  }

  /** The property as it ends the key, e.g. {@code lock-at-most-for}. */
  String property() {
    return property;
  }

  /** The full key for one lock. */
  String key(String lockName) {
    return key(lockName, property);
  }

  /** The key for one lock as messages print it: the lock name shortened and made printable. */
  String printedKey(String lockName) {
    return key(Printable.shortened(lockName));
  }

  /** The key for one lock, typed, to read a value. */
  ConfigKey<?> configKey(String lockName) {
    return ConfigKey.optional(key(lockName), type, documentedDefault, description);
  }

  /** The key for one lock, typed, to check a value: its messages print the {@link #printedKey}. */
  ConfigKey<?> checkedKey(String lockName) {
    return configKey(Printable.shortened(lockName));
  }

  /** The key with a placeholder for the name, as the configuration reference lists it. */
  ConfigKey<?> template() {
    return configKey("<name>");
  }

  /** The property of this name, or null. */
  static LockKeys of(String property) {
    for (LockKeys p : values()) {
      if (p.property.equals(property)) {
        return p;
      }
    }
    return null;
  }

  /** A per-lock key in its written form {@code timerlock.lock."<name>".<property>}. */
  static Optional<LockKey> parse(String key) {
    Matcher m = LOCK_KEY.matcher(key);
    if (!m.matches() || m.group(2).contains("\"")) {
      return Optional.empty();
    }
    return Optional.of(new LockKey(m.group(1), m.group(2), of(m.group(2))));
  }

  /**
   * A per-lock key in an environment variable's spelling, {@code
   * TIMERLOCK_LOCK__<NAME>__<PROPERTY>}, whatever case and separators the config source lists it
   * with.
   *
   * @param key the listed name
   * @return the lock name as the variable spells it, and the property
   */
  static Optional<LockKey> parseEnvironment(String key) {
    Matcher m = ENV_LOCK_KEY.matcher(KeyCatalogue.environmentSpelling(key));
    if (!m.matches()) {
      return Optional.empty();
    }
    for (LockKeys property : values()) {
      if (KeyCatalogue.environmentSpelling(property.property()).equals(m.group(2))) {
        return Optional.of(new LockKey(m.group(1), property.property(), property));
      }
    }
    return Optional.empty();
  }

  /**
   * A key as written in configuration, for messages: in a per-lock key only the lock name is
   * shortened, so the property stays visible; any other key is shortened as a whole.
   */
  static String printable(String key) {
    return parse(key)
        .map(k -> key(Printable.shortened(k.lockName()), Printable.of(k.propertyName())))
        .orElseGet(() -> Printable.shortened(key));
  }

  private static String key(String lockName, String property) {
    return "timerlock.lock.\"" + lockName + "\"." + property;
  }

  /**
   * A variable of the per-lock shape, {@code TIMERLOCK_LOCK__<NAME>__<PROPERTY>}, as written, with
   * a property that may be unknown.
   *
   * @param variable the variable's name
   * @return the lock name and property as the variable spells them; the property null when unknown
   */
  static Optional<LockKey> parseVariable(String variable) {
    Matcher m = ENV_LOCK_KEY.matcher(variable);
    if (!m.matches()) {
      return Optional.empty();
    }
    LockKeys property = null;
    for (LockKeys p : values()) {
      if (KeyCatalogue.environmentSpelling(p.property()).equals(m.group(2))) {
        property = p;
      }
    }
    return Optional.of(new LockKey(m.group(1), m.group(2), property));
  }

  /** The per-lock property nearest to a misspelled one. */
  static Optional<String> nearestProperty(String misspelled) {
    return KeyCatalogue.nearestOf(
        Arrays.stream(values()).map(LockKeys::property).toList(), misspelled);
  }

  /**
   * A per-lock key taken apart.
   *
   * @param lockName the lock name as written in the key
   * @param propertyName the property as written
   * @param property the property, or null when unknown
   */
  record LockKey(String lockName, String propertyName, LockKeys property) {}
}
