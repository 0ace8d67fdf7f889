package org.timerlock.cdi.internal;

import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Catches misspelled {@code timerlock.lock.*} and {@code timerlock.default.*} keys, which would
 * otherwise be ignored without a word and leave a lock with settings nobody intended.
 */
final class ConfigKeyCheck {

  private static final Pattern LOCK_KEY =
      Pattern.compile("timerlock\\.lock\\.\"(.*)\"\\.([^.\"]+)");
  private static final Set<String> LOCK_PROPERTIES =
      Set.of("lock-at-most-for", "lock-at-least-for", "shared");
  private static final Set<String> DEFAULT_KEYS =
      Set.of(LockSettingsResolver.DEFAULT_AT_MOST_FOR, LockSettingsResolver.DEFAULT_AT_LEAST_FOR);

  private ConfigKeyCheck() {}

  /**
   * Checks the configuration's key names.
   *
   * @param keys every property name the configuration has
   * @param lockNames the names of the locks found at deployment
   * @param problems where misspelled keys are reported
   * @param unknownLock told about well-formed keys of a lock no annotated method uses (they may
   *     belong to a lock taken through {@code LockedTasks}, so they are not an error)
   */
  static void check(
      Iterable<String> keys,
      Set<String> lockNames,
      Problems problems,
      Consumer<String> unknownLock) {
    for (String key : keys) {
      if (key.startsWith("timerlock.default.") && !DEFAULT_KEYS.contains(key)) {
        problems.add(
            "TimerLock: unknown config key "
                + key
                + "; the defaults are "
                + LockSettingsResolver.DEFAULT_AT_MOST_FOR
                + " and "
                + LockSettingsResolver.DEFAULT_AT_LEAST_FOR);
      } else if (key.startsWith("timerlock.lock.")) {
        checkLockKey(key, lockNames, problems, unknownLock);
      }
    }
  }

  private static void checkLockKey(
      String key, Set<String> lockNames, Problems problems, Consumer<String> unknownLock) {
    Matcher m = LOCK_KEY.matcher(key);
    if (!m.matches()) {
      problems.add(
          "TimerLock: config key "
              + key
              + " is not of the form timerlock.lock.\"<name>\".<property>; write the lock name in"
              + " double quotes, e.g. timerlock.lock.\"InvoiceRun.sendInvoices\".lock-at-most-for");
      return;
    }
    if (!LOCK_PROPERTIES.contains(m.group(2))) {
      problems.add(
          "TimerLock: config key "
              + key
              + " names the unknown property '"
              + m.group(2)
              + "'; a lock has lock-at-most-for, lock-at-least-for and shared");
      return;
    }
    if (!lockNames.contains(m.group(1))) {
      unknownLock.accept(key);
    }
  }
}
