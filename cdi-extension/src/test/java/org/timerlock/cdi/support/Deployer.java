package org.timerlock.cdi.support;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.spi.ConfigProviderResolver;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.jboss.weld.environment.se.Weld;
import org.jboss.weld.environment.se.WeldContainer;
import org.timerlock.cdi.internal.TimerLockExtension;

/**
 * Starts Weld containers holding TimerLock's extension and a test's beans, with a MicroProfile
 * Config (SmallRye) made of given properties. Every container it started is shut down, and the
 * config released, when the test ends ({@link TimerLockTest} does that), so no test leaves a
 * container or a config behind for the next.
 */
public final class Deployer {

  private final List<WeldContainer> started = new ArrayList<>();

  Deployer() {}

  /**
   * Starts a container.
   *
   * @param config the application's configuration
   * @param beans the application's beans
   * @return the running container
   */
  public WeldContainer start(Map<String, String> config, Class<?>... beans) {
    useConfig(config);
    return started(weld(beans).initialize());
  }

  /**
   * Starts a container whose configuration has a further source, such as {@link #environment()}.
   *
   * @param config the application's properties
   * @param source a source below the properties
   * @param beans the application's beans
   * @return the running container
   */
  public WeldContainer start(Map<String, String> config, ConfigSource source, Class<?>... beans) {
    useConfig(config, source);
    return started(weld(beans).initialize());
  }

  /**
   * Starts a container that must fail to deploy.
   *
   * @param config the application's configuration
   * @param beans the application's beans
   * @return the assertion on the deployment's failure, for its message
   */
  public AbstractThrowableAssert<?, ? extends Throwable> assertFails(
      Map<String, String> config, Class<?>... beans) {
    return assertThatThrownBy(
        () -> {
          try (WeldContainer container = start(config, beans)) {
            container.isRunning();
          }
        });
  }

  /**
   * Starts two containers, {@code node-a} and {@code node-b}, with the same beans and
   * configuration: two nodes of a cluster, when the beans share one store.
   *
   * @param config the configuration of both
   * @param beans the application's beans
   * @return the two containers, {@code node-a} first
   */
  public List<WeldContainer> startNodes(Map<String, String> config, Class<?>... beans) {
    useConfig(config);
    List<WeldContainer> nodes = new ArrayList<>();
    for (String id : new String[] {"node-a", "node-b"}) {
      nodes.add(started(weld(beans).containerId(id).initialize()));
    }
    return List.copyOf(nodes);
  }

  /**
   * The process's real environment variables as SmallRye Config reads them in a server; the build
   * sets a few {@code TIMERLOCK_*} variables for the tests that add this source.
   *
   * @return the source
   */
  public static ConfigSource environment() {
    return new EnvConfigSource(System.getenv(), EnvConfigSource.ORDINAL);
  }

  /** Shuts down what this deployer started, newest first, and releases the config. */
  void close() {
    List<WeldContainer> newestFirst = new ArrayList<>(started);
    Collections.reverse(newestFirst);
    started.clear();
    for (WeldContainer container : newestFirst) {
      if (container.isRunning()) {
        container.shutdown();
      }
    }
    releaseConfig();
  }

  /**
   * A Weld with TimerLock's extension plus the given bean classes: the extension registers its own
   * interceptor and beans, as in a server where TimerLock's jar is no bean archive.
   */
  private static Weld weld(Class<?>... beans) {
    return new Weld()
        .disableDiscovery()
        .addExtension(new TimerLockExtension())
        .addBeanClasses(beans);
  }

  private WeldContainer started(WeldContainer container) {
    started.add(container);
    return container;
  }

  private static void useConfig(Map<String, String> properties, ConfigSource... moreSources) {
    releaseConfig();
    Config config =
        new SmallRyeConfigBuilder()
            .withSources(new PropertiesConfigSource(properties, "test", 500))
            .withSources(moreSources)
            .build();
    ConfigProviderResolver.instance().registerConfig(config, classLoader());
  }

  private static void releaseConfig() {
    ConfigProviderResolver resolver = ConfigProviderResolver.instance();
    resolver.releaseConfig(resolver.getConfig(classLoader()));
  }

  private static ClassLoader classLoader() {
    return Thread.currentThread().getContextClassLoader();
  }
}
