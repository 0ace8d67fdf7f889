package org.timerlock.cdi.internal;

import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.ValueType;

/** The settings one lock can have in configuration: {@code timerlock.lock."<name>".<property>}. */
enum LockProperty {
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
      "Set to true to let several methods use this lock name, so they exclude each other."),
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
          + " ended.");

  private final String property;
  private final ValueType<?> type;
  private final String documentedDefault;
  private final String description;

  LockProperty(String property, ValueType<?> type, String documentedDefault, String description) {
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
    return "timerlock.lock.\"" + lockName + "\"." + property;
  }

  /** The key for one lock, typed, to read and check a value. */
  ConfigKey<?> configKey(String lockName) {
    return ConfigKey.optional(key(lockName), type, documentedDefault, description);
  }

  /** The key with a placeholder for the name, as the configuration reference lists it. */
  ConfigKey<?> template() {
    return configKey("<name>");
  }

  /** The property of this name, or null. */
  static LockProperty of(String property) {
    for (LockProperty p : values()) {
      if (p.property.equals(property)) {
        return p;
      }
    }
    return null;
  }
}
