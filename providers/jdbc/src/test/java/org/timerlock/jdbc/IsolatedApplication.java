package org.timerlock.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.timerlock.core.LockProvider;
import org.timerlock.core.spi.ProviderSettings;

/**
 * TimerLock deployed as in an application server: its classes and the libraries it uses loaded by a
 * class loader of their own (the application's, over WEB-INF/lib), not by the class path that
 * {@link java.sql.DriverManager} and the test see. Its objects are reached by reflection.
 */
final class IsolatedApplication implements AutoCloseable {

  private final URLClassLoader loader;

  /**
   * @param libraries a class from each library the application packages
   */
  IsolatedApplication(Class<?>... libraries) {
    URL[] jars = Arrays.stream(libraries).map(IsolatedApplication::jarOf).toArray(URL[]::new);
    loader = new URLClassLoader(jars, ClassLoader.getPlatformClassLoader());
  }

  /**
   * Builds the JDBC provider from these settings with the application's class loader as the
   * thread's context class loader, as a server does at deployment.
   *
   * @return the application's provider
   * @throws Throwable what the factory threw
   */
  Object createProvider(Map<String, String> values) throws Throwable {
    Class<?> settingsType = loader.loadClass(ProviderSettings.class.getName());
    InvocationHandler settings =
        (proxy, method, args) ->
            switch (method.getName()) {
              case "get" -> Optional.ofNullable(values.get((String) args[0]));
              case "nodeId" -> "isolated-application";
              default -> InvocationHandler.invokeDefault(proxy, method, args);
            };
    Object factory =
        loader.loadClass(JdbcLockProviderFactory.class.getName()).getConstructor().newInstance();
    return asApplication(
        () ->
            factory
                .getClass()
                .getMethod("create", settingsType)
                .invoke(
                    factory,
                    Proxy.newProxyInstance(loader, new Class<?>[] {settingsType}, settings)));
  }

  /** Takes and releases a lock through the application's provider; true when it was taken. */
  boolean lockAndRelease(Object provider, String name) throws Throwable {
    Class<?> configurationType = loader.loadClass("org.timerlock.core.LockConfiguration");
    Object configuration =
        configurationType
            .getMethod("of", String.class, Duration.class)
            .invoke(null, name, Duration.ofMinutes(1));
    Optional<?> lock =
        (Optional<?>)
            asApplication(
                () ->
                    loader
                        .loadClass(LockProvider.class.getName())
                        .getMethod("lock", configurationType)
                        .invoke(provider, configuration));
    if (lock.isEmpty()) {
      return false;
    }
    Object held = lock.get();
    Method unlock = loader.loadClass("org.timerlock.core.SimpleLock").getMethod("unlock");
    unlock.invoke(held);
    return true;
  }

  void close(Object provider) throws Exception {
    ((AutoCloseable) provider).close();
  }

  private interface Call {
    Object run() throws ReflectiveOperationException;
  }

  private Object asApplication(Call call) throws Throwable {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    try {
      return call.run();
    } catch (InvocationTargetException e) {
      throw e.getCause();
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

  @Override
  public void close() throws java.io.IOException {
    loader.close();
  }

  private static URL jarOf(Class<?> type) {
    try {
      return type.getProtectionDomain().getCodeSource().getLocation().toURI().toURL();
    } catch (URISyntaxException | MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }
}
