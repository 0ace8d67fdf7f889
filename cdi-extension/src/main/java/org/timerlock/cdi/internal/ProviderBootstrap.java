package org.timerlock.cdi.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.ProviderSettings;

/**
 * Builds the provider named by {@code timerlock.provider} with the factory a provider module
 * registered, so this module depends on none of them.
 */
final class ProviderBootstrap {

  private ProviderBootstrap() {}

  /**
   * Builds the configured provider.
   *
   * @throws IllegalArgumentException when the type is unknown or its configuration is invalid
   */
  static LockProvider build(ProviderSettings settings) {
    String type = settings.value(TimerLockKeys.PROVIDER);
    Map<String, LockProviderFactory> factories = factories();
    LockProviderFactory factory = factories.get(type);
    if (factory == null) {
      throw new IllegalArgumentException(
          TimerLockKeys.PROVIDER.name()
              + " = \""
              + type
              + "\" names no lock provider on the class path; available: "
              + factories.keySet()
              + ". Add the module that provides it (timerlock-jdbc for jdbc, timerlock-redis for"
              + " redis) to the application, next to timerlock-cdi.");
    }
    try {
      return factory.create(settings);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the lock provider "
              + TimerLockKeys.PROVIDER.name()
              + " = \""
              + type
              + "\" cannot be built: "
              + e.getMessage(),
          e);
    }
  }

  /** The provider factories on the class path, by type; the first of a type wins. */
  static Map<String, LockProviderFactory> factories() {
    Map<String, LockProviderFactory> factories = new TreeMap<>();
    for (LockProviderFactory factory : load()) {
      factories.putIfAbsent(factory.type(), factory);
    }
    return factories;
  }

  private static List<LockProviderFactory> load() {
    List<LockProviderFactory> found = new ArrayList<>();
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      ServiceLoader.load(LockProviderFactory.class, context).forEach(found::add);
    }
    ServiceLoader.load(LockProviderFactory.class, ProviderBootstrap.class.getClassLoader())
        .forEach(found::add);
    return found;
  }
}
