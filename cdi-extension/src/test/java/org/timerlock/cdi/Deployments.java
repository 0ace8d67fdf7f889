package org.timerlock.cdi;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.timerlock.cdi.internal.TimerLockExtension;

/**
 * Real Weld containers holding TimerLock's beans and the test's beans, with a MicroProfile Config
 * (SmallRye) made of the given properties.
 */
final class Deployments {

  private Deployments() {}

  /**
   * A Weld with TimerLock's extension plus the given bean classes: the extension registers its own
   * interceptor and beans, as in a server where TimerLock's jar is no bean archive.
   */
  static Weld weld(Class<?>... beans) {
    return new Weld()
        .disableDiscovery()
        .addExtension(new TimerLockExtension())
        .addBeanClasses(beans);
  }

  /** Starts a container; the caller shuts it down (and calls {@link #releaseConfig()}). */
  static WeldContainer start(Map<String, String> config, Class<?>... beans) {
    useConfig(config);
    return weld(beans).initialize();
  }

  /** Makes these properties the application's MicroProfile Config. */
  static void useConfig(Map<String, String> properties, ConfigSource... moreSources) {
    releaseConfig();
    Config config =
        new SmallRyeConfigBuilder()
            .withSources(new PropertiesConfigSource(properties, "test", 500))
            .withSources(moreSources)
            .build();
    ConfigProviderResolver.instance().registerConfig(config, classLoader());
  }

  /**
   * The process's real environment variables as SmallRye Config reads them in a server; the build
   * sets a few {@code TIMERLOCK_*} variables for the tests that add this source.
   */
  static ConfigSource environment() {
    return new EnvConfigSource(System.getenv(), EnvConfigSource.ORDINAL);
  }

  static void releaseConfig() {
    ConfigProviderResolver resolver = ConfigProviderResolver.instance();
    resolver.releaseConfig(resolver.getConfig(classLoader()));
  }

  private static ClassLoader classLoader() {
    return Thread.currentThread().getContextClassLoader();
  }
}
