package org.timerlock.cdi.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.timerlock.core.spi.ConfigKey;
import org.timerlock.core.spi.ConfigKeySource;
import org.timerlock.core.spi.LockProviderFactory;

/**
 * Every configuration key TimerLock reads: the integration's own, each provider factory's on the
 * class path, each optional module's ({@link ConfigKeySource}, such as the console's), and the
 * per-lock keys. The one place that knows which keys exist, so a misspelled key can be told from a
 * real one and the configuration reference can be checked against it.
 */
public final class KeyCatalogue {

  private final Map<String, ConfigKey<?>> keys = new LinkedHashMap<>();

  private KeyCatalogue(Collection<LockProviderFactory> factories) {
    TimerLockKeys.all().forEach(k -> keys.put(k.name(), k));
    for (LockProviderFactory factory : factories) {
      for (ConfigKey<?> key : factory.keys()) {
        keys.putIfAbsent(key.name(), key);
      }
    }
    for (ConfigKeySource source : sources()) {
      source.keys().forEach(key -> keys.putIfAbsent(key.name(), key));
    }
  }

  /** The optional modules' key sources, from the application's class loader and TimerLock's. */
  private static List<ConfigKeySource> sources() {
    List<ConfigKeySource> found = new ArrayList<>();
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      ServiceLoader.load(ConfigKeySource.class, context).forEach(found::add);
    }
    ServiceLoader.load(ConfigKeySource.class, KeyCatalogue.class.getClassLoader())
        .forEach(found::add);
    return found;
  }

  /**
   * The catalogue of the integration and the provider factories on the class path.
   *
   * @return the catalogue
   */
  public static KeyCatalogue load() {
    return new KeyCatalogue(ProviderBootstrap.factories().values());
  }

  /**
   * Every key, the per-lock keys with {@code <name>} in place of the lock name.
   *
   * @return the keys in reference order: the integration's, the per-lock ones, the providers'
   */
  public List<ConfigKey<?>> entries() {
    List<ConfigKey<?>> all = new ArrayList<>(TimerLockKeys.all());
    for (LockKeys property : LockKeys.values()) {
      all.add(property.template());
    }
    keys.values().stream().filter(k -> !all.contains(k)).forEach(all::add);
    return all;
  }

  /** A key that is not per-lock, by its exact name. */
  Optional<ConfigKey<?>> key(String name) {
    return Optional.ofNullable(keys.get(name));
  }

  /** The fixed keys, not per-lock. */
  Collection<ConfigKey<?>> fixedKeys() {
    return keys.values();
  }

  /**
   * How MicroProfile Config spells a key as an environment variable: upper case, every character
   * other than a letter or digit replaced by {@code _}.
   *
   * @param key the key
   * @return the variable, e.g. {@code TIMERLOCK_LOCK__INVOICERUN_SENDINVOICES__ENABLED}
   */
  public static String environmentSpelling(String key) {
    StringBuilder out = new StringBuilder(key.length());
    for (char c : key.toUpperCase(Locale.ROOT).toCharArray()) {
      out.append((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_');
    }
    return out.toString();
  }

  /**
   * The known key nearest to a misspelled one, compared in environment-variable spelling so that a
   * key listed by an environment source is matched too.
   *
   * @param misspelled the unknown key
   * @return the nearest key, if one is close enough to be a likely intent
   */
  Optional<String> nearest(String misspelled) {
    return nearestOf(keys.keySet(), misspelled);
  }

  /** The candidate nearest to a misspelled text in environment spelling, if close enough. */
  static Optional<String> nearestOf(Collection<String> candidates, String misspelled) {
    String target = environmentSpelling(misspelled);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : candidates) {
      int distance = EditDistance.between(environmentSpelling(candidate), target);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return bestDistance <= maxDistance(target) ? Optional.of(best) : Optional.empty();
  }

  private static int maxDistance(String target) {
    return Math.max(3, target.length() / 3);
  }
}
