package org.timerlock.interop;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * ShedLock's plain JDBC provider 6.9.2, loaded with its own shedlock-core 6.9.2 through a class
 * loader of its own: the rest of the test class path has shedlock-core 7.10.1, which 6.9.2 was not
 * built against. The build copies the jars to the directory named by {@code interop.shedlock6}.
 */
final class ShedLock6Jdbc implements ShedLockNode {

  private static final String SHEDLOCK_PACKAGE = "net.javacrumbs.shedlock.";
  private static final ClassLoader LOADER = loader();

  private final Object provider;
  private final Method lock;
  private final Constructor<?> configuration;
  private final Method now;
  private final Method unlock;

  ShedLock6Jdbc(DataSource dataSource, String table) {
    try {
      Class<?> providerClass =
          LOADER.loadClass(SHEDLOCK_PACKAGE + "provider.jdbc.JdbcLockProvider");
      Class<?> configurationClass = LOADER.loadClass(SHEDLOCK_PACKAGE + "core.LockConfiguration");
      provider =
          providerClass
              .getConstructor(DataSource.class, String.class)
              .newInstance(dataSource, table);
      lock = providerClass.getMethod("lock", configurationClass);
      configuration =
          configurationClass.getConstructor(
              Instant.class, String.class, Duration.class, Duration.class);
      now = LOADER.loadClass(SHEDLOCK_PACKAGE + "core.ClockProvider").getMethod("now");
      unlock = LOADER.loadClass(SHEDLOCK_PACKAGE + "core.SimpleLock").getMethod("unlock");
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot build ShedLock 6.9.2's JdbcLockProvider", e);
    }
  }

  @Override
  public Optional<Held> lock(String name, Duration lockAtMostFor, Duration lockAtLeastFor) {
    Object config =
        call(
            () -> configuration.newInstance(now.invoke(null), name, lockAtMostFor, lockAtLeastFor));
    Optional<?> held = (Optional<?>) call(() -> lock.invoke(provider, config));
    return held.map(simpleLock -> () -> call(() -> unlock.invoke(simpleLock)));
  }

  private interface Reflective {
    Object run() throws ReflectiveOperationException;
  }

  private static Object call(Reflective call) {
    try {
      return call.run();
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The 6.9.2 jars first for ShedLock's classes; everything else from the test class path. */
  private static ClassLoader loader() {
    Path dir = Path.of(System.getProperty("interop.shedlock6", "target/shedlock-6.9.2"));
    List<URL> jars;
    try (Stream<Path> files = Files.list(dir)) {
      jars = files.filter(f -> f.toString().endsWith(".jar")).map(ShedLock6Jdbc::url).toList();
    } catch (IOException e) {
      throw new IllegalStateException(
          "No ShedLock 6.9.2 jars in " + dir + ": the build copies them (maven-dependency-plugin)",
          e);
    }
    ClassLoader testClassPath = ShedLock6Jdbc.class.getClassLoader();
    ClassLoader withoutShedLock =
        new ClassLoader("without-shedlock", testClassPath.getParent()) {
          @Override
          protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (name.startsWith(SHEDLOCK_PACKAGE)) {
              throw new ClassNotFoundException(name);
            }
            return testClassPath.loadClass(name);
          }
        };
    return new URLClassLoader("shedlock-6.9.2", jars.toArray(URL[]::new), withoutShedLock);
  }

  private static URL url(Path jar) {
    try {
      return jar.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }
}
