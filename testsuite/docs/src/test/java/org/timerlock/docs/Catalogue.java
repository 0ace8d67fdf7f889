package org.timerlock.docs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.timerlock.cdi.internal.KeyCatalogue;
import org.timerlock.core.spi.ConfigKey;

/**
 * The keys of TimerLock's key catalogue, as the doc checks look them up: a fixed key by its name, a
 * per-lock key such as {@code timerlock.lock."InvoiceRun.sendInvoices".enabled} by its template
 * {@code timerlock.lock."<name>".enabled}, an environment variable by the key it spells.
 */
final class Catalogue {

  /** How a per-lock key is written in the catalogue: with this in place of the lock name. */
  static final String LOCK_NAME_PLACEHOLDER = "<name>";

  /**
   * Names under {@code timerlock.} that the docs may mention although they are no keys of the
   * catalogue: the prefix reserved for TimerLock's own test suite, which the deployment check
   * skips, the system properties of the benchmark harness ({@code benchmarks/}, which reads them
   * itself), and the names of TimerLock's metrics and their attributes (docs/operations.md).
   */
  static final List<String> NOT_CONFIGURATION =
      List.of(
          "timerlock.test.",
          "timerlock.bench.",
          "timerlock.lock.acquired",
          "timerlock.lock.skipped",
          "timerlock.lock.hold.duration",
          "timerlock.lock.name",
          "timerlock.skip.reason",
          "timerlock.store.failures",
          "timerlock.store.operation",
          "timerlock.job.duration",
          "timerlock.fire.missed",
          "timerlock.lock.overdue");

  private static final Pattern LOCK_KEY = Pattern.compile("timerlock\\.lock\\.\"([^\"]*)\"\\.(.+)");
  private static final Pattern LOCK_VARIABLE = Pattern.compile("TIMERLOCK_LOCK__(.+)__(.+)");

  private final List<ConfigKey<?>> entries;
  private final Map<String, ConfigKey<?>> byName = new LinkedHashMap<>();

  private Catalogue(List<ConfigKey<?>> entries) {
    this.entries = List.copyOf(entries);
    entries.forEach(k -> byName.put(k.name(), k));
  }

  /**
   * The catalogue of TimerLock and the provider factories on the class path.
   *
   * @return the catalogue
   */
  static Catalogue load() {
    return new Catalogue(KeyCatalogue.load().entries());
  }

  /**
   * A catalogue of given keys, for the tests of the checks.
   *
   * @param entries the keys, per-lock ones as templates
   * @return the catalogue
   */
  static Catalogue of(List<ConfigKey<?>> entries) {
    return new Catalogue(entries);
  }

  /**
   * Every key, in the catalogue's order.
   *
   * @return the keys, per-lock ones as templates
   */
  List<ConfigKey<?>> entries() {
    return entries;
  }

  /**
   * The catalogue's key of a written key.
   *
   * @param key a key as the docs write it
   * @return the key, a per-lock key's template for a per-lock key, or empty when it is no key
   */
  Optional<ConfigKey<?>> find(String key) {
    return Optional.ofNullable(byName.get(template(key)));
  }

  /**
   * Whether a key belongs to what the docs may name outside the catalogue.
   *
   * @param key a key as written
   * @return true for the reserved prefixes of {@link #NOT_CONFIGURATION}
   */
  static boolean notConfiguration(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    return NOT_CONFIGURATION.stream().anyMatch(lower::startsWith);
  }

  /**
   * Whether a text is the beginning of some key, such as {@code timerlock.redis.} or {@code
   * timerlock.lock."cache-refresh".}.
   *
   * @param prefix the text
   * @return true when a key of the catalogue starts with it
   */
  boolean isPrefix(String prefix) {
    String template = prefix;
    Matcher m = Pattern.compile("timerlock\\.lock\\.\"[^\"]*\"(.*)").matcher(prefix);
    if (m.matches()) {
      template = "timerlock.lock.\"" + LOCK_NAME_PLACEHOLDER + "\"" + m.group(1);
    }
    String start = template;
    return byName.keySet().stream().anyMatch(k -> k.startsWith(start));
  }

  /**
   * The per-lock properties, such as {@code lock-at-most-for}.
   *
   * @return the properties of the per-lock templates
   */
  List<String> lockProperties() {
    String start = "timerlock.lock.\"" + LOCK_NAME_PLACEHOLDER + "\".";
    return byName.keySet().stream()
        .filter(k -> k.startsWith(start))
        .map(k -> k.substring(start.length()))
        .toList();
  }

  /**
   * The key an environment variable sets.
   *
   * @param variable e.g. {@code TIMERLOCK_JDBC_TABLE}
   * @return the key, a per-lock one with {@code <name>} for the lock (the variable does not tell
   *     the name's case and punctuation), or empty when the variable sets no key of the catalogue
   */
  Optional<String> keyOfVariable(String variable) {
    for (ConfigKey<?> key : entries) {
      if (!key.name().contains(LOCK_NAME_PLACEHOLDER)
          && environmentVariable(key.name()).equals(variable)) {
        return Optional.of(key.name());
      }
    }
    Matcher m = LOCK_VARIABLE.matcher(variable);
    if (m.matches()) {
      for (String property : lockProperties()) {
        if (environmentVariable(property).equals(m.group(2))) {
          return Optional.of("timerlock.lock.\"" + LOCK_NAME_PLACEHOLDER + "\"." + property);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * MicroProfile Config's environment-variable spelling of a key: upper case, every character other
   * than a letter or digit replaced by {@code _}.
   *
   * @param key the key
   * @return the variable, e.g. {@code TIMERLOCK_LOCK__INVOICERUN_SENDINVOICES__ENABLED}
   */
  static String environmentVariable(String key) {
    return KeyCatalogue.environmentSpelling(key);
  }

  private static String template(String key) {
    Matcher m = LOCK_KEY.matcher(key);
    if (m.matches() && !m.group(2).contains("\"")) {
      return "timerlock.lock.\"" + LOCK_NAME_PLACEHOLDER + "\"." + m.group(2);
    }
    return key;
  }
}
