package org.timerlock.cdi.internal;

import java.util.HashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.eclipse.microprofile.config.Config;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.MessageCode;
import org.timerlock.core.spi.Printable;

/**
 * Checks every {@code timerlock.*} key of the configuration against the {@link KeyCatalogue}: a
 * misspelled key would otherwise be ignored without a word and leave TimerLock running with
 * settings nobody intended. Each value is read with its key's type, so a bad value fails the
 * deployment even where no annotated method uses it.
 *
 * <p>A config source may list a key in another spelling than the one TimerLock looks up: an
 * environment variable {@code TIMERLOCK_DEFAULT_LOCK_AT_LEAST_FOR} is listed by SmallRye Config as
 * {@code timerlock.default.lock.at.least.for}. Such a name is accepted when the same source answers
 * the catalogue's key with the same value, that is when TimerLock really reads it. SmallRye lists a
 * variable twice, as {@code TIMERLOCK_X_Y} and as {@code timerlock.x.y}: only the variable is
 * checked then, so a misspelled variable gives one problem, in the spelling the user wrote.
 */
final class ConfigKeyCheck {

  private final Config config;
  private final KeyCatalogue catalogue;
  private final Set<String> lockNames;
  private final Problems problems;
  private final Consumer<String> unusedLockKey;

  /**
   * @param config the application's configuration
   * @param catalogue the known keys
   * @param lockNames the names of the locks of annotated methods
   * @param problems where unknown keys and bad values are reported
   * @param unusedLockKey told about keys of a lock no annotated method uses (they may belong to a
   *     lock taken through {@code LockedTasks}; their values are checked all the same)
   */
  ConfigKeyCheck(
      Config config,
      KeyCatalogue catalogue,
      Set<String> lockNames,
      Problems problems,
      Consumer<String> unusedLockKey) {
    this.config = config;
    this.catalogue = catalogue;
    this.lockNames = lockNames;
    this.problems = problems;
    this.unusedLockKey = unusedLockKey;
  }

  void checkAll() {
    Set<String> listed = new HashSet<>();
    config.getPropertyNames().forEach(listed::add);
    for (String key : listed) {
      // Compared in environment spelling, so a source that lists TIMERLOCK_... names is checked
      // too.
      String spelled = KeyCatalogue.environmentSpelling(key);
      if (spelled.startsWith("TIMERLOCK_")
          && !dottedFormOfListedVariable(key, spelled, listed)
          && TimerLockKeys.RESERVED.stream()
              .noneMatch(prefix -> spelled.startsWith(KeyCatalogue.environmentSpelling(prefix)))) {
        check(key);
      }
    }
  }

  /** A name a source lists beside the variable it was made from (SmallRye lists both). */
  private boolean dottedFormOfListedVariable(String key, String spelled, Set<String> listed) {
    return !key.equals(spelled)
        && listed.contains(spelled)
        && MicroProfileSettings.sourceOf(config, key)
            .map(source -> source.getPropertyNames().contains(spelled))
            .orElse(false);
  }

  private void check(String key) {
    Optional<ConfigKey<?>> fixed = catalogue.key(key);
    if (fixed.isPresent()) {
      checkValue(fixed.get(), key);
      return;
    }
    Optional<LockKeys.LockKey> lockKey = LockKeys.parse(key);
    if (lockKey.isPresent() && lockKey.get().property() != null) {
      checkLockValue(lockKey.get().property(), lockKey.get().lockName(), key, key);
      return;
    }
    if (readAsAnotherSpelling(key)) {
      return;
    }
    Optional<LockKeys.LockKey> variable = LockKeys.parseVariable(key);
    if (lockKey.isPresent()) {
      problems.add(
          CdiMessage.UNKNOWN_LOCK_PROPERTY.text(
              unknownLockProperty(key, lockKey.get(), UnaryOperator.identity())));
    } else if (variable.isPresent()) {
      problems.add(
          CdiMessage.UNKNOWN_LOCK_PROPERTY.text(
              unknownLockProperty(key, variable.get(), KeyCatalogue::environmentSpelling)));
    } else if (key.startsWith("timerlock.lock.")) {
      problems.add(
          CdiMessage.LOCK_KEY_FORM.text(
              "TimerLock: config key "
                  + LockKeys.printable(key)
                  + " is not of the form timerlock.lock.\"<name>\".<property>; write the lock"
                  + " name in"
                  + " double quotes, e.g."
                  + " timerlock.lock.\"InvoiceRun.sendInvoices\".lock-at-most-for,"
                  + " or as an environment variable TIMERLOCK_LOCK__INVOICERUN_SENDINVOICES__"
                  + "LOCK_AT_MOST_FOR"));
    } else {
      problems.add(CdiMessage.UNKNOWN_KEY.text(unknownKey(key)));
    }
  }

  /** A key listed in another spelling (an environment variable's) that TimerLock reads. */
  private boolean readAsAnotherSpelling(String key) {
    for (ConfigKey<?> known : catalogue.fixedKeys()) {
      if (sameVariable(known.name(), key) && readAs(known.name(), key)) {
        checkValue(known, key);
        return true;
      }
    }
    Optional<LockKeys.LockKey> environmentLockKey = LockKeys.parseEnvironment(key);
    if (environmentLockKey.isPresent()) {
      LockKeys.LockKey spelled = environmentLockKey.get();
      String lockName = lockNameSpelledAs(spelled.lockName());
      if (readAs(spelled.property().key(lockName), key)) {
        // Named as the variable: a source's other spelling of it (timerlock.lock..h3.task.. for
        // the lock h3-task) would show a lock name the user never wrote.
        checkLockValue(spelled.property(), lockName, key, KeyCatalogue.environmentSpelling(key));
        return true;
      }
    }
    return false;
  }

  /**
   * A per-lock key, or a variable {@code TIMERLOCK_LOCK__<NAME>__<PROPERTY>}, whose property is
   * misspelled; the key meant is suggested in the spelling the user wrote.
   *
   * @param spelling turns a written key into that spelling
   */
  private static String unknownLockProperty(
      String key, LockKeys.LockKey lockKey, UnaryOperator<String> spelling) {
    return "TimerLock: config key "
        + LockKeys.printable(key)
        + " names the unknown lock property '"
        + Printable.shortened(lockKey.propertyName())
        + "'"
        + LockKeys.nearestProperty(lockKey.propertyName())
            .map(
                p ->
                    "; did you mean "
                        + spelling.apply(LockKeys.of(p).printedKey(lockKey.lockName()))
                        + "?")
            .orElse(".")
        + " A lock has "
        + knownLockProperties();
  }

  /** The lock properties for messages: {@code a, b and c}. */
  private static String knownLockProperties() {
    LockKeys[] all = LockKeys.values();
    StringBuilder names = new StringBuilder();
    for (int i = 0; i < all.length; i++) {
      names.append(i == 0 ? "" : i == all.length - 1 ? " and " : ", ").append(all[i].property());
    }
    return names.toString();
  }

  /**
   * The values of a lock that an annotated method uses are checked when its lock is resolved, with
   * messages naming the method; the others are checked here.
   *
   * @param key the key as the source lists it, to read the value
   * @param writtenAs the key as the user wrote it, for the log
   */
  private void checkLockValue(LockKeys property, String lockName, String key, String writtenAs) {
    if (!lockNames.contains(lockName)) {
      checkValue(property.checkedKey(lockName), key);
      unusedLockKey.accept(writtenAs);
    }
  }

  private void checkValue(ConfigKey<?> key, String listedAs) {
    Optional<String> value = config.getOptionalValue(listedAs, String.class);
    if (value.isEmpty() || value.get().isBlank()) {
      return;
    }
    try {
      key.parse(value.get());
    } catch (IllegalArgumentException e) {
      problems.add(
          MessageCode.inContext("TimerLock: config key ", e.getMessage())
              + (LockKeys.printable(listedAs).equals(key.name())
                  ? ""
                  : " (set as " + LockKeys.printable(listedAs) + ")"));
    }
  }

  /** The lock of an annotated method that an environment variable names, else the name as is. */
  private String lockNameSpelledAs(String variablePart) {
    for (String name : lockNames) {
      if (KeyCatalogue.environmentSpelling(name).equals(variablePart)) {
        return name;
      }
    }
    return variablePart.toLowerCase(Locale.ROOT);
  }

  /** Whether a listed name is an environment variable's own spelling, {@code TIMERLOCK_X_Y}. */
  static boolean isVariable(String key) {
    return key.equals(KeyCatalogue.environmentSpelling(key));
  }

  private static boolean sameVariable(String a, String b) {
    return KeyCatalogue.environmentSpelling(a).equals(KeyCatalogue.environmentSpelling(b));
  }

  /** Whether a look-up of {@code key} finds the value listed as {@code listed}, in its source. */
  private boolean readAs(String key, String listed) {
    return MicroProfileSettings.sourceOf(config, listed)
        .map(source -> Objects.equals(source.getValue(listed), source.getValue(key)))
        .orElse(false);
  }

  private String unknownKey(String key) {
    StringBuilder message =
        new StringBuilder("TimerLock: unknown config key ").append(LockKeys.printable(key));
    Optional<String> nearest = catalogue.nearest(key);
    if (nearest.isPresent() && isVariable(key)) {
      message
          .append("; did you mean ")
          .append(KeyCatalogue.environmentSpelling(nearest.get()))
          .append(" (")
          .append(nearest.get())
          .append(")?");
    } else if (nearest.isPresent()) {
      message.append("; did you mean ").append(nearest.get());
      if (!key.contains("-") && nearest.get().contains("-")) {
        message
            .append(" (environment variable ")
            .append(KeyCatalogue.environmentSpelling(nearest.get()))
            .append(")");
      }
      message.append("?");
    } else {
      message.append("; no TimerLock key is spelled like it.");
    }
    message.append(" The keys are listed in docs/configuration.md");
    return message.toString();
  }
}
