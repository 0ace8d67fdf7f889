package org.timerlock.cdi.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.LockProviderFactory;
import org.timerlock.core.spi.MessageCode;
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
   * @throws IllegalArgumentException when the type is unknown or the provider cannot be built; its
   *     cause is what made the factory fail (a class that cannot be loaded, say), null when the
   *     message says it all
   */
  static LockProvider build(ProviderSettings settings) {
    String type = settings.value(TimerLockKeys.PROVIDER);
    Map<String, LockProviderFactory> factories = factories();
    LockProviderFactory factory = factories.get(type);
    if (factory == null) {
      throw new IllegalArgumentException(
          CdiMessage.NO_PROVIDER.text(
              TimerLockKeys.PROVIDER.name()
                  + " = \""
                  + type
                  + "\" names no lock provider on the class path; available: "
                  + factories.keySet()
                  + ". Add the module that provides it (timerlock-jdbc for jdbc, timerlock-redis"
                  + " for"
                  + " redis) to the application, next to timerlock-cdi."));
    }
    try {
      return factory.create(settings);
    } catch (IllegalArgumentException e) {
      // A configuration problem: the message names key and value; a cause is what lies beneath.
      throw cannotBeBuilt(type, e.getMessage(), e.getCause());
    } catch (RuntimeException | LinkageError e) {
      // A library the provider needs is missing or broken: the log must show what and where.
      throw cannotBeBuilt(type, e instanceof RuntimeException ? e.getMessage() : e.toString(), e);
    }
  }

  private static IllegalArgumentException cannotBeBuilt(
      String type, String problem, Throwable cause) {
    String context =
        "the lock provider "
            + TimerLockKeys.PROVIDER.name()
            + " = \""
            + type
            + "\" cannot be built: ";
    // The factory's code stays in front; a factory of another library, or a library that broke,
    // gives none.
    return new IllegalArgumentException(
        MessageCode.CODED.matcher(String.valueOf(problem)).matches()
            ? MessageCode.inContext(context, problem)
            : CdiMessage.PROVIDER_BUILD_FAILED.text(context + problem),
        cause);
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
